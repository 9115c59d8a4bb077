/*
 * prof_text.c: the outputs of proftree other than .prof (prof_write.c):
 * the text tree for people, TSV, folded stacks for flame graphs, the flat
 * profile and the difference of two trees.
 *
 * Names are opaque bytes; every output escapes the bytes that would
 * break its lines or fields (TAB, LF, CR and NUL), and TSV the
 * backslash too, so that a field can be unescaped exactly.
 */
#include "prof_text.h"

#include "alloc.h"
#include "escape.h"
#include "num.h"
#include "output.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Per name id of r: 1 if hpt_out_tsv writes the name as it is (no
 * backslash, TAB, LF, CR or NUL in it).  Caller frees. */
static unsigned char *tsv_plain(const struct prof_report *r)
{
	unsigned char *plain = hpt_xmalloc(r->names.count ? r->names.count : 1);
	size_t i, k;
	for (i = 0; i < r->names.count; i++) {
		const char *s = r->names.name[i];
		plain[i] = 1;
		for (k = 0; k < r->names.len[i]; k++)
			if (s[k] == '\\' || s[k] == '\t' || s[k] == '\n' ||
			    s[k] == '\r' || s[k] == '\0')
				plain[i] = 0;
	}
	return plain;
}

/* A name as a TSV field; plain (tsv_plain, or NULL) saves the escaping
 * loop for the names that need none. */
static void out_name(const struct prof_report *r, uint32_t id,
                     const unsigned char *plain)
{
	if (plain && plain[id])
		hpt_out_write(prof_name(r, id), prof_len(r, id));
	else
		hpt_out_tsv(prof_name(r, id), prof_len(r, id));
}

/* A percentage with at most 6 decimals, trailing zeros removed. */
static void fmt_num(char *b, size_t sz, double v)
{
	size_t n;
	if (v == 0.0 || fabs(v) < 5e-7)
		v = 0.0; /* never "-0" */
	hpt_fmt_double(b, sz, v, 6);
	n = strlen(b);
	while (n > 0 && b[n - 1] == '0')
		n--;
	if (n > 0 && b[n - 1] == '.')
		n--;
	b[n] = '\0';
}

static void out_num(double v)
{
	char b[64];
	fmt_num(b, sizeof b, v);
	hpt_out_str(b);
}

/* v in decimal into b (sz >= 21). */
static void fmt_u(char *b, size_t sz, uint64_t v)
{
	(void)sz;
	b[hpt_fmt_u64(b, v)] = '\0';
}

/* new - old of two unsigned counts, exactly: "+N", "-N", or "0" (a sign
 * only with plus). */
static void fmt_delta(char *b, size_t sz, uint64_t old, uint64_t new_,
                      int plus)
{
	if (new_ >= old)
		snprintf(b, sz, new_ > old && plus ? "+%llu" : "%llu",
		         (unsigned long long)(new_ - old));
	else
		snprintf(b, sz, "-%llu", (unsigned long long)(old - new_));
}


/* ---- the text table shared by -o tree, -a and -D ---- */

/* Numeric columns: entries, individual %time %alloc, inherited %time
 * %alloc, then ticks and bytes where known.  Each is as wide as its
 * heading or its widest value, two spaces apart, so that columns never
 * run together; then the tree's no. (the number -hc bands and -o tsv
 * name nodes by), and the names, each in a column of its own width:
 * the indented label, the module, the SRC (only where the report has
 * one). */
#define NCOL 7
#define CELL 48
static const char *const col_name[NCOL] = {"entries", "%time", "%alloc",
                                           "%time", "%alloc", "ticks",
                                           "bytes"};
/* Labels deeper or longer than this are not padded: one very deep row
 * must not widen every row (a tree 10 000 levels deep). */
#define LABEL_MAX 48

typedef void (*cells_fn)(const void *ctx, uint32_t x, char c[NCOL][CELL]);

/* The rows of a table: x, what cells_fn takes; node, the node of names
 * whose label, module, SRC and no. the row shows; d, the indent. */
struct rows {
	uint32_t *x, *node, *d;
	size_t n, cap;
	const struct prof_report *names;
	int show_no;
	size_t *cols;  /* per name id: its text_width, SIZE_MAX until known
	                * (a name is measured once, not once per row) */
	unsigned char *plain; /* per name id, once measured: printable
	                       * ASCII only, which hpt_out_text leaves as
	                       * it is */
};

