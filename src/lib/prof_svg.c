/*
 * prof_svg.c: the flame graph.  See prof_svg.h for what is drawn and
 * the bounds.
 *
 * Three passes over the linked nodes in preorder (prof_next, so a
 * parent comes before its children and no recursion is needed): lay
 * out every box (x and width from its parent's), add up the estimated
 * output of the boxes of each level, then draw the boxes of the levels
 * that fit in the budget.
 */
#include "prof_svg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "escape.h"
#include "output.h"
#include "prof_tree.h"
#include "svg.h"

#define WIDTH 1200
#define MARGIN 10
#define PLOT_W (WIDTH - 2 * MARGIN)
#define ROW 17          /* height of a level */
#define TOP 64          /* height of the title lines */
#define LEGEND_ROW 18   /* height of a row of the colour legend */
#define LEGEND_PER 6    /* entries in a row of the legend */
#define LABEL_MIN 4     /* code points of a cut label, at least */
#define FEW_TICKS 100   /* fewer ticks than this: widths are noise */
#define TIP_MAX 512     /* bytes of a name in a tooltip */
#define BUDGET 800000   /* bytes of boxes at most */
#define LEVELS_MAX 100  /* levels drawn at most */
#define LABELS_MAX 800  /* labels drawn at most */

/* What pass 1 marks in drawn[]: the node's box is drawn (a pixel wide
 * or more; its level may still be cut), and a child's box is. */
#define DRAWN 1
#define GOES_ON 2

/* Colours for modules, light enough for black labels and apart from
 * each other (Paul Tol's "light" scheme, then three more), none red: a
 * flame graph's red says "hot", and here it would say nothing.  The
 * modules drawn get them in order of their drawn width, largest first,
 * so no two of the first MOD_COLOURS share one; any more modules are
 * grey, and so is GHC's MAIN. */
static const char *const mod_colour[] = {
	"#77aadd", "#ee8866", "#44bb99", "#eedd88", "#ffaabb", "#99ddff",
	"#bbcc33", "#c2a5cf", "#fdb863", "#a6dba0", "#aaaa00",
};
#define MOD_COLOURS (sizeof mod_colour / sizeof mod_colour[0])
static const char more_colour[] = "#bbbbbb";
static const char main_colour[] = "#dddddd";

/* With one module (besides MAIN) colour says nothing about modules, so
 * it gives the node's individual share of the whole instead, in these
 * steps (percent, lower bounds), from pale to hot. */
static const double heat_from[] = {0, 0.5, 2, 10, 30};
static const char *const heat_colour[] = {
	"#fff5d6", "#fde0a0", "#fdb863", "#f4813b", "#d7301f",
};
#define HEAT_STEPS (sizeof heat_from / sizeof heat_from[0])

/* How the boxes are coloured: by module (col[module id] an index in
 * mod_colour, MOD_COLOURS for "more", MOD_COLOURS + 1 for MAIN) or by
 * heat (individual share by the measure of time or allocation). */
struct colours {
	int heat;
	int alloc;              /* heat by allocation, not time */
	uint32_t *col;          /* per name id, modules only */
	uint32_t *legend;       /* module ids in colour order */
	size_t nlegend;
};

/* What the widths measure, and their sum over the roots (total, in
 * the unit of prof_keys) in that unit. */
static char *weight_text(enum prof_weight w, int exact, uint64_t total)
{
	unsigned long long t = total;
	switch (w) {
	case PROF_W_ENTRIES:
		return hpt_xasprintf("entries of the subtree (%llu entries in "
		                     "all)", t);
	case PROF_W_ALLOC:
		if (exact)
			return hpt_xasprintf("inherited allocation (%llu bytes "
			                     "in all)", t);
		return hpt_xasprintf("inherited %% of allocation (%llu.%llu %% "
		                     "in all)", t / 10, t % 10);
	default:
		if (exact)
			return hpt_xasprintf("inherited time (%llu ticks in "
			                     "all)", t);
		return hpt_xasprintf("inherited %% of time (%llu.%llu %% in "
		                     "all)", t / 10, t % 10);
	}
}

