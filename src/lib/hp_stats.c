/*
 * hp_stats.c: streaming per-band statistics of a heap profile.  See
 * hp_stats.h for the figures.
 *
 * Every figure but the slope is a running value (a count, a maximum, a
 * sum, hp_integral's trapezoids).  The slope needs, for each band, the
 * least-squares sums over the samples from its first appearance on,
 * where a sample without the band counts 0: the sums of the band's own
 * values (and of time x value) change only in samples that have it, and
 * the sums over the times alone are the whole profile's running sums
 * less their values just before the band's first sample.  So each row
 * costs O(1) and nothing is kept per sample.
 *
 * An empty sample leaves the profile's sums of times alone until the
 * next sample comes: the last sample of a profile, when empty, is GHC's
 * exit census, which no band's slope counts (hp_stats.h).
 */
#include "hp_stats.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "num.h"

static void u128_add(struct hp_u128 *a, uint64_t v)
{
	a->lo += v;
	if (a->lo < v)
		a->hi++;
}

static void u128_add128(struct hp_u128 *a, struct hp_u128 b)
{
	u128_add(a, b.lo);
	a->hi += b.hi;
}

/* -1, 0 or 1 as a is below, equal to or above b. */
static int u128_cmp(struct hp_u128 a, struct hp_u128 b)
{
	if (a.hi != b.hi)
		return a.hi < b.hi ? -1 : 1;
	if (a.lo != b.lo)
		return a.lo < b.lo ? -1 : 1;
	return 0;
}

double hp_u128_double(struct hp_u128 v)
{
	return (double)v.hi * 18446744073709551616.0 + (double)v.lo;
}

/* Long division by 10^9 over four 32-bit limbs, most significant
 * first, gives the digits nine at a time from the lowest. */