static void rows_add(struct rows *rs, uint32_t x, uint32_t node, uint32_t d)
{
	size_t c1 = rs->cap, c2 = rs->cap;
	rs->x = hpt_xgrow(rs->x, &c1, rs->n + 1, sizeof *rs->x);
	rs->node = hpt_xgrow(rs->node, &c2, rs->n + 1, sizeof *rs->node);
	rs->d = hpt_xgrow(rs->d, &rs->cap, rs->n + 1, sizeof *rs->d);
	rs->x[rs->n] = x;
	rs->node[rs->n] = node;
	rs->d[rs->n] = d;
	rs->n++;
}

static void rows_tree(struct rows *rs, const struct prof_report *r)
{
	uint32_t it = r->first_root, d, x;
	rs->names = r;
	rs->show_no = 1;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE)
		rows_add(rs, x, x, d);
}

static void rows_free(struct rows *rs)
{
	free(rs->cols);
	free(rs->plain);
	free(rs->x);
	free(rs->node);
	free(rs->d);
}

/* Columns a name takes in text output (hpt_out_text, whose escapes
 * hpt_text_cols counts); an empty label shows as "". */
static size_t text_width(struct rows *rs, uint32_t id, int label)
{
	const struct prof_report *r = rs->names;
	size_t n = prof_len(r, id), i;
	if (n == 0)
		return label ? 2 : 0;
	if (!rs->cols) {
		rs->cols = hpt_xmalloc(r->names.count * sizeof *rs->cols);
		rs->plain = hpt_xmalloc(r->names.count);
		for (i = 0; i < r->names.count; i++)
			rs->cols[i] = SIZE_MAX;
	}
	if (rs->cols[id] == SIZE_MAX) {
		const unsigned char *u =
		    (const unsigned char *)prof_name(r, id);
		rs->cols[id] = hpt_text_cols(prof_name(r, id), n);
		rs->plain[id] = 1;
		for (i = 0; i < n; i++)
			if (u[i] < 0x20 || u[i] > 0x7e)
				rs->plain[id] = 0;
	}
	return rs->cols[id];
}

/* A name as text (hpt_out_text), measured first (text_width). */
static void out_text(struct rows *rs, uint32_t id)
{
	const struct prof_report *r = rs->names;
	text_width(rs, id, 0);
	if (prof_len(r, id) == 0 || rs->plain[id])
		hpt_out_write(prof_name(r, id), prof_len(r, id));
	else
		hpt_out_text(prof_name(r, id), prof_len(r, id), 0);
}

static void out_label(struct rows *rs, uint32_t id)
{
	if (prof_len(rs->names, id) == 0)
		hpt_out_str("\"\"");
	else
		out_text(rs, id);
}

/* Widths of the name columns: label (with its indent), module, SRC (0:
 * no SRC column), and no. (0: none). */
struct name_widths {
	size_t label, module, src, no;
};

static void name_widths(struct rows *rs, struct name_widths *nw)
{
	const struct prof_report *r = rs->names;
	size_t i, w;
	char b[24];
	nw->label = strlen("COST CENTRE");
	nw->module = strlen("MODULE");
	nw->src = 0;
	nw->no = rs->show_no ? 3 : 0;
	for (i = 0; i < rs->n; i++) {
		uint32_t x = rs->node[i];
		w = rs->d[i] + text_width(rs, r->label[x], 1);
		if (w > nw->label && w <= LABEL_MAX)
			nw->label = w;
		w = text_width(rs, r->module[x], 0);
		if (w > nw->module)
			nw->module = w;
		w = text_width(rs, r->src[x], 0);
		if (w > nw->src)
			nw->src = w;
		if (rs->show_no && (w = hpt_fmt_u64(b, r->no[x])) > nw->no)
			nw->no = w;
	}
	if (nw->src && nw->src < 3)
		nw->src = 3;
}

/* pad spaces, then the k bytes at b: one piece of the output buffer
 * (a table cell). */
static void out_padded(size_t pad, const char *b, size_t k)
{
	char *o = hpt_out_space(pad + k);
	memset(o, ' ', pad);
	memcpy(o + pad, b, k);
	hpt_out_commit(pad + k);
}

/* Name w wide, then padding to width (at least one space). */
static void pad_to(size_t w, size_t width)
{
	hpt_out_spaces(w < width ? width - w + 2 : 2);
}

