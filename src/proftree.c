/* proftree: stub until issue 3 lands. */
#include "util.h"
int main(void)
{
	hpt_init("proftree", "usage: proftree [file]");
	hpt_die("not implemented yet");
}