size_t hp_u128_fmt(char *buf, struct hp_u128 v)
{
	uint32_t limb[4];
	char tmp[48];
	size_t n = 0, i;
	int nonzero;
	limb[0] = (uint32_t)(v.hi >> 32);
	limb[1] = (uint32_t)v.hi;
	limb[2] = (uint32_t)(v.lo >> 32);
	limb[3] = (uint32_t)v.lo;
	do {
		uint64_t rem = 0;
		int k;
		for (i = 0; i < 4; i++) {
			uint64_t cur = (rem << 32) | limb[i];
			limb[i] = (uint32_t)(cur / 1000000000u);
			rem = cur % 1000000000u;
		}
		nonzero = limb[0] || limb[1] || limb[2] || limb[3];
		/* nine digits, or only as many as there are in the last */
		for (k = 0; k < 9 && (nonzero || rem || k == 0); k++) {
			tmp[n++] = (char)('0' + rem % 10);
			rem /= 10;
		}
	} while (nonzero);
	for (i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	buf[n] = '\0';
	return n;
}

/* t set to the sample's time, whose text has len bytes: the text is
 * copied into t's own buffer, which grows only for a longer one. */
static void time_set(struct hp_stats_time *t, const struct hp_sample *s,
                     size_t len)
{
	if (len + 1 > t->cap)
		t->text = hpt_xgrow(t->text, &t->cap, len + 1, 1);
	hpt_copy(t->text, s->time_text, len + 1);
	t->len = len;
	t->v = s->time;
}

static void time_free(struct hp_stats_time *t)
{
	free(t->text);
	memset(t, 0, sizeof *t);
}

/* -1, 0 or 1 as time v (text, a decimal) is below, equal to or above
 * bound bv (btext): the doubles decide unless they are equal, then the
 * decimals, so that a time and a bound that differ only beyond a
 * double's precision still compare right. */
static int time_cmp(double v, const char *text, double bv, const char *btext)
{
	int c;
	if (v != bv)
		return v < bv ? -1 : 1;
	c = hpt_dec_cmp(text, btext);
	return c < 0 ? -1 : c > 0;
}

void hp_stats_init(struct hp_stats *st, const char *start, const char *end)
{
	memset(st, 0, sizeof *st);
	st->start = start;
	st->end = end;
	if (start)
		st->start_v = strtod(start, NULL);
	if (end)
		st->end_v = strtod(end, NULL);
	st->run = 1;
}

void hp_stats_header(struct hp_stats *st, const struct hp_header *h)
{
	free(st->job);
	free(st->date);
	free(st->value_unit);
	st->job = hpt_xmemdup(h->job, h->job_len);
	st->job_len = h->job_len;
	st->date = hpt_xmemdup(h->date, h->date_len);
	st->date_len = h->date_len;
	st->value_unit = hpt_xmemdup(h->value_unit, h->value_unit_len);
	st->value_unit_len = h->value_unit_len;
	st->in_bytes = h->value_unit_len == 5 &&
	               memcmp(h->value_unit, "bytes", 5) == 0;
}

/* The sample's total into the sparkline: a new bucket each run samples;
 * when all are used, pairs merge and a bucket covers twice as many.
 * A bucket holds the sum of its totals. */
static void spark_add(struct hp_stats *st, double v)
{
	size_t i;
	if (st->in_run == 0) {
		if (st->nspark == HP_STATS_SPARK) {
			for (i = 0; i < HP_STATS_SPARK / 2; i++)
				st->spark[i] = st->spark[2 * i] +
				               st->spark[2 * i + 1];
			st->nspark = HP_STATS_SPARK / 2;
			st->run *= 2;
		}
		st->spark[st->nspark++] = v;
	} else {
		st->spark[st->nspark - 1] += v;
	}
	if (++st->in_run == st->run)
		st->in_run = 0;
}

double hp_stats_spark(const struct hp_stats *st, size_t i)
{
	uint64_t n = st->run;
	if (i + 1 == st->nspark && st->in_run != 0)
		n = st->in_run;
	return st->spark[i] / (double)n;
}

/* The running figures of one band, in one cache line: what each of its
 * rows reads and writes (the rest, struct hp_band_stats, is written at
 * its first sample, at a new maximum, at its end and at finish). */
struct hp_band_acc {
	uint64_t seq;            /* the number of its last sample (from 1;
	                          * 0: none yet) */
	uint64_t samples;
	uint64_t max;            /* bytes */
	struct hp_u128 sum;      /* bytes */
	long double sty;         /* sum of time x value, from the band's
	                          * first sample on */
};

/* Room for bands 0..need-1, new entries zero. */
static void grow_bands(struct hp_stats *st, size_t need)
{
	size_t old = st->nb;
	if (need <= old)
		return;
	st->b = hpt_xgrow(st->b, &st->bcap, need, sizeof *st->b);
	memset(st->b + old, 0, (need - old) * sizeof *st->b);
	st->acc = hpt_xgrow(st->acc, &st->acc_cap, need, sizeof *st->acc);
	memset(st->acc + old, 0, (need - old) * sizeof *st->acc);
	st->integral = hpt_xgrow(st->integral, &st->integral_cap, need,
	                         sizeof *st->integral);
	memset(st->integral + old, 0, (need - old) * sizeof *st->integral);
	st->nb = need;
}

/* A step back in time from the last sample to s: its length, added
 * exactly to st->back (the duration leaves it out). */
static void step_back(struct hp_stats *st, const struct hp_sample *s)
{
	char *d = hpt_dec_sub(st->last.text, s->time_text);
	char *sum = hpt_dec_add(st->back ? st->back : "0", d);
	free(d);
	free(st->back);
	st->back = sum;
}

/* The bands of the last sample (number st->samples) that the sample
 * being added has not, or at the end all of them: their last time is
 * the last sample's, still in st->last.  A band's last time is set so,
 * when it ends, rather than copied for each of its rows (every row of
 * a profile passes here). */
static void last_times(struct hp_stats *st)
{
	const struct hp_stats_time *t = &st->last;
	size_t i;
	for (i = 0; i < st->prev_n; i++) {
		uint32_t id = st->prev[i].band;
		struct hp_band_stats *b = &st->b[id];
		if (st->acc[id].seq != st->samples)
			continue;
		if (t->len + 1 > b->last.cap)
			b->last.text = hpt_xgrow(b->last.text, &b->last.cap,
			                         t->len + 1, 1);
		memcpy(b->last.text, t->text, t->len + 1);
		b->last.len = t->len;
		b->last.v = t->v;
	}
}

/* Band id's sum of values as a long double, once its exact sum has
 * passed 2^64 (y is the value being added): up to then every partial
 * sum had at most 64 significant bits, so that a long double held each
 * exactly and the sum itself is that sum; from then on it is kept
 * apart, rounded at each row as the slope's other sums are. */
static void big_sum(struct hp_stats *st, uint32_t id, uint64_t y)
{
	struct hp_band_acc *a = &st->acc[id];
	if (a->sum.hi == 0)
		st->b[id].sy = (long double)a->sum.lo;
	st->b[id].sy += y;
}

/* The bands of sample s (time text of tlen bytes) whose row gave them
 * a new maximum, or their first row, ids[0..n): the maximum's time,
 * and for a band new here the sums over the times before it and its
 * first time. */
static void new_maxima(struct hp_stats *st, const uint32_t *ids, size_t n,
                       const struct hp_sample *s, size_t tlen)
{
	size_t i;
	for (i = 0; i < n; i++) {
		struct hp_band_stats *b = &st->b[ids[i]];
		if (b->first.text == NULL) {
			b->n0 = st->n;
			b->st0 = st->st;
			b->stt0 = st->stt;
			time_set(&b->first, s, tlen);
			st->nbands++;
		}
		time_set(&b->max_time, s, tlen);
	}
}

/* The trapezoids' halves of the last sample's rows for a step of dt
 * seconds forward; hp_stats_add then adds this sample's halves, so that
 * the terms are those hp_integral (hp.h) sums, in the same order, into
 * each band's integral and into the total. */
static void add_halves(struct hp_stats *st, const struct hp_stats_row *r,
                       size_t n, double dt)
{
	double total = st->integral_total, *integral = st->integral;
	size_t i;
	for (i = 0; i < n; i++) {
		double x = r[i].y * dt / 2;
		integral[r[i].band] += x;
		total += x;
	}
	st->integral_total = total;
}

/* What the rows of one sample add up to (add_rows). */
struct rows_sum {
	struct hp_u128 total;    /* the sample's total, bytes */
	size_t kept;             /* rows of bands the last sample had */
};

/*
 * The rows of sample s (number seq, time text of tlen bytes, tt seconds
 * after the first) into their bands' running figures, each row's values
 * into st->cur, and each row's half of the trapezoid of dt seconds from
 * the last sample (whose halves add_halves has added).  With no step
 * forward dt is 0, and so is every half: adding it changes nothing (an
 * integral is never -0).
 *
 * The inner loop makes no call, so that its values stay in registers:
 * it stops at a band beyond the table, which grows, and it only notes
 * the rows whose time must be kept (a band's new maximum or first row
 * in st->upd, the largest value of all by its index), for new_maxima
 * and the end to copy that time once.
 */
static struct rows_sum add_rows(struct hp_stats *st, const struct hp_sample *s,
                                uint64_t seq, size_t tlen, long double tt,
                                double dt)
{
	const struct hp_bandval *v = s->v;
	struct hp_stats_row *cur = st->cur;
	uint32_t *upd = st->upd;
	size_t i = 0, n = s->n, kept = 0, nu = 0, max_i = n;
	uint64_t tot_lo = 0, tot_hi = 0, max_cost = st->max_cost;
	double integral_total = st->integral_total;
	struct rows_sum r;
	if (n > 0 && !st->has_max_cost) {
		/* the first row of all: the largest value so far, so that
		 * the loop compares with a value from then on */
		st->has_max_cost = 1;
		max_cost = st->max_cost = v[0].bytes;
		max_i = 0;
	}
	while (i < n) {
		struct hp_band_acc *acc = st->acc;
		double *integral = st->integral;
		size_t nb = st->nb;
		for (; i < n && v[i].band < nb; i++) {
			uint32_t id = v[i].band;
			uint64_t y = v[i].bytes, lo;
			double yd = (double)y, x;
			struct hp_band_acc *a = &acc[id];
			/* (in the first sample, new bands count too, but then
			 * the last sample had no rows to compare with) */
			kept += a->seq + 1 == seq;
			if (a->seq == 0 || y > a->max) {
				a->max = y;
				upd[nu++] = id;
			}
			a->samples++;
			a->seq = seq;
			lo = a->sum.lo + y;
			if ((a->sum.hi | (lo < y)) != 0)
				big_sum(st, id, y);
			a->sum.hi += lo < y;
			a->sum.lo = lo;
			a->sty += tt * y;
			if (y > max_cost) {
				max_cost = y;
				max_i = i;
			}
			tot_lo += y;
			tot_hi += tot_lo < y;
			x = yd * dt / 2;
			integral[id] += x;
			integral_total += x;
			cur[i].y = yd;
			cur[i].band = id;
		}
		if (i < n)
			grow_bands(st, (size_t)v[i].band + 1);
	}
	st->integral_total = integral_total;
	new_maxima(st, upd, nu, s, tlen);
	if (max_i < n) {
		st->max_cost = max_cost;
		st->max_cost_band = v[max_i].band;
		time_set(&st->max_cost_time, s, tlen);
	}
	r.total.hi = tot_hi;
	r.total.lo = tot_lo;
	r.kept = kept;
	return r;
}

/* A sample tt seconds after the first into the sums over the times
 * that the slopes use. */
static void count_time(struct hp_stats *st, long double tt)
{
	st->n += 1;
	st->st += tt;
	st->stt += tt * tt;
	st->fit_end = tt;
}

/*
 * Each row of a sample costs one pass over its band's struct
 * hp_band_acc (add_rows); the last sample's rows, kept as doubles
 * (struct hp_stats_row), take one pass before for their halves of the
 * trapezoids and, only when some band of them has no row here, one
 * after to set that band's last time.  Nothing is allocated but when
 * the band table or a sample grows.
 */
void hp_stats_add(struct hp_stats *st, const struct hp_sample *s)
{
	double t = s->time, dt;
	long double tt;
	const char *dot;
	struct hp_stats_row *swap;
	struct rows_sum r;
	size_t tlen, cap;
	int step;
	/* an empty sample followed by another is a census like any other */
	if (st->pending_empty) {
		count_time(st, st->pending_tt);
		st->pending_empty = 0;
	}
	st->seen++;
	st->ended_empty = s->n == 0;
	if ((st->start && time_cmp(t, s->time_text, st->start_v,
	                           st->start) < 0) ||
	    (st->end && time_cmp(t, s->time_text, st->end_v, st->end) > 0))
		return;
	tlen = strlen(s->time_text);
	if (st->samples == 0)
		time_set(&st->first, s, tlen);
	else if (time_cmp(t, s->time_text, st->last.v, st->last.text) < 0)
		step_back(st, s);
	else
		st->duration += t - st->last.v;
	/* a step the doubles lose: about 12 significant bits at most */
	if (st->samples > 0 &&
	    (t == st->last.v ? hpt_dec_cmp(s->time_text, st->last.text) != 0
	                     : t > st->last.v && t - st->last.v <
	                       (t < 0 ? -t : t) * 0x1p-40))
		st->time_lost = 1;
	if ((dot = memchr(s->time_text, '.', tlen)) != NULL &&
	    tlen - (size_t)(dot + 1 - s->time_text) >
	    (size_t)st->time_decimals)
		st->time_decimals = (int)(tlen -
		                          (size_t)(dot + 1 - s->time_text));
	tt = (long double)t - st->first.v;
	/* a trapezoid from the last sample, as hp_integral adds it */
	step = st->samples > 0 && t > st->prev_time;
	dt = step ? t - st->prev_time : 0;
	if (step)
		add_halves(st, st->prev, st->prev_n, dt);
	if (s->n > st->cur_cap)
		st->cur = hpt_xgrow(st->cur, &st->cur_cap, s->n,
		                    sizeof *st->cur);
	if (s->n > st->upd_cap)
		st->upd = hpt_xgrow(st->upd, &st->upd_cap, s->n,
		                    sizeof *st->upd);
	r = add_rows(st, s, st->samples + 1, tlen, tt, dt);
	/* every band of the last sample has a row here: none ends */
	if (r.kept != st->prev_n)
		last_times(st);
	time_set(&st->last, s, tlen);
	swap = st->cur;
	st->cur = st->prev;
	st->prev = swap;
	cap = st->cur_cap;
	st->cur_cap = st->prev_cap;
	st->prev_cap = cap;
	st->prev_n = s->n;
	st->prev_time = t;
	if (s->n == 0 && st->samples > 0) {
		/* perhaps the exit census: counted when another follows */
		st->pending_empty = 1;
		st->pending_tt = tt;
	} else {
		count_time(st, tt);
	}
	if (st->samples == 0 || u128_cmp(r.total, st->max_total) > 0) {
		st->max_total = r.total;
		time_set(&st->max_total_time, s, tlen);
	}
	st->final_total = r.total;
	u128_add128(&st->sum_totals, r.total);
	spark_add(st, hp_u128_double(r.total));
	st->samples++;
}

/* The least-squares slope of band b over the samples from its first
 * on, in bytes per second: (n Sty - St Sy) / (n Stt - St^2). */
static double band_slope(const struct hp_stats *st,
                         const struct hp_band_stats *b,
                         const struct hp_band_acc *a)
{
	long double n = st->n - b->n0, s_t = st->st - b->st0;
	long double s_tt = st->stt - b->stt0, den;
	if (n < 2)
		return 0;
	/* one size in every sample from its first on: exactly 0, not what
	 * the rounding of the running sums leaves (every value is at most
	 * the max, so a sum of max times the count says they are equal) */
	if ((long double)a->samples == n && a->sum.hi == 0 &&
	    a->sum.lo % a->samples == 0 && a->sum.lo / a->samples == a->max)
		return 0;
	den = n * s_tt - s_t * s_t;
	/* all at one time, or a difference lost to rounding */
	if (!(den > 1e-12L * n * s_tt))
		return 0;
	return (double)((n * a->sty - s_t * b->sy) / den);
}

void hp_stats_finish(struct hp_stats *st)
{
	size_t i;
	if (st->finished)
		return;
	st->finished = 1;
	last_times(st); /* the bands of the last sample end there */
	/* the duration exactly: last - first, plus what the steps back
	 * took off it; its double (summed as hp_integral sums the steps)
	 * is already there */
	if (st->samples == 0) {
		st->duration_text = hpt_xstrdup("0.0");
	} else if (st->back) {
		char *t = hpt_dec_add(st->last.text, st->back);
		st->duration_text = hpt_dec_sub(t, st->first.text);
		free(t);
	} else {
		st->duration_text = hpt_dec_sub(st->last.text, st->first.text);
	}
	if (!(st->duration > 0))
		st->duration = 0;
	st->total_integral = st->integral_total;
	st->exit_census = st->ended_empty && st->seen > 1;
	for (i = 0; i < st->nb; i++) {
		struct hp_band_stats *b = &st->b[i];
		const struct hp_band_acc *a = &st->acc[i];
		if (a->samples == 0)
			continue;
		b->samples = a->samples;
		b->max = a->max;
		b->sum = a->sum;
		if (a->sum.hi == 0)
			b->sy = (long double)a->sum.lo;
		b->integral = st->integral[i];
		if (st->duration > 0)
			b->mean = b->integral / st->duration;
		else
			b->mean = hp_u128_double(b->sum) / (double)st->samples;
		b->share = st->total_integral > 0
		           ? 100 * b->integral / st->total_integral : 0;
		b->slope = band_slope(st, b, a);
		/* the fitted line's rise from the band's first sample to
		 * the last sample the slope counts */
		b->growth = b->slope == 0 ? 0
		            : (double)((long double)b->slope *
		                       (st->fit_end - ((long double)b->first.v -
		                                       st->first.v)));
	}
	if (st->duration > 0)
		st->mean_total = st->total_integral / st->duration;
	else if (st->samples)
		st->mean_total = hp_u128_double(st->sum_totals) /
		                 (double)st->samples;
}

void hp_stats_free(struct hp_stats *st)
{
	size_t i;
	free(st->job);
	free(st->date);
	free(st->value_unit);
	free(st->duration_text);
	free(st->back);
	time_free(&st->first);
	time_free(&st->last);
	time_free(&st->max_cost_time);
	time_free(&st->max_total_time);
	for (i = 0; i < st->nb; i++) {
		time_free(&st->b[i].first);
		time_free(&st->b[i].last);
		time_free(&st->b[i].max_time);
	}
	free(st->b);
	free(st->acc);
	free(st->integral);
	free(st->prev);
	free(st->cur);
	free(st->upd);
	memset(st, 0, sizeof *st);
}

/* ---- orders ---- */

/* A band and its sort key: ik (exact, compared first), then dk, then
 * dk2, each descending; then the name, ascending by bytes. */
struct sort_item {
	struct hp_u128 ik;
	double dk, dk2;
	const char *name;
	size_t len;
	uint32_t id;
};

static int by_name(const struct sort_item *a, const struct sort_item *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->name, b->name, n);
	if (c)
		return c;
	return a->len < b->len ? -1 : a->len > b->len;
}

