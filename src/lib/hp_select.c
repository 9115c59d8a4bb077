/*
 * hp_select.c: sample and band selection, and the ranking into OTHER.
 * See hp_select.h.
 */
#include "hp_select.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "num.h"

void hp_samplesel_init(struct hp_samplesel *q)
{
	memset(q, 0, sizeof *q);
	q->last = UINT64_MAX;
	q->step = 1;
}

void hp_samplesel_rewind(struct hp_samplesel *q)
{
	q->in_range = 0;
	q->in_step = 0;
}

static int in_interval(const struct hp_samplesel *q, const char *t)
{
	return (!q->start || hpt_dec_cmp(t, q->start) >= 0) &&
	       (!q->end || hpt_dec_cmp(t, q->end) <= 0);
}

int hp_samplesel_take(struct hp_samplesel *q, const struct hp_sample *s)
{
	if (!in_interval(q, s->time_text))
		return 0;
	q->in_range++;
	if (q->in_range < q->first || q->in_range > q->last)
		return 0;
	q->in_step++;
	return (q->in_step - 1) % q->step == 0;
}

int hp_samplesel_mark(const struct hp_samplesel *q,
                      const struct hp_sample *s)
{
	if (!in_interval(q, s->time_text))
		return 0;
	if (q->first > 1 || q->last != UINT64_MAX)
		return q->in_range >= (q->first ? q->first : 1) &&
		       q->in_range < q->last;
	return 1;
}

/* ---- bands by name ---- */

struct pattern {
	char *text;              /* the substring (without -E) */
	size_t len;
	regex_t re;              /* the expression (with -E) */
	int keep;                /* -k, not -x */
};

struct hp_bandsel {
	int ere;
	struct pattern *p;
	size_t n, cap;
	int any_keep;            /* some pattern is a keep pattern */
	unsigned char *known;    /* known[b]: 0 not decided yet, 1 kept, */
	size_t nknown, kcap;     /* 2 dropped */
};

struct hp_bandsel *hp_bandsel_new(int ere)
{
	struct hp_bandsel *q = hpt_xcalloc(1, sizeof *q);
	q->ere = ere;
	return q;
}

char *hp_bandsel_add(struct hp_bandsel *q, int keep, const char *pattern)
{
	struct pattern *p;
	q->p = hpt_xgrow(q->p, &q->cap, q->n + 1, sizeof *q->p);
	p = &q->p[q->n];
	memset(p, 0, sizeof *p);
	p->keep = keep;
	if (q->ere) {
		int e = regcomp(&p->re, pattern, REG_EXTENDED | REG_NOSUB);
		if (e != 0) {
			size_t n = regerror(e, &p->re, NULL, 0);
			char *msg = hpt_xmalloc(n ? n : 1);
			msg[0] = '\0';
			regerror(e, &p->re, msg, n);
			return msg;
		}
	} else {
		p->text = hpt_xstrdup(pattern);
		p->len = strlen(pattern);
	}
	q->n++;
	if (keep)
		q->any_keep = 1;
	return NULL;
}

int hp_bandsel_any(const struct hp_bandsel *q)
{
	return q->n > 0;
}

/* Whether n bytes of s contain the m bytes of t (names may hold any
 * byte but NUL, and memmem is not POSIX). */
static int contains(const char *s, size_t n, const char *t, size_t m)
{
	size_t i;
	if (m == 0)
		return 1;
	for (i = 0; i + m <= n; i++)
		if (s[i] == t[0] && memcmp(s + i, t, m) == 0)
			return 1;
	return 0;
}

static int matches(const struct hp_bandsel *q, const struct pattern *p,
                   const char *name, size_t len)
{
	if (q->ere)
		return regexec(&p->re, name, 0, NULL, 0) == 0;
	return contains(name, len, p->text, p->len);
}

int hp_bandsel_band(struct hp_bandsel *q, const struct hpt_intern *bands,
                    uint32_t b)
{
	size_t i;
	int kept;
	if (b < q->nknown && q->known[b])
		return q->known[b] == 1;
	if (b >= q->nknown) {
		q->known = hpt_xgrow(q->known, &q->kcap, (size_t)b + 1, 1);
		memset(q->known + q->nknown, 0, q->kcap - q->nknown);
		q->nknown = q->kcap;
	}
	kept = !q->any_keep;
	for (i = 0; i < q->n && !kept; i++)
		if (q->p[i].keep &&
		    matches(q, &q->p[i], bands->name[b], bands->len[b]))
			kept = 1;
	for (i = 0; i < q->n && kept; i++)
		if (!q->p[i].keep &&
		    matches(q, &q->p[i], bands->name[b], bands->len[b]))
			kept = 0;
	q->known[b] = kept ? 1 : 2;
	return kept;
}

