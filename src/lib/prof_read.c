/* prof_read.c: stub until the .prof reader lands. */
#include "prof.h"
int prof_read_stub_;
