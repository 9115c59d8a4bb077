/*
 * hp_stats_write.c: text, TSV and JSON of heap-profile statistics.  See
 * hp_stats_write.h.
 *
 * The text layout fits a line in 79 columns of an 80-column terminal (a
 * figure is right-aligned in its column; widths count characters, not
 * bytes; a name or other text of the input longer than its room is cut
 * in the middle with "…", keeping what tells names apart: namecut.h):
 *
 *   job         leak 200000 +RTS -hc
 *   ...
 *   band                         max     integral  share      growth         slope
 *   <22 columns>           <11>         <13>    <7>        <12>          <14>
 *
 * Signed figures (slopes, changes) carry a sign unless they show as 0.
 */
#include "hp_stats_write.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "namecut.h"
#include "num.h"
#include "output.h"

#define NAME_COLS 23
#define BAND_COLS 22 /* the name in the band table of one profile */
#define LABEL_COLS 12
#define LINE_COLS 79

void hp_stats_readable(char *buf, double bytes)
{
	hpt_bytes_text(buf, bytes);
}

/* A count in some other VALUE_UNIT than bytes, in powers of 1000:
 * "512", "1.5k", "12.3M" .. "Y", with one decimal; the unit itself is
 * named once, in the summary. */
static void readable_count(char *buf, double v)
{
	static const char prefix[] = "kMGTPEZY";
	double a = v < 0 ? -v : v;
	const char *sign = v <= -0.5 ? "-" : "";
	int u = -1;
	if (a < 999.5) {
		snprintf(buf, 32, "%s%.0f", sign, a);
		return;
	}
	do {
		a /= 1000;
		u++;
	} while (u < 7 && a >= 999.95);
	snprintf(buf, 32, "%s%.1f%c", sign, a, prefix[u]);
}

void hp_stats_value(char *buf, double v, int in_bytes)
{
	if (in_bytes)
		hp_stats_readable(buf, v);
	else
		readable_count(buf, v);
}

/* v as hp_stats_value shows it, then suffix ("/s", "·s"), with a '+'
 * before a positive figure and a '-' before a negative one, but no
 * sign at all before one that shows as 0.  buf: at least 48 bytes. */
static void signed_value(char *buf, double v, int in_bytes,
                         const char *suffix)
{
	char mag[40];
	hp_stats_value(mag, v < 0 ? -v : v, in_bytes);
	if (strcmp(mag, "0 B") == 0 || strcmp(mag, "0") == 0)
		snprintf(buf, 48, "%s%s", mag, suffix);
	else
		snprintf(buf, 48, "%s%s%s", v < 0 ? "-" : "+", mag, suffix);
}

/* ---- numbers ---- */

/* A figure with 6 decimals; never "-0.000000" (a negative slope that
 * rounds to nothing is 0). */
static void out_fixed(double x)
{
	char buf[64];
	if (!isfinite(x))
		x = 0;
	snprintf(buf, sizeof buf, "%.6f", x);
	if (strcmp(buf, "-0.000000") == 0)
		memmove(buf, buf + 1, strlen(buf));
	hpt_out_str(buf);
}

/* A time in seconds as the input wrote it (a decimal's text), with
 * zeros after it up to the decimals of the input's most precise time,
 * so that every time has as many: exact, whatever its digits. */
static void out_time_text(const struct hp_stats *st, const char *t)
{
	const char *dot = strchr(t, '.');
	size_t dec = dot ? strlen(dot + 1) : 0;
	hpt_out_str(t);
	if (!dot && st->time_decimals > 0)
		hpt_out_char('.');
	while ((int)dec < st->time_decimals) {
		hpt_out_char('0');
		dec++;
	}
}

/* The columns out_time_text takes for t. */
static size_t time_cols(const struct hp_stats *st, const char *t)
{
	const char *dot = strchr(t, '.');
	size_t n = strlen(t), dec = dot ? strlen(dot + 1) : 0;
	if (!dot && st->time_decimals > 0)
		n++;
	return dec < (size_t)st->time_decimals
	       ? n + (size_t)st->time_decimals - dec : n;
}