static int by_key(const void *pa, const void *pb)
{
	const struct sort_item *a = pa, *b = pb;
	int c = u128_cmp(b->ik, a->ik);
	if (c)
		return c;
	if (a->dk != b->dk)
		return a->dk < b->dk ? 1 : -1;
	if (a->dk2 != b->dk2)
		return a->dk2 < b->dk2 ? 1 : -1;
	return by_name(a, b);
}

uint32_t *hp_stats_order(const struct hp_stats *st,
                         const struct hpt_intern *bands,
                         enum hp_stats_key key, size_t *n)
{
	struct sort_item *it = hpt_xcalloc(st->nbands + 1, sizeof *it);
	uint32_t *ids;
	size_t i, k = 0;
	for (i = 0; i < st->nb; i++) {
		const struct hp_band_stats *b = &st->b[i];
		struct sort_item *x;
		if (b->samples == 0)
			continue;
		x = &it[k++];
		x->id = (uint32_t)i;
		x->name = bands->name[i];
		x->len = bands->len[i];
		switch (key) {
		case HP_KEY_MAX: x->ik.lo = b->max; break;
		case HP_KEY_SUM: x->ik = b->sum; break;
		case HP_KEY_INTEGRAL: x->dk = b->integral; break;
		case HP_KEY_SLOPE: x->dk = b->slope; break;
		case HP_KEY_GROWTH: x->dk = b->growth; x->dk2 = b->integral;
			break;
		case HP_KEY_NAME: break;
		}
	}
	qsort(it, k, sizeof *it, by_key);
	ids = hpt_xcalloc(k + 1, sizeof *ids);
	for (i = 0; i < k; i++)
		ids[i] = it[i].id;
	free(it);
	*n = k;
	return ids;
}