/* The sum over the roots of what the widths of w measure (ticks,
 * bytes, tenths of a percent, entries), exactly: the keys are doubles,
 * whose sum is off from 2^53 on.  entries_all: the entries of a tree's
 * subtrees (subtree_entries), the counts prof_key_counts does not have.
 * Errors: a sum above 2^64-1 (prof_add_sum). */
static uint64_t roots_total(const struct prof_report *r, enum prof_weight w,
                            uint64_t entries_all)
{
	const uint64_t *c = prof_key_counts(r, w);
	const char *what = w == PROF_W_ENTRIES ? "entries"
	                   : w == PROF_W_ALLOC ? "bytes" : "ticks";
	uint64_t t = 0;
	uint32_t x;
	if (!c)
		return entries_all;
	for (x = r->first_root; x != PROF_NONE; x = r->next_sibling[x])
		t = prof_add_sum(r, t, c[x], what);
	return t;
}

/* The upper bound of the output of node x's box, in bytes: the
 * markup, and its names as escaped at worst (6 bytes a byte). */
static size_t box_bytes(const struct prof_report *r, uint32_t x)
{
	size_t a = prof_len(r, r->label[x]), b = prof_len(r, r->module[x]),
	       c = prof_len(r, r->src[x]);
	a = a > TIP_MAX ? TIP_MAX : a;
	b = b > TIP_MAX ? TIP_MAX : b;
	c = c > TIP_MAX ? TIP_MAX : c;
	return 420 + 6 * (2 * a + b + c);
}

static void figures(const struct prof_report *r, const char *what,
                    uint64_t t, uint64_t a)
{
	char *s;
	if (r->exact)
		s = hpt_xasprintf("\n%s: %.1f %% time (%llu ticks), %.1f %% "
		                  "alloc (%llu bytes)", what,
		                  prof_percent(r, t, 0), (unsigned long long)t,
		                  prof_percent(r, a, 1), (unsigned long long)a);
	else
		s = hpt_xasprintf("\n%s: %.1f %% time, %.1f %% alloc", what,
		                  prof_percent(r, t, 0), prof_percent(r, a, 1));
	svg_raw(s);
	free(s);
}

/* A node's label, an empty one shown as "" (GHC's {-# SCC "" #-}), and
 * a CAF with its module ("Main.CAF", as heap profiles name it); *tofree
 * is what the caller frees (NULL or the made name). */
static void label(const struct prof_report *r, uint32_t x, const char **s,
                  size_t *n, char **tofree)
{
	*s = prof_name(r, r->label[x]);
	*n = prof_len(r, r->label[x]);
	*tofree = NULL;
	if (*n == 0) {
		*s = "\"\"";
		*n = 2;
	} else if (*n == 3 && memcmp(*s, "CAF", 3) == 0) {
		size_t m = prof_len(r, r->module[x]);
		char *t = hpt_xmalloc(m + 5);
		memcpy(t, prof_name(r, r->module[x]), m);
		memcpy(t + m, ".CAF", 5);
		*s = *tofree = t;
		*n = m + 4;
	}
}

/* The colour of node x's box. */
static const char *box_colour(const struct prof_report *r,
                              const struct colours *cl, uint32_t x)
{
	size_t i;
	double pct;
	if (!cl->heat) {
		uint32_t k = cl->col[r->module[x]];
		return k < MOD_COLOURS ? mod_colour[k] : k == MOD_COLOURS
		       ? more_colour : main_colour;
	}
	pct = cl->alloc ? prof_percent(r, r->ind_alloc[x], 1)
	                : prof_percent(r, r->ind_time[x], 0);
	for (i = HEAT_STEPS; i-- > 1;)
		if (pct >= heat_from[i])
			break;
	return heat_colour[i];
}

/* A node's share of the whole width, in percent, as its label says it:
 * whole percent from 10 up, else one decimal. */
static char *share_text(double bw)
{
	double pct = bw / PLOT_W * 100;
	return pct >= 9.95 ? hpt_xasprintf(" %.0f %%", pct)
	                   : hpt_xasprintf(" %.1f %%", pct);
}