static void out_time(const struct hp_stats *st, const struct hp_stats_time *t)
{
	out_time_text(st, t->text ? t->text : "0.0");
}

static void out_u128(struct hp_u128 v)
{
	char buf[48];
	hpt_out_write(buf, hp_u128_fmt(buf, v));
}

/* new - old exactly, with a sign when negative. */
static void out_delta_u64(uint64_t old, uint64_t new_)
{
	if (new_ >= old) {
		hpt_out_u64(new_ - old);
	} else {
		hpt_out_char('-');
		hpt_out_u64(old - new_);
	}
}

/* ---- text ---- */

/* s right-aligned in cols columns (its UTF-8 characters counted). */
static void out_right(const char *s, size_t cols)
{
	size_t w = hpt_cps(s, strlen(s));
	if (w < cols)
		hpt_out_spaces(cols - w);
	hpt_out_str(s);
}

/* The columns of the unit of s at s[i] as hpt_out_text shows it: the
 * measure of namecut.h for a terminal. */
static double unit_cols(const char *s, size_t n, size_t i, size_t *len,
                        void *arg)
{
	size_t c;
	(void)arg;
	*len = hpt_text_unit(s + i, n - i, &c);
	return (double)c;
}

/* n bytes of a name in at most cols columns (at least 1): a longer one
 * is cut in the middle with "…", keeping what tells names apart (the
 * rule of the chart's key: namecut.h), or at its end when cols is too
 * narrow for that.  Returns the columns written. */
static size_t out_name_fit(const char *s, size_t n, size_t cols)
{
	size_t i, w = 0, len, c, total = hpt_text_cols(s, n);
	struct hpt_cut cut;
	if (total <= cols) {
		hpt_out_text(s, n, 0);
		return total;
	}
	hpt_cut_name(s, n, (double)cols, 1, unit_cols, NULL, &cut);
	if (cut.cut && cut.width <= (double)cols) {
		hpt_out_text(s, cut.head, 0);
		hpt_out_str("\xe2\x80\xa6");
		hpt_out_text(s + n - cut.tail, cut.tail, 0);
		return (size_t)cut.width;
	}
	for (i = 0; i < n; i += len) {
		len = hpt_text_unit(s + i, n - i, &c);
		if (w + c > cols - 1)
			break;
		w += c;
	}
	hpt_out_text(s, i, 0);
	hpt_out_str("\xe2\x80\xa6");
	return w + 1;
}

/* A band name in cols columns, left-aligned and cut to fit, so that the
 * columns after it stay in place. */
static void out_name_col(const char *s, size_t n, size_t cols)
{
	hpt_out_spaces(cols - out_name_fit(s, n, cols));
}

/* The text after a summary label: the rest of a 79-column line, or
 * after used columns of it (at least 16 columns whatever the rest). */
static void out_rest(const char *s, size_t n, size_t used)
{
	size_t room = used + 16 < LINE_COLS ? LINE_COLS - used : 16;
	out_name_fit(s, n, room);
}

static void out_label(const char *label)
{
	hpt_out_printf("%-12s", label);
}

/* A figure in the profile's unit (hp_stats_value), then suffix. */
static void out_value(const struct hp_stats *st, double v, const char *suffix)
{
	char buf[40];
	hp_stats_value(buf, v, st->in_bytes);
	hpt_out_str(buf);
	hpt_out_str(suffix);
}

/* The total over time as one line of block characters, U+2581..U+2588
 * (eighths), a space for 0: each the mean total of a run of samples, on
 * the scale of the largest such mean. */