void hp_bandsel_apply(struct hp_bandsel *q, const struct hpt_intern *bands,
                      struct hp_sample *s)
{
	size_t i, n = 0;
	for (i = 0; i < s->n; i++)
		if (hp_bandsel_band(q, bands, s->v[i].band))
			s->v[n++] = s->v[i];
	s->n = n;
	s->rows = NULL;
}

void hp_bandsel_free(struct hp_bandsel *q)
{
	size_t i;
	if (!q)
		return;
	for (i = 0; i < q->n; i++) {
		if (q->ere)
			regfree(&q->p[i].re);
		free(q->p[i].text);
	}
	free(q->p);
	free(q->known);
	free(q);
}

/* ---- the ranking into OTHER ---- */

/* A band as the ranking sees it: everything qsort's comparison needs. */
struct ranked {
	double integral;
	const char *name;
	size_t len;
	uint32_t band;
};

/* Larger integral first; equal integrals by name, bytes ascending (the
 * names of a table are distinct, so the order is total). */
static int by_integral(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;
	int c;
	if (a->integral != b->integral)
		return a->integral > b->integral ? -1 : 1;
	c = memcmp(a->name, b->name, a->len < b->len ? a->len : b->len);
	if (c != 0)
		return c;
	return a->len < b->len ? -1 : a->len > b->len;
}

size_t hp_rank_order(const struct hp_integral *a,
                     const struct hpt_intern *bands,
                     const unsigned char *present, long other,
                     uint32_t *order)
{
	struct ranked *r = hpt_xmalloc((bands->count ? bands->count : 1) *
	                               sizeof *r);
	size_t i, n = 0;
	for (i = 0; i < bands->count; i++) {
		if ((present && !present[i]) || (long)i == other)
			continue;
		r[n].integral = hp_integral_of(a, (uint32_t)i);
		r[n].name = bands->name[i];
		r[n].len = bands->len[i];
		r[n].band = (uint32_t)i;
		n++;
	}
	qsort(r, n, sizeof *r, by_integral);
	for (i = 0; i < n; i++)
		order[i] = r[i].band;
	free(r);
	return n;
}

size_t hp_rank_keep(const struct hp_integral *a,
                    const struct hpt_intern *bands,
                    const unsigned char *present, uint64_t max_bands,
                    double percent, long other, unsigned char *keep)
{
	uint32_t *order = hpt_xmalloc((bands->count ? bands->count : 1) *
	                              sizeof *order);
	size_t i, n, kept = 0;
	memset(keep, 0, bands->count);
	n = hp_rank_order(a, bands, present, other, order);
	for (i = 0; i < n && kept < max_bands; i++) {
		/* integral / total < percent / 100, without dividing by a
		 * total that may be 0 */
		if (percent > 0 &&
		    hp_integral_of(a, order[i]) * 100 < percent * a->total)
			break;
		keep[order[i]] = 1;
		kept++;
	}
	free(order);
	return kept;
}

size_t hp_rank_keep_sum(const struct hp_integral *a,
                        const struct hpt_intern *bands,
                        const unsigned char *present, uint64_t max_bands,
                        double percent, long other, unsigned char *keep)
{
	uint32_t *order = hpt_xmalloc((bands->count ? bands->count : 1) *
	                              sizeof *order);
	size_t i, n, kept;
	double sum = 0;
	memset(keep, 0, bands->count);
	n = hp_rank_order(a, bands, present, other, order);
	/* the smallest first, while the sum stays below percent of the
	 * total (sum / total < percent / 100, without dividing) */
	while (n > 0 && percent > 0) {
		double v = hp_integral_of(a, order[n - 1]);
		if ((sum + v) * 100 >= percent * a->total)
			break;
		sum += v;
		n--;
	}
	kept = n < max_bands ? n : (size_t)max_bands;
	for (i = 0; i < kept; i++)
		keep[order[i]] = 1;
	free(order);
	return kept;
}

int hp_fold_other(struct hp_sample *s, const unsigned char *keep,
                  size_t nkeep, uint32_t other)
{
	size_t i, n = 0;
	uint64_t sum = 0;
	int folded = 0;
	for (i = 0; i < s->n; i++) {
		uint32_t b = s->v[i].band;
		if (b < nkeep && keep[b])
			continue;
		if (s->v[i].bytes > UINT64_MAX - sum)
			return -1;
		sum += s->v[i].bytes;
		folded = 1;
	}
	if (!folded)
		return 0;
	s->rows = NULL;
	for (i = 0; i < s->n; i++) {
		uint32_t b = s->v[i].band;
		if (b < nkeep && keep[b])
			s->v[n++] = s->v[i];
	}
	s->n = n;
	s->v = hpt_xgrow(s->v, &s->cap, s->n + 1, sizeof *s->v);
	memset(&s->v[s->n], 0, sizeof s->v[s->n]);
	s->v[s->n].band = other;
	s->v[s->n].bytes = sum;
	s->n++;
	return 0;
}
