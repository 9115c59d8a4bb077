/* prof_write.c: stub until the .prof writer lands. */
#include "prof.h"
int prof_write_stub_;