static void out_sparkline(const struct hp_stats *st)
{
	double top = 0, v;
	size_t i;
	for (i = 0; i < st->nspark; i++)
		if ((v = hp_stats_spark(st, i)) > top)
			top = v;
	for (i = 0; i < st->nspark; i++) {
		int level = 0;
		if (top > 0)
			level = (int)ceil(hp_stats_spark(st, i) * 8 / top);
		if (level <= 0)
			hpt_out_char(' ');
		else
			hpt_out_printf("\xe2\x96%c",
			               (char)(0x80 + (level > 8 ? 8 : level)));
	}
}

/* "label       text", the text cut to the line. */
static void text_line(const char *label, const char *s, size_t n)
{
	out_label(label);
	out_rest(s, n, LABEL_COLS);
	hpt_out_char('\n');
}

/* "max cost    100 B at 1.0 s: NAME", the name cut to the line. */
static void text_max_cost(const struct hp_stats *st,
                          const struct hpt_intern *bands)
{
	char buf[40];
	uint32_t id = st->max_cost_band;
	out_label("max cost");
	if (!st->has_max_cost) {
		hpt_out_str("none\n");
		return;
	}
	hp_stats_value(buf, (double)st->max_cost, st->in_bytes);
	hpt_out_str(buf);
	hpt_out_str(" at ");
	out_time(st, &st->max_cost_time);
	hpt_out_str(" s: ");
	out_rest(bands->name[id], bands->len[id], LABEL_COLS + strlen(buf) +
	         4 + time_cols(st, st->max_cost_time.text) + 4);
	hpt_out_char('\n');
}

static void text_summary(const struct hp_stats *st,
                         const struct hpt_intern *bands)
{
	text_line("job", st->job, st->job_len);
	text_line("date", st->date, st->date_len);
	if (!st->in_bytes)
		text_line("unit", st->value_unit, st->value_unit_len);
	out_label("samples");
	hpt_out_u64(st->samples);
	if (st->samples) {
		hpt_out_str(", ");
		out_time(st, &st->first);
		hpt_out_str(" s to ");
		out_time(st, &st->last);
		hpt_out_str(" s (");
		out_time_text(st, st->duration_text);
		hpt_out_str(" s)");
	}
	hpt_out_char('\n');
	if (st->seen > 0 && !st->exit_census) {
		out_label("exit census");
		hpt_out_str("none: the run was killed or is still running\n");
	}
	out_label("bands");
	hpt_out_printf("%zu\n", st->nbands);
	text_max_cost(st, bands);
	out_label("max total");
	out_value(st, hp_u128_double(st->max_total), "");
	if (st->samples) {
		hpt_out_str(" at ");
		out_time(st, &st->max_total_time);
		hpt_out_str(" s");
	}
	hpt_out_char('\n');
	out_label("mean total");
	out_value(st, st->mean_total, "\n");
	out_label("final total");
	out_value(st, hp_u128_double(st->final_total), "\n");
	if (st->nspark) {
		out_label("total");
		hpt_out_char('|');
		out_sparkline(st);
		hpt_out_char('|');
		hpt_out_char('\n');
	}
}

static void text_band_table(const struct hp_stats_view *v)
{
	const struct hp_stats *st = v->st;
	size_t i;
	char buf[48];
	hpt_out_str("\nband                         max     integral  share"
	            "      growth         slope\n");
	for (i = 0; i < v->n; i++) {
		uint32_t id = v->order[i];
		const struct hp_band_stats *b = &st->b[id];
		out_name_col(v->bands->name[id], v->bands->len[id], BAND_COLS);
		hp_stats_value(buf, (double)b->max, st->in_bytes);
		out_right(buf, 11);
		hp_stats_value(buf, b->integral, st->in_bytes);
		strcat(buf, "\xc2\xb7s");
		out_right(buf, 13);
		snprintf(buf, sizeof buf, "%.1f%%", b->share);
		out_right(buf, 7);
		signed_value(buf, b->growth, st->in_bytes, "");
		out_right(buf, 12);
		signed_value(buf, b->slope, st->in_bytes, "/s");
		out_right(buf, 14);
		hpt_out_char('\n');
	}
}

