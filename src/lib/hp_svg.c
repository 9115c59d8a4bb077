/*
 * hp_svg.c: the heap chart.  See hp_svg.h for what is drawn and the
 * bounds.
 *
 * While reading, samples go into columns (struct column): a column
 * holds the largest value of each band over the samples merged into
 * it, sparse (only the bands seen there), in one pool of 12 bytes a
 * value (band and bytes in two arrays: the pool is the chart's memory,
 * columns times bands, 15 MB for 1000 bands in every column).  Columns cover
 * time cells of width cell (seconds) from the first sample's time;
 * cell starts at 0 (one column per sample) and is widened, every
 * column merged into the new cells, whenever more than 2 x PLOT_W
 * columns are held.  At the end the bands are ranked by their
 * integrals, the columns reduced to at most PLOT_W + 1, and drawn.
 */
#include "hp_svg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "escape.h"
#include "hp_select.h"
#include "hp_stats.h"
#include "namecut.h"
#include "output.h"
#include "svg.h"

/* The layout, in pixels. */
#define WIDTH 1080
#define HEIGHT 600
#define PLOT_X 80       /* left edge of the plot */
#define PLOT_W 620      /* its width: the number of columns drawn */
#define PLOT_Y 64       /* top edge */
#define PLOT_H 456      /* height */
#define KEY_X 730       /* left edge of the key */
#define KEY_NAME_W 196  /* room of a name in the key */
#define KEY_PEAK_X 1002 /* right edge of the key's peak column */
#define KEY_HEAD 18     /* height of the key's column headings */
#define TIP_MAX 2048    /* bytes of a name in a tooltip */
#define TICKS_MAX 16    /* ticks on an axis, at most */
#define BAR_W 8         /* width of the bar of a profile at one time */
#define MARK_LABEL_W 90 /* room of a mark's label */
#define MARK_ROWS 3     /* rows of mark labels */
#define MARK_TIP_MAX 120 /* bytes of a mark's text in its tooltip: up to
                          * 621 marks stay well under 1 MB together */

struct column {
	double t_lo, t_hi;       /* first and last sample time merged */
	double cell;             /* index of its time cell (cell > 0) */
	size_t first, n;         /* its values: pool[first .. first+n) */
};

struct chart {
	/* the header, copied */
	char *job, *date, *sample_unit, *value_unit;
	size_t job_len, date_len, sample_unit_len, value_unit_len;
	int elapsed;             /* hp_header.elapsed_clock */

	struct column *col;
	size_t ncol, colcap;
	uint32_t *pool_band;     /* the pool: band ... */
	uint64_t *pool_bytes;    /* ... and its largest bytes */
	size_t npool, poolcap;
	double t0, cell;         /* time of the first sample, cell width */

	/* where each band's value sits in the pool for the last column:
	 * valid when stamp[band] == ncol (the columns are counted 1..) */
	size_t *pos, *stamp;
	uint64_t *max;           /* each band's largest value ... */
	double *max_t;           /* ... and the time of its first sample */
	size_t nbands, bandcap;

	struct hp_integral integral;
	uint64_t samples;
	struct hp_u128 peak;     /* the largest total, at time peak_t,
	                          * exact (bytes: as hpstat's max total) */
	double peak_t;
	uint64_t last_total;     /* the last sample's total, 2^64-1 at most
	                          * (only whether it is 0 counts) */
	double other_peak;       /* OTHER's largest drawn value (draw) */
	int gnu_cut;             /* a drawn name has GHC's -L "..." */

	struct hp_svg_opts opts;

	double *mark;            /* MARK times, one per cell at most */
	char **mtext;            /* each MARK's text (NULL: none) ... */
	size_t *mlen;            /* ... and its length */
	size_t nmark, markcap, mtextcap, mlencap;
};

static void grow_bands(struct chart *c, size_t need)
{
	size_t cap = c->bandcap, old = c->nbands;
	if (need <= old)
		return;
	if (need > cap) {
		c->pos = hpt_xgrow(c->pos, &cap, need, sizeof *c->pos);
		cap = c->bandcap;
		c->stamp = hpt_xgrow(c->stamp, &cap, need, sizeof *c->stamp);
		cap = c->bandcap;
		c->max = hpt_xgrow(c->max, &cap, need, sizeof *c->max);
		cap = c->bandcap;
		c->max_t = hpt_xgrow(c->max_t, &cap, need, sizeof *c->max_t);
		c->bandcap = cap;
	}
	memset(c->stamp + old, 0, (need - old) * sizeof *c->stamp);
	memset(c->max + old, 0, (need - old) * sizeof *c->max);
	memset(c->max_t + old, 0, (need - old) * sizeof *c->max_t);
	c->nbands = need;
}

/* A new column at the end, empty, for time t in cell k. */
static void column_new(struct chart *c, double t, double k)
{
	struct column *x;
	c->col = hpt_xgrow(c->col, &c->colcap, c->ncol + 1, sizeof *c->col);
	x = &c->col[c->ncol++];
	x->t_lo = x->t_hi = t;
	x->cell = k;
	x->first = c->npool;
	x->n = 0;
}

/* Merge band b's value into the last column, keeping the band's
 * largest (the column's values are the last ones of the pool).  Writes
 * at most one value, at the end of the pool. */
static void column_merge(struct chart *c, uint32_t b, uint64_t bytes)
{
	if (c->stamp[b] == c->ncol) {
		if (bytes > c->pool_bytes[c->pos[b]])
			c->pool_bytes[c->pos[b]] = bytes;
		return;
	}
	if (c->npool == c->poolcap) {
		size_t cap = c->poolcap;
		c->pool_band = hpt_xgrow(c->pool_band, &cap, c->npool + 1,
		                         sizeof *c->pool_band);
		cap = c->poolcap;
		c->pool_bytes = hpt_xgrow(c->pool_bytes, &cap, c->npool + 1,
		                          sizeof *c->pool_bytes);
		c->poolcap = cap;
	}
	c->pool_band[c->npool] = b;
	c->pool_bytes[c->npool] = bytes;
	c->stamp[b] = c->ncol;
	c->pos[b] = c->npool++;
	c->col[c->ncol - 1].n++;
}

static double cell_of(const struct chart *c, double t)
{
	return c->cell > 0 ? floor((t - c->t0) / c->cell) : 0;
}

/* Widen the cells so that the columns fit in about target, and merge
 * the columns of each new cell.  While reading (twice 1) the cells at
 * least double, so that widening happens a logarithmic number of
 * times; at the end they become just wide enough.  Marks are thinned
 * to one per cell. */
