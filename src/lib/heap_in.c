/*
 * heap_in.c: format dispatch for heap-profile input.  See heap_in.h.
 * A new heap format is one more case here and one more member of
 * struct heap_in.
 */
#include "heap_in.h"

#include <stdlib.h>

#include "alloc.h"
#include "diag.h"
#include "hp_read.h"
#include "sniff.h"

struct heap_in {
	struct hp_reader *hp;    /* .hp input */
};

struct heap_in *heap_in_new(struct hpt_input *in, struct hpt_intern *bands,
                            int strict, const char *time_offset)
{
	struct heap_in *h;
	enum hpt_format f = hpt_sniff(in);
	switch (f) {
	case HPT_FMT_EMPTY:
		hpt_data_error(in->name, 0, "empty input");
	case HPT_FMT_EVENTLOG:
		hpt_data_error(in->name, 0, "eventlog input not supported yet");
	case HPT_FMT_PROF:
	case HPT_FMT_JSON:
		hpt_data_error(in->name, 0, "%s, not a heap profile (proftree "
		               "reads it)", hpt_format_name(f));
	default:
		break;
	}
	h = hpt_xcalloc(1, sizeof *h);
	h->hp = hp_reader_new(in, bands, strict, time_offset);
	return h;
}

const struct hp_header *heap_in_header(const struct heap_in *h)
{
	return hp_reader_header(h->hp);
}

enum hp_item heap_in_next(struct heap_in *h, struct hp_sample *s)
{
	return hp_read(h->hp, s);
}

uint64_t heap_in_samples(const struct heap_in *h)
{
	return hp_reader_samples(h->hp);
}

const char *heap_in_end_time(struct heap_in *h)
{
	return hp_reader_end_time(h->hp);
}

void heap_in_free(struct heap_in *h)
{
	hp_reader_free(h->hp);
	free(h);
}