void hp_stats_write_text(const struct hp_stats_view *v, size_t index)
{
	if (index > 0)
		hpt_out_char('\n');
	if (v->several)
		text_line("file", v->file, strlen(v->file));
	text_summary(v->st, v->bands);
	if (v->show_bands)
		text_band_table(v);
	hpt_out_mark();
}

/* ---- TSV ---- */

void hp_stats_write_tsv_header(int with_file)
{
	if (with_file)
		hpt_out_str("file\t");
	hpt_out_str("band\tsamples\tmax\tmax_time\tmean\tsum\tintegral\t"
	            "share\tfirst\tlast\tslope\tgrowth\n");
	hpt_out_mark();
}

void hp_stats_write_tsv(const struct hp_stats_view *v)
{
	const struct hp_stats *st = v->st;
	size_t i;
	for (i = 0; i < v->n; i++) {
		uint32_t id = v->order[i];
		const struct hp_band_stats *b = &st->b[id];
		if (v->several) {
			hpt_out_tsv(v->file, strlen(v->file));
			hpt_out_char('\t');
		}
		hpt_out_tsv(v->bands->name[id], v->bands->len[id]);
		hpt_out_char('\t');
		hpt_out_u64(b->samples);
		hpt_out_char('\t');
		hpt_out_u64(b->max);
		hpt_out_char('\t');
		out_time(st, &b->max_time);
		hpt_out_char('\t');
		out_fixed(b->mean);
		hpt_out_char('\t');
		out_u128(b->sum);
		hpt_out_char('\t');
		out_fixed(b->integral);
		hpt_out_char('\t');
		out_fixed(b->share);
		hpt_out_char('\t');
		out_time(st, &b->first);
		hpt_out_char('\t');
		out_time(st, &b->last);
		hpt_out_char('\t');
		out_fixed(b->slope);
		hpt_out_char('\t');
		out_fixed(b->growth);
		hpt_out_char('\n');
		hpt_out_mark();
	}
}

/* ---- JSON ---- */

static void json_key(const char *indent, const char *key)
{
	hpt_out_str(indent);
	hpt_out_char('"');
	hpt_out_str(key);
	hpt_out_str("\": ");
}

/* The summary members of a profile's object, each on its own line after
 * indent, separated by commas; the last has no comma and no newline. */
static void json_summary(const struct hp_stats_view *v, const char *in)
{
	const struct hp_stats *st = v->st;
	json_key(in, "file");
	hpt_out_json_string(v->file, strlen(v->file));
	hpt_out_str(",\n");
	json_key(in, "job");
	hpt_out_json_string(st->job, st->job_len);
	hpt_out_str(",\n");
	json_key(in, "date");
	hpt_out_json_string(st->date, st->date_len);
	hpt_out_str(",\n");
	json_key(in, "value_unit");
	hpt_out_json_string(st->value_unit, st->value_unit_len);
	hpt_out_str(",\n");
	json_key(in, "samples");
	hpt_out_u64(st->samples);
	hpt_out_str(",\n");
	json_key(in, "first");
	out_time(st, &st->first);
	hpt_out_str(",\n");
	json_key(in, "last");
	out_time(st, &st->last);
	hpt_out_str(",\n");
	json_key(in, "duration");
	out_time_text(st, st->duration_text);
	hpt_out_str(",\n");
	json_key(in, "bands");
	hpt_out_printf("%zu,\n", st->nbands);
	json_key(in, "max_cost");
	hpt_out_str("{\"band\": ");
	if (st->has_max_cost)
		hpt_out_json_string(v->bands->name[st->max_cost_band],
		                    v->bands->len[st->max_cost_band]);
	else
		hpt_out_str("null");
	hpt_out_str(", \"bytes\": ");
	hpt_out_u64(st->max_cost);
	hpt_out_str(", \"time\": ");
	out_time(st, &st->max_cost_time);
	hpt_out_str("},\n");
	json_key(in, "max_total");
	hpt_out_str("{\"bytes\": ");
	out_u128(st->max_total);
	hpt_out_str(", \"time\": ");
	out_time(st, &st->max_total_time);
	hpt_out_str("},\n");
	json_key(in, "mean_total");
	out_fixed(st->mean_total);
	hpt_out_str(",\n");
	json_key(in, "final_total");
	out_u128(st->final_total);
	hpt_out_str(",\n");
	json_key(in, "total_integral");
	out_fixed(st->total_integral);
	hpt_out_str(",\n");
	json_key(in, "exit_census");
	hpt_out_str(st->exit_census ? "true" : "false");
}

