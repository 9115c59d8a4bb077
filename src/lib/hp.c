/*
 * hp.c: the heap-profile model.  See hp.h.
 */
#include "hp.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "num.h"

void hp_sample_free(struct hp_sample *s)
{
	free(s->digits);
	free(s->time_text);
	free(s->v);
	free(s->mark_text);
	memset(s, 0, sizeof *s);
}

const char *hp_clock_name(const struct hp_header *h)
{
	return h->elapsed_clock ? "elapsed" : "mutator CPU";
}

void hp_sample_set_mark_text(struct hp_sample *s, const char *t, size_t n)
{
	if (n > HP_MARK_TEXT_MAX)
		n = HP_MARK_TEXT_MAX;
	s->mark_text = hpt_xgrow(s->mark_text, &s->mark_cap, n + 1, 1);
	if (n)
		memcpy(s->mark_text, t, n);
	s->mark_text[n] = '\0';
	s->mark_len = n;
}

void hp_integral_init(struct hp_integral *a)
{
	memset(a, 0, sizeof *a);
}

/* Half of each band's value times dt, for the values of one sample:
 * each step adds both of its samples' halves. */
static void add_halves(struct hp_integral *a, const struct hp_bandval *v,
                       size_t n, double dt)
{
	size_t i;
	for (i = 0; i < n; i++) {
		double x = (double)v[i].bytes * dt / 2;
		a->v[v[i].band] += x;
		a->total += x;
	}
}

void hp_integral_add(struct hp_integral *a, const struct hp_sample *s)
{
	size_t i, need = a->nv;
	for (i = 0; i < s->n; i++)
		if (s->v[i].band >= need)
			need = (size_t)s->v[i].band + 1;
	if (need > a->nv) {
		a->v = hpt_xgrow(a->v, &a->vcap, need, sizeof *a->v);
		memset(a->v + a->nv, 0, (need - a->nv) * sizeof *a->v);
		a->nv = need;
	}
	if (a->samples > 0 && s->time > a->prev_time) {
		double dt = s->time - a->prev_time;
		add_halves(a, a->prev, a->prev_n, dt);
		add_halves(a, s->v, s->n, dt);
	}
	a->prev = hpt_xgrow(a->prev, &a->prev_cap, s->n, sizeof *a->prev);
	if (s->n)
		memcpy(a->prev, s->v, s->n * sizeof *s->v);
	a->prev_n = s->n;
	a->prev_time = s->time;
	a->samples++;
}

double hp_integral_of(const struct hp_integral *a, uint32_t b)
{
	return b < a->nv ? a->v[b] : 0;
}

void hp_integral_free(struct hp_integral *a)
{
	free(a->v);
	free(a->prev);
	memset(a, 0, sizeof *a);
}

/* Is c an ASCII hex digit (either case)? */
static int hex_digit(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	       (c >= 'A' && c <= 'F');
}

const char *hp_band_identity(const char *name, size_t len, size_t *id_len)
{
	size_t i, hash;
	if (len >= 3 && name[0] == '(' && name[1] >= '0' && name[1] <= '9') {
		for (i = 2; i < len && name[i] >= '0' && name[i] <= '9'; i++)
			;
		if (i < len && name[i] == ')') {
			*id_len = len - i - 1;
			return name + i + 1;
		}
	}
	/* -hi named by hpcat -I: WHAT{...}...#0xHEX */
	for (i = len; i > 0 && hex_digit(name[i - 1]); i--)
		;
	if (i < len && i >= 3 && name[i - 1] == 'x' && name[i - 2] == '0' &&
	    name[i - 3] == '#') {
		hash = i - 3;
		for (i = 0; i < hash && name[i] != '{'; i++)
			;
		if (i < hash) {
			*id_len = hash;
			return name;
		}
	}
	*id_len = len;
	return name;
}

void hp_time_no_carry(char *t, struct hp_time_form *last)
{
	char *dot = strchr(t, '.');
	size_t n = strlen(t), ip = dot ? (size_t)(dot - t) : n;
	uint64_t sec;
	if (dot && n - ip - 1 == 3 && memcmp(dot + 1, "100", 3) == 0 &&
	    last->dec == 2 && ip < 20 && hpt_parse_u64(t, ip, &sec) == 0 &&
	    sec == last->sec)
		t[--n] = '\0';
	last->dec = dot ? (int)(n - ip - 1) : -1;
	if (ip >= 20 || hpt_parse_u64(t, ip, &last->sec) != 0)
		last->dec = -1;
}
