/*
 * heap_in.c: format dispatch for heap-profile input.  See heap_in.h.
 * A new heap format is one more case here and one more member of
 * struct heap_in.
 */
#include "heap_in.h"

#include <stdlib.h>

#include "alloc.h"
#include "diag.h"
#include "ev_heap.h"
#include "hp_read.h"
#include "sniff.h"

struct heap_in {
	struct hp_reader *hp;    /* .hp input, or */
	struct ev_heap *ev;      /* eventlog input */
};

struct heap_in *heap_in_new(struct hpt_input *in, struct hpt_intern *bands,
                            int strict, const char *time_offset)
{
	struct heap_in *h;
	enum hpt_format f = hpt_sniff(in);
	switch (f) {
	case HPT_FMT_EMPTY:
		hpt_data_error(in->name, 0, "empty input");
	case HPT_FMT_PROF:
	case HPT_FMT_JSON:
		hpt_data_error(in->name, 0, "%s, not a heap profile (proftree "
		               "reads it)", hpt_format_name(f));
	case HPT_FMT_BINARY: {
		const char *s;
		long line;
		hpt_sniff_line(in, &s, &line);
		hpt_data_error(in->name, line, "NUL byte in line: not a heap "
		               "profile");
	}
	default:
		break;
	}
	h = hpt_xcalloc(1, sizeof *h);
	if (f == HPT_FMT_EVENTLOG)
		h->ev = ev_heap_new(in, bands, strict, time_offset);
	else
		h->hp = hp_reader_new(in, bands, strict, time_offset);
	return h;
}

const struct hp_header *heap_in_header(const struct heap_in *h)
{
	return h->ev ? ev_heap_header(h->ev) : hp_reader_header(h->hp);
}

enum hp_item heap_in_next(struct heap_in *h, struct hp_sample *s)
{
	s->rows = NULL; /* an eventlog's samples have no row text */
	return h->ev ? ev_heap_next(h->ev, s) : hp_read(h->hp, s);
}

uint64_t heap_in_samples(const struct heap_in *h)
{
	return h->ev ? ev_heap_samples(h->ev) : hp_reader_samples(h->hp);
}

const char *heap_in_end_time(struct heap_in *h)
{
	return h->ev ? ev_heap_end_time(h->ev) : hp_reader_end_time(h->hp);
}

void heap_in_free(struct heap_in *h)
{
	if (h->ev)
		ev_heap_free(h->ev);
	else
		hp_reader_free(h->hp);
	free(h);
}
