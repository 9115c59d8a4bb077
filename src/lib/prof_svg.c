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
#define CHAR_W 7        /* pixels of a character of the 11 px labels */
#define TIP_MAX 512     /* bytes of a name in a tooltip */
#define BUDGET 800000   /* bytes of boxes at most */

/* Warm colours apart from each other, all light enough for black
 * labels. */
static const char *const warm[] = {
	"#e34a33", "#fdae61", "#fee08b", "#f46d43", "#e6ab02",
	"#f4a582", "#c98b3c", "#fdd49e", "#e08214", "#f6c85f",
};

/* A colour for a module: FNV-1a of its bytes into the warm colours,
 * the same for the same module in every run. */
static const char *module_colour(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	size_t i;
	for (i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return warm[h % (sizeof warm / sizeof warm[0])];
}

/* What the widths measure, and their sum over the roots (total, in
 * the unit of prof_keys) in that unit. */
static char *weight_text(enum prof_weight w, int exact, double total)
{
	switch (w) {
	case PROF_W_ENTRIES:
		return hpt_xasprintf("entries of the subtree (%.0f entries in "
		                     "all)", total);
	case PROF_W_ALLOC:
		if (exact)
			return hpt_xasprintf("inherited allocation (%.0f bytes "
			                     "in all)", total);
		return hpt_xasprintf("inherited %% of allocation (%.1f %% in "
		                     "all)", total / 10);
	default:
		if (exact)
			return hpt_xasprintf("inherited time (%.0f ticks in "
			                     "all)", total);
		return hpt_xasprintf("inherited %% of time (%.1f %% in all)",
		                     total / 10);
	}
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

/* A node's label, an empty one shown as "" (GHC's {-# SCC "" #-}). */
static void label(const struct prof_report *r, uint32_t x, const char **s,
                  size_t *n)
{
	*s = prof_name(r, r->label[x]);
	*n = prof_len(r, r->label[x]);
	if (*n == 0) {
		*s = "\"\"";
		*n = 2;
	}
}

static void box(const struct prof_report *r, uint32_t x, double bx,
                double by, double bw)
{
	char *attrs, *s;
	const char *l;
	size_t fit, ln;
	attrs = hpt_xasprintf("fill=\"%s\"",
	                      module_colour(prof_name(r, r->module[x]),
	                                    prof_len(r, r->module[x])));
	svg_group("class=\"node\"");
	svg_tip_begin();
	label(r, x, &l, &ln);
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
	fit = (size_t)((bw - 6) / CHAR_W);
	if (fit >= 3)
		svg_text(bx + 3, by + 12, NULL, l, ln, fit);
	svg_group_end();
	free(attrs);
}

static void title(const struct prof_report *r, enum prof_weight w,
                  double total, size_t cut_at)
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
	if (cut_at)
		hpt_out_printf("; levels above %zu not drawn (too many boxes)",
		               cut_at);
	hpt_out_str("</text>\n");
}

/*
 * The entries of each linked node's subtree into key, counting linked
 * nodes only (prof_keys also adds those of nodes that pruning removed,
 * whose entries prof_prune has already given to their kept ancestor):
 * a reverse preorder adds each node to its parent after its children.
 * The sums are exact, the roots' total too: one above 2^64-1 is "sum of
 * entries out of range" (prof_add_sum), as in every other output.
 */
static void subtree_entries(const struct prof_report *r, double *key)
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
}

/*
 * Lay out, budget and draw.  Whole because the three passes share the
 * layout arrays and read as one sequence.
 */
void prof_write_svg(const struct prof_report *r, enum prof_weight w)
{
	double *key = prof_keys(r, w);
	size_t n = r->n ? r->n : 1, levels = 0, keep, cut_at = 0;
	double *bx = hpt_xcalloc(n, sizeof *bx);
	double *bw = hpt_xcalloc(n, sizeof *bw);
	double *cur = hpt_xcalloc(n, sizeof *cur);
	double *kids = hpt_xcalloc(n, sizeof *kids);
	size_t *cost = hpt_xcalloc(n + 1, sizeof *cost);
	unsigned char *drawn = hpt_xcalloc(n, 1);
	double total = 0, root_x = MARGIN, height, sum;
	uint32_t it, d, x, p;

	if (w == PROF_W_ENTRIES && !r->inverted)
		subtree_entries(r, key);

	/* the sum of each node's children's costs, and of the roots' */
	it = r->first_root;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		p = r->parent[x];
		if (p == PROF_NONE)
			total += key[x];
		else
			kids[p] += key[x];
	}
	/* pass 1: x and width of every box of a pixel or more */
	it = r->first_root;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		p = r->parent[x];
		if (p == PROF_NONE) {
			bw[x] = total > 0 ? key[x] / total * PLOT_W : 0;
			bx[x] = root_x;
			root_x += bw[x];
		} else if (drawn[p]) {
			double whole = key[p] > kids[p] ? key[p] : kids[p];
			bw[x] = whole > 0 ? bw[p] * key[x] / whole : 0;
			bx[x] = cur[p];
		} else {
			continue;
		}
		if (p != PROF_NONE)
			cur[p] += bw[x];
		cur[x] = bx[x];
		if (bw[x] >= 1) {
			drawn[x] = 1;
			cost[d] += box_bytes(r, x);
			if (d + 1 > levels)
				levels = d + 1;
		}
	}
	/* pass 2: the levels that fit in the budget */
	for (keep = 0, sum = 0; keep < levels; keep++) {
		sum += (double)cost[keep];
		if (sum > BUDGET)
			break;
	}
	if (keep < levels)
		cut_at = keep;
	height = TOP + (double)(keep ? keep : 1) * ROW + 26;

	/* pass 3: draw */
	svg_begin(WIDTH, height);
	title(r, w, total, cut_at);
	svg_group("id=\"flame\" font-size=\"11\"");
	it = r->first_root;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		if (!drawn[x] || d >= keep)
			continue;
		box(r, x, bx[x], height - 26 - (double)(d + 1) * ROW, bw[x]);
	}
	svg_group_end();
	svg_text_str(WIDTH - 10, height - 8, "fill=\"#666666\" "
	             "font-size=\"10\" text-anchor=\"end\"", "Point at a box "
	             "for its cost centre, module, source and figures.");
	if (levels == 0)
		svg_text_str(WIDTH / 2, TOP + 12,
		             "id=\"empty\" text-anchor=\"middle\"",
		             "nothing to draw: no cost centre has a cost by "
		             "this measure");
	svg_end();
	free(key);
	free(bx);
	free(bw);
	free(cur);
	free(kids);
	free(cost);
	free(drawn);
}