static void box(const struct prof_report *r, const struct colours *cl,
                uint32_t x, double bx, double by, double bw)
{
	char *attrs, *s, *made;
	const char *l;
	size_t ln;
	attrs = hpt_xasprintf("fill=\"%s\"", box_colour(r, cl, x));
	svg_group("class=\"node\"");
	svg_tip_begin();
	label(r, x, &l, &ln, &made);
	svg_tip(l, ln, TIP_MAX);
	svg_raw("\nmodule: ");
	svg_tip(prof_name(r, r->module[x]), prof_len(r, r->module[x]),
	        TIP_MAX);
	if (r->has_src) {
		svg_raw("\nsrc: ");
		svg_tip(prof_name(r, r->src[x]), prof_len(r, r->src[x]),
		        TIP_MAX);
	}
	s = hpt_xasprintf("\nentries: %llu%s",
	                  (unsigned long long)r->entries[x],
	                  r->inverted ? " (along this chain of callers)" : "");
	svg_raw(s);
	free(s);
	figures(r, "individual", r->ind_time[x], r->ind_alloc[x]);
	figures(r, "inherited", r->inh_time[x], r->inh_alloc[x]);
	svg_tip_end(NULL);
	svg_rect(bx, by, bw, ROW - 1, attrs, 0);
	/* a label cut to less than LABEL_MIN characters says nothing */
	s = share_text(bw);
	svg_text_fit(bx + 3, by + 12, NULL, l, ln, bw - 6, 11, LABEL_MIN, s);
	free(s);
	svg_group_end();
	free(attrs);
	free(made);
}

static void title(const struct prof_report *r, enum prof_weight w,
                  uint64_t total)
{
	char *s;
	hpt_out_str("<text x=\"10\" y=\"24\" id=\"command\" font-size=\"16\" "
	            "font-weight=\"bold\">");
	if (r->command)
		hpt_out_xml(r->command, strlen(r->command));
	else
		hpt_out_str("(command unknown)");
	hpt_out_str("</text>\n<text x=\"10\" y=\"44\" id=\"totals\">");
	if (r->date) {
		hpt_out_xml(r->date, strlen(r->date));
		hpt_out_str(" \xe2\x80\x94 ");
	}
	if (r->total_secs) {
		hpt_out_str("total time ");
		hpt_out_xml(r->total_secs, strlen(r->total_secs));
		hpt_out_printf(" secs (%llu ticks), ",
		               (unsigned long long)r->total_ticks);
	}
	if (r->has_alloc)
		hpt_out_printf("total alloc %llu bytes, ",
		               (unsigned long long)r->total_alloc);
	s = weight_text(w, r->exact, total);
	hpt_out_str("width: ");
	hpt_out_str(s);
	free(s);
	/* GHC samples time at 50 Hz by default (rts -V): a short run
	 * gives a handful of ticks, and widths by time are noise */
	if ((w == PROF_W_TICKS || w == PROF_W_TIME) && r->total_secs &&
	    r->total_ticks < FEW_TICKS)
		hpt_out_printf("; only %llu ticks: widths are rough (-w alloc "
		               "is exact)", (unsigned long long)r->total_ticks);
	hpt_out_str("</text>\n");
}

/* A module drawn, for ordering the legend: drawn width, largest
 * first, ties by name (bytes, then length). */
struct drawn_mod {
	double w;
	const char *name;
	size_t len;
	uint32_t id;
};

static int drawn_mod_cmp(const void *pa, const void *pb)
{
	const struct drawn_mod *a = pa, *b = pb;
	size_t n = a->len < b->len ? a->len : b->len;
	int d;
	if (a->w != b->w)
		return a->w > b->w ? -1 : 1;
	d = memcmp(a->name, b->name, n);
	if (d)
		return d;
	return a->len < b->len ? -1 : a->len > b->len;
}

/* Choose the colours of the boxes drawn (drawn[x] and below level
 * keep): by module, the modules in order of their drawn width, or by
 * heat when only one module other than MAIN is drawn. */