static void table_names(struct rows *rs, size_t i,
                        const struct name_widths *nw)
{
	const struct prof_report *r = rs->names;
	uint32_t x = rs->node[i];
	if (nw->no) {
		char b[24];
		size_t k = hpt_fmt_u64(b, r->no[x]);
		out_padded(nw->no - k + 2, b, k);
	}
	hpt_out_spaces(2 + rs->d[i]);
	out_label(rs, r->label[x]);
	pad_to(rs->d[i] + text_width(rs, r->label[x], 1), nw->label);
	out_text(rs, r->module[x]);
	if (nw->src && prof_len(r, r->src[x])) {
		pad_to(text_width(rs, r->module[x], 0), nw->module);
		out_text(rs, r->src[x]);
	}
	hpt_out_char('\n');
}

static void table(struct rows *rs, int ncol, cells_fn cells,
                  const void *ctx)
{
	size_t w[NCOL], i, left;
	struct name_widths nw;
	char c[NCOL][CELL];
	int k;
	for (k = 0; k < ncol; k++)
		w[k] = strlen(col_name[k]);
	for (i = 0; i < rs->n; i++) {
		cells(ctx, rs->x[i], c);
		for (k = 0; k < ncol; k++) {
			size_t l = strlen(c[k]);
			if (l > w[k])
				w[k] = l;
		}
	}
	name_widths(rs, &nw);
	/* "individual" and "inherited" end over their %alloc columns */
	left = w[0] + 2 + w[1] + 2 + w[2];
	hpt_out_spaces(left > 10 ? left - 10 : 0);
	hpt_out_str("individual");
	hpt_out_spaces(2 + w[3] + 2 + w[4] > 9 ? 2 + w[3] + 2 + w[4] - 9 : 1);
	hpt_out_str("inherited\n");
	for (k = 0; k < ncol; k++) {
		hpt_out_spaces(w[k] - strlen(col_name[k]) + (k ? 2 : 0));
		hpt_out_str(col_name[k]);
	}
	if (nw.no) {
		hpt_out_spaces(nw.no - 3 + 2);
		hpt_out_str("no.");
	}
	hpt_out_str("  COST CENTRE");
	pad_to(strlen("COST CENTRE"), nw.label);
	hpt_out_str("MODULE");
	if (nw.src) {
		pad_to(strlen("MODULE"), nw.module);
		hpt_out_str("SRC");
	}
	hpt_out_str("\n\n");
	for (i = 0; i < rs->n; i++) {
		cells(ctx, rs->x[i], c);
		for (k = 0; k < ncol; k++) {
			size_t l = strlen(c[k]);
			out_padded(w[k] - l + (k ? 2 : 0), c[k], l);
		}
		table_names(rs, i, &nw);
	}
}

static void fmt_pct(char *b, const struct prof_report *r, uint64_t v,
                    int which)
{
	hpt_fmt_double(b, CELL, prof_percent(r, v, which), r->exact ? 2 : 1);
}

static void text_header(const struct prof_report *r)
{
	char b[64];
	if (r->command)
		hpt_out_printf("command      %s\n", r->command);
	if (r->date)
		hpt_out_printf("date         %s\n", r->date);
	if (r->has_time) {
		hpt_out_printf("total time   %s secs (%llu ticks @ %u %s",
		               r->total_secs, (unsigned long long)r->total_ticks,
		               r->tick_interval, r->tick_unit);
		if (r->processors)
			hpt_out_printf(", %u processor%s", r->processors,
			               r->processors > 1 ? "s" : "");
		hpt_out_str(")\n");
	} else if (r->exact) {
		hpt_out_printf("total ticks  %llu (sum of the tree)\n",
		               (unsigned long long)r->total_ticks);
	}
	if (r->eventlog) {
		fmt_u(b, sizeof b, r->rts_ticks);
		hpt_out_printf("figures      exact ticks from the eventlog's "
		               "time-profile samples, less %s\n"
		               "             of the RTS's own stacks (GC, IDLE, "
		               "...) as in the .prof; entries\n"
		               "             and allocation are not in an "
		               "eventlog (shown as 0)\n\n", b);
		return;
	}
	if (r->has_alloc || r->exact) {
		fmt_u(b, sizeof b, r->total_alloc);
		hpt_out_printf("total alloc  %s bytes%s\n", b,
		               r->has_alloc ? "" : " (sum of the tree)");
	}
	if (r->exact)
		hpt_out_str("figures      exact: from the report's ticks and "
		            "bytes\n");
	else
		hpt_out_str("figures      from the report's percentages (0.1 "
		            "steps), no ticks or bytes (+RTS -P gives them)\n");
	hpt_out_char('\n');
}

