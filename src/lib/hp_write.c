/*
 * hp_write.c: the one .hp writer (and the heap-sample TSV rows) of
 * hptools.  The layout is GHC's (rts/ProfHeap.c): header strings with
 * '"' doubled (as GHC 8.8+ writes them), one TAB between a band name and
 * its value, the same time on BEGIN_SAMPLE and END_SAMPLE.
 */
#include "hp_write.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "escape.h"
#include "num.h"
#include "output.h"

static void write_string(const char *kw, const char *s, size_t n)
{
	size_t i, run = 0;
	hpt_out_str(kw);
	hpt_out_str(" \"");
	for (i = 0; i < n; i++) {
		if (s[i] == '"') {
			hpt_out_write(s + run, i + 1 - run);
			hpt_out_char('"');
			run = i + 1;
		}
	}
	hpt_out_write(s + run, n - run);
	hpt_out_str("\"\n");
}

void hp_write_header(const struct hp_header *h)
{
	write_string("JOB", h->job, h->job_len);
	write_string("DATE", h->date, h->date_len);
	write_string("SAMPLE_UNIT", h->sample_unit, h->sample_unit_len);
	write_string("VALUE_UNIT", h->value_unit, h->value_unit_len);
}

void hp_write_sample(const struct hpt_intern *bands,
                     const struct hp_sample *s)
{
	const char *time_text = s->time_text;
	size_t i, tl = strlen(time_text), room = 2 * tl + 26;
	char *p, *q;
	/* The hot loop of hpcat: the whole sample formatted in place, in
	 * room reserved once (a row is its name, a TAB, at most
	 * HP_DIGITS_MAX digits copied whole, a newline). */
	if (s->rows)
		room += s->rows_len;
	else
		for (i = 0; i < s->n; i++)
			room += bands->len[s->v[i].band] + HP_DIGITS_MAX + 2;
	p = q = hpt_out_space(room);
	memcpy(q, "BEGIN_SAMPLE ", 13);
	hpt_copy(q + 13, time_text, tl);
	q += 13 + tl;
	*q++ = '\n';
	if (s->rows) {
		/* the rows as read, which are as written here */
		memcpy(q, s->rows, s->rows_len);
		q += s->rows_len;
	}
	for (i = 0; !s->rows && i < s->n; i++) {
		uint32_t b = s->v[i].band;
		size_t len = bands->len[b];
		hpt_copy(q, bands->name[b], len);
		q += len;
		*q++ = '\t';
		if (s->v[i].text_len) {
			memcpy(q, s->digits + s->v[i].text_off, HP_DIGITS_MAX);
			q += s->v[i].text_len;
		} else {
			q += hpt_fmt_u64(q, s->v[i].bytes);
		}
		*q++ = '\n';
	}
	memcpy(q, "END_SAMPLE ", 11);
	hpt_copy(q + 11, time_text, tl);
	q += 11 + tl;
	*q++ = '\n';
	hpt_out_commit((size_t)(q - p));
}

void hp_write_mark(const struct hp_sample *s)
{
	hpt_out_str("MARK ");
	hpt_out_str(s->time_text);
	hpt_out_char('\n');
}

void hp_write_tsv_header(void)
{
	hpt_out_str("time\tband\tbytes\n");
}

void hp_write_tsv_sample(const struct hpt_intern *bands,
                         const struct hp_sample *s)
{
	const char *time_text = s->time_text;
	size_t i, tl = strlen(time_text);
	for (i = 0; i < s->n; i++) {
		uint32_t b = s->v[i].band;
		hpt_out_write(time_text, tl);
		hpt_out_char('\t');
		hpt_out_tsv(bands->name[b], bands->len[b]);
		hpt_out_char('\t');
		hpt_out_u64(s->v[i].bytes);
		hpt_out_char('\n');
	}
}

/* ---- sinks ---- */

static void hp_header_cb(void *arg, const struct hp_header *h)
{
	(void)arg;
	hp_write_header(h);
	hpt_out_mark();
}