static void choose_colours(const struct prof_report *r, enum prof_weight w,
                           const unsigned char *drawn, const double *bw,
                           size_t keep, struct colours *cl)
{
	size_t nn = r->names.count ? r->names.count : 1, nm = 0, i;
	double *mw = hpt_xcalloc(nn, sizeof *mw);
	struct drawn_mod *m;
	uint32_t it = r->first_root, d, x;
	cl->col = hpt_xcalloc(nn, sizeof *cl->col);
	cl->alloc = w == PROF_W_ALLOC;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE)
		if ((drawn[x] & DRAWN) && d < keep) {
			uint32_t md = r->module[x];
			if (mw[md] == 0)
				nm++;
			mw[md] += bw[x];
		}
	m = hpt_xcalloc(nm + 1, sizeof *m);
	for (i = 0, nm = 0; i < nn; i++) {
		if (mw[i] == 0)
			continue;
		cl->col[i] = MOD_COLOURS + 1;
		if (prof_len(r, i) == 4 &&
		    memcmp(prof_name(r, i), "MAIN", 4) == 0)
			continue;
		m[nm].w = mw[i];
		m[nm].name = prof_name(r, (uint32_t)i);
		m[nm].len = prof_len(r, (uint32_t)i);
		m[nm++].id = (uint32_t)i;
	}
	qsort(m, nm, sizeof *m, drawn_mod_cmp);
	cl->legend = hpt_xcalloc(nm + 1, sizeof *cl->legend);
	for (i = 0; i < nm; i++) {
		cl->col[m[i].id] = i < MOD_COLOURS ? (uint32_t)i : MOD_COLOURS;
		cl->legend[i] = m[i].id;
	}
	cl->nlegend = nm;
	cl->heat = nm <= 1;
	free(m);
	free(mw);
}

/* The rows of the legend. */
static size_t legend_rows(const struct colours *cl)
{
	size_t n = cl->nlegend <= MOD_COLOURS ? cl->nlegend : MOD_COLOURS + 1;
	if (cl->heat)
		return 1;
	return (n + 1 + LEGEND_PER - 1) / LEGEND_PER;
}

/* One swatch and its text at entry k of the legend. */
static void swatch(size_t k, const char *colour, const char *s, size_t n)
{
	double x = MARGIN + (double)(k % LEGEND_PER) * PLOT_W / LEGEND_PER;
	double y = 52 + (double)(k / LEGEND_PER) * LEGEND_ROW;
	char *attrs = hpt_xasprintf("fill=\"%s\" stroke=\"#999999\"",
	                            colour);
	svg_rect(x, y, 12, 12, attrs, 0);
	svg_text_fit(x + 17, y + 11, "class=\"legend-name\"", s, n,
	             (double)PLOT_W / LEGEND_PER - 24, 12, 1, NULL);
	free(attrs);
}

/* The legend of the colours, under the title lines. */
static void legend(const struct prof_report *r, const struct colours *cl)
{
	size_t i, k = 0;
	svg_group("id=\"legend\"");
	if (cl->heat) {
		static const char *const steps[HEAT_STEPS] = {
			"under 0.5 %", "0.5 to 2 %", "2 to 10 %", "10 to 30 %",
			"30 % or more",
		};
		const char *what = cl->alloc ? "colour: individual alloc"
		                             : "colour: individual time";
		svg_text_str(MARGIN, 63, "class=\"legend-name\"", what);
		for (i = 0; i < HEAT_STEPS; i++)
			swatch(i + 1, heat_colour[i], steps[i],
			       strlen(steps[i]));
		svg_group_end();
		return;
	}
	svg_text_str(MARGIN, 63, "class=\"legend-name\"", "colour: module");
	for (i = 0; i < cl->nlegend && i < MOD_COLOURS; i++) {
		uint32_t md = cl->legend[i];
		swatch(++k, mod_colour[i], prof_name(r, md), prof_len(r, md));
	}
	if (cl->nlegend > MOD_COLOURS) {
		char *s = hpt_xasprintf("%zu more modules",
		                        cl->nlegend - MOD_COLOURS);
		swatch(++k, more_colour, s, strlen(s));
		free(s);
	}
	svg_group_end();
}

/*
 * The entries of each linked node's subtree into key, counting linked
 * nodes only (prof_keys also adds those of nodes that pruning removed,
 * whose entries prof_prune has already given to their kept ancestor):
 * a reverse preorder adds each node to its parent after its children.
 * The sums are exact, the roots' total too: one above 2^64-1 is "sum of
 * entries out of range" (prof_add_sum), as in every other output.
 */