/* ---- -o tree ---- */

static void cells_node(const void *ctx, uint32_t x, char c[NCOL][CELL])
{
	const struct prof_report *r = ctx;
	fmt_u(c[0], CELL, r->entries[x]);
	fmt_pct(c[1], r, r->ind_time[x], 0);
	fmt_pct(c[2], r, r->ind_alloc[x], 1);
	fmt_pct(c[3], r, r->inh_time[x], 0);
	fmt_pct(c[4], r, r->inh_alloc[x], 1);
	if (r->exact) {
		fmt_u(c[5], CELL, r->ind_time[x]);
		fmt_u(c[6], CELL, r->ind_alloc[x]);
	}
}

void prof_write_tree(const struct prof_report *r)
{
	struct rows rs;
	memset(&rs, 0, sizeof rs);
	rows_tree(&rs, r);
	text_header(r);
	table(&rs, r->exact ? 7 : 5, cells_node, r);
	rows_free(&rs);
}

/* ---- -o tsv ---- */

static const char tsv_head[] =
    "depth\tno\tparent\tcost_centre\tmodule\tsrc\tentries\t"
    "individual_time\tindividual_alloc\tinherited_time\tinherited_alloc\t"
    "ticks\tbytes\n";

static void tsv_names(const struct prof_report *r, uint32_t x,
                      const unsigned char *plain)
{
	out_name(r, r->label[x], plain);
	hpt_out_char('\t');
	out_name(r, r->module[x], plain);
	hpt_out_char('\t');
	out_name(r, r->src[x], plain);
	hpt_out_char('\t');
}

static void tsv_tree_cols(const struct prof_report *r, uint32_t x,
                          uint32_t d, const unsigned char *plain)
{
	uint32_t p = r->parent[x];
	hpt_out_u64(d);
	hpt_out_char('\t');
	hpt_out_u64(r->no[x]);
	hpt_out_char('\t');
	if (p != PROF_NONE)
		hpt_out_u64(r->no[p]);
	hpt_out_char('\t');
	tsv_names(r, x, plain);
}

/* The figures of a TSV row after its names: entries, the four
 * percentages, then ticks and bytes (empty unless exact).  Counts are
 * magnitudes with a sign of their own, for the differences of -D. */
struct tsv_fig {
	uint64_t count[3]; /* entries, ticks, bytes */
	int neg[3];        /* count[k] is negative */
	double pct[4];     /* individual %time %alloc, inherited ones */
};

static void tsv_count(const struct tsv_fig *f, int k)
{
	if (f->neg[k] && f->count[k])
		hpt_out_char('-');
	hpt_out_u64(f->count[k]);
}

/* The one TSV row body, for -o tsv, -a -o tsv and -D -o tsv. */
static void tsv_figures(const struct tsv_fig *f, int exact)
{
	int k;
	tsv_count(f, 0);
	for (k = 0; k < 4; k++) {
		hpt_out_char('\t');
		out_num(f->pct[k]);
	}
	hpt_out_char('\t');
	if (exact) {
		tsv_count(f, 1);
		hpt_out_char('\t');
		tsv_count(f, 2);
	} else {
		hpt_out_char('\t');
	}
	hpt_out_char('\n');
}

/* The figures of one node, or of one cost centre of the flat profile. */
static void tsv_fig_set(struct tsv_fig *f, const struct prof_report *r,
                        uint64_t entries, uint64_t ind_time,
                        uint64_t ind_alloc, uint64_t inh_time,
                        uint64_t inh_alloc)
{
	memset(f, 0, sizeof *f);
	f->count[0] = entries;
	f->count[1] = ind_time;
	f->count[2] = ind_alloc;
	f->pct[0] = prof_percent(r, ind_time, 0);
	f->pct[1] = prof_percent(r, ind_alloc, 1);
	f->pct[2] = prof_percent(r, inh_time, 0);
	f->pct[3] = prof_percent(r, inh_alloc, 1);
}

void prof_write_tsv(const struct prof_report *r)
{
	uint32_t it = r->first_root, d, x;
	unsigned char *plain = tsv_plain(r);
	struct tsv_fig f;
	hpt_out_str(tsv_head);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		tsv_tree_cols(r, x, d, plain);
		tsv_fig_set(&f, r, r->entries[x], r->ind_time[x],
		            r->ind_alloc[x], r->inh_time[x], r->inh_alloc[x]);
		tsv_figures(&f, r->exact);
	}
	free(plain);
}