static void hp_sample_cb(void *arg, const struct hpt_intern *bands,
                         const struct hp_sample *s)
{
	(void)arg;
	hp_write_sample(bands, s);
	hpt_out_mark();
}

static void hp_mark_cb(void *arg, const struct hp_sample *s)
{
	(void)arg;
	hp_write_mark(s);
	hpt_out_mark();
}

void hp_sink_hp(struct hp_sink *k)
{
	memset(k, 0, sizeof *k);
	k->header = hp_header_cb;
	k->sample = hp_sample_cb;
	k->mark = hp_mark_cb;
}

static void tsv_header_cb(void *arg, const struct hp_header *h)
{
	(void)arg;
	(void)h;
	hp_write_tsv_header();
	hpt_out_mark();
}

static void tsv_sample_cb(void *arg, const struct hpt_intern *bands,
                          const struct hp_sample *s)
{
	(void)arg;
	hp_write_tsv_sample(bands, s);
	hpt_out_mark();
}

void hp_sink_tsv(struct hp_sink *k)
{
	memset(k, 0, sizeof *k);
	k->header = tsv_header_cb;
	k->sample = tsv_sample_cb;
}

/* Samples kept for the wide form, which needs every band name before
 * the first row. */
struct wide {
	char **time;
	size_t *first;           /* index of a sample's first value */
	size_t nsamples, tcap, fcap;
	struct hp_bandval *v;
	size_t nv, vcap;
};

static void wide_sample_cb(void *arg, const struct hpt_intern *bands,
                           const struct hp_sample *s)
{
	struct wide *w = arg;
	(void)bands;
	w->time = hpt_xgrow(w->time, &w->tcap, w->nsamples + 1,
	                    sizeof *w->time);
	w->first = hpt_xgrow(w->first, &w->fcap, w->nsamples + 2,
	                     sizeof *w->first);
	w->time[w->nsamples] = hpt_xstrdup(s->time_text);
	w->first[w->nsamples] = w->nv;
	w->v = hpt_xgrow(w->v, &w->vcap, w->nv + s->n, sizeof *w->v);
	if (s->n)
		memcpy(w->v + w->nv, s->v, s->n * sizeof *s->v);
	w->nv += s->n;
	w->nsamples++;
	w->first[w->nsamples] = w->nv;
}

/* One row per sample, one column per band of the samples (the table
 * may hold a band of a census the reader dropped: not in -o tsv, nor
 * here) in order of first appearance; a band absent from a sample is
 * 0. */
static void wide_end_cb(void *arg, const struct hpt_intern *bands)
{
	struct wide *w = arg;
	uint64_t *row = hpt_xcalloc(bands->count, sizeof *row);
	unsigned char *present = hpt_xcalloc(bands->count + 1, 1);
	size_t i, j;
	for (j = 0; j < w->nv; j++)
		present[w->v[j].band] = 1;
	hpt_out_str("time");
	for (j = 0; j < bands->count; j++) {
		if (!present[j])
			continue;
		hpt_out_char('\t');
		hpt_out_tsv(bands->name[j], bands->len[j]);
	}
	hpt_out_char('\n');
	for (i = 0; i < w->nsamples; i++) {
		for (j = w->first[i]; j < w->first[i + 1]; j++)
			row[w->v[j].band] = w->v[j].bytes;
		hpt_out_str(w->time[i]);
		for (j = 0; j < bands->count; j++) {
			if (!present[j])
				continue;
			hpt_out_char('\t');
			hpt_out_u64(row[j]);
			row[j] = 0;
		}
		hpt_out_char('\n');
		hpt_out_mark();
		free(w->time[i]);
	}
	free(row);
	free(present);
	free(w->time);
	free(w->first);
	free(w->v);
	free(w);
}

void hp_sink_wide(struct hp_sink *k)
{
	memset(k, 0, sizeof *k);
	k->sample = wide_sample_cb;
	k->end = wide_end_cb;
	k->arg = hpt_xcalloc(1, sizeof(struct wide));
}
