/*
 * hp_stats_write.c: text, TSV and JSON of heap-profile statistics.  See
 * hp_stats_write.h.
 *
 * The text layout, in columns of an 80-column terminal (a figure is
 * right-aligned in its column; widths count characters, not bytes):
 *
 *   job         leak 200000 +RTS -hc
 *   ...
 *   band                       max       mean      integral   share    slope/s
 *   <24 columns>         <10>       <10>         <12>     <7>       <11>
 */
#include "hp_stats_write.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "output.h"

#define NAME_COLS 24

void hp_stats_readable(char *buf, double bytes)
{
	static const char *const unit[] = {"KiB", "MiB", "GiB", "TiB", "PiB",
	                                   "EiB", "ZiB", "YiB"};
	double v = bytes < 0 ? -bytes : bytes;
	const char *sign = bytes <= -0.5 ? "-" : "";
	int u = -1;
	if (v < 1023.5) {
		snprintf(buf, 32, "%s%.0f B", sign, v);
		return;
	}
	/* the unit whose one-decimal figure stays below 1024 */
	while (u < 7 && v >= 1023.95) {
		v /= 1024;
		u++;
	}
	snprintf(buf, 32, "%s%.1f %s", sign, v, unit[u]);
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

/* A time in seconds with the decimals of the input's times. */
static void out_time(const struct hp_stats *st, double t)
{
	hpt_out_printf("%.*f", st->time_decimals, t);
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

/* A band name in cols columns, left-aligned: a longer one is cut and
 * ends in "…", so that the columns after it stay in place. */
static void out_name_col(const char *s, size_t n, size_t cols)
{
	size_t i = 0, w = 0, len, c, total = 0;
	total = hpt_text_cols(s, n);
	if (total <= cols) {
		hpt_out_text(s, n, 0);
		hpt_out_spaces(cols - total);
		return;
	}
	for (i = 0; i < n; i += len) {
		len = hpt_text_unit(s + i, n - i, &c);
		if (w + c > cols - 1)
			break;
		w += c;
	}
	hpt_out_text(s, i, 0);
	hpt_out_str("\xe2\x80\xa6");
	hpt_out_spaces(cols - 1 - w);
}

static void out_label(const char *label)
{
	hpt_out_printf("%-12s", label);
}

static void out_readable(double bytes, const char *suffix)
{
	char buf[40];
	hp_stats_readable(buf, bytes);
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

static void text_summary(const struct hp_stats *st,
                         const struct hpt_intern *bands)
{
	out_label("job");
	hpt_out_text(st->job, st->job_len, 0);
	hpt_out_char('\n');
	out_label("date");
	hpt_out_text(st->date, st->date_len, 0);
	hpt_out_char('\n');
	out_label("samples");
	hpt_out_u64(st->samples);
	if (st->samples) {
		hpt_out_str(", ");
		out_time(st, st->first);
		hpt_out_str(" s to ");
		out_time(st, st->last);
		hpt_out_str(" s (");
		out_time(st, st->duration);
		hpt_out_str(" s)");
	}
	hpt_out_char('\n');
	out_label("bands");
	hpt_out_printf("%zu\n", st->nbands);
	out_label("max cost");
	if (st->has_max_cost) {
		out_readable((double)st->max_cost, " at ");
		out_time(st, st->max_cost_time);
		hpt_out_str(" s: ");
		hpt_out_text(bands->name[st->max_cost_band],
		             bands->len[st->max_cost_band], 0);
	} else {
		hpt_out_str("none");
	}
	hpt_out_char('\n');
	out_label("max total");
	out_readable(hp_u128_double(st->max_total), "");
	if (st->samples) {
		hpt_out_str(" at ");
		out_time(st, st->max_total_time);
		hpt_out_str(" s");
	}
	hpt_out_char('\n');
	out_label("mean total");
	out_readable(st->mean_total, "\n");
	out_label("final total");
	out_readable(hp_u128_double(st->final_total), "\n");
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
	size_t i;
	char buf[48];
	hpt_out_str("\nband                            max       mean"
	            "     integral   share     slope/s\n");
	for (i = 0; i < v->n; i++) {
		uint32_t id = v->order[i];
		const struct hp_band_stats *b = &v->st->b[id];
		out_name_col(v->bands->name[id], v->bands->len[id], NAME_COLS);
		hp_stats_readable(buf, (double)b->max);
		out_right(buf, 11);
		hp_stats_readable(buf, b->mean);
		out_right(buf, 11);
		hp_stats_readable(buf, b->integral);
		strcat(buf, "\xc2\xb7s");
		out_right(buf, 13);
		snprintf(buf, sizeof buf, "%.1f%%", b->share);
		out_right(buf, 8);
		buf[0] = '+';
		hp_stats_readable(b->slope < 0 ? buf : buf + 1, b->slope);
		out_right(buf, 12);
		hpt_out_char('\n');
	}
}

void hp_stats_write_text(const struct hp_stats_view *v, size_t index)
{
	if (index > 0)
		hpt_out_char('\n');
	if (v->several) {
		out_label("file");
		hpt_out_text(v->file, strlen(v->file), 0);
		hpt_out_char('\n');
	}
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
	            "share\tfirst\tlast\tslope\n");
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
		out_time(st, b->max_time);
		hpt_out_char('\t');
		out_fixed(b->mean);
		hpt_out_char('\t');
		out_u128(b->sum);
		hpt_out_char('\t');
		out_fixed(b->integral);
		hpt_out_char('\t');
		out_fixed(b->share);
		hpt_out_char('\t');
		out_time(st, b->first);
		hpt_out_char('\t');
		out_time(st, b->last);
		hpt_out_char('\t');
		out_fixed(b->slope);
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
	json_key(in, "samples");
	hpt_out_u64(st->samples);
	hpt_out_str(",\n");
	json_key(in, "first");
	out_time(st, st->first);
	hpt_out_str(",\n");
	json_key(in, "last");
	out_time(st, st->last);
	hpt_out_str(",\n");
	json_key(in, "duration");
	out_time(st, st->duration);
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
	out_time(st, st->max_cost_time);
	hpt_out_str("},\n");
	json_key(in, "max_total");
	hpt_out_str("{\"bytes\": ");
	out_u128(st->max_total);
	hpt_out_str(", \"time\": ");
	out_time(st, st->max_total_time);
	hpt_out_str("},\n");
	json_key(in, "mean_total");
	out_fixed(st->mean_total);
	hpt_out_str(",\n");
	json_key(in, "final_total");
	out_u128(st->final_total);
	hpt_out_str(",\n");
	json_key(in, "total_integral");
	out_fixed(st->total_integral);
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
	out_time(st, b->max_time);
	hpt_out_str(", \"mean\": ");
	out_fixed(b->mean);
	hpt_out_str(", \"sum\": ");
	out_u128(b->sum);
	hpt_out_str(", \"integral\": ");
	out_fixed(b->integral);
	hpt_out_str(", \"share\": ");
	out_fixed(b->share);
	hpt_out_str(", \"first\": ");
	out_time(st, b->first);
	hpt_out_str(", \"last\": ");
	out_time(st, b->last);
	hpt_out_str(", \"slope\": ");
	out_fixed(b->slope);
	hpt_out_char('}');
}

void hp_stats_write_json(const struct hp_stats_view *v, size_t index,
                         size_t count)
{
	const char *in = count > 1 ? "    " : "  ";
	size_t i;
	if (count > 1)
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
	hpt_out_str(count > 1 ? "  }" : "}\n");
	if (count > 1 && index + 1 == count)
		hpt_out_str("\n]\n");
	hpt_out_mark();
}

/* ---- differences ---- */

/* "+12.3%", the change from old to new in percent; "new" when old is
 * 0 and new is not. */
static void fmt_change(char *buf, double old, double new_)
{
	if (old == 0)
		snprintf(buf, 32, "%s", new_ == 0 ? "0.0%" : "new");
	else
		snprintf(buf, 32, "%+.1f%%", (new_ - old) * 100 / old);
}

static void diff_row(const char *label, double old, double new_,
                     const char *suffix)
{
	char buf[48];
	out_label(label);
	hpt_out_spaces(2);
	hp_stats_readable(buf, old);
	strcat(buf, suffix);
	out_right(buf, 14);
	hp_stats_readable(buf, new_);
	strcat(buf, suffix);
	out_right(buf, 14);
	fmt_change(buf, old, new_);
	out_right(buf, 10);
	hpt_out_char('\n');
}

static void diff_profile_line(const char *label, const struct hp_stats_view *v)
{
	const struct hp_stats *st = v->st;
	out_label(label);
	hpt_out_text(v->file, strlen(v->file), 0);
	hpt_out_str(": ");
	hpt_out_u64(st->samples);
	hpt_out_str(" samples");
	if (st->samples) {
		hpt_out_str(", ");
		out_time(st, st->first);
		hpt_out_str(" s to ");
		out_time(st, st->last);
		hpt_out_str(" s");
	}
	hpt_out_char('\n');
}

void hp_stats_write_diff_text(const struct hp_stats_view *old,
                              const struct hp_stats_view *new_,
                              const struct hp_band_diff *d, size_t n)
{
	const struct hp_stats *a = old->st, *b = new_->st;
	size_t i;
	char buf[48];
	diff_profile_line("old", old);
	diff_profile_line("new", new_);
	hpt_out_str("\n                         old           new    change\n");
	diff_row("max total", hp_u128_double(a->max_total),
	         hp_u128_double(b->max_total), "");
	diff_row("integral", a->total_integral, b->total_integral,
	         "\xc2\xb7s");
	diff_row("mean total", a->mean_total, b->mean_total, "");
	diff_row("final total", hp_u128_double(a->final_total),
	         hp_u128_double(b->final_total), "");
	hpt_out_str("\nband                     new integral        change"
	            "  max change  slope change\n");
	hpt_out_mark();
	for (i = 0; i < n; i++) {
		const struct hp_band_diff *x = &d[i];
		out_name_col(new_->bands->name[x->band],
		             new_->bands->len[x->band], NAME_COLS);
		hp_stats_readable(buf, x->new_integral);
		strcat(buf, "\xc2\xb7s");
		out_right(buf, 13);
		buf[0] = '+';
		hp_stats_readable(x->delta_integral < 0 ? buf : buf + 1,
		                  x->delta_integral);
		strcat(buf, "\xc2\xb7s");
		out_right(buf, 14);
		buf[0] = '+';
		hp_stats_readable(x->new_max < x->old_max ? buf : buf + 1,
		                  (double)x->new_max - (double)x->old_max);
		out_right(buf, 12);
		buf[0] = '+';
		hp_stats_readable(x->delta_slope < 0 ? buf : buf + 1,
		                  x->delta_slope);
		strcat(buf, "/s");
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
	hpt_out_str("band\told_integral\tnew_integral\tdelta_integral\t"
	            "old_max\tnew_max\tdelta_max\told_slope\tnew_slope\t"
	            "delta_slope\n");
	hpt_out_mark();
	for (i = 0; i < n; i++) {
		const struct hp_band_diff *x = &d[i];
		hpt_out_tsv(new_->bands->name[x->band],
		            new_->bands->len[x->band]);
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
		hpt_out_json_string(new_->bands->name[x->band],
		                new_->bands->len[x->band]);
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
		hpt_out_char('}');
		hpt_out_mark();
	}
	hpt_out_str(n ? "\n  ]\n}\n" : "]\n}\n");
	hpt_out_mark();
}