static void json_band(const struct hp_stats_view *v, uint32_t id)
{
	const struct hp_stats *st = v->st;
	const struct hp_band_stats *b = &st->b[id];
	hpt_out_str("{\"band\": ");
	hpt_out_json_string(v->bands->name[id], v->bands->len[id]);
	hpt_out_str(", \"samples\": ");
	hpt_out_u64(b->samples);
	hpt_out_str(", \"max\": ");
	hpt_out_u64(b->max);
	hpt_out_str(", \"max_time\": ");
	out_time(st, &b->max_time);
	hpt_out_str(", \"mean\": ");
	out_fixed(b->mean);
	hpt_out_str(", \"sum\": ");
	out_u128(b->sum);
	hpt_out_str(", \"integral\": ");
	out_fixed(b->integral);
	hpt_out_str(", \"share\": ");
	out_fixed(b->share);
	hpt_out_str(", \"first\": ");
	out_time(st, &b->first);
	hpt_out_str(", \"last\": ");
	out_time(st, &b->last);
	hpt_out_str(", \"slope\": ");
	out_fixed(b->slope);
	hpt_out_str(", \"growth\": ");
	out_fixed(b->growth);
	hpt_out_char('}');
}

void hp_stats_write_json(const struct hp_stats_view *v, size_t index,
                         size_t count)
{
	int array = count > 1 || v->several;
	const char *in = array ? "    " : "  ";
	size_t i;
	if (array)
		hpt_out_str(index == 0 ? "[\n  {\n" : ",\n  {\n");
	else
		hpt_out_str("{\n");
	json_summary(v, in);
	hpt_out_str(",\n");
	json_key(in, "per_band");
	hpt_out_char('[');
	for (i = 0; i < v->n; i++) {
		hpt_out_str(i ? ",\n" : "\n");
		hpt_out_str(in);
		hpt_out_str("  ");
		json_band(v, v->order[i]);
		hpt_out_mark();
	}
	if (v->n) {
		hpt_out_char('\n');
		hpt_out_str(in);
	}
	hpt_out_str("]\n");
	hpt_out_str(array ? "  }" : "}\n");
	if (array && index + 1 == count)
		hpt_out_str("\n]\n");
	hpt_out_mark();
}

/* ---- differences ---- */

/* "+12.3%", the change from old to new in percent, signed as
 * signed_value signs ("0.0%" without a sign); "new" when old is 0 and
 * new is not. */
static void fmt_change(char *buf, double old, double new_)
{
	double pct = old == 0 ? 0 : (new_ - old) * 100 / old;
	char mag[24];
	if (old == 0 && new_ != 0) {
		snprintf(buf, 32, "new");
		return;
	}
	/* a change of a million percent or more (from next to nothing)
	 * in powers of ten, so that it stays in its column */
	snprintf(mag, sizeof mag, fabs(pct) < 999999.95 ? "%.1f%%" : "%.1e%%",
	         fabs(pct));
	snprintf(buf, 32, "%s%s", strcmp(mag, "0.0%") == 0 ? ""
	                          : pct < 0 ? "-" : "+", mag);
}