static void widen(struct chart *c, size_t target, int twice)
{
	struct column *old = c->col;
	size_t nold = c->ncol, i, j, k;
	double last = old[nold - 1].t_hi, span;
	if (c->nmark > 0 && c->mark[c->nmark - 1] > last)
		last = c->mark[c->nmark - 1];
	span = last - c->t0;
	double cell = span > 0 ? span / (double)target : 1;
	/* a span of a few denormals over target is 0: then one cell is
	 * the whole span (a cell of 0 would put every sample in a new
	 * column, and widen again at each) */
	if (!(cell > 0))
		cell = span > 0 ? span : 1;
	if (cell < (twice ? 2 : 1) * c->cell)
		cell = (twice ? 2 : 1) * c->cell;
	c->cell = cell;
	c->col = NULL;
	c->colcap = c->ncol = 0;
	/* the merged columns are written over the old ones in the pool:
	 * each value read writes at most one, at the end, so the end never
	 * passes the value being read */
	c->npool = 0;
	memset(c->stamp, 0, c->nbands * sizeof *c->stamp);
	for (i = 0; i < nold; i++) {
		double kc = cell_of(c, old[i].t_lo);
		if (c->ncol == 0 || kc > c->col[c->ncol - 1].cell) {
			column_new(c, old[i].t_lo, kc);
		} else {
			struct column *x = &c->col[c->ncol - 1];
			if (old[i].t_lo < x->t_lo)
				x->t_lo = old[i].t_lo;
		}
		if (old[i].t_hi > c->col[c->ncol - 1].t_hi)
			c->col[c->ncol - 1].t_hi = old[i].t_hi;
		for (k = old[i].first; k < old[i].first + old[i].n; k++)
			column_merge(c, c->pool_band[k], c->pool_bytes[k]);
	}
	free(old);
	/* a cell keeps its first mark, and that one's text */
	for (i = j = 0; i < c->nmark; i++) {
		if (j > 0 &&
		    cell_of(c, c->mark[i]) <= cell_of(c, c->mark[j - 1])) {
			free(c->mtext[i]);
			continue;
		}
		c->mark[j] = c->mark[i];
		c->mtext[j] = c->mtext[i];
		c->mlen[j++] = c->mlen[i];
	}
	c->nmark = j;
}

/* A copy of a header string (NULL: empty). */
static char *dup(const char *s, size_t n, size_t *len)
{
	*len = s ? n : 0;
	return hpt_xmemdup(s ? s : "", *len);
}

static void header_cb(void *arg, const struct hp_header *h)
{
	struct chart *c = arg;
	free(c->job);
	free(c->date);
	free(c->sample_unit);
	free(c->value_unit);
	c->job = dup(h->job, h->job_len, &c->job_len);
	c->date = dup(h->date, h->date_len, &c->date_len);
	c->sample_unit = dup(h->sample_unit, h->sample_unit_len,
	                     &c->sample_unit_len);
	c->value_unit = dup(h->value_unit, h->value_unit_len,
	                    &c->value_unit_len);
	c->elapsed = h->elapsed_clock;
}

static void sample_cb(void *arg, const struct hpt_intern *bands,
                      const struct hp_sample *s)
{
	struct chart *c = arg;
	struct hp_u128 total = {0, 0};
	double k;
	size_t i;
	grow_bands(c, bands->count);
	for (i = 0; i < s->n; i++) {
		uint32_t b = s->v[i].band;
		/* exact beyond 2^64-1 bytes too: a carry into hi */
		total.lo += s->v[i].bytes;
		if (total.lo < s->v[i].bytes)
			total.hi++;
		if (s->v[i].bytes > c->max[b]) {
			c->max[b] = s->v[i].bytes;
			c->max_t[b] = s->time;
		}
	}
	if (c->samples == 0 || total.hi > c->peak.hi ||
	    (total.hi == c->peak.hi && total.lo > c->peak.lo)) {
		c->peak = total;
		c->peak_t = s->time;
	}
	if (c->samples == 0)
		c->t0 = s->time;
	c->last_total = total.hi ? UINT64_MAX : total.lo;
	c->samples++;
	hp_integral_add(&c->integral, s);
	k = cell_of(c, s->time);
	if (c->ncol == 0 || c->cell == 0 || k > c->col[c->ncol - 1].cell) {
		column_new(c, s->time, k);
	} else {
		struct column *x = &c->col[c->ncol - 1];
		if (s->time < x->t_lo)
			x->t_lo = s->time;
		if (s->time > x->t_hi)
			x->t_hi = s->time;
	}
	for (i = 0; i < s->n; i++)
		column_merge(c, s->v[i].band, s->v[i].bytes);
	if (c->ncol > 2 * PLOT_W)
		widen(c, PLOT_W, 1);
}

static void mark_cb(void *arg, const struct hp_sample *s)
{
	struct chart *c = arg;
	if (c->nmark > 0 && c->cell > 0 &&
	    cell_of(c, s->time) <= cell_of(c, c->mark[c->nmark - 1]))
		return;
	/* before the first sample there is nothing to thin them by; they
	 * are not drawn anyway unless samples follow at their times */
	if (c->ncol == 0 && c->nmark >= 4 * PLOT_W)
		return;
	c->mark = hpt_xgrow(c->mark, &c->markcap, c->nmark + 1,
	                    sizeof *c->mark);
	c->mtext = hpt_xgrow(c->mtext, &c->mtextcap, c->nmark + 1,
	                     sizeof *c->mtext);
	c->mlen = hpt_xgrow(c->mlen, &c->mlencap, c->nmark + 1,
	                    sizeof *c->mlen);
	c->mtext[c->nmark] = s->mark_len ? hpt_xmemdup(s->mark_text,
	                                               s->mark_len) : NULL;
	c->mlen[c->nmark] = s->mark_len;
	c->mark[c->nmark++] = s->time;
	/* marks with no sample to thin them stay bounded too */
	if (c->nmark > 4 * PLOT_W && c->ncol > 0)
		widen(c, PLOT_W, 1);
}

/* A time as the chart writes it: three decimals at most, no trailing
 * zeros ("0.175", "32.623", "2"). */
static char *time_text(double t)
{
	char *s = hpt_xasprintf("%.3f", t);
	size_t n = strlen(s);
	while (n > 0 && s[n - 1] == '0')
		n--;
	if (n > 0 && s[n - 1] == '.')
		n--;
	s[n] = '\0';
	if (strcmp(s, "-0") == 0)
		s[0] = '0', s[1] = '\0';
	return s;
}

/* Write a time and its unit: "s" for seconds, else the SAMPLE_UNIT as
 * it is. */
static void out_time(const struct chart *c, double t)
{
	char *s = time_text(t);
	hpt_out_str(s);
	free(s);
	hpt_out_char(' ');
	if (c->sample_unit_len == 7 &&
	    memcmp(c->sample_unit, "seconds", 7) == 0)
		hpt_out_char('s');
	else
		hpt_out_xml(c->sample_unit, c->sample_unit_len);
}

/* ---- sizes and times as text ---- */

/* A round step (1, 2 or 5 times a power of ten) that cuts range into
 * four to seven parts. */