static uint64_t subtree_entries(const struct prof_report *r, double *key)
{
	uint32_t *order = hpt_xcalloc(r->n + 1, sizeof *order);
	uint64_t *sum = hpt_xcalloc(r->n + 1, sizeof *sum), all = 0;
	uint32_t it = r->first_root, d, x, p;
	size_t k = 0;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		sum[x] = r->entries[x];
		order[k++] = x;
	}
	while (k-- > 0) {
		x = order[k];
		p = r->parent[x];
		key[x] = (double)sum[x];
		if (p != PROF_NONE)
			sum[p] = prof_add_sum(r, sum[p], sum[x], "entries");
		else
			all = prof_add_sum(r, all, sum[x], "entries");
	}
	free(sum);
	free(order);
	return all;
}

/* The upper bound of the output of the dashed box on top of node x,
 * as box_bytes. */
static size_t mark_bytes(const struct prof_report *r, uint32_t x)
{
	size_t a = prof_len(r, r->label[x]);
	return 520 + 6 * (a > TIP_MAX ? TIP_MAX : a);
}

/* Whether node x's box, bw pixels wide, gets a label (box draws it so). */
static int labelled(const struct prof_report *r, uint32_t x, double bw)
{
	const char *l;
	size_t ln;
	char *made;
	int fits;
	label(r, x, &l, &ln, &made);
	fits = svg_text_fits(l, ln, bw - 6, 11, LABEL_MIN);
	free(made);
	return fits;
}

/*
 * The dashed box on top of node x, whose children are not drawn: as
 * wide as they would be (bw, from bx), at y, saying how many levels
 * the stacks above x go on (up to the deepest descendant, at depth
 * top) and their share of the whole width; the tooltip gives their
 * time and allocation (the children's inherited figures).
 */
static void mark(const struct prof_report *r, uint32_t x, uint32_t top,
                 double bx, double by, double bw)
{
	uint64_t t = 0, a = 0;
	uint32_t c, d = r->depth[x];
	size_t up = (size_t)(top - d);
	const char *l;
	size_t ln;
	char *made, *s, *share;
	for (c = r->first_child[x]; c != PROF_NONE; c = r->next_sibling[c]) {
		t = prof_add_sum(r, t, r->inh_time[c], "ticks");
		a = prof_add_sum(r, a, r->inh_alloc[c], "bytes");
	}
	svg_group("class=\"cut\"");
	svg_tip_begin();
	s = hpt_xasprintf("%zu more level%s above ", up, up == 1 ? "" : "s");
	svg_raw(s);
	free(s);
	label(r, x, &l, &ln, &made);
	svg_tip(l, ln, TIP_MAX);
	if (up == 1)
		s = hpt_xasprintf(", not drawn (depth %lu; the root is 0)",
		                  (unsigned long)top);
	else
		s = hpt_xasprintf(", not drawn (depth %lu to %lu; the root "
		                  "is 0)", (unsigned long)d + 1,
		                  (unsigned long)top);
	svg_raw(s);
	free(s);
	figures(r, "above", t, a);
	svg_raw("\nproftree -o tree or -o tsv lists them");
	svg_tip_end(NULL);
	svg_rect(bx, by, bw, ROW - 1, "fill=\"#eeeeee\" stroke=\"#333333\" "
	         "stroke-dasharray=\"4,2\"", 0);
	/* "▲ 41 levels 17 %", or shorter as room is short, down to "▲";
	 * never a cut number */
	share = share_text(bw);
	s = hpt_xasprintf("\xe2\x96\xb2 %zu level%s", up, up == 1 ? "" : "s");
	if (!svg_text_fit(bx + 3, by + 12, NULL, s, strlen(s), bw - 6, 11,
	                  hpt_cps(s, strlen(s)), share)) {
		char *u = strchr(s, ' ') + 1;
		*strchr(u, ' ') = '\0';
		if (!svg_text_fit(bx + 3, by + 12, NULL, s, strlen(s), bw - 6,
		                  11, hpt_cps(s, strlen(s)), NULL))
			svg_text_fit(bx + 3, by + 12, NULL, s, 3, bw - 6, 11, 1,
			             NULL);
	}
	svg_group_end();
	free(share);
	free(s);
	free(made);
}