/* ---- -o folded ---- */

/* Per name id of r: 1 if the name is printable ASCII without ';',
 * which hpt_out_text(..., ';') writes as it is.  Caller frees. */
static unsigned char *frame_plain(const struct prof_report *r)
{
	unsigned char *plain = hpt_xmalloc(r->names.count ? r->names.count : 1);
	size_t i, k;
	for (i = 0; i < r->names.count; i++) {
		const unsigned char *u =
		    (const unsigned char *)r->names.name[i];
		plain[i] = 1;
		for (k = 0; k < r->names.len[i]; k++)
			if (u[k] < 0x20 || u[k] > 0x7e || u[k] == ';')
				plain[i] = 0;
	}
	return plain;
}

/* A name as a frame: ';' (the frame separator) becomes '_'; plain
 * (frame_plain, or NULL) saves the escaping loop. */
static void out_frame_name(const struct prof_report *r, uint32_t id,
                           const unsigned char *plain)
{
	if (plain && plain[id])
		hpt_out_write(prof_name(r, id), prof_len(r, id));
	else
		hpt_out_text(prof_name(r, id), prof_len(r, id), ';');
}

/* One frame: the label, "Module.CAF" for a module's CAF, "" for an
 * empty label. */
static void out_frame(const struct prof_report *r, uint32_t x,
                      const unsigned char *plain)
{
	uint32_t l = r->label[x];
	const char *s = prof_name(r, l);
	size_t n = prof_len(r, l);
	if (n == 3 && memcmp(s, "CAF", 3) == 0) {
		out_frame_name(r, r->module[x], plain);
		hpt_out_str(".CAF");
		return;
	}
	if (n == 0) {
		hpt_out_str("\"\"");
		return;
	}
	out_frame_name(r, l, plain);
}

static void out_path(const struct prof_report *r, const uint32_t *path,
                     uint32_t d, const unsigned char *plain)
{
	uint32_t k;
	for (k = 0; k <= d; k++) {
		if (k)
			hpt_out_char(';');
		out_frame(r, path[k], plain);
	}
}

void prof_write_folded(const struct prof_report *r, enum prof_weight w)
{
	uint32_t it = r->first_root, d, x, *path = NULL;
	size_t cap = 0;
	char b[64];
	uint64_t *sw = w != PROF_W_TIME ? prof_self_weights(r, w) : NULL;
	unsigned char *plain = frame_plain(r);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		path = hpt_xgrow(path, &cap, (size_t)d + 1, sizeof *path);
		path[d] = x;
		if (w == PROF_W_TIME)
			fmt_num(b, sizeof b, prof_percent(r, r->ind_time[x], 0));
		else
			fmt_u(b, sizeof b, sw[x]);
		if (strcmp(b, "0") == 0)
			continue;
		out_path(r, path, d, plain);
		hpt_out_char(' ');
		hpt_out_str(b);
		hpt_out_char('\n');
	}
	free(plain);
	free(sw);
	free(path);
}

/* ---- -a: the flat profile ---- */

struct flat_ctx {
	const struct prof_report *r;
	const struct prof_cc *c;
};

static void cells_flat(const void *ctx, uint32_t i, char c[NCOL][CELL])
{
	const struct flat_ctx *f = ctx;
	const struct prof_report *r = f->r;
	const struct prof_cc *e = &f->c[i];
	fmt_u(c[0], CELL, e->entries);
	fmt_pct(c[1], r, e->ind_time, 0);
	fmt_pct(c[2], r, e->ind_alloc, 1);
	fmt_pct(c[3], r, e->inh_time, 0);
	fmt_pct(c[4], r, e->inh_alloc, 1);
	if (r->exact) {
		fmt_u(c[5], CELL, e->ind_time);
		fmt_u(c[6], CELL, e->ind_alloc);
	}
}

