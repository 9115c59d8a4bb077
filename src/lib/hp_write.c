/*
 * hp_write.c: the one .hp writer (and the heap-sample TSV rows) of
 * hptools.  The layout is GHC's (rts/ProfHeap.c): header strings with
 * '"' doubled (as GHC 8.8+ writes them), one TAB between a band name and
 * its value, the same time on BEGIN_SAMPLE and END_SAMPLE.
 */
#include "hp.h"

#include <string.h>

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
                     const struct hp_sample *s, const char *time_text)
{
	size_t i, tl = strlen(time_text);
	hpt_out_write("BEGIN_SAMPLE ", 13);
	hpt_out_write(time_text, tl);
	hpt_out_char('\n');
	for (i = 0; i < s->n; i++) {
		uint32_t b = s->v[i].band;
		size_t len = bands->len[b];
		if (len <= 4000) {
			/* The hot loop of hpcat: one row formatted in place. */
			char *p = hpt_out_space(len + 26), *q = p;
			memcpy(q, bands->name[b], len);
			q += len;
			*q++ = '\t';
			if (s->v[i].text_len) {
				memcpy(q, s->digits + s->v[i].text_off, 24);
				q += s->v[i].text_len;
			} else {
				q += hpt_fmt_u64(q, s->v[i].bytes);
			}
			*q++ = '\n';
			hpt_out_commit((size_t)(q - p));
			continue;
		}
		hpt_out_write(bands->name[b], len);
		hpt_out_char('\t');
		hpt_out_u64(s->v[i].bytes);
		hpt_out_char('\n');
	}
	hpt_out_write("END_SAMPLE ", 11);
	hpt_out_write(time_text, tl);
	hpt_out_char('\n');
}

void hp_write_mark(const char *time_text)
{
	hpt_out_str("MARK ");
	hpt_out_str(time_text);
	hpt_out_char('\n');
}

void hp_write_tsv_header(void)
{
	hpt_out_str("time\tband\tbytes\n");
}

void hp_write_tsv_sample(const struct hpt_intern *bands,
                         const struct hp_sample *s, const char *time_text)
{
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