/* The depth of each linked node's deepest descendant (itself for a
 * leaf), by a reverse preorder: a node's children come after it. */
static uint32_t *deepest(const struct prof_report *r)
{
	size_t n = r->n ? r->n : 1, k = 0;
	uint32_t *order = hpt_xcalloc(n, sizeof *order);
	uint32_t *top = hpt_xcalloc(n, sizeof *top);
	uint32_t it = r->first_root, d, x, p;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		top[x] = d;
		order[k++] = x;
	}
	while (k-- > 0) {
		x = order[k];
		p = r->parent[x];
		if (p != PROF_NONE && top[x] > top[p])
			top[p] = top[x];
	}
	free(order);
	return top;
}

/* The upper bound of the output of the box of node x's merged
 * children, as box_bytes. */
static size_t more_bytes(const struct prof_report *r, uint32_t x)
{
	size_t a = x == PROF_NONE ? 0 : prof_len(r, r->label[x]);
	return 560 + 6 * (a > TIP_MAX ? TIP_MAX : a);
}

/* The label of a box of k merged stacks ("2159 more"). */
static char *more_text(uint32_t k)
{
	return hpt_xasprintf("%lu more", (unsigned long)k);
}

/*
 * The box of the k children of node x (or of the k roots, x
 * PROF_NONE) that are each narrower than a pixel (bw[c] in (0, 1)),
 * merged: bw pixels wide from bx, at by, right of the children drawn;
 * labelled "2159 more" and its share, or "…" as room is short; the
 * tooltip gives their count, their inherited figures together, and
 * where to find them.  Nothing is drawn on top of it.
 */
static void more(const struct prof_report *r, uint32_t x, uint32_t k,
                 const double *bw, const unsigned char *drawn, double bx,
                 double by, double bwid)
{
	uint64_t t = 0, a = 0;
	uint32_t c = x == PROF_NONE ? r->first_root : r->first_child[x];
	const char *l;
	size_t ln;
	char *made = NULL, *s, *share;
	for (; c != PROF_NONE; c = r->next_sibling[c])
		if (!(drawn[c] & DRAWN) && bw[c] > 0) {
			t = prof_add_sum(r, t, r->inh_time[c], "ticks");
			a = prof_add_sum(r, a, r->inh_alloc[c], "bytes");
		}
	svg_group("class=\"more\"");
	svg_tip_begin();
	if (x == PROF_NONE) {
		s = hpt_xasprintf("%lu root%s", (unsigned long)k,
		                  k == 1 ? "" : "s");
		svg_raw(s);
	} else {
		s = hpt_xasprintf("%lu stack%s above ", (unsigned long)k,
		                  k == 1 ? "" : "s");
		svg_raw(s);
		label(r, x, &l, &ln, &made);
		svg_tip(l, ln, TIP_MAX);
	}
	free(s);
	svg_raw(", each narrower than a pixel, merged into this box");
	figures(r, "inherited", t, a);
	svg_raw("\nproftree -o tree or -o tsv lists them");
	svg_tip_end(NULL);
	svg_rect(bx, by, bwid, ROW - 1, "fill=\"#e4e4e4\" stroke=\"#aaaaaa\"",
	         0);
	share = share_text(bwid);
	s = more_text(k);
	if (!svg_text_fit(bx + 3, by + 12, NULL, s, strlen(s), bwid - 6, 11,
	                  hpt_cps(s, strlen(s)), share) &&
	    !svg_text_fit(bx + 3, by + 12, NULL, s, strlen(s), bwid - 6, 11,
	                  hpt_cps(s, strlen(s)), NULL))
		svg_text_fit(bx + 3, by + 12, NULL, "\xe2\x80\xa6", 3, bwid - 6,
		             11, 1, NULL);
	svg_group_end();
	free(share);
	free(s);
	free(made);
}

/* The note on a picture whose upper levels are not drawn, under the
 * legend. */
