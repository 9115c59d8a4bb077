/*
 * hp.c: the heap-profile model.  See hp.h.
 */
#include "hp.h"

#include <stdlib.h>
#include <string.h>

void hp_sample_free(struct hp_sample *s)
{
	free(s->digits);
	free(s->time_text);
	free(s->v);
	memset(s, 0, sizeof *s);
}