static void diff_row(const struct hp_stats *st, const char *label,
                     double old, double new_, const char *suffix)
{
	char buf[48];
	out_label(label);
	hpt_out_spaces(2);
	hp_stats_value(buf, old, st->in_bytes);
	strcat(buf, suffix);
	out_right(buf, 14);
	hp_stats_value(buf, new_, st->in_bytes);
	strcat(buf, suffix);
	out_right(buf, 14);
	fmt_change(buf, old, new_);
	out_right(buf, 10);
	hpt_out_char('\n');
}

/* "old         FILE", then on a line of its own, so that a long name
 * leaves it whole, "            N samples, T s to T s". */
static void diff_profile_lines(const char *label,
                               const struct hp_stats_view *v)
{
	const struct hp_stats *st = v->st;
	text_line(label, v->file, strlen(v->file));
	hpt_out_spaces(LABEL_COLS);
	hpt_out_u64(st->samples);
	hpt_out_str(st->samples == 1 ? " sample" : " samples");
	if (st->samples) {
		hpt_out_str(", ");
		out_time(st, &st->first);
		hpt_out_str(" s to ");
		out_time(st, &st->last);
		hpt_out_str(" s");
	}
	if (st->seen > 0 && !st->exit_census)
		hpt_out_str(", no exit census");
	hpt_out_char('\n');
}

/* "run time" and each profile's last sample time (seconds, as the
 * input wrote it), then the change: two runs of other lengths differ
 * in their integrals and slopes by that alone. */
static void diff_time_row(const struct hp_stats *a, const struct hp_stats *b)
{
	const struct hp_stats *st[2] = {a, b};
	char buf[32];
	size_t w;
	int i;
	out_label("run time");
	hpt_out_spaces(2);
	for (i = 0; i < 2; i++) {
		w = time_cols(st[i], st[i]->last.text ? st[i]->last.text
		                                      : "0.0") + 2;
		hpt_out_spaces(w < 14 ? 14 - w : 1);
		out_time(st[i], &st[i]->last);
		hpt_out_str(" s");
	}
	fmt_change(buf, a->last.v, b->last.v);
	out_right(buf, 10);
	hpt_out_char('\n');
}

void hp_stats_write_diff_text(const struct hp_stats_view *old,
                              const struct hp_stats_view *new_,
                              const struct hp_band_diff *d, size_t n)
{
	const struct hp_stats *a = old->st, *b = new_->st;
	size_t i;
	char buf[48];
	diff_profile_lines("old", old);
	diff_profile_lines("new", new_);
	if (!b->in_bytes)
		text_line("unit", b->value_unit, b->value_unit_len);
	hpt_out_str("\n                         old           new    change\n");
	diff_row(b, "max total", hp_u128_double(a->max_total),
	         hp_u128_double(b->max_total), "");
	diff_row(b, "integral", a->total_integral, b->total_integral,
	         "\xc2\xb7s");
	diff_row(b, "mean total", a->mean_total, b->mean_total, "");
	diff_row(b, "final total", hp_u128_double(a->final_total),
	         hp_u128_double(b->final_total), "");
	diff_time_row(a, b);
	hpt_out_str("\nband                    new integral        change"
	            "  max change  slope change\n");
	hpt_out_mark();
	for (i = 0; i < n; i++) {
		const struct hp_band_diff *x = &d[i];
		out_name_col(x->name, x->len, NAME_COLS);
		hp_stats_value(buf, x->new_integral, b->in_bytes);
		strcat(buf, "\xc2\xb7s");
		out_right(buf, 13);
		signed_value(buf, x->delta_integral, b->in_bytes, "\xc2\xb7s");
		out_right(buf, 14);
		signed_value(buf, (double)x->new_max - (double)x->old_max,
		             b->in_bytes, "");
		out_right(buf, 12);
		signed_value(buf, x->delta_slope, b->in_bytes, "/s");
		out_right(buf, 14);
		hpt_out_char('\n');
		hpt_out_mark();
	}
}