static void cut_note(double y, size_t keep, int by_levels)
{
	char *s = hpt_xasprintf("Only the lowest %zu level%s drawn (%s); each "
	                        "dashed box stands for the stacks above it: "
	                        "how many levels, and their share", keep,
	                        keep == 1 ? " is" : "s are", by_levels
	                        ? "the most a picture shows"
	                        : "more would be too many boxes to draw");
	svg_text_str(MARGIN, y, "id=\"cut\"", s);
	free(s);
}

/*
 * Lay out, budget and draw.  Whole because the three passes share the
 * layout arrays and read as one sequence.
 */
void prof_write_svg(const struct prof_report *r, enum prof_weight w)
{
	double *key = prof_keys(r, w);
	size_t n = r->n ? r->n : 1, levels = 0, keep, nlev = 1;
	double *bx = hpt_xcalloc(n, sizeof *bx);
	double *bw = hpt_xcalloc(n, sizeof *bw);
	double *cur = hpt_xcalloc(n, sizeof *cur);
	double *kids = hpt_xcalloc(n, sizeof *kids);
	/* per node, and at [n] for the roots: the width and the count of
	 * the children under a pixel wide each, merged into one box */
	double *rest = hpt_xcalloc(n + 1, sizeof *rest);
	uint32_t *nrest = hpt_xcalloc(n + 1, sizeof *nrest);
	unsigned char *drawn = hpt_xcalloc(n, 1);
	/* per level: bytes of its boxes, its labels; bytes and count of
	 * the dashed boxes on top of it when it is the last one drawn */
	size_t *cost, *labels, *mcost, *nmark, bytes, nlab;
	uint32_t *top = NULL;
	double total = 0, root_x = MARGIN, height, floor_y, sum_y, y0;
	uint64_t entries_all = 0, exact_total;
	struct colours cl;
	char *s, *foot;
	uint32_t it, d, x, p;
	int cut;

	if (w == PROF_W_ENTRIES && !r->inverted)
		entries_all = subtree_entries(r, key);
	exact_total = roots_total(r, w, entries_all);

	/* the sum of each node's children's costs, and of the roots';
	 * the number of levels that may be drawn */
	it = r->first_root;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		p = r->parent[x];
		if (p == PROF_NONE)
			total += key[x];
		else
			kids[p] += key[x];
		if (d + 1 > nlev && d < LEVELS_MAX)
			nlev = d + 1;
	}
	cost = hpt_xcalloc(nlev, sizeof *cost);
	labels = hpt_xcalloc(nlev, sizeof *labels);
	mcost = hpt_xcalloc(nlev, sizeof *mcost);
	nmark = hpt_xcalloc(nlev, sizeof *nmark);
	/* pass 1: x and width of every box of a pixel or more, up to the
	 * level above the most drawn (to know whether stacks go on); the
	 * children drawn side by side, those under a pixel merged into one
	 * box on their right */
	it = r->first_root;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		if (d > LEVELS_MAX)
			continue;
		p = r->parent[x];
		if (p == PROF_NONE) {
			bw[x] = total > 0 ? key[x] / total * PLOT_W : 0;
			bx[x] = root_x;
		} else if (drawn[p] & DRAWN) {
			double whole = key[p] > kids[p] ? key[p] : kids[p];
			bw[x] = whole > 0 ? bw[p] * key[x] / whole : 0;
			bx[x] = cur[p];
		} else {
			continue;
		}
		cur[x] = bx[x];
		if (bw[x] > 0 && bw[x] < 1) {
			size_t slot = p == PROF_NONE ? n : p;
			rest[slot] += bw[x];
			nrest[slot]++;
		}
		if (bw[x] >= 1) {
			if (p != PROF_NONE)
				cur[p] += bw[x];
			else
				root_x += bw[x];
			drawn[x] = DRAWN;
			if (d + 1 > levels)
				levels = d + 1;
			if (d < LEVELS_MAX) {
				cost[d] += box_bytes(r, x);
				labels[d] += (size_t)labelled(r, x, bw[x]);
			}
			if (p != PROF_NONE && !(drawn[p] & GOES_ON)) {
				drawn[p] |= GOES_ON;
				mcost[d - 1] += mark_bytes(r, p);
				nmark[d - 1]++;
			}
		}
	}
	/* the merged boxes, at the level above their parent's */
	if (rest[n] >= 1) {
		cost[0] += more_bytes(r, PROF_NONE);
		labels[0]++;
		if (levels < 1)
			levels = 1;
	}
	it = r->first_root;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		if (!(drawn[x] & DRAWN) || rest[x] < 1 || d + 1 >= LEVELS_MAX ||
		    d + 1 >= nlev)
			continue;
		cost[d + 1] += more_bytes(r, x);
		labels[d + 1]++;
		if (d + 2 > levels)
			levels = d + 2;
		if (!(drawn[x] & GOES_ON)) {
			drawn[x] |= GOES_ON;
			mcost[d] += mark_bytes(r, x);
			nmark[d]++;
		}
	}
	/* pass 2: the levels that fit, from the bottom: at most
	 * LEVELS_MAX, their boxes and the dashed boxes on top of the
	 * last one in the budgets of bytes and labels */
	for (keep = 0, bytes = 0, nlab = 0;
	     keep < levels && keep < LEVELS_MAX; keep++) {
		bytes += cost[keep];
		nlab += labels[keep];
		if (bytes + mcost[keep] > BUDGET ||
		    nlab + nmark[keep] > LABELS_MAX)
			break;
	}
	cut = keep < levels;
	if (cut && keep > 0)
		top = deepest(r);
	choose_colours(r, w, drawn, bw, keep, &cl);
	y0 = TOP + (double)legend_rows(&cl) * LEGEND_ROW;
	/* the note, the levels drawn (at least the row of the "nothing
	 * to draw" text) and the dashed boxes, and the footer */
	height = y0 + (cut ? ROW : 0) + (double)(keep ? keep : 1) * ROW +
	         (cut && keep ? ROW : 0) + 26;
	floor_y = height - 26;

	/* pass 3: draw */
	svg_begin(WIDTH, height);
	title(r, w, exact_total);
	legend(r, &cl);
	if (cut)
		cut_note(y0 + 12, keep, keep == LEVELS_MAX);
	svg_group("id=\"flame\" font-size=\"11\"");
	it = r->first_root;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		if (!(drawn[x] & DRAWN) || d >= keep)
			continue;
		box(r, &cl, x, bx[x], floor_y - (double)(d + 1) * ROW,
		    bw[x]);
	}
	if (rest[n] >= 1 && keep > 0)
		more(r, PROF_NONE, nrest[n], bw, drawn, root_x,
		     floor_y - ROW, rest[n]);
	it = r->first_root;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE)
		if ((drawn[x] & DRAWN) && rest[x] >= 1 && d + 1 < keep)
			more(r, x, nrest[x], bw, drawn, cur[x],
			     floor_y - (double)(d + 2) * ROW, rest[x]);
	svg_group_end();
	if (top) {
		sum_y = floor_y - (double)(keep + 1) * ROW;
		svg_group("id=\"cut-marks\" font-size=\"11\"");
		it = r->first_root;
		while ((x = prof_next(r, &it, &d)) != PROF_NONE)
			if ((drawn[x] & GOES_ON) && d + 1 == keep)
				mark(r, x, top[x], bx[x], sum_y,
				     cur[x] + rest[x] - bx[x]);
		svg_group_end();
	}
	/* what the picture measures, for a reader of a static rendering */
	s = weight_text(w, r->exact, exact_total);
	foot = hpt_xasprintf("box width: %s; label: cost centre and its "
	                     "share of the whole width; the tooltips hold "
	                     "module, source, entries and figures", s);
	svg_text_str(WIDTH - 10, height - 8, "id=\"footer\" fill=\"#666666\" "
	             "font-size=\"10\" text-anchor=\"end\"", foot);
	free(foot);
	free(s);
	if (levels == 0)
		svg_text_str(WIDTH / 2, y0 + 12,
		             "id=\"empty\" text-anchor=\"middle\"",
		             "nothing to draw: no cost centre has a cost by "
		             "this measure");
	svg_end();
	free(key);
	free(bx);
	free(bw);
	free(cur);
	free(kids);
	free(rest);
	free(nrest);
	free(cost);
	free(labels);
	free(mcost);
	free(nmark);
	free(drawn);
	free(top);
	free(cl.col);
	free(cl.legend);
}