static double nice_step(double range)
{
	double raw = range / 7, mag, f;
	if (!(raw > 0))
		return 1;
	mag = pow(10, floor(log10(raw)));
	f = raw / mag;
	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

/* Decimals needed to write multiples of step. */
static int decimals(double step)
{
	int d = (int)-floor(log10(step) + 1e-9);
	return d < 0 ? 0 : d > 9 ? 9 : d;
}

/* The units of sizes: bytes in powers of 1024 (KiB, MiB, ..., the one
 * family of units hptools writes for people, hptools.5), any other
 * VALUE_UNIT in powers of 1000 with k, M, G ... and no unit.  A total
 * is below 2^128, 3.4 x 10^38: at most 14 digits before "Y". */
static const char *const units_b[] = {"B", "KiB", "MiB", "GiB", "TiB",
                                      "PiB", "EiB", "ZiB", "YiB"};
static const char *const units_d[] = {"", "k", "M", "G", "T", "P", "E",
                                      "Z", "Y"};
#define UNITS_MAX 8

static double unit_base(int bytes)
{
	return bytes ? 1024 : 1000;
}

static const char *unit_name(int u, int bytes)
{
	return bytes ? units_b[u] : units_d[u];
}

/* The unit (its power *u of the base) in which v is at least 1 and
 * below the base (the largest for a huge v), as a number of bytes. */
static double unit_of(double v, int bytes, int *u)
{
	double scale = 1, base = unit_base(bytes);
	*u = 0;
	while (*u < UNITS_MAX && v >= scale * base) {
		scale *= base;
		(*u)++;
	}
	return scale;
}

/* A size for tooltips, the key and the subtitle (v a whole number of
 * bytes): three significant figures (four from 1000 to 1023 of a
 * unit), rounded as printed, so that 1048575 bytes is "1.00 MiB", not
 * "1024 KiB", and 10235 "10.0 KiB", not "10.00 KiB". */
static char *size_short(double v, int bytes)
{
	char buf[64];
	double base = unit_base(bytes), x = v;
	int u = 0, d;
	if (v < base)
		return hpt_xasprintf("%.0f %s", v, unit_name(0, bytes));
	while (u < UNITS_MAX && x >= base) {
		x /= base;
		u++;
	}
	d = x < 10 ? 2 : x < 100 ? 1 : 0;
	for (;;) {
		double r;
		snprintf(buf, sizeof buf, "%.*f", d, x);
		r = strtod(buf, NULL);
		if (d > 0 && r >= (d == 2 ? 10 : 100)) {
			d--;
		} else if (d == 0 && r >= base && u < UNITS_MAX) {
			x /= base;
			u++;
			d = 2;
		} else {
			break;
		}
	}
	return hpt_xasprintf("%s %s", buf, unit_name(u, bytes));
}

/* A time tick's label, t a multiple of step, td = decimals(step): the
 * origin is "0" as on the size axis, not "0.00"; a step below 10^-9
 * (times in denormals, not GHC's) is written in three significant
 * digits. */
static char *tick_text(double t, double step, int td)
{
	if (t == 0 || (t < step * 1e-9 && t > -step * 1e-9))
		return hpt_xstrdup("0");
	if (step < 1e-9)
		return hpt_xasprintf("%.3g", t);
	return hpt_xasprintf("%.*f", td, t);
}

/* The next round step after step (1, 2, 5 times a power of ten). */
static double next_step(double step)
{
	double mag = pow(10, floor(log10(step) + 1e-9));
	double f = step / mag;
	return (f < 1.5 ? 2 : f < 3.5 ? 5 : 10) * mag;
}

/* The share of a drawn band (or OTHER, band UINT32_MAX, whose
 * integral is other) in the total time integral, in percent. */
static double share(const struct chart *c, uint32_t band, double other)
{
	double total = c->integral.total;
	double v = band == UINT32_MAX ? other
	                              : hp_integral_of(&c->integral, band);
	return total > 0 ? v / total * 100 : 0;
}

/* A share in percent as the key and the tooltips show it (a new
 * string): one decimal, "<0.1 %" for a share above 0 that would show
 * as 0.0. */
static char *share_text(double pct)
{
	return pct > 0 && pct < 0.05 ? hpt_xstrdup("<0.1 %")
	                             : hpt_xasprintf("%.1f %%", pct);
}

/* Whether a name holds "...", the mark GHC leaves where it cut a cost
 * centre stack to its -L length (rts/ProfHeap.c). */
static int has_dots(const char *s, size_t n)
{
	size_t i;
	for (i = 0; i + 3 <= n; i++)
		if (memcmp(s + i, "...", 3) == 0)
			return 1;
	return 0;
}

/* The tooltip text of a drawn band, or of OTHER (band UINT32_MAX: the
 * sum of others bands, whose integrals add up to other; one of them the
 * input's own OTHER when input_other is set). */
static void band_tip(const struct chart *c, const struct hpt_intern *bands,
                     uint32_t band, size_t others, int input_other,
                     double other, int bytes)
{
	char *s, *m, *p = share_text(share(c, band, other));
	if (band == UINT32_MAX) {
		m = size_short(c->other_peak, bytes);
		if (input_other && others == 1)
			s = hpt_xasprintf("OTHER: the input's own OTHER\n"
			                  "peak %s\nshare ", m);
		else if (input_other)
			s = hpt_xasprintf("OTHER: the input's own OTHER and "
			                  "%zu more bands summed\npeak %s\n"
			                  "share ", others - 1, m);
		else
			s = hpt_xasprintf("OTHER: %zu more bands summed\n"
			                  "peak %s\nshare ", others, m);
		free(m);
		svg_raw(s);
		svg_tip(p, strlen(p), 0); /* "<0.1 %" */
		svg_raw(" of the area");
		free(p);
		free(s);
		return;
	}
	svg_tip(bands->name[band], bands->len[band], TIP_MAX);
	if (bands->len[band] == 1 && bands->name[band][0] == '*')
		svg_raw(" (GHC: a closure of unknown type)");
	if (has_dots(bands->name[band], bands->len[band]))
		svg_raw("\n(\"...\": cut by GHC to its -L length)");
	m = size_short(c->max[band], bytes);
	s = hpt_xasprintf("\npeak %s at ", m);
	svg_raw(s);
	free(s);
	out_time(c, c->max_t[band]);
	svg_raw("\nshare ");
	svg_tip(p, strlen(p), 0); /* "<0.1 %" */
	svg_raw(" of the area");
	free(m);
	free(p);
}

/* ---- the plan: everything decided before painting ---- */

/* The chart's scales: time tmin..tmax across the plot, 0..ymax up;
 * ystep and tstep the ticks' steps, yunit the size axis' unit (bytes,
 * a power yu of the base). */
struct scale {
	double tmin, tmax, ymax;
	double ystep, tstep, yunit;
	int yu;
};

/* A drawn band d is a named band (d < nkeep: band order[d]) or OTHER
 * (d == nkeep, when nother > 0), stacked from d = 0 at the bottom. */
struct plan {
	const struct hpt_intern *bands;
	size_t nb, nkeep, nother, nd, ncol;
	size_t ndraw;            /* the columns drawn: all, or up to -X */
	int input_other;         /* one of nother: the input's OTHER */
	uint32_t *order;         /* the ranking (hp_rank_order) */
	size_t *rank;            /* per band: its d (nkeep: in OTHER) */
	size_t *slot;            /* per named d: its palette slot */
	struct hpt_cut *label;   /* per named d: its key label */
	double *cum;             /* cum[col * nd + d]: top of d in col */
	double *xs;              /* each column's time */
	double other;            /* OTHER's integral */
	double top;              /* the largest stacked top */
	double last;             /* the latest column's time */
	int bytes;               /* VALUE_UNIT is bytes */
	int one_time;            /* every sample at one time: a bar */
	struct scale sc;
};

static double px(const struct scale *sc, double t)
{
	return PLOT_X + (t - sc->tmin) / (sc->tmax - sc->tmin) * PLOT_W;
}

static double py(const struct scale *sc, double v)
{
	return PLOT_Y + PLOT_H - v / sc->ymax * PLOT_H;
}

/* The band of drawn d, UINT32_MAX for OTHER. */
static uint32_t band_of(const struct plan *p, size_t d)
{
	return d < p->nkeep ? p->order[d] : UINT32_MAX;
}

static const char *colour_of(const struct plan *p, size_t d)
{
	return d < p->nkeep ? svg_palette[p->slot[d]] : SVG_OTHER_COLOUR;
}

/* The palette slots (svg.h) of the bands drawn by name, by their
 * identities (hp_band_identity: the name without GHC's "(N)"), so that
 * a band has its colour in every chart of every run.  The home is the
 * hash of an identity's first GHC_CUT bytes: GHC cuts a -hc or -hr
 * name of more than -L bytes (25 by default) to its first -L - 4 and
 * "..." in a .hp (rts/ProfHeap.c fprint_ccs), and writes it whole in
 * an eventlog, so that the two names of one band share their first 21
 * bytes whenever -L is 25 or more. */
#define GHC_CUT 21
static void plan_colours(struct plan *p)
{
	size_t n = p->nkeep, i;
	const char **name = hpt_xcalloc(n + 1, sizeof *name);
	size_t *len = hpt_xcalloc(n + 1, sizeof *len);
	p->slot = hpt_xcalloc(n + 1, sizeof *p->slot);
	for (i = 0; i < n; i++)
		name[i] = hp_band_identity(p->bands->name[p->order[i]],
		                           p->bands->len[p->order[i]], &len[i]);
	svg_colour_assign(name, len, GHC_CUT, n, SVG_PALETTE_N, p->slot);
	free(name);
	free(len);
}

/* The key's labels: the names cut to KEY_NAME_W by the rule of
 * namecut.h, lengthened where two would read the same. */
static void plan_labels(struct plan *p)
{
	size_t n = p->nkeep, i;
	const char **name = hpt_xcalloc(n + 1, sizeof *name);
	size_t *len = hpt_xcalloc(n + 1, sizeof *len);
	struct svg_measure m = {12, 0};
	p->label = hpt_xcalloc(n + 1, sizeof *p->label);
	for (i = 0; i < n; i++) {
		name[i] = p->bands->name[p->order[i]];
		len[i] = p->bands->len[p->order[i]];
	}
	hpt_cut_unique(name, len, n, KEY_NAME_W, 12, svg_ellipsis_width(&m),
	               svg_unit_width, &m, p->label);
	free(name);
	free(len);
}

/* Which bands are drawn by name, and their colours and labels. */
static void plan_bands(struct chart *c, struct plan *p)
{
	unsigned char *keep = hpt_xcalloc(p->nb + 1, 1);
	unsigned char *present = hpt_xcalloc(p->nb + 1, 1);
	size_t i, nranked;
	long oid;
	p->order = hpt_xcalloc(p->nb + 1, sizeof *p->order);
	p->rank = hpt_xcalloc(p->nb + 1, sizeof *p->rank);
	/* the rules of hpslice -m and hp2ps -t: one ranking, hp_select.h, of
	 * the bands of the samples drawn only (the table may hold one of
	 * a census the reader dropped: not in -o tsv, nor here); the
	 * bands kept are the first of its order */
	for (i = 0; i < c->npool; i++)
		present[c->pool_band[i]] = 1;
	/* a band of the input called OTHER (hpslice -m's) is never drawn
	 * by name: it is summed into the chart's own OTHER, grey, as
	 * hpslice sums it */
	oid = hpt_intern_find(p->bands, "OTHER", 5);
	nranked = hp_rank_order(&c->integral, p->bands, present, oid,
	                        p->order);
	p->nkeep = hp_rank_keep_sum(&c->integral, p->bands, present,
	                        c->opts.max_bands, c->opts.percent, oid, keep);
	p->input_other = oid >= 0 && present[oid];
	p->nother = nranked - p->nkeep + (size_t)p->input_other;
	p->other = c->integral.total;
	for (i = 0; i < nranked; i++)
		p->rank[p->order[i]] = i < p->nkeep ? i : p->nkeep;
	if (oid >= 0)
		p->rank[oid] = p->nkeep;
	for (i = 0; i < p->nkeep; i++) {
		p->other -= hp_integral_of(&c->integral, p->order[i]);
		if (has_dots(p->bands->name[p->order[i]],
		             p->bands->len[p->order[i]]))
			c->gnu_cut = 1;
	}
	p->nd = p->nkeep + (p->nother > 0);
	plan_colours(p);
	plan_labels(p);
	free(keep);
	free(present);
}

/* The stacked tops of the drawn bands in each column. */
static void plan_stack(struct chart *c, struct plan *p)
{
	size_t nd = p->nd, i, d, j;
	p->cum = hpt_xcalloc(p->ncol * nd + 1, sizeof *p->cum);
	p->xs = hpt_xcalloc(p->ncol + 1, sizeof *p->xs);
	for (i = 0; i < p->ncol; i++) {
		const struct column *x = &c->col[i];
		double *cum = p->cum + i * nd;
		p->xs[i] = x->t_lo == x->t_hi ? x->t_lo
		                              : (x->t_lo + x->t_hi) / 2;
		for (j = x->first; j < x->first + x->n; j++)
			cum[p->rank[c->pool_band[j]]] +=
			        (double)c->pool_bytes[j];
		for (d = 1; d < nd; d++)
			cum[d] += cum[d - 1];
		if (nd && cum[nd - 1] > p->top)
			p->top = cum[nd - 1];
		if (p->nother) {
			double o = cum[nd - 1] - (nd > 1 ? cum[nd - 2] : 0);
			if (o > c->other_peak)
				c->other_peak = o;
		}
	}
}

/* -X: the columns drawn, up to the first one after its time, that one
 * moved back to it (each band's top where the line between the two
 * columns crosses it), so that no point lies far right of the plot (a
 * renderer cannot draw a path of points 10^9 pixels out).  The columns
 * after it are not drawn; the key, the peaks and the shares are still
 * those of the whole profile. */
static void plan_cut(const struct chart *c, struct plan *p)
{
	double tmax = c->opts.tmax, f;
	size_t nd = p->nd, k, d;
	p->ndraw = p->ncol;
	if (!(tmax > 0))
		return;
	for (k = 0; k < p->ncol && p->xs[k] <= tmax; k++)
		;
	if (k == p->ncol)
		return;
	p->ndraw = k ? k + 1 : 0;
	if (k == 0 || p->one_time)
		return;
	f = (tmax - p->xs[k - 1]) / (p->xs[k] - p->xs[k - 1]);
	for (d = 0; d < nd; d++) {
		double a = p->cum[(k - 1) * nd + d], b = p->cum[k * nd + d];
		p->cum[k * nd + d] = a + (b - a) * f;
	}
	p->xs[k] = tmax;
}

/* The time axis: from the first column to the last, from 0 when that
 * is near; all at one time, a span around it. */
static void plan_time(struct chart *c, struct plan *p)
{
	struct scale *sc = &p->sc;
	double span;
	size_t i;
	sc->tmin = p->ncol ? c->col[0].t_lo : 0;
	sc->tmax = sc->tmin;
	for (i = 0; i < p->ncol; i++) {
		if (c->col[i].t_lo < sc->tmin)
			sc->tmin = c->col[i].t_lo;
		if (c->col[i].t_hi > sc->tmax)
			sc->tmax = c->col[i].t_hi;
	}
	/* every sample at one time: drawn as a bar in the middle of an
	 * axis from 0 to twice its time (from 0 to 1 at time 0) */
	p->one_time = p->ncol > 0 && !(sc->tmax > sc->tmin);
	if (p->one_time && sc->tmin > 0 && sc->tmin < 1e300) {
		sc->tmax = 2 * sc->tmin;
		sc->tmin = 0;
	}
	/* a profile that starts soon after 0 (an eventlog's first census
	 * comes after the program started) is drawn from 0, so that the
	 * axis has its origin; a slice far from 0 is not */
	if (sc->tmin > 0 && sc->tmin <= (sc->tmax - sc->tmin) / 4)
		sc->tmin = 0;
	p->last = sc->tmax;
	/* -X: 0 to its time, whatever the samples span (the plot's clip
	 * cuts what lies after it; a bar at its own time) */
	if (c->opts.tmax > 0) {
		sc->tmin = 0;
		sc->tmax = c->opts.tmax;
	}
	/* the time axis spans at least 10^-12 of its largest time (and 1
	 * when all the samples are at one time): below that the doubles
	 * cannot tell the ticks apart (from 2^53, about 9e15, not even
	 * whole ones: t + 1 == t); the samples are then drawn at its left */
	span = fabs(sc->tmax) > fabs(sc->tmin) ? fabs(sc->tmax)
	                                       : fabs(sc->tmin);
	span *= 1e-12;
	if (!(sc->tmax > sc->tmin) && span < 1)
		span = 1;
	if (!(sc->tmax - sc->tmin >= span))
		sc->tmax = sc->tmin + span;
	sc->tstep = nice_step(sc->tmax - sc->tmin);
	/* long labels (times from 10^9 on) get fewer ticks, so that they
	 * do not overlap: a digit is about 7 pixels wide */
	for (i = 0; i < 8; i++) {
		char *s = tick_text(sc->tmax, sc->tstep, decimals(sc->tstep));
		int ok = ((sc->tmax - sc->tmin) / sc->tstep + 1) *
		         (double)(strlen(s) * 7 + 16) <=
		         PLOT_W + 7 * (double)strlen(s);
		free(s);
		if (ok)
			break;
		sc->tstep = next_step(sc->tstep);
	}
}

/* The size axis: 0 to the top rounded up to a tick (or -Y), in steps
 * round in its unit. */
static void plan_size(struct chart *c, struct plan *p)
{
	struct scale *sc = &p->sc;
	double top = c->opts.ymax ? (double)c->opts.ymax : p->top;
	if (!(top > 0))
		top = 1;
	sc->yunit = unit_of(top, p->bytes, &sc->yu);
	sc->ystep = nice_step(top / sc->yunit) * sc->yunit;
	if (sc->ystep < 1)
		sc->ystep = 1;
	sc->ymax = c->opts.ymax ? (double)c->opts.ymax
	                        : ceil(top / sc->ystep - 1e-9) * sc->ystep;
	if (sc->ymax <= 0)
		sc->ymax = sc->ystep;
}

static void plan_free(struct plan *p)
{
	free(p->order);
	free(p->rank);
	free(p->slot);
	free(p->label);
	free(p->cum);
	free(p->xs);
}

/* A mark's label at line x: right of it (left of it near the plot's
 * right edge), in the first row whose labels end before it; right[r]
 * is where row r's last label ends. */
static void mark_label(const char *t, size_t n, double x, double *right,
                       struct svg_measure *m)
{
	struct hpt_cut cut;
	double lx, rx;
	int r, end;
	hpt_cut_name(t, n, MARK_LABEL_W, svg_ellipsis_width(m),
	             svg_unit_width, m, &cut);
	end = x + 3 + cut.width > PLOT_X + PLOT_W;
	lx = end ? x - 3 - cut.width : x + 3;
	rx = lx + cut.width;
	for (r = 0; r < MARK_ROWS && lx < right[r] + 4; r++)
		;
	if (r == MARK_ROWS)
		return;
	right[r] = rx;
	svg_text_cut(end ? x - 3 : x + 3, PLOT_Y + 11 + 12 * r, end ?
	             "class=\"mark-label\" font-size=\"10\" "
	             "text-anchor=\"end\"" : "class=\"mark-label\" "
	             "font-size=\"10\"", t, n, &cut);
}

/* The marks: a triangle under the time axis at each, a dotted line up
 * the plot, and its text (when it has one) as a label at the line's
 * top, cut to MARK_LABEL_W, in the first of MARK_ROWS rows where it
 * overlaps no label before it (else only in the tooltip); the tooltip
 * gives the time and the whole text. */
static void draw_marks(const struct chart *c, const struct scale *sc)
{
	double right[MARK_ROWS];
	struct svg_measure m = {10, 0};
	size_t i;
	int r;
	if (c->nmark == 0)
		return;
	for (r = 0; r < MARK_ROWS; r++)
		right[r] = -1e300;
	svg_group("id=\"marks\" fill=\"#cc3311\"");
	for (i = 0; i < c->nmark; i++) {
		double x = px(sc, c->mark[i]), y = PLOT_Y + PLOT_H + 1;
		if (c->mark[i] < sc->tmin || c->mark[i] > sc->tmax)
			continue;
		svg_group("class=\"mark\"");
		svg_tip_begin();
		svg_raw("MARK at ");
		out_time(c, c->mark[i]);
		if (c->mlen[i]) {
			svg_raw(": ");
			svg_tip(c->mtext[i], c->mlen[i], MARK_TIP_MAX);
		}
		svg_tip_end(NULL);
		svg_line(x, PLOT_Y, x, PLOT_Y + PLOT_H, "stroke=\"#cc3311\" "
		         "stroke-dasharray=\"2,3\"");
		svg_path_begin();
		svg_path_pt('M', x, y);
		svg_path_pt('L', x - 4, y + 8);
		svg_path_pt('L', x + 4, y + 8);
		svg_path_pt('Z', 0, 0);
		svg_path_end(NULL, 0);
		if (c->mlen[i])
			mark_label(c->mtext[i], c->mlen[i], x, right, &m);
		svg_group_end();
	}
	svg_group_end();
}

/* Where to cut a title (JOB) of n bytes to room in measure m: a
 * command line "PROG ARGS +RTS OPTS" is cut in the middle of its
 * ARGS, so that the program's name and its +RTS options (which say
 * which breakdown this is) stay; any other title by namecut.h's rule. */
static void title_cut(const char *s, size_t n, double room,
                      struct svg_measure *m, struct hpt_cut *out)
{
	double ell = svg_ellipsis_width(m), hw, tw;
	size_t sp, rts = n, i;
	for (sp = 0; sp < n && s[sp] != ' '; sp++)
		;
	for (i = sp; i + 5 <= n; i++)
		if (memcmp(s + i, " +RTS", 5) == 0) {
			rts = i;
			break;
		}
	hpt_cut_name(s, n, room, ell, svg_unit_width, m, out);
	if (!out->cut || rts == n || sp >= rts)
		return;
	hw = svg_text_width_bold(s, sp, m->px);
	tw = svg_text_width_bold(s + rts, n - rts, m->px);
	if (hw + ell + tw > room)
		return;
	/* the program and as much of ARGS as fits before the "…" */
	out->tail = n - rts;
	out->head = svg_fit_bytes(s, rts, room - ell - tw, m, &hw);
	if (out->head < sp)
		out->head = sp;
	out->width = hw + ell + tw;
}

/* ---- painting ---- */

/* A size tick's label: v in the axis' unit, as many decimals as the
 * step needs. */
static char *size_tick(const struct scale *sc, double v, int bytes)
{
	return hpt_xasprintf("%.*f %s", decimals(sc->ystep / sc->yunit),
	                     v / sc->yunit, unit_name(sc->yu, bytes));
}

static void draw_axes(const struct chart *c, const struct plan *p)
{
	const struct scale *sc = &p->sc;
	double v, t, k;
	int td = decimals(sc->tstep), secs, n;
	char *s;
	svg_group("id=\"axes\"");
	/* n bounds the ticks whatever the doubles (the steps are a fifth
	 * to a seventh of the ranges, and k stays far below 2^53, where
	 * k++ would stop counting) */
	for (k = 0, n = 0; (v = k * sc->ystep) <= sc->ymax * (1 + 1e-9) &&
	     n < TICKS_MAX; k++, n++) {
		double y = py(sc, v);
		s = k > 0 ? size_tick(sc, v, p->bytes) : hpt_xstrdup("0");
		svg_line(PLOT_X, y, PLOT_X + PLOT_W, y,
		         v > 0 ? "stroke=\"#dddddd\"" : "stroke=\"#000000\"");
		svg_text_str(PLOT_X - 6, y + 4, "class=\"size-tick\" "
		             "text-anchor=\"end\"", s);
		free(s);
	}
	for (k = ceil(sc->tmin / sc->tstep - 1e-9), n = 0;
	     (t = k * sc->tstep) <= sc->tmax + sc->tstep * 1e-9 &&
	     n < TICKS_MAX; k++, n++) {
		double x = px(sc, t);
		s = tick_text(t, sc->tstep, td);
		svg_line(x, PLOT_Y + PLOT_H, x, PLOT_Y + PLOT_H + 4,
		         "stroke=\"#000000\"");
		svg_text_str(x, PLOT_Y + PLOT_H + 24,
		             "class=\"time-tick\" text-anchor=\"middle\"", s);
		free(s);
	}
	svg_line(PLOT_X, PLOT_Y, PLOT_X, PLOT_Y + PLOT_H, "stroke=\"#000000\"");
	/* the units, and which clock the seconds are on */
	secs = c->sample_unit_len == 7 &&
	       memcmp(c->sample_unit, "seconds", 7) == 0;
	svg_text_fit(PLOT_X + PLOT_W / 2, PLOT_Y + PLOT_H + 44,
	             "id=\"time-unit\" text-anchor=\"middle\"",
	             c->sample_unit, c->sample_unit_len, PLOT_W, 12, 1,
	             !secs ? NULL : c->elapsed ? " (elapsed)"
	                                       : " (mutator CPU)");
	s = hpt_xasprintf("id=\"size-unit\" text-anchor=\"middle\" "
	                  "transform=\"rotate(-90 18 %d)\"",
	                  PLOT_Y + PLOT_H / 2);
	svg_text_fit(18, PLOT_Y + PLOT_H / 2, s, c->value_unit,
	             c->value_unit_len, PLOT_H, 12, 1, p->bytes ?
	             " (KiB, MiB, GiB: 2\xc2\xb9\xe2\x81\xb0, "
	             "2\xc2\xb2\xe2\x81\xb0, 2\xc2\xb3\xe2\x81\xb0 bytes)"
	             : NULL);
	free(s);
	svg_group_end();
}

/* The title: the JOB in bold, cut to the picture's width (title_cut). */
static void draw_title(const struct chart *c)
{
	struct svg_measure m = {16, 1};
	struct hpt_cut cut;
	title_cut(c->job, c->job_len, WIDTH - PLOT_X - 10, &m, &cut);
	svg_text_cut(PLOT_X, 24, "id=\"job\" font-size=\"16\" "
	             "font-weight=\"bold\"", c->job, c->job_len, &cut);
}

/* The line under the title: DATE, the largest total, the samples. */
static void draw_subtitle(const struct chart *c, const struct plan *p)
{
	char *s;
	hpt_out_str("<text x=\"80\" y=\"44\" id=\"date\">");
	hpt_out_xml(c->date, c->date_len);
	if (c->date_len && c->elapsed)
		hpt_out_str(" UTC");
	if (c->samples) {
		s = size_short(hp_u128_double(c->peak), p->bytes);
		hpt_out_printf("%slargest total %s at ",
		               c->date_len ? " \xe2\x80\x94 " : "", s);
		free(s);
		out_time(c, c->peak_t);
		hpt_out_printf(", %llu sample%s",
		               (unsigned long long)c->samples,
		               c->samples == 1 ? "" : "s");
		if (c->cell > 0)
			hpt_out_printf(" in %zu columns, each band at its "
			               "largest in each column", p->ncol);
		/* GHC ends a finished .hp with an empty sample (and the
		 * eventlog reader its last census with one): without it
		 * the program was cut off, or is still running */
		if (c->last_total > 0)
			hpt_out_str("; incomplete: no final empty sample "
			            "(cut off?)");
		if (p->top > p->sc.ymax)
			hpt_out_str("; cut at the top by -Y");
		if (p->ncol && p->last > p->sc.tmax)
			hpt_out_str("; cut at the right by -X");
	}
	hpt_out_str("</text>\n");
}

/* The outline of drawn band d: its top edge left to right, then the top
 * of the band below it (or the axis) right to left.  All at one time,
 * a bar BAR_W wide at that time. */
static void band_outline(const struct plan *p, size_t d)
{
	const struct scale *sc = &p->sc;
	size_t nd = p->nd, i;
	if (p->ndraw == 0) {
		/* every sample after -X: nothing in the plot */
		svg_path_pt('M', PLOT_X + PLOT_W, PLOT_Y + PLOT_H);
		svg_path_pt('Z', 0, 0);
		return;
	}
	if (p->one_time) {
		double x = px(sc, p->xs[0]) - BAR_W / 2.0;
		if (x < PLOT_X)
			x = PLOT_X;
		if (x > PLOT_X + PLOT_W - BAR_W)
			x = PLOT_X + PLOT_W - BAR_W;
		svg_path_pt('M', x, py(sc, p->cum[d]));
		svg_path_pt('L', x + BAR_W, py(sc, p->cum[d]));
		svg_path_pt('L', x + BAR_W, py(sc, d ? p->cum[d - 1] : 0));
		svg_path_pt('L', x, py(sc, d ? p->cum[d - 1] : 0));
		svg_path_pt('Z', 0, 0);
		return;
	}
	for (i = 0; i < p->ndraw; i++)
		svg_path_pt(i ? 'L' : 'M', px(sc, p->xs[i]),
		            py(sc, p->cum[i * nd + d]));
	for (i = p->ndraw; i-- > 0;)
		svg_path_pt('L', px(sc, p->xs[i]),
		            py(sc, d ? p->cum[i * nd + d - 1] : 0));
	svg_path_pt('Z', 0, 0);
}

static void draw_bands(const struct chart *c, const struct plan *p)
{
	size_t d;
	char *s;
	/* what lies above a size axis fixed by -Y is cut off */
	hpt_out_printf("<clipPath id=\"plot\"><rect x=\"%d\" y=\"%d\" "
	               "width=\"%d\" height=\"%d\"/></clipPath>\n",
	               PLOT_X, PLOT_Y, PLOT_W, PLOT_H);
	s = hpt_xasprintf("id=\"bands\" clip-path=\"url(#plot)\" "
	                  "data-base=\"%d\"", PLOT_Y + PLOT_H);
	svg_group(s);
	free(s);
	for (d = 0; d < p->nd && p->ncol; d++) {
		char *attrs = hpt_xasprintf("class=\"band\" id=\"band%zu\" "
		                            "fill=\"%s\"", d, colour_of(p, d));
		svg_path_begin();
		band_outline(p, d);
		svg_path_end(attrs, 1);
		free(attrs);
		svg_tip_begin();
		band_tip(c, p->bands, band_of(p, d), p->nother,
		         p->input_other, p->other, p->bytes);
		svg_tip_end("path");
	}
	svg_group_end();
	if (p->ncol == 0 || p->nd == 0 || p->ndraw == 0)
		svg_text_str(PLOT_X + PLOT_W / 2, PLOT_Y + PLOT_H / 2,
		             "id=\"empty\" text-anchor=\"middle\"",
		             p->ncol == 0 ? "no samples" : p->nd == 0
		             ? "no bands" : "no samples up to -X");
}

/* One row of the key: drawn band d at y. */
static void key_row(const struct chart *c, const struct plan *p, size_t d,
                    double y)
{
	uint32_t band = band_of(p, d);
	double pct;
	char *s = hpt_xasprintf("class=\"key-entry\" id=\"key%zu\"", d);
	svg_group(s);
	free(s);
	svg_tip_begin();
	band_tip(c, p->bands, band, p->nother, p->input_other, p->other,
	         p->bytes);
	svg_tip_end(NULL);
	s = hpt_xasprintf("fill=\"%s\"", colour_of(p, d));
	svg_rect(KEY_X, y + 2, 14, 14, s, 0);
	free(s);
	if (band == UINT32_MAX)
		svg_text_str(KEY_X + 20, y + 13.5, "class=\"key-name\"",
		             "OTHER");
	else
		svg_text_cut(KEY_X + 20, y + 13.5, "class=\"key-name\"",
		             p->bands->name[band], p->bands->len[band],
		             &p->label[d]);
	s = size_short(band == UINT32_MAX ? c->other_peak : c->max[band],
	               p->bytes);
	svg_text_str(KEY_PEAK_X, y + 13.5, "class=\"key-peak\" "
	             "text-anchor=\"end\"", s);
	free(s);
	pct = share(c, band, p->other);
	s = share_text(pct);
	svg_text_str(WIDTH - 10, y + 13.5, "class=\"key-share\" "
	             "text-anchor=\"end\"", s);
	free(s);
	svg_group_end();
}

/* The key: the top of the stack first, under its headings. */
static void draw_key(const struct chart *c, const struct plan *p)
{
	double row = (double)(PLOT_H - KEY_HEAD) / (double)(p->nd ? p->nd : 1);
	size_t d;
	if (row > 21.5)
		row = 21.5;
	svg_group("id=\"key\"");
	if (p->nd && p->ncol) {
		svg_text_str(KEY_X + 20, PLOT_Y + 12, "class=\"key-head\" "
		             "font-weight=\"bold\"", "band");
		svg_text_str(KEY_PEAK_X, PLOT_Y + 12, "class=\"key-head\" "
		             "font-weight=\"bold\" text-anchor=\"end\"",
		             "peak");
		svg_text_str(WIDTH - 10, PLOT_Y + 12, "class=\"key-head\" "
		             "font-weight=\"bold\" text-anchor=\"end\"",
		             "share");
	}
	for (d = p->nd; d-- > 0;)
		key_row(c, p, d, PLOT_Y + KEY_HEAD +
		        row * (double)(p->nd - 1 - d));
	svg_group_end();
}

/* What the numbers are, for a reader of a static rendering. */
static void draw_footer(const struct chart *c, const struct plan *p)
{
	char *s = hpt_xasprintf("peak: the band's largest value; share: its "
	                        "part of the area under the top (%s \xc3\x97 "
	                        "time)%s", p->bytes ? "bytes" : "value",
	                        c->gnu_cut ? ". Names ending in \"...\" "
	                        "were cut by GHC (its -L option)" : "");
	svg_text_str(WIDTH - 10, HEIGHT - 8, "id=\"footer\" fill=\"#666666\" "
	             "font-size=\"10\" text-anchor=\"end\"", s);
	free(s);
}

/* The chart's script, for a person exploring it in a browser (written
 * for hptools; no network, no other file): hovering a band or its key
 * row lights both; a click on a key row shows that band alone on the
 * time axis, another click (or Escape) all of them again.  It changes
 * nothing until an event comes, so the picture drawn without it (an
 * image viewer, rsvg-convert) is the same. */
static const char chart_script[] =
	"// hptools heap chart: hover a band or its key row to light both;\n"
	"// click a key row to see that band alone on the time axis, click it\n"
	"// again (or press Escape) to see them all.  Drawing without this\n"
	"// script is the same picture, every band stacked.\n"
	"(function () {\n"
	"\tvar doc = document, svg = doc.documentElement;\n"
	"\tvar bands = doc.getElementById('bands');\n"
	"\tvar base = Number(bands.getAttribute('data-base'));\n"
	"\tvar alone = null, stacked = null;\n"
	"\tfunction band(d) { return doc.getElementById('band' + d); }\n"
	"\tfunction row(d) { return doc.getElementById('key' + d); }\n"
	"\t// the drawn band (its number) an event is about, or null\n"
	"\tfunction which(e) {\n"
	"\t\tfor (var n = e.target; n && n !== svg; n = n.parentNode) {\n"
	"\t\t\tvar m = /^(band|key)([0-9]+)$/.exec(n.id || '');\n"
	"\t\t\tif (m)\n"
	"\t\t\t\treturn m[2];\n"
	"\t\t}\n"
	"\t\treturn null;\n"
	"\t}\n"
	"\tfunction outline(el, on) {\n"
	"\t\tel.setAttribute('stroke', on ? '#000000' : 'none');\n"
	"\t\tel.setAttribute('stroke-width', on ? '2' : '0');\n"
	"\t}\n"
	"\tfunction light(d, on) {\n"
	"\t\tvar b = band(d), r = row(d);\n"
	"\t\tif (!b || !r)\n"
	"\t\t\treturn;\n"
	"\t\toutline(b, on);\n"
	"\t\toutline(r.querySelector('rect'), on);\n"
	"\t\t// underlined, not bold: a bold name is wider than the room\n"
	"\t\t// it was cut to, and could run into the peak column\n"
	"\t\tr.querySelector('.key-name').setAttribute('text-decoration',\n"
	"\t\t\ton ? 'underline' : 'none');\n"
	"\t}\n"
	"\t// band d's outline moved down onto the time axis: its top edge\n"
	"\t// (the first half of the points) minus its bottom edge (the\n"
	"\t// second half, right to left), its own size over the axis\n"
	"\tfunction onAxis(d) {\n"
	"\t\tvar p = d.match(/-?[0-9.]+,-?[0-9.]+/g).map(function (s) {\n"
	"\t\t\treturn s.split(',').map(Number);\n"
	"\t\t});\n"
	"\t\tvar h = p.length / 2, top = [], i, under;\n"
	"\t\tfor (i = 0; i < h; i++) {\n"
	"\t\t\tunder = p[p.length - 1 - i][1];\n"
	"\t\t\ttop.push(p[i][0] + ',' + (base - (under - p[i][1])));\n"
	"\t\t}\n"
	"\t\tfor (i = h - 1; i >= 0; i--)\n"
	"\t\t\ttop.push(p[i][0] + ',' + base);\n"
	"\t\treturn 'M' + top.join('L') + 'Z';\n"
	"\t}\n"
	"\tfunction all() {\n"
	"\t\tvar k, r;\n"
	"\t\tif (alone === null)\n"
	"\t\t\treturn;\n"
	"\t\tband(alone).setAttribute('d', stacked);\n"
	"\t\tfor (k = 0; (r = row(k)); k++) {\n"
	"\t\t\tband(k).removeAttribute('display');\n"
	"\t\t\tr.removeAttribute('opacity');\n"
	"\t\t}\n"
	"\t\talone = null;\n"
	"\t}\n"
	"\tfunction only(d) {\n"
	"\t\tvar k, r;\n"
	"\t\tall();\n"
	"\t\tstacked = band(d).getAttribute('d');\n"
	"\t\tband(d).setAttribute('d', onAxis(stacked));\n"
	"\t\tfor (k = 0; (r = row(k)); k++)\n"
	"\t\t\tif (String(k) !== d) {\n"
	"\t\t\t\tband(k).setAttribute('display', 'none');\n"
	"\t\t\t\tr.setAttribute('opacity', '0.4');\n"
	"\t\t\t}\n"
	"\t\talone = d;\n"
	"\t}\n"
	"\tsvg.addEventListener('mouseover', function (e) {\n"
	"\t\tvar d = which(e);\n"
	"\t\tif (d !== null)\n"
	"\t\t\tlight(d, true);\n"
	"\t});\n"
	"\tsvg.addEventListener('mouseout', function (e) {\n"
	"\t\tvar d = which(e);\n"
	"\t\tif (d !== null)\n"
	"\t\t\tlight(d, false);\n"
	"\t});\n"
	"\tsvg.addEventListener('click', function (e) {\n"
	"\t\tvar d = which(e);\n"
	"\t\tif (d === null)\n"
	"\t\t\treturn;\n"
	"\t\tif (d === alone || /^band/.test(e.target.id || ''))\n"
	"\t\t\tall();\n"
	"\t\telse if (row(d))\n"
	"\t\t\tonly(d);\n"
	"\t});\n"
	"\tdoc.addEventListener('keydown', function (e) {\n"
	"\t\tif (e.key === 'Escape')\n"
	"\t\t\tall();\n"
	"\t});\n"
	"\tfor (var k = 0, r; (r = row(k)); k++)\n"
	"\t\tr.setAttribute('cursor', 'pointer');\n"
	"})();\n";

/* Draw the chart: plan it (bands, stack, scales), then paint its parts
 * in order (axes under the bands, marks and key last). */
static void draw(struct chart *c, const struct hpt_intern *bands)
{
	struct plan p;
	memset(&p, 0, sizeof p);
	p.bands = bands;
	p.nb = bands->count;
	p.bytes = c->value_unit_len == 5 &&
	          memcmp(c->value_unit, "bytes", 5) == 0;
	grow_bands(c, p.nb);
	if (c->ncol > PLOT_W)
		widen(c, PLOT_W, 0);
	p.ncol = c->ncol;
	plan_bands(c, &p);
	plan_stack(c, &p);
	plan_time(c, &p);
	plan_cut(c, &p);
	plan_size(c, &p);

	svg_begin(WIDTH, HEIGHT);
	draw_title(c);
	draw_subtitle(c, &p);
	draw_axes(c, &p);
	draw_bands(c, &p);
	draw_marks(c, &p.sc);
	draw_key(c, &p);
	draw_footer(c, &p);
	svg_script(chart_script);
	svg_end();
	plan_free(&p);
}

static void end_cb(void *arg, const struct hpt_intern *bands)
{
	struct chart *c = arg;
	size_t i;
	draw(c, bands);
	free(c->job);
	free(c->date);
	free(c->sample_unit);
	free(c->value_unit);
	free(c->col);
	free(c->pool_band);
	free(c->pool_bytes);
	free(c->pos);
	free(c->stamp);
	free(c->max);
	free(c->max_t);
	for (i = 0; i < c->nmark; i++)
		free(c->mtext[i]);
	free(c->mark);
	free(c->mtext);
	free(c->mlen);
	hp_integral_free(&c->integral);
	free(c);
}

void hp_svg_opts_init(struct hp_svg_opts *o)
{
	o->max_bands = HP_SVG_BANDS;
	o->percent = 1;
	o->ymax = 0;
	o->tmax = 0;
}

void hp_sink_svg(struct hp_sink *k, const struct hp_svg_opts *o)
{
	struct chart *c = hpt_xcalloc(1, sizeof *c);
	struct hp_header none;
	if (o)
		c->opts = *o;
	else
		hp_svg_opts_init(&c->opts);
	if (c->opts.max_bands > HP_SVG_BANDS)
		c->opts.max_bands = HP_SVG_BANDS;
	memset(k, 0, sizeof *k);
	memset(&none, 0, sizeof none);
	header_cb(c, &none);
	hp_integral_init(&c->integral);
	k->header = header_cb;
	k->sample = sample_cb;
	k->mark = mark_cb;
	k->end = end_cb;
	k->arg = c;
}