struct diff_item {
	struct sort_item key;
	struct hp_band_diff d;
};

static int by_change(const void *pa, const void *pb)
{
	return by_key(&((const struct diff_item *)pa)->key,
	              &((const struct diff_item *)pb)->key);
}

static const struct hp_band_stats *band_of(const struct hp_stats *st,
                                           size_t i)
{
	return i < st->nb && st->b[i].samples ? &st->b[i] : NULL;
}

/* A band of one profile by its identity (hp_band_identity): gid the
 * identity's number in a table of identities, num what was taken off
 * (the "(N)" or the -hi address; 0: nothing), id the band. */
struct ident_item {
	uint32_t gid, id;
	uint64_t num;
};

static int by_ident(const void *pa, const void *pb)
{
	const struct ident_item *a = pa, *b = pb;
	if (a->gid != b->gid)
		return a->gid < b->gid ? -1 : 1;
	if (a->num != b->num)
		return a->num < b->num ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

/* The number in what hp_band_identity took off name[0..cut): the
 * digits of "(N)", or the hex digits after "#0x" (from "#" on);
 * saturated at 2^64-1. */
static uint64_t taken_number(const char *name, size_t len, size_t cut,
                             size_t id_len)
{
	uint64_t v = 0, top = UINT64_MAX / 16;
	size_t i, from = 1, to = cut ? cut - 1 : 0;
	int base = 10;
	if (cut == 0) {
		/* "#0x..." after the identity, or nothing */
		if (id_len == len)
			return 0;
		from = id_len + 3;
		to = len;
		base = 16;
	}
	for (i = from; i < to; i++) {
		char c = name[i];
		int d = c >= '0' && c <= '9' ? c - '0'
		        : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c - 'A' + 10;
		if (v > top)
			return UINT64_MAX;
		v = v * (uint64_t)base + (uint64_t)d;
	}
	return v;
}

/* The bands of st with a row into it[0..), by identity; returns their
 * number.  ids is the table of identities. */
static size_t ident_items(const struct hp_stats *st,
                          const struct hpt_intern *bands,
                          struct hpt_intern *ids, struct ident_item *it)
{
	size_t i, k = 0;
	for (i = 0; i < st->nb; i++) {
		const char *name = bands->name[i], *p;
		size_t len = bands->len[i], n;
		if (!st->b[i].samples)
			continue;
		p = hp_band_identity(name, len, &n);
		it[k].gid = hpt_intern(ids, p, n, NULL);
		it[k].id = (uint32_t)i;
		it[k].num = taken_number(name, len, (size_t)(p - name), n);
		k++;
	}
	qsort(it, k, sizeof *it, by_ident);
	return k;
}

/* The figures of band pair (a in old, b in new; either NULL) into x. */
static void diff_figures(struct diff_item *x, const struct hp_band_stats *a,
                         const struct hp_band_stats *b)
{
	x->d.old_integral = a ? a->integral : 0;
	x->d.new_integral = b ? b->integral : 0;
	x->d.delta_integral = x->d.new_integral - x->d.old_integral;
	x->d.old_max = a ? a->max : 0;
	x->d.new_max = b ? b->max : 0;
	x->d.old_slope = a ? a->slope : 0;
	x->d.new_slope = b ? b->slope : 0;
	x->d.delta_slope = x->d.new_slope - x->d.old_slope;
	x->d.old_growth = a ? a->growth : 0;
	x->d.new_growth = b ? b->growth : 0;
	x->d.delta_growth = x->d.new_growth - x->d.old_growth;
	x->key.dk = x->d.delta_integral < 0 ? -x->d.delta_integral
	                                    : x->d.delta_integral;
	/* equal changes (two runs alike): the larger band first */
	x->key.dk2 = x->d.new_integral > x->d.old_integral
	             ? x->d.new_integral : x->d.old_integral;
}

/*
 * The bands of both profiles by identity: in each identity, the old
 * profile's bands in the order of their numbers pair with the new
 * one's in theirs, the first with the first; a band left over is in
 * one profile only.  An identity of one band in each (or in one) is
 * shown as the identity, one of several, or an empty one, as the band's
 * whole name (the new one's where it has one).
 */
struct hp_band_diff *hp_stats_diff(const struct hp_stats *old,
                                   const struct hp_stats *new_,
                                   const struct hpt_intern *bands,
                                   size_t *n)
{
	size_t nb = old->nb > new_->nb ? old->nb : new_->nb, i, j, k = 0;
	struct ident_item *io = hpt_xcalloc(old->nb + 1, sizeof *io);
	struct ident_item *in = hpt_xcalloc(new_->nb + 1, sizeof *in);
	struct diff_item *it = hpt_xcalloc(2 * nb + 1, sizeof *it);
	struct hp_band_diff *out;
	struct hpt_intern ids;
	size_t no, nn;
	hpt_intern_init(&ids);
	no = ident_items(old, bands, &ids, io);
	nn = ident_items(new_, bands, &ids, in);
	i = j = 0;
	while (i < no || j < nn) {
		uint32_t g = i < no && (j >= nn || io[i].gid <= in[j].gid)
		             ? io[i].gid : in[j].gid;
		size_t i0 = i, j0 = j, m;
		int several;
		while (i < no && io[i].gid == g)
			i++;
		while (j < nn && in[j].gid == g)
			j++;
		several = i - i0 > 1 || j - j0 > 1;
		for (m = 0; i0 + m < i || j0 + m < j; m++) {
			const struct ident_item *a = i0 + m < i ? &io[i0 + m]
			                                        : NULL;
			const struct ident_item *b = j0 + m < j ? &in[j0 + m]
			                                        : NULL;
			struct diff_item *x = &it[k++];
			uint32_t shown = b ? b->id : a->id;
			x->d.old_band = a ? a->id : HP_NO_BAND;
			x->d.new_band = b ? b->id : HP_NO_BAND;
			x->d.name = hp_band_identity(bands->name[shown],
			                             bands->len[shown],
			                             &x->d.len);
			if (several || x->d.len == 0) {
				x->d.name = bands->name[shown];
				x->d.len = bands->len[shown];
			}
			diff_figures(x, a ? band_of(old, a->id) : NULL,
			             b ? band_of(new_, b->id) : NULL);
			x->key.name = x->d.name;
			x->key.len = x->d.len;
		}
	}
	hpt_intern_free(&ids);
	free(io);
	free(in);
	qsort(it, k, sizeof *it, by_change);
	out = hpt_xcalloc(k + 1, sizeof *out);
	for (i = 0; i < k; i++)
		out[i] = it[i].d;
	free(it);
	*n = k;
	return out;
}
