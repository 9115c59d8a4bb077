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
#include "row.h"

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

/* The length of the n bytes of a "%.6f" text at o without its trailing
 * zeros, and without its point if no decimal is left. */
static size_t strip_zeros(const char *o, size_t n)
{
	while (n > 0 && o[n - 1] == '0')
		n--;
	if (n > 0 && o[n - 1] == '.')
		n--;
	return n;
}

/* A percentage with at most 6 decimals, trailing zeros removed, at o
 * (room for HPT_FIXED_MAX bytes); returns its length. */
static size_t put_num(char *o, double v)
{
	if (v == 0.0 || fabs(v) < 5e-7) {
		o[0] = '0'; /* never "-0" */
		return 1;
	}
	return strip_zeros(o, hpt_fmt_fixed(o, v, 6));
}

/* put_num as a string in b (sz > HPT_FIXED_MAX). */
static void fmt_num(char *b, size_t sz, double v)
{
	(void)sz;
	b[put_num(b, v)] = '\0';
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


/* The n bytes at s, at o, 16 at a time (compiled to two moves each,
 * where memcpy would be a call that sorts out the size first): writes
 * up to 15 bytes past n and reads up to 15 past s + n, so s must have
 * them (a buffer of ours with ROW_SLACK spare bytes, never a name of
 * the report) and o is in a row's room (row.h).  Returns n. */
static inline size_t copy16(char *o, const char *s, size_t n)
{
	size_t k;
	for (k = 0; k < n; k += 16)
		memcpy(o + k, s + k, 16);
	return n;
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
#define CELL (HPT_FIXED_MAX + 1)
static const char *const col_name[NCOL] = {"entries", "%time", "%alloc",
                                           "%time", "%alloc", "ticks",
                                           "bytes"};
/* Labels deeper or longer than this are not padded: one very deep row
 * must not widen every row (a tree 10 000 levels deep). */
#define LABEL_MAX 48

/* The numeric cells of row x at o, right-aligned in ncol columns w
 * wide (each at least as wide as its widest cell; a column k > 0 after
 * two spaces), with row.h's pieces: returns the bytes written (the
 * widths and separators).  o has room for those, NCOL * CELL and
 * ROW_SLACK. */
typedef size_t (*figs_fn)(const void *ctx, uint32_t x, int ncol,
                          const size_t *w, char *o);

/* The rows of a table: x, what figs_fn takes; node, the node of names
 * whose label, module, SRC and no. the row shows; d, the indent (NULL
 * for a tree's rows: the node's depth, row_depth). */
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
	char *padded;  /* every plain name (names_padded), each followed
	                * by NAME_PAD spaces; ROW_SLACK spare bytes at the
	                * end */
	size_t *at;    /* per name id: where it is in padded; SIZE_MAX:
	                * not plain, or empty */
	size_t *room;  /* per name id: text_room */
	struct names_part *parts; /* PARTS of them (table) */
};

/* The names part of a table row (indent, label, module, SRC and the
 * newline) as last written for these names at this depth: a tree
 * repeats its rows, and the part depends on nothing else in a table.
 * Direct-mapped by part_slot; len 0: empty. */
#define PARTS 1024
#define PART_MAX 236
struct names_part {
	uint32_t d, lab, mod, src;
	uint32_t len;
	char b[PART_MAX];
};

static inline size_t part_slot(uint32_t d, uint32_t lab, uint32_t mod,
                               uint32_t src)
{
	uint64_t h = ((uint64_t)lab << 32 | mod) * UINT64_C(0x9E3779B97F4A7C15);
	h = (h ^ ((uint64_t)src << 20 | d)) * UINT64_C(0xC2B2AE3D27D4EB4F);
	return (size_t)(h >> 54) & (PARTS - 1);
}

/* The widest cell of each numeric column over the rows of rs, into w. */
typedef void (*widths_fn)(const void *ctx, const struct rows *rs,
                          size_t w[NCOL]);
/* Called once the ncol columns' widths w (headings included) are known,
 * before the first row: what figs_fn needs of them (may be NULL). */
typedef void (*begin_fn)(void *ctx, int ncol, const size_t *w);

static void rows_add(struct rows *rs, uint32_t x, uint32_t node, uint32_t d)
{
	if (rs->n == rs->cap) {
		size_t c1 = rs->cap, c2 = rs->cap;
		rs->x = hpt_xgrow(rs->x, &c1, rs->n + 1, sizeof *rs->x);
		rs->node = hpt_xgrow(rs->node, &c2, rs->n + 1,
		                     sizeof *rs->node);
		rs->d = hpt_xgrow(rs->d, &rs->cap, rs->n + 1, sizeof *rs->d);
	}
	rs->x[rs->n] = x;
	rs->node[rs->n] = node;
	rs->d[rs->n] = d;
	rs->n++;
}

/* The linked nodes of r in preorder (prof_preorder), and node is x
 * (one array: rows_free frees it once); the indents are the depths. */
static void rows_tree(struct rows *rs, const struct prof_report *r)
{
	size_t n = r->n ? r->n : 1;
	rs->names = r;
	rs->show_no = 1;
	rs->x = hpt_xmalloc(n * sizeof *rs->x);
	rs->d = NULL;
	rs->node = rs->x;
	rs->cap = n;
	rs->n = prof_preorder(r, rs->x);
}

/* The indent of row i of rs. */
static inline uint32_t row_depth(const struct rows *rs, size_t i)
{
	return rs->d ? rs->d[i] : rs->names->depth[rs->node[i]];
}

static void rows_free(struct rows *rs)
{
	if (rs->node == rs->x)
		rs->node = NULL;
	free(rs->padded);
	free(rs->at);
	free(rs->room);
	free(rs->cols);
	free(rs->plain);
	free(rs->x);
	free(rs->node);
	free(rs->d);
	free(rs->parts);
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

/* text_width of a name already measured (name_widths measures every
 * name first), without the call. */
static size_t width_of(const struct rows *rs, uint32_t id, int label)
{
	if (prof_len(rs->names, id) == 0)
		return label ? 2 : 0;
	return rs->cols[id];
}

/* The most bytes put_text writes for name id (measured by text_width
 * first): its length when plain, else room for every escape. */
static size_t text_room(const struct rows *rs, uint32_t id)
{
	size_t n = prof_len(rs->names, id);
	return n == 0 || rs->plain[id] ? n : HPT_ESC_MAX * n;
}

/* A name as text (hpt_out_text) at o, measured first (text_width);
 * returns the bytes written (at most text_room). */
static size_t put_text(const struct rows *rs, uint32_t id, char *o)
{
	const struct prof_report *r = rs->names;
	size_t n = prof_len(r, id);
	if (n == 0)
		return 0;
	if (rs->plain[id]) {
		memcpy(o, prof_name(r, id), n);
		return n;
	}
	return hpt_esc_text(o, prof_name(r, id), n, 0);
}

/* The spaces that can follow a name in padded: a label's or module's
 * cell (the name, then the spaces to its column's end) is one copy
 * from there when its padding is no longer, which is every cell but
 * those of labels far shallower and shorter than the widest, or of a
 * module far shorter than the longest. */
#define NAME_PAD 48

/* copy16 of n bytes from padded at s: the first 32 in one copy of a
 * size the compiler knows (most cells are not longer), which may read
 * and write 31 bytes past n: s is followed by at least NAME_PAD (more
 * than 31) spaces, and o has a row's room. */
static inline size_t copy_padded(char *o, const char *s, size_t n)
{
	memcpy(o, s, 32);
	if (n > 32)
		copy16(o + 32, s + 32, n - 32);
	return n;
}

/* Set up padded, at and room of rs, its names measured (text_width). */
static void names_padded(struct rows *rs)
{
	const struct prof_report *r = rs->names;
	size_t m = r->names.count, i, len = 0;
	rs->at = hpt_xmalloc((m ? m : 1) * sizeof *rs->at);
	rs->room = hpt_xmalloc((m ? m : 1) * sizeof *rs->room);
	for (i = 0; i < m; i++) {
		size_t n = prof_len(r, i);
		rs->room[i] = text_room(rs, (uint32_t)i);
		rs->at[i] = SIZE_MAX;
		if (n && rs->plain[i]) {
			rs->at[i] = len;
			len += n + NAME_PAD;
		}
	}
	rs->padded = hpt_xmalloc(len + ROW_SLACK);
	memset(rs->padded, ' ', len + ROW_SLACK);
	for (i = 0; i < m; i++)
		if (rs->at[i] != SIZE_MAX)
			memcpy(rs->padded + rs->at[i], prof_name(r, i),
			       prof_len(r, i));
}

/* Name id in a cell w wide (w >= its width) at o: the name, then the
 * spaces to the cell's end; returns w.  One copy16 from padded when the
 * name is plain and the spaces few enough. */
static inline size_t put_cell(const struct rows *rs, uint32_t id, size_t width,
                       size_t w, char *o)
{
	size_t n;
	if (rs->at[id] != SIZE_MAX && w - width <= NAME_PAD)
		return copy_padded(o, rs->padded + rs->at[id],
		                   prof_len(rs->names, id) + (w - width));
	n = put_text(rs, id, o);
	row_spaces(o + n, w - width);
	return n + (w - width);
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
	uint64_t no = 0;
	char b[24];
	/* every name once, so that the loops below only look up */
	for (i = 0; i < r->names.count; i++)
		text_width(rs, (uint32_t)i, 0);
	nw->label = strlen("COST CENTRE");
	nw->module = strlen("MODULE");
	nw->src = 0;
	for (i = 0; i < rs->n; i++) {
		uint32_t x = rs->node[i];
		w = row_depth(rs, i) + width_of(rs, r->label[x], 1);
		if (w > nw->label && w <= LABEL_MAX)
			nw->label = w;
		w = width_of(rs, r->module[x], 0);
		if (w > nw->module)
			nw->module = w;
		w = width_of(rs, r->src[x], 0);
		if (w > nw->src)
			nw->src = w;
		if (r->no[x] > no)
			no = r->no[x];
	}
	if (nw->src && nw->src < 3)
		nw->src = 3;
	/* the widest no. is the largest's */
	nw->no = 0;
	if (rs->show_no) {
		nw->no = hpt_fmt_u64(b, no);
		if (nw->no < 3)
			nw->no = 3;
	}
}

/* The spaces after a name w wide in a column width wide (at least
 * two). */
static size_t pad_after(size_t w, size_t width)
{
	return w < width ? width - w + 2 : 2;
}

/* Name w wide, then padding to width. */
static void pad_to(size_t w, size_t width)
{
	hpt_out_spaces(pad_after(w, width));
}

/*
 * One row, formatted in place in one piece of the output buffer with
 * row.h's pieces: the numeric cells (figs) in their columns (w, whose
 * widths and separators add up to wsum), then no., the indented label,
 * the module and the SRC.  The room asked for is what the row can take
 * at most: every padding at its largest, every name that is not plain
 * at its longest escape (text_room), and what figs asks for.
 */
static void table_row(struct rows *rs, size_t i, int ncol,
                      const size_t *w, size_t wsum, figs_fn figs,
                      const void *ctx, const struct name_widths *nw)
{
	const struct prof_report *r = rs->names;
	uint32_t x = rs->node[i], d = row_depth(rs, i);
	uint32_t lab = r->label[x], mod = r->module[x], src = r->src[x];
	struct names_part *part = &rs->parts[part_slot(d, lab, mod, src)];
	int hit = part->len && part->d == d && part->lab == lab &&
	          part->mod == mod && part->src == src;
	size_t room = wsum + nw->no + 2 + NCOL * CELL + ROW_SLACK +
	              (hit ? part->len
	                   : 2 + (size_t)d + 2 + rs->room[lab] + nw->label +
	                         2 + rs->room[mod] + nw->module + 2 +
	                         rs->room[src] + 1);
	size_t lw, o0;
	char *b = hpt_out_space(room);
	size_t o = figs(ctx, rs->x[i], ncol, w, b);
	if (nw->no) {
		/* no. is never wider than the column: the widest is
		 * the largest's */
		row_spaces(b + o, nw->no + 2);
		hpt_fmt_u64_back(b + o + nw->no + 2, r->no[x]);
		o += nw->no + 2;
	}
	if (hit) {
		memcpy(b + o, part->b, part->len);
		hpt_out_commit(o + part->len);
		return;
	}
	o0 = o;
	o += row_spaces(b + o, 2 + (size_t)d);
	lw = width_of(rs, lab, 1);
	if (prof_len(r, lab) == 0) {
		memcpy(b + o, "\"\"", 2);
		o += 2 + row_spaces(b + o + 2, pad_after(d + lw, nw->label));
	} else {
		o += put_cell(rs, lab, lw, lw + pad_after(d + lw, nw->label),
		              b + o);
	}
	if (nw->src && prof_len(r, src)) {
		size_t mw = width_of(rs, mod, 0);
		o += put_cell(rs, mod, mw, mw + pad_after(mw, nw->module),
		              b + o);
		o += rs->at[src] != SIZE_MAX
		         ? copy_padded(b + o, rs->padded + rs->at[src],
		                       prof_len(r, src))
		         : put_text(rs, src, b + o);
	} else {
		o += put_text(rs, mod, b + o);
	}
	b[o++] = '\n';
	if (o - o0 <= PART_MAX) {
		part->d = d;
		part->lab = lab;
		part->mod = mod;
		part->src = src;
		part->len = (uint32_t)(o - o0);
		memcpy(part->b, b + o0, o - o0);
	}
	hpt_out_commit(o);
}

static void table(struct rows *rs, int ncol, figs_fn figs,
                  widths_fn widths, begin_fn begin, void *ctx)
{
	size_t w[NCOL], i, left, wsum = 0;
	struct name_widths nw;
	int k;
	for (k = 0; k < ncol; k++)
		w[k] = 0;
	widths(ctx, rs, w);
	for (k = 0; k < ncol; k++) {
		if (w[k] < strlen(col_name[k]))
			w[k] = strlen(col_name[k]);
		wsum += w[k] + 2;
	}
	if (begin)
		begin(ctx, ncol, w);
	name_widths(rs, &nw);
	names_padded(rs);
	if (!rs->parts)
		rs->parts = hpt_xcalloc(PARTS, sizeof *rs->parts);
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
	for (i = 0; i < rs->n; i++)
		table_row(rs, i, ncol, w, wsum, figs, ctx, &nw);
}

/* The figures of a tree node or of a flat profile's cost centre. */
struct figs {
	uint64_t entries, ind_time, ind_alloc, inh_time, inh_alloc;
};

/* prof_percent(r, v, which) with prec (1 or 2) decimals, at o (room
 * for HPT_FIXED_MAX bytes); returns the bytes written.  hpt_fmt_pct finds
 * it from the integers that prof_percent divides: ticks or bytes by
 * their total, or tenths of a percent (by 1000, for a percentage). */
static size_t put_pct(char *o, const struct prof_report *r, uint64_t v,
                      int which, int prec)
{
	uint64_t tot = which ? r->total_alloc : r->total_ticks;
	if (v == 0) {
		/* the percentage of 0 (most cells) is 0: "0.0" or "0.00" */
		memcpy(o, "0.00", 4);
		return (size_t)prec + 2;
	}
	return hpt_fmt_pct(o, v, r->exact ? tot : 1000,
	                   prof_percent(r, v, which), prec);
}

/*
 * What figs_row needs, set up once per table (figs_begin) from the
 * columns' widths.  A row of the table's numeric cells starts as a
 * copy of zero, the row whose every figure is 0 ("0" in the count
 * columns, "0.00" or "0.0" in the percentage ones, each right-aligned
 * in its column): most figures of most rows are 0 (a cost centre with
 * no ticks and no allocation), and those then cost nothing more.  A
 * figure that is not 0 is written over its column's right end: its
 * text is at least as long as the 0's and, being no wider than the
 * column (figs_widths), covers all of the 0 it replaces and none of
 * the column before.
 */
struct figs_ctx {
	const struct prof_report *r;
	const struct prof_cc *c; /* -a: the cost centres, which rows' x
	                          * index; NULL: rows' x are nodes */
	int prec;                /* decimals: 2 (exact) or 1 */
	uint64_t tot[2];         /* what 100 * a figure is divided by for
	                          * its percentage: total ticks and bytes
	                          * (exact) or 1000 (tenths of a percent) */
	size_t end[NCOL];        /* where column k ends, from the row's
	                          * start (its separator included) */
	size_t len;              /* the bytes of the numeric cells */
	char *zero;              /* len bytes, then ZERO_ROOM more to read
	                          * (copy16, or one copy of ZERO_ROOM) */
};

/* A row of zero cells no longer than this (most: 7 columns of 5 to 10)
 * is copied as ZERO_ROOM bytes, a size the compiler knows; figs_fn's
 * room (NCOL * CELL) holds them. */
#define ZERO_ROOM 64

/* The percentage of v != 0 (put_pct's text), its last byte at end[-1]:
 * from the integers (hpt_fmt_quot_back) in all but the cases they
 * cannot tell, which put_pct formats, as it formats every case, from
 * prof_percent's double.  The two agree: hpt_fmt_pct takes the same
 * integers and tells the same cases. */
static void pct_back(char *end, const struct figs_ctx *fc, uint64_t v,
                     int which)
{
	const uint64_t exact = (uint64_t)1 << 53;
	uint64_t tot = fc->tot[which];
	char t[CELL];
	size_t n;
	if (v < exact / 100 && tot < exact &&
	    hpt_fmt_quot_back(end, 100 * v, tot, fc->prec))
		return;
	n = put_pct(t, fc->r, v, which, fc->prec);
	memcpy(end - n, t, n);
}

/* The cells of f at o (figs_fn): zero's copy, then each figure that is
 * not 0 at its column's end.  o has room for len and ROW_SLACK. */
static inline size_t figs_row(const struct figs_ctx *fc,
                              const struct figs *f, char *o)
{
	const size_t *e = fc->end;
	if (fc->len <= ZERO_ROOM)
		memcpy(o, fc->zero, ZERO_ROOM); /* four moves */
	else
		copy16(o, fc->zero, fc->len);
	if ((f->entries | f->ind_time | f->ind_alloc | f->inh_time |
	     f->inh_alloc) == 0)
		return fc->len; /* zero as it is: most rows of a tree */
	if (f->entries)
		hpt_fmt_u64_back(o + e[0], f->entries);
	if (f->ind_time)
		pct_back(o + e[1], fc, f->ind_time, 0);
	if (f->ind_alloc)
		pct_back(o + e[2], fc, f->ind_alloc, 1);
	if (f->inh_time)
		pct_back(o + e[3], fc, f->inh_time, 0);
	if (f->inh_alloc)
		pct_back(o + e[4], fc, f->inh_alloc, 1);
	if (fc->r->exact) {
		if (f->ind_time)
			hpt_fmt_u64_back(o + e[5], f->ind_time);
		if (f->ind_alloc)
			hpt_fmt_u64_back(o + e[6], f->ind_alloc);
	}
	return fc->len;
}

/* The ncol columns w wide (begin_fn): zero and end of the figs_ctx. */
static void figs_begin(void *ctx, int ncol, const size_t *w)
{
	struct figs_ctx *fc = ctx;
	const struct prof_report *r = fc->r;
	size_t o = 0;
	int k;
	fc->prec = r->exact ? 2 : 1;
	fc->tot[0] = r->exact ? r->total_ticks : 1000;
	fc->tot[1] = r->exact ? r->total_alloc : 1000;
	fc->len = 0;
	for (k = 0; k < ncol; k++)
		fc->len += w[k] + (k ? 2 : 0);
	fc->zero = hpt_xmalloc(fc->len + ZERO_ROOM);
	memset(fc->zero, ' ', fc->len + ZERO_ROOM);
	for (k = 0; k < ncol; k++) {
		o += w[k] + (k ? 2 : 0);
		fc->end[k] = o;
		if (k == 0 || k >= 5)
			fc->zero[o - 1] = '0';
		else
			memcpy(fc->zero + o - fc->prec - 2, "0.00",
			       (size_t)fc->prec + 2);
	}
}

/* Fold f into the figurewise maximum m. */
static void figs_max(struct figs *m, const struct figs *f)
{
	if (f->entries > m->entries)
		m->entries = f->entries;
	if (f->ind_time > m->ind_time)
		m->ind_time = f->ind_time;
	if (f->ind_alloc > m->ind_alloc)
		m->ind_alloc = f->ind_alloc;
	if (f->inh_time > m->inh_time)
		m->inh_time = f->inh_time;
	if (f->inh_alloc > m->inh_alloc)
		m->inh_alloc = f->inh_alloc;
}

/* The widths of the figurewise maximum m's cells, which are the widest
 * of their columns: a count's text grows with the count, and so does a
 * percentage's, prof_percent and printf's "%.*f" being monotonic. */
static void figs_widths(const struct prof_report *r, const struct figs *m,
                        size_t w[NCOL])
{
	char t[CELL];
	int prec = r->exact ? 2 : 1;
	w[0] = hpt_fmt_u64(t, m->entries);
	w[1] = put_pct(t, r, m->ind_time, 0, prec);
	w[2] = put_pct(t, r, m->ind_alloc, 1, prec);
	w[3] = put_pct(t, r, m->inh_time, 0, prec);
	w[4] = put_pct(t, r, m->inh_alloc, 1, prec);
	if (r->exact) {
		w[5] = hpt_fmt_u64(t, m->ind_time);
		w[6] = hpt_fmt_u64(t, m->ind_alloc);
	}
}

static void text_header(const struct prof_report *r)
{
	char b[64];
	/* escaped as the names are: a -pj file's may hold anything */
	if (r->command) {
		hpt_out_str("command      ");
		hpt_out_text(r->command, strlen(r->command), 0);
		hpt_out_char('\n');
	}
	if (r->date) {
		hpt_out_str("date         ");
		hpt_out_text(r->date, strlen(r->date), 0);
		hpt_out_char('\n');
	}
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

static void node_figs(const struct prof_report *r, uint32_t x,
                      struct figs *f)
{
	f->entries = r->entries[x];
	f->ind_time = r->ind_time[x];
	f->ind_alloc = r->ind_alloc[x];
	f->inh_time = r->inh_time[x];
	f->inh_alloc = r->inh_alloc[x];
}

static size_t figs_node(const void *ctx, uint32_t x, int ncol,
                        const size_t *w, char *o)
{
	const struct figs_ctx *fc = ctx;
	struct figs f;
	(void)ncol;
	(void)w;
	node_figs(fc->r, x, &f);
	return figs_row(fc, &f, o);
}

static void widths_node(const void *ctx, const struct rows *rs,
                        size_t w[NCOL])
{
	const struct figs_ctx *fc = ctx;
	struct figs m, f;
	size_t i;
	memset(&m, 0, sizeof m);
	for (i = 0; i < rs->n; i++) {
		node_figs(fc->r, rs->x[i], &f);
		figs_max(&m, &f);
	}
	figs_widths(fc->r, &m, w);
}

void prof_write_tree(const struct prof_report *r)
{
	struct rows rs;
	struct figs_ctx fc;
	memset(&rs, 0, sizeof rs);
	memset(&fc, 0, sizeof fc);
	fc.r = r;
	rows_tree(&rs, r);
	text_header(r);
	table(&rs, r->exact ? 7 : 5, figs_node, widths_node, figs_begin, &fc);
	free(fc.zero);
	rows_free(&rs);
}

/* ---- -o tsv ---- */

static const char tsv_head[] =
    "depth\tno\tparent\tcost_centre\tmodule\tsrc\tentries\t"
    "individual_time\tindividual_alloc\tinherited_time\tinherited_alloc\t"
    "ticks\tbytes\n";

/* The most bytes a TSV row's figures take (tsv_figures): three counts
 * with a sign, four percentages, their tabs and the newline. */
#define TSV_FIG_ROOM (3 * 21 + 4 * HPT_FIXED_MAX + 8 + ROW_SLACK)

/* The most bytes put_tsv_name writes for name id. */
static size_t tsv_room(const struct prof_report *r, uint32_t id,
                       const unsigned char *plain)
{
	size_t n = prof_len(r, id);
	return plain && plain[id] ? n : HPT_ESC_MAX * n;
}

/* A name as a TSV field at o; plain (tsv_plain, or NULL) saves the
 * escaping loop for the names that need none.  Returns the bytes
 * written (at most tsv_room). */
static size_t put_tsv_name(char *o, const struct prof_report *r,
                           uint32_t id, const unsigned char *plain)
{
	size_t n = prof_len(r, id);
	if (plain && plain[id]) {
		if (n)
			memcpy(o, prof_name(r, id), n);
		return n;
	}
	return hpt_esc_tsv(o, prof_name(r, id), n);
}

/* The room of tsv_names for node x. */
static size_t tsv_names_room(const struct prof_report *r, uint32_t x,
                             const unsigned char *plain)
{
	return tsv_room(r, r->label[x], plain) +
	       tsv_room(r, r->module[x], plain) +
	       tsv_room(r, r->src[x], plain) + 3;
}

/* Node x's label, module and SRC, each with the tab after it, at o;
 * returns the bytes written (at most tsv_names_room). */
static size_t tsv_names(char *o, const struct prof_report *r, uint32_t x,
                        const unsigned char *plain)
{
	size_t n = put_tsv_name(o, r, r->label[x], plain);
	o[n++] = '\t';
	n += put_tsv_name(o + n, r, r->module[x], plain);
	o[n++] = '\t';
	n += put_tsv_name(o + n, r, r->src[x], plain);
	o[n++] = '\t';
	return n;
}

/* The depth, no. and parent's no. of node x at depth d, then its names,
 * at o (room for 3 * 21 + tsv_names_room, and ROW_SLACK: row.h);
 * returns the bytes written. */
static size_t tsv_tree_cols(char *o, const struct prof_report *r,
                            uint32_t x, uint32_t d,
                            const unsigned char *plain)
{
	uint32_t p = r->parent[x];
	size_t n = row_u64(o, d);
	o[n++] = '\t';
	n += row_u64(o + n, r->no[x]);
	o[n++] = '\t';
	if (p != PROF_NONE)
		n += row_u64(o + n, r->no[p]);
	o[n++] = '\t';
	return n + tsv_names(o + n, r, x, plain);
}

/* The figures of a TSV row after its names: entries, the four
 * percentages, then ticks and bytes (empty unless exact).  Counts are
 * magnitudes with a sign of their own, for the differences of -D. */
struct tsv_fig {
	uint64_t count[3]; /* entries, ticks, bytes */
	int neg[3];        /* count[k] is negative */
	double pct[4];     /* individual %time %alloc, inherited ones */
	/* Not NULL: the percentages are r's of the figures fig (ticks,
	 * bytes, ticks, bytes), which put_num6 formats from the integers;
	 * pct is not used. */
	const struct prof_report *r;
	uint64_t fig[4];
};

/* put_num(o, prof_percent(r, v, which)), from the integers that
 * prof_percent divides (as put_pct does). */
static size_t put_num6(char *o, const struct prof_report *r, uint64_t v,
                       int which)
{
	double x = v ? prof_percent(r, v, which) : 0.0; /* 0 of 0 */
	uint64_t tot = which ? r->total_alloc : r->total_ticks;
	if (x == 0.0 || fabs(x) < 5e-7) {
		o[0] = '0';
		return 1;
	}
	return strip_zeros(o, hpt_fmt_pct(o, v, r->exact ? tot : 1000, x, 6));
}

static size_t tsv_count(char *o, const struct tsv_fig *f, int k)
{
	size_t n = 0;
	if (f->neg[k] && f->count[k])
		o[n++] = '-';
	return n + row_u64(o + n, f->count[k]);
}

/* The one TSV row body, for -o tsv, -a -o tsv and -D -o tsv, at o
 * (room for TSV_FIG_ROOM, ROW_SLACK included); returns the bytes
 * written. */
static size_t tsv_figures(char *o, const struct tsv_fig *f, int exact)
{
	size_t n = tsv_count(o, f, 0);
	int k;
	for (k = 0; k < 4; k++) {
		o[n++] = '\t';
		if (f->r && f->fig[k] == 0)
			o[n++] = '0'; /* most cells: no call */
		else if (f->r)
			n += put_num6(o + n, f->r, f->fig[k], k & 1);
		else
			n += put_num(o + n, f->pct[k]);
	}
	o[n++] = '\t';
	if (exact) {
		n += tsv_count(o + n, f, 1);
		o[n++] = '\t';
		n += tsv_count(o + n, f, 2);
	} else {
		o[n++] = '\t';
	}
	o[n++] = '\n';
	return n;
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
	f->r = r;
	f->fig[0] = ind_time;
	f->fig[1] = ind_alloc;
	f->fig[2] = inh_time;
	f->fig[3] = inh_alloc;
}

/* Each row of -o tsv is formatted in place in one piece of the output
 * buffer (tsv_tree_cols, then tsv_figures), as big as the row can be. */
void prof_write_tsv(const struct prof_report *r)
{
	uint32_t it = r->first_root, d, x;
	unsigned char *plain = tsv_plain(r);
	struct tsv_fig f;
	hpt_out_str(tsv_head);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		char *o = hpt_out_space(3 * 21 + tsv_names_room(r, x, plain) +
		                        TSV_FIG_ROOM);
		size_t n = tsv_tree_cols(o, r, x, d, plain);
		tsv_fig_set(&f, r, r->entries[x], r->ind_time[x],
		            r->ind_alloc[x], r->inh_time[x], r->inh_alloc[x]);
		n += tsv_figures(o + n, &f, r->exact);
		hpt_out_commit(n);
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

/*
 * The stack of the node last visited (stack_push), and the text of its
 * frames joined by ';' as far down as it has been needed (stack_text).
 * The text is kept from line to line: a line costs the frames that
 * changed since the last line and one copy, not a pass over every
 * frame above it (a tree 100 000 levels deep has lines 100 000 frames
 * long), and nodes that write no line (zero weight: most of them)
 * cost no text at all.
 */
struct stack {
	uint32_t *node;   /* node[k]: the node at depth k */
	size_t ncap;
	uint32_t depth;   /* of the top */
	uint32_t valid;   /* frames 0..valid-1 of text are node's */
	char *b;          /* the text */
	size_t cap;
	size_t *end;      /* end[k]: the length of frames 0..k of text */
	size_t ecap;
	const unsigned char *plain; /* frame_plain */
};

/* Node x at depth d (the next of a preorder walk) becomes the top of
 * the stack. */
static void stack_push(struct stack *s, uint32_t x, uint32_t d)
{
	s->node = hpt_xgrow(s->node, &s->ncap, (size_t)d + 1, sizeof *s->node);
	s->node[d] = x;
	s->depth = d;
	if (s->valid > d)
		s->valid = d;
}

/* Append name id at b: ';' (the frame separator) becomes '_'; plain
 * names are copied as they are.  Returns the bytes written, at most
 * HPT_ESC_MAX times the name's length. */
static size_t frame_name(const struct stack *s, char *b,
                         const struct prof_report *r, uint32_t id)
{
	size_t n = prof_len(r, id);
	if (s->plain[id]) {
		memcpy(b, prof_name(r, id), n);
		return n;
	}
	return hpt_esc_text(b, prof_name(r, id), n, ';');
}

/* Append the frame of node x at depth k to the text: the label,
 * "Module.CAF" for a module's CAF, "" for an empty label. */
static void stack_frame(struct stack *s, const struct prof_report *r,
                        uint32_t x, uint32_t k)
{
	uint32_t l = r->label[x];
	const char *t = prof_name(r, l);
	size_t n = prof_len(r, l), m = prof_len(r, r->module[x]);
	size_t len = k ? s->end[k - 1] : 0;
	s->b = hpt_xgrow(s->b, &s->cap, len + 1 + HPT_ESC_MAX * (n + m) + 4,
	                 1);
	s->end = hpt_xgrow(s->end, &s->ecap, (size_t)k + 1, sizeof *s->end);
	if (k)
		s->b[len++] = ';';
	if (n == 3 && memcmp(t, "CAF", 3) == 0) {
		len += frame_name(s, s->b + len, r, r->module[x]);
		memcpy(s->b + len, ".CAF", 4);
		len += 4;
	} else if (n == 0) {
		memcpy(s->b + len, "\"\"", 2);
		len += 2;
	} else {
		len += frame_name(s, s->b + len, r, l);
	}
	s->end[k] = len;
}

/* The text of the whole stack: returns its length (at s->b). */
static size_t stack_text(struct stack *s, const struct prof_report *r)
{
	for (; s->valid <= s->depth; s->valid++)
		stack_frame(s, r, s->node[s->valid], s->valid);
	return s->end[s->depth];
}

static void stack_free(struct stack *s)
{
	free(s->node);
	free(s->b);
	free(s->end);
}

/* A folded line: the stack's text, then the weights, each after a
 * space. */
static void stack_line(struct stack *s, const struct prof_report *r,
                       const char *const *w, int nw)
{
	int k;
	hpt_out_write(s->b, stack_text(s, r));
	for (k = 0; k < nw; k++) {
		hpt_out_char(' ');
		hpt_out_str(w[k]);
	}
	hpt_out_char('\n');
}

void prof_write_folded(const struct prof_report *r, enum prof_weight w)
{
	uint32_t it = r->first_root, d, x;
	char b[CELL];
	const char *wb = b;
	uint64_t *sw = w != PROF_W_TIME ? prof_self_weights(r, w) : NULL;
	struct stack s;
	memset(&s, 0, sizeof s);
	s.plain = frame_plain(r);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		stack_push(&s, x, d);
		if (w == PROF_W_TIME)
			b[put_num6(b, r, r->ind_time[x], 0)] = '\0';
		else
			fmt_u(b, sizeof b, sw[x]);
		if (strcmp(b, "0") == 0)
			continue;
		stack_line(&s, r, &wb, 1);
	}
	free((void *)s.plain);
	stack_free(&s);
	free(sw);
}

/* ---- -a: the flat profile ---- */

static void cc_figs(const struct prof_cc *e, struct figs *f)
{
	f->entries = e->entries;
	f->ind_time = e->ind_time;
	f->ind_alloc = e->ind_alloc;
	f->inh_time = e->inh_time;
	f->inh_alloc = e->inh_alloc;
}

static size_t figs_flat(const void *ctx, uint32_t i, int ncol,
                        const size_t *w, char *o)
{
	const struct figs_ctx *fc = ctx;
	struct figs f;
	(void)ncol;
	(void)w;
	cc_figs(&fc->c[i], &f);
	return figs_row(fc, &f, o);
}

static void widths_flat(const void *ctx, const struct rows *rs,
                        size_t w[NCOL])
{
	const struct figs_ctx *fc = ctx;
	struct figs m, f;
	size_t i;
	memset(&m, 0, sizeof m);
	for (i = 0; i < rs->n; i++) {
		cc_figs(&fc->c[rs->x[i]], &f);
		figs_max(&m, &f);
	}
	figs_widths(fc->r, &m, w);
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
			char *o = hpt_out_space(tsv_names_room(r, c[i].node,
			                                       plain) +
			                        TSV_FIG_ROOM);
			size_t n = tsv_names(o, r, c[i].node, plain);
			tsv_fig_set(&tf, r, c[i].entries, c[i].ind_time,
			            c[i].ind_alloc, c[i].inh_time,
			            c[i].inh_alloc);
			n += tsv_figures(o + n, &tf, r->exact);
			hpt_out_commit(n);
		}
		free(plain);
	} else {
		struct rows rs;
		struct figs_ctx f;
		memset(&rs, 0, sizeof rs);
		memset(&f, 0, sizeof f);
		rs.names = r;
		f.r = r;
		f.c = c;
		for (i = 0; i < nc; i++)
			rows_add(&rs, (uint32_t)i, c[i].node, 0);
		text_header(r);
		table(&rs, r->exact ? 7 : 5, figs_flat, widths_flat,
		      figs_begin, &f);
		free(f.zero);
		rows_free(&rs);
	}
	free(c);
}

/* ---- -D: the difference ---- */

/* The cells of a row of -D: text (not NUL-terminated) and length. */
struct cells {
	char b[NCOL][CELL];
	size_t len[NCOL];
};

static void cells_diff(const void *ctx, uint32_t x, struct cells *c)
{
	const struct prof_diff *dd = ctx;
	const struct prof_side *e0 = &dd->side[0][x], *e1 = &dd->side[1][x];
	double v[4];
	int j;
	v[0] = e1->ind_t - e0->ind_t;
	v[1] = e1->ind_a - e0->ind_a;
	v[2] = e1->inh_t - e0->inh_t;
	v[3] = e1->inh_a - e0->inh_a;
	fmt_delta(c->b[0], CELL, e0->entries, e1->entries, 1);
	for (j = 0; j < 4; j++) {
		double t = fabs(v[j]) < 5e-7 ? 0.0 : v[j];
		char *b = c->b[j + 1];
		snprintf(b, CELL, "%+.*f", dd->exact ? 2 : 1, t);
		if (strspn(b + 1, "0.") == strlen(b + 1))
			b[0] = ' ';
	}
	if (dd->exact) {
		fmt_delta(c->b[5], CELL, e0->ticks, e1->ticks, 1);
		fmt_delta(c->b[6], CELL, e0->bytes, e1->bytes, 1);
	}
	for (j = 0; j < (dd->exact ? 7 : 5); j++)
		c->len[j] = strlen(c->b[j]);
}

static void widths_diff(const void *ctx, const struct rows *rs,
                        size_t w[NCOL])
{
	const struct prof_diff *dd = ctx;
	struct cells c;
	size_t i;
	int k;
	for (i = 0; i < rs->n; i++) {
		cells_diff(ctx, rs->x[i], &c);
		for (k = 0; k < (dd->exact ? 7 : 5); k++)
			if (c.len[k] > w[k])
				w[k] = c.len[k];
	}
}

static size_t figs_diff(const void *ctx, uint32_t x, int ncol,
                        const size_t *w, char *o)
{
	struct cells c;
	size_t n = 0;
	int k;
	cells_diff(ctx, x, &c);
	for (k = 0; k < ncol; k++) {
		n += row_spaces(o + n, w[k] - c.len[k] + (k ? 2 : 0));
		n += row_copy(o + n, c.b[k], c.len[k]);
	}
	return n;
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
		struct stack s;
		unsigned char *plain = frame_plain(m);
		char b[2][CELL];
		const char *wb[2] = {b[0], b[1]};
		int k;
		memset(&s, 0, sizeof s);
		s.plain = plain;
		while ((x = prof_next(m, &it, &d)) != PROF_NONE) {
			stack_push(&s, x, d);
			for (k = 0; k < 2; k++) {
				const struct prof_side *e = &dd->side[k][x];
				if (w == PROF_W_TIME)
					fmt_num(b[k], CELL, e->self_pct);
				else
					fmt_u(b[k], CELL, e->self);
			}
			if (strcmp(b[0], "0") == 0 && strcmp(b[1], "0") == 0)
				continue;
			stack_line(&s, m, wb, 2);
		}
		stack_free(&s);
		free(plain);
	} else if (fmt == 1) {
		struct tsv_fig f;
		memset(&f, 0, sizeof f);
		hpt_out_str(tsv_head);
		while ((x = prof_next(m, &it, &d)) != PROF_NONE) {
			const struct prof_side *e0 = &dd->side[0][x];
			const struct prof_side *e1 = &dd->side[1][x];
			char *o = hpt_out_space(3 * 21 +
			                        tsv_names_room(m, x, NULL) +
			                        TSV_FIG_ROOM);
			size_t n = tsv_tree_cols(o, m, x, d, NULL);
			delta(&f, 0, e0->entries, e1->entries);
			delta(&f, 1, e0->ticks, e1->ticks);
			delta(&f, 2, e0->bytes, e1->bytes);
			f.pct[0] = e1->ind_t - e0->ind_t;
			f.pct[1] = e1->ind_a - e0->ind_a;
			f.pct[2] = e1->inh_t - e0->inh_t;
			f.pct[3] = e1->inh_a - e0->inh_a;
			n += tsv_figures(o + n, &f, dd->exact);
			hpt_out_commit(n);
		}
	} else {
		struct rows rs;
		memset(&rs, 0, sizeof rs);
		rows_tree(&rs, m);
		hpt_out_str("difference  NEW - OLD, node by node (cost-centre "
		            "paths); figures in percentage points");
		hpt_out_str(dd->exact ? ", ticks and bytes\n\n" : "\n\n");
		table(&rs, dd->exact ? 7 : 5, figs_diff, widths_diff, NULL,
		      (void *)dd);
		rows_free(&rs);
	}
}