void prof_write_flat(const struct prof_report *r, enum prof_weight w,
                     int tsv)
{
	struct prof_cc *c;
	size_t nc = prof_flat(r, w, &c), i;
	if (tsv) {
		hpt_out_str("cost_centre\tmodule\tsrc\tentries\tindividual_time\t"
		            "individual_alloc\tinherited_time\tinherited_alloc\t"
		            "ticks\tbytes\n");
		unsigned char *plain = tsv_plain(r);
		for (i = 0; i < nc; i++) {
			struct tsv_fig tf;
			tsv_names(r, c[i].node, plain);
			tsv_fig_set(&tf, r, c[i].entries, c[i].ind_time,
			            c[i].ind_alloc, c[i].inh_time,
			            c[i].inh_alloc);
			tsv_figures(&tf, r->exact);
		}
		free(plain);
	} else {
		struct rows rs;
		struct flat_ctx f;
		memset(&rs, 0, sizeof rs);
		rs.names = r;
		f.r = r;
		f.c = c;
		for (i = 0; i < nc; i++)
			rows_add(&rs, (uint32_t)i, c[i].node, 0);
		text_header(r);
		table(&rs, r->exact ? 7 : 5, cells_flat, &f);
		rows_free(&rs);
	}
	free(c);
}

/* ---- -D: the difference ---- */

static void cells_diff(const void *ctx, uint32_t x, char c[NCOL][CELL])
{
	const struct prof_diff *dd = ctx;
	const struct prof_side *e0 = &dd->side[0][x], *e1 = &dd->side[1][x];
	double v[4];
	int j;
	v[0] = e1->ind_t - e0->ind_t;
	v[1] = e1->ind_a - e0->ind_a;
	v[2] = e1->inh_t - e0->inh_t;
	v[3] = e1->inh_a - e0->inh_a;
	fmt_delta(c[0], CELL, e0->entries, e1->entries, 1);
	for (j = 0; j < 4; j++) {
		double t = fabs(v[j]) < 5e-7 ? 0.0 : v[j];
		char *b = c[j + 1];
		snprintf(b, CELL, "%+.*f", dd->exact ? 2 : 1, t);
		if (strspn(b + 1, "0.") == strlen(b + 1))
			b[0] = ' ';
	}
	if (dd->exact) {
		fmt_delta(c[5], CELL, e0->ticks, e1->ticks, 1);
		fmt_delta(c[6], CELL, e0->bytes, e1->bytes, 1);
	}
}

/* Count k of f := new - old, exactly. */
static void delta(struct tsv_fig *f, int k, uint64_t old, uint64_t new_)
{
	f->neg[k] = new_ < old;
	f->count[k] = new_ >= old ? new_ - old : old - new_;
}

void prof_write_diff(const struct prof_diff *dd, enum prof_weight w,
                     int fmt)
{
	const struct prof_report *m = &dd->m;
	uint32_t it = m->first_root, d, x;
	if (fmt == 2) {
		uint32_t *path = NULL;
		size_t cap = 0;
		char b[2][64];
		int k;
		while ((x = prof_next(m, &it, &d)) != PROF_NONE) {
			path = hpt_xgrow(path, &cap, (size_t)d + 1, sizeof *path);
			path[d] = x;
			for (k = 0; k < 2; k++) {
				const struct prof_side *e = &dd->side[k][x];
				if (w == PROF_W_TIME)
					fmt_num(b[k], 64, e->self_pct);
				else
					fmt_u(b[k], 64, e->self);
			}
			if (strcmp(b[0], "0") == 0 && strcmp(b[1], "0") == 0)
				continue;
			out_path(m, path, d, NULL);
			hpt_out_printf(" %s %s\n", b[0], b[1]);
		}
		free(path);
	} else if (fmt == 1) {
		struct tsv_fig f;
		hpt_out_str(tsv_head);
		while ((x = prof_next(m, &it, &d)) != PROF_NONE) {
			const struct prof_side *e0 = &dd->side[0][x];
			const struct prof_side *e1 = &dd->side[1][x];
			tsv_tree_cols(m, x, d, NULL);
			delta(&f, 0, e0->entries, e1->entries);
			delta(&f, 1, e0->ticks, e1->ticks);
			delta(&f, 2, e0->bytes, e1->bytes);
			f.pct[0] = e1->ind_t - e0->ind_t;
			f.pct[1] = e1->ind_a - e0->ind_a;
			f.pct[2] = e1->inh_t - e0->inh_t;
			f.pct[3] = e1->inh_a - e0->inh_a;
			tsv_figures(&f, dd->exact);
		}
	} else {
		struct rows rs;
		memset(&rs, 0, sizeof rs);
		rows_tree(&rs, m);
		hpt_out_str("difference  NEW - OLD, node by node (cost-centre "
		            "paths); figures in percentage points");
		hpt_out_str(dd->exact ? ", ticks and bytes\n\n" : "\n\n");
		table(&rs, dd->exact ? 7 : 5, cells_diff, dd);
		rows_free(&rs);
	}
}