void hp_stats_write_diff_tsv(const struct hp_stats_view *old,
                             const struct hp_stats_view *new_,
                             const struct hp_band_diff *d, size_t n)
{
	size_t i;
	(void)old;
	(void)new_;
	hpt_out_str("band\told_integral\tnew_integral\tdelta_integral\t"
	            "old_max\tnew_max\tdelta_max\told_slope\tnew_slope\t"
	            "delta_slope\told_growth\tnew_growth\tdelta_growth\n");
	hpt_out_mark();
	for (i = 0; i < n; i++) {
		const struct hp_band_diff *x = &d[i];
		hpt_out_tsv(x->name, x->len);
		hpt_out_char('\t');
		out_fixed(x->old_integral);
		hpt_out_char('\t');
		out_fixed(x->new_integral);
		hpt_out_char('\t');
		out_fixed(x->delta_integral);
		hpt_out_char('\t');
		hpt_out_u64(x->old_max);
		hpt_out_char('\t');
		hpt_out_u64(x->new_max);
		hpt_out_char('\t');
		out_delta_u64(x->old_max, x->new_max);
		hpt_out_char('\t');
		out_fixed(x->old_slope);
		hpt_out_char('\t');
		out_fixed(x->new_slope);
		hpt_out_char('\t');
		out_fixed(x->delta_slope);
		hpt_out_char('\t');
		out_fixed(x->old_growth);
		hpt_out_char('\t');
		out_fixed(x->new_growth);
		hpt_out_char('\t');
		out_fixed(x->delta_growth);
		hpt_out_char('\n');
		hpt_out_mark();
	}
}

/* A profile's summary as the object of one member of the -d object. */
static void json_diff_summary(const char *key, const struct hp_stats_view *v)
{
	json_key("  ", key);
	hpt_out_str("{\n");
	json_summary(v, "    ");
	hpt_out_str("\n  },\n");
}

void hp_stats_write_diff_json(const struct hp_stats_view *old,
                              const struct hp_stats_view *new_,
                              const struct hp_band_diff *d, size_t n)
{
	size_t i;
	hpt_out_str("{\n");
	json_diff_summary("old", old);
	json_diff_summary("new", new_);
	json_key("  ", "per_band");
	hpt_out_char('[');
	for (i = 0; i < n; i++) {
		const struct hp_band_diff *x = &d[i];
		hpt_out_str(i ? ",\n    " : "\n    ");
		hpt_out_str("{\"band\": ");
		hpt_out_json_string(x->name, x->len);
		hpt_out_str(", \"old_integral\": ");
		out_fixed(x->old_integral);
		hpt_out_str(", \"new_integral\": ");
		out_fixed(x->new_integral);
		hpt_out_str(", \"delta_integral\": ");
		out_fixed(x->delta_integral);
		hpt_out_str(", \"old_max\": ");
		hpt_out_u64(x->old_max);
		hpt_out_str(", \"new_max\": ");
		hpt_out_u64(x->new_max);
		hpt_out_str(", \"delta_max\": ");
		out_delta_u64(x->old_max, x->new_max);
		hpt_out_str(", \"old_slope\": ");
		out_fixed(x->old_slope);
		hpt_out_str(", \"new_slope\": ");
		out_fixed(x->new_slope);
		hpt_out_str(", \"delta_slope\": ");
		out_fixed(x->delta_slope);
		hpt_out_str(", \"old_growth\": ");
		out_fixed(x->old_growth);
		hpt_out_str(", \"new_growth\": ");
		out_fixed(x->new_growth);
		hpt_out_str(", \"delta_growth\": ");
		out_fixed(x->delta_growth);
		hpt_out_char('}');
		hpt_out_mark();
	}
	hpt_out_str(n ? "\n  ]\n}\n" : "]\n}\n");
	hpt_out_mark();
}
