/*
 * proftree: cost-centre trees from GHC's .prof time and allocation
 * reports: print, prune, fold for flame graphs, flatten, invert, compare,
 * and write back as a .prof.  See man/proftree.1.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "intern.h"
#include "prof.h"
#include "util.h"

enum out { O_TREE, O_TSV, O_FOLDED, O_PROF };
enum weight { W_TICKS, W_ALLOC, W_ENTRIES, W_TIME };

static const char usage[] =
    "usage: proftree [-aiz] [-d DEPTH] [-m PERCENT] [-f NAME] [-x NAME]\n"
    "                [-w ticks|alloc|entries|time] [-o tree|tsv|folded|prof]"
    " [file]\n"
    "       proftree -D [options] OLD NEW";

struct opts {
	enum out out;
	enum weight weight;
	long depth;        /* -d, -1: none */
	double min_pct;    /* -m, < 0: none */
	int zero, flat, inverted, diff;
	const char **keep, **drop; /* -f, -x */
	size_t nkeep, ndrop;
};

static struct opts o;

/* ---- small output helpers ---- */

/* A percentage with at most 6 decimals, trailing zeros removed. */
static void out_num(double v)
{
	char b[64];
	size_t n;
	if (v == 0.0 || fabs(v) < 5e-7)
		v = 0.0; /* never "-0" */
	hpt_fmt_double(b, sizeof b, v, 6);
	n = strlen(b);
	while (n > 0 && b[n - 1] == '0')
		n--;
	if (n > 0 && b[n - 1] == '.')
		n--;
	hpt_out_write(b, n);
}

/* A figure as a percentage: exact reports divide by the totals; others
 * hold tenths of a percent. */
static double pct(const struct prof_report *r, uint64_t v, int which)
{
	return prof_percent(r, v, which);
}

static void out_name(const struct prof_report *r, uint32_t id)
{
	hpt_out_tsv(prof_name(r, id), prof_len(r, id));
}

/* A name for people or flame graphs: control characters as in TSV
 * (\t \n \r), a backslash kept as it is, and sep (if not 0) as '_'. */
static void out_text(const char *s, size_t n, int sep)
{
	size_t i, run = 0;
	for (i = 0; i < n; i++) {
		const char *esc = NULL;
		if (s[i] == '\t')
			esc = "\\t";
		else if (s[i] == '\n')
			esc = "\\n";
		else if (s[i] == '\r')
			esc = "\\r";
		else if (sep && s[i] == sep)
			esc = "_";
		if (esc) {
			hpt_out_write(s + run, i - run);
			hpt_out_str(esc);
			run = i + 1;
		}
	}
	hpt_out_write(s + run, n - run);
}

/* Label for people: "" for an empty label. */
static void out_label(const struct prof_report *r, uint32_t id)
{
	if (prof_len(r, id) == 0)
		hpt_out_str("\"\"");
	else
		out_text(prof_name(r, id), prof_len(r, id), 0);
}

static void rjust(const char *s, size_t w)
{
	size_t n = strlen(s);
	while (n < w) {
		hpt_out_char(' ');
		w--;
	}
	hpt_out_str(s);
}

static void fmt_u(char *b, size_t sz, uint64_t v)
{
	snprintf(b, sz, "%llu", (unsigned long long)v);
}

/* ---- matching -f/-x names: "label" or "Module.label" ---- */

static int named(const struct prof_report *r, uint32_t x, const char *name)
{
	size_t nl = strlen(name), ll = prof_len(r, r->label[x]);
	size_t ml = prof_len(r, r->module[x]);
	const char *l = prof_name(r, r->label[x]);
	if (nl == ll && memcmp(name, l, ll) == 0)
		return 1;
	return nl == ml + 1 + ll &&
	       memcmp(name, prof_name(r, r->module[x]), ml) == 0 &&
	       name[ml] == '.' && memcmp(name + ml + 1, l, ll) == 0;
}

static int named_any(const struct prof_report *r, uint32_t x,
                     const char **names, size_t k, unsigned char *hit)
{
	size_t i;
	int any = 0;
	for (i = 0; i < k; i++)
		if (named(r, x, names[i])) {
			hit[i] = 1;
			any = 1;
		}
	return any;
}

static void warn_unmatched(const char *opt, const char **names, size_t k,
                           const unsigned char *hit)
{
	size_t i;
	for (i = 0; i < k; i++)
		if (!hit[i])
			hpt_warn("%s: no cost centre named \"%s\"", opt,
			         hpt_quote(0, names[i], strlen(names[i])));
}

/* ---- pruning ---- */

/* Apply -f, -x, -z, -m and -d to r (nodes in preorder, parent first),
 * then relink the survivors.  Removed subtrees under -m and -d leave
 * their costs in the nearest kept ancestor's individual figures, so
 * inherited figures and totals stay true; -x takes its subtrees' costs
 * away from every ancestor; -f keeps the matching subtrees with their
 * ancestors as context, whose individual figures become 0. */
static void prune(struct prof_report *r)
{
	size_t n = r->n, i;
	unsigned char *dead = hpt_xcalloc(n ? n : 1, 1);
	uint64_t *lost = hpt_xcalloc(n ? 2 * n : 1, sizeof *lost);

	if (o.nkeep) {
		unsigned char *in = hpt_xcalloc(n ? n : 1, 1);
		unsigned char *below = hpt_xcalloc(n ? n : 1, 1);
		unsigned char *hit = hpt_xcalloc(o.nkeep, 1);
		for (i = 0; i < n; i++) {
			uint32_t p = r->parent[i];
			in[i] = (p != PROF_NONE && in[p]) ||
			        named_any(r, (uint32_t)i, o.keep, o.nkeep, hit);
		}
		for (i = n; i-- > 0;) {
			uint32_t p = r->parent[i];
			below[i] |= in[i];
			if (p != PROF_NONE && below[i])
				below[p] = 1;
		}
		for (i = 0; i < n; i++) {
			dead[i] = !below[i];
			if (below[i] && !in[i]) {
				r->ind_time[i] = r->ind_alloc[i] = 0;
				r->inh_time[i] = r->inh_alloc[i] = 0;
			}
		}
		for (i = n; i-- > 0;) {
			uint32_t p = r->parent[i];
			if (!dead[i] && p != PROF_NONE && !in[p]) {
				r->inh_time[p] += r->inh_time[i];
				r->inh_alloc[p] += r->inh_alloc[i];
			}
		}
		warn_unmatched("-f", o.keep, o.nkeep, hit);
		free(in);
		free(below);
		free(hit);
	}
	if (o.ndrop) {
		unsigned char *xd = hpt_xcalloc(n ? n : 1, 1);
		unsigned char *hit = hpt_xcalloc(o.ndrop, 1);
		for (i = 0; i < n; i++) {
			uint32_t p = r->parent[i];
			if (dead[i])
				continue;
			xd[i] = (p != PROF_NONE && xd[p]) ||
			        named_any(r, (uint32_t)i, o.drop, o.ndrop, hit);
		}
		for (i = n; i-- > 0;) {
			uint32_t p = r->parent[i];
			if (dead[i])
				continue;
			if (xd[i]) {
				if (p != PROF_NONE && !xd[p]) {
					lost[2 * p] += r->inh_time[i];
					lost[2 * p + 1] += r->inh_alloc[i];
				}
				continue;
			}
			r->inh_time[i] -= lost[2 * i];
			r->inh_alloc[i] -= lost[2 * i + 1];
			if (p != PROF_NONE) {
				lost[2 * p] += lost[2 * i];
				lost[2 * p + 1] += lost[2 * i + 1];
			}
		}
		for (i = 0; i < n; i++)
			dead[i] |= xd[i];
		warn_unmatched("-x", o.drop, o.ndrop, hit);
		free(xd);
		free(hit);
	}
	if (o.zero) {
		/* lost[] reused: subtree entries */
		for (i = 0; i < n; i++)
			lost[i] = dead[i] ? 0 : r->entries[i];
		for (i = n; i-- > 0;) {
			uint32_t p = r->parent[i];
			if (p != PROF_NONE && !dead[i])
				lost[p] += lost[i];
		}
		for (i = 0; i < n; i++)
			if (!dead[i] && r->inh_time[i] == 0 &&
			    r->inh_alloc[i] == 0 && lost[i] == 0)
				dead[i] = 1;
		for (i = 0; i < n; i++)
			if (r->parent[i] != PROF_NONE && dead[r->parent[i]])
				dead[i] = 1;
	}
	if (o.min_pct >= 0 || o.depth >= 0) {
		/* depth as it will be after relinking; -f keeps depths */
		for (i = 0; i < n; i++) {
			uint32_t p = r->parent[i];
			int cut;
			if (dead[i] || p == PROF_NONE)
				continue;
			if (dead[p]) {
				dead[i] = 2; /* inside a cut subtree */
				continue;
			}
			cut = (o.depth >= 0 && (long)r->depth[i] > o.depth) ||
			      (o.min_pct >= 0 &&
			       pct(r, r->inh_time[i], 0) < o.min_pct &&
			       pct(r, r->inh_alloc[i], 1) < o.min_pct);
			if (cut) {
				dead[i] = 2;
				r->ind_time[p] += r->inh_time[i];
				r->ind_alloc[p] += r->inh_alloc[i];
			}
		}
	}
	prof_link(r, dead);
	free(dead);
	free(lost);
}

/* ---- weights and order ---- */

/* Per-node sort keys: the inherited -w figure (entries: summed over
 * the subtree). */
static double *inherited_keys(const struct prof_report *r)
{
	double *k = hpt_xmalloc((r->n ? r->n : 1) * sizeof *k);
	size_t i;
	for (i = 0; i < r->n; i++) {
		switch (o.weight) {
		case W_ALLOC:
			k[i] = (double)r->inh_alloc[i];
			break;
		case W_ENTRIES:
			k[i] = (double)r->entries[i];
			break;
		default:
			k[i] = (double)r->inh_time[i];
			break;
		}
	}
	if (o.weight == W_ENTRIES)
		for (i = r->n; i-- > 0;)
			if (r->parent[i] != PROF_NONE)
				k[r->parent[i]] += k[i];
	return k;
}

static int estimate_warned;

/* The self (individual) -w weight of a node as text for folded stacks:
 * exact where the report has ticks and bytes, otherwise estimated from
 * the percentage and the total. */
static void self_weight(const struct prof_report *r, uint32_t x, char *b,
                        size_t sz)
{
	uint64_t v, tot;
	int which;
	switch (o.weight) {
	case W_ENTRIES:
		fmt_u(b, sz, r->entries[x]);
		return;
	case W_TIME: {
		char t[64];
		size_t n;
		hpt_fmt_double(t, sizeof t, pct(r, r->ind_time[x], 0), 6);
		n = strlen(t);
		while (n > 0 && t[n - 1] == '0')
			n--;
		if (n > 0 && t[n - 1] == '.')
			n--;
		t[n] = '\0';
		snprintf(b, sz, "%s", t);
		return;
	}
	case W_ALLOC:
		v = r->ind_alloc[x];
		tot = r->total_alloc;
		which = r->has_alloc;
		break;
	default:
		v = r->ind_time[x];
		tot = r->total_ticks;
		which = r->has_time;
		break;
	}
	if (!r->exact) {
		if (which)
			v = (uint64_t)floor((double)v * (double)tot / 1000.0 +
			                    0.5);
		else if (!estimate_warned++)
			hpt_warn("no totals in the report: weights are tenths "
			         "of a percent");
	}
	fmt_u(b, sz, v);
}

/* ---- output: tsv ---- */

static const char tsv_head[] =
    "depth\tno\tparent\tcost_centre\tmodule\tsrc\tentries\t"
    "individual_time\tindividual_alloc\tinherited_time\tinherited_alloc\t"
    "ticks\tbytes\n";

static void write_tsv(const struct prof_report *r)
{
	uint32_t it = r->first_root, d, x;
	hpt_out_str(tsv_head);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		uint32_t p = r->parent[x];
		hpt_out_u64(d);
		hpt_out_char('\t');
		hpt_out_u64(r->no[x]);
		hpt_out_char('\t');
		if (p != PROF_NONE)
			hpt_out_u64(r->no[p]);
		hpt_out_char('\t');
		out_name(r, r->label[x]);
		hpt_out_char('\t');
		out_name(r, r->module[x]);
		hpt_out_char('\t');
		out_name(r, r->src[x]);
		hpt_out_char('\t');
		hpt_out_u64(r->entries[x]);
		hpt_out_char('\t');
		out_num(pct(r, r->ind_time[x], 0));
		hpt_out_char('\t');
		out_num(pct(r, r->ind_alloc[x], 1));
		hpt_out_char('\t');
		out_num(pct(r, r->inh_time[x], 0));
		hpt_out_char('\t');
		out_num(pct(r, r->inh_alloc[x], 1));
		hpt_out_char('\t');
		if (r->exact) {
			hpt_out_u64(r->ind_time[x]);
			hpt_out_char('\t');
			hpt_out_u64(r->ind_alloc[x]);
		} else {
			hpt_out_char('\t');
		}
		hpt_out_char('\n');
	}
}

/* ---- output: folded stacks ---- */

/* One frame: the label, "Module.CAF" for a module's CAF, "" for an
 * empty label; ';' (the frame separator) becomes '_'. */
static void out_frame(const struct prof_report *r, uint32_t x)
{
	uint32_t l = r->label[x];
	const char *s = prof_name(r, l);
	size_t n = prof_len(r, l);
	if (n == 3 && memcmp(s, "CAF", 3) == 0) {
		out_text(prof_name(r, r->module[x]), prof_len(r, r->module[x]),
		         ';');
		hpt_out_str(".CAF");
		return;
	}
	if (n == 0) {
		hpt_out_str("\"\"");
		return;
	}
	out_text(s, n, ';');
}

static uint32_t *path;
static size_t path_cap;

static void out_path(const struct prof_report *r, uint32_t d)
{
	uint32_t k;
	for (k = 0; k <= d; k++) {
		if (k)
			hpt_out_char(';');
		out_frame(r, path[k]);
	}
}

static void write_folded(const struct prof_report *r)
{
	uint32_t it = r->first_root, d, x;
	char b[64];
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		path = hpt_xgrow(path, &path_cap, (size_t)d + 1, sizeof *path);
		path[d] = x;
		self_weight(r, x, b, sizeof b);
		if (strcmp(b, "0") == 0)
			continue;
		out_path(r, d);
		hpt_out_char(' ');
		hpt_out_str(b);
		hpt_out_char('\n');
	}
}

/* ---- output: text ---- */

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

static void text_cols(const struct prof_report *r, int signed_)
{
	(void)signed_;
	hpt_out_str("                   individual         inherited\n");
	hpt_out_str("     entries     %time  %alloc     %time  %alloc");
	if (r->exact)
		hpt_out_str("       ticks          bytes");
	hpt_out_str("  COST CENTRE  MODULE  SRC\n");
}

static void text_pct(const struct prof_report *r, uint64_t v, int which,
                     size_t w)
{
	char b[64];
	hpt_fmt_double(b, sizeof b, pct(r, v, which), r->exact ? 2 : 1);
	rjust(b, w);
}

static void text_names(const struct prof_report *r, uint32_t x)
{
	out_label(r, r->label[x]);
	hpt_out_str("  ");
	out_text(prof_name(r, r->module[x]), prof_len(r, r->module[x]), 0);
	if (prof_len(r, r->src[x])) {
		hpt_out_str("  ");
		out_text(prof_name(r, r->src[x]), prof_len(r, r->src[x]), 0);
	}
	hpt_out_char('\n');
}

static void write_tree(const struct prof_report *r)
{
	uint32_t it = r->first_root, d, x, k;
	char b[32];
	text_header(r);
	text_cols(r, 0);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		fmt_u(b, sizeof b, r->entries[x]);
		rjust(b, 12);
		text_pct(r, r->ind_time[x], 0, 10);
		text_pct(r, r->ind_alloc[x], 1, 8);
		text_pct(r, r->inh_time[x], 0, 10);
		text_pct(r, r->inh_alloc[x], 1, 8);
		if (r->exact) {
			fmt_u(b, sizeof b, r->ind_time[x]);
			rjust(b, 12);
			fmt_u(b, sizeof b, r->ind_alloc[x]);
			rjust(b, 15);
		}
		hpt_out_str("  ");
		for (k = 0; k < d; k++)
			hpt_out_char(' ');
		text_names(r, x);
	}
}

/* ---- -a: the flat profile ---- */

struct cc {
	uint32_t node; /* a node with this label, module and SRC */
	uint64_t entries, ind_time, ind_alloc, inh_time, inh_alloc;
	double key, key2;
	uint32_t active;
};

static const struct prof_report *flat_r;

static int cc_cmp(const void *pa, const void *pb)
{
	const struct cc *a = pa, *b = pb;
	const struct prof_report *r = flat_r;
	uint32_t ia[3] = {r->label[a->node], r->module[a->node], r->src[a->node]};
	uint32_t ib[3] = {r->label[b->node], r->module[b->node], r->src[b->node]};
	int k;
	if (a->key != b->key)
		return a->key > b->key ? -1 : 1;
	if (a->key2 != b->key2)
		return a->key2 > b->key2 ? -1 : 1;
	for (k = 0; k < 3; k++) {
		size_t la = prof_len(r, ia[k]), lb = prof_len(r, ib[k]);
		int c = memcmp(prof_name(r, ia[k]), prof_name(r, ib[k]),
		               la < lb ? la : lb);
		if (c)
			return c;
		if (la != lb)
			return la < lb ? -1 : 1;
	}
	return 0;
}

static void write_flat(const struct prof_report *r)
{
	struct hpt_intern keys;
	struct cc *c = NULL;
	size_t cap = 0, nc = 0, i;
	uint32_t *ccof = hpt_xmalloc((r->n ? r->n : 1) * sizeof *ccof);
	uint32_t *stack = NULL;
	size_t scap = 0, sn = 0;
	uint32_t it = r->first_root, d, x;

	hpt_intern_init(&keys);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		uint32_t k3[3] = {r->label[x], r->module[x], r->src[x]};
		int added = 0;
		uint32_t id = hpt_intern(&keys, (const char *)k3, sizeof k3,
		                         &added);
		if (added) {
			c = hpt_xgrow(c, &cap, id + 1, sizeof *c);
			memset(&c[id], 0, sizeof c[id]);
			c[id].node = x;
			nc = id + 1;
		}
		ccof[x] = id;
		/* Leave the nodes that are not ancestors of x. */
		while (sn > d)
			c[ccof[stack[--sn]]].active--;
		stack = hpt_xgrow(stack, &scap, sn + 1, sizeof *stack);
		stack[sn++] = x;
		c[id].entries += r->entries[x];
		c[id].ind_time += r->ind_time[x];
		c[id].ind_alloc += r->ind_alloc[x];
		/* Recursion: only the outermost occurrence counts. */
		if (c[id].active++ == 0) {
			c[id].inh_time += r->inh_time[x];
			c[id].inh_alloc += r->inh_alloc[x];
		}
	}
	hpt_intern_free(&keys);
	free(stack);
	free(ccof);
	for (i = 0; i < nc; i++) {
		switch (o.weight) {
		case W_ALLOC:
			c[i].key = (double)c[i].ind_alloc;
			c[i].key2 = (double)c[i].inh_alloc;
			break;
		case W_ENTRIES:
			c[i].key = c[i].key2 = (double)c[i].entries;
			break;
		default:
			c[i].key = (double)c[i].ind_time;
			c[i].key2 = (double)c[i].inh_time;
			break;
		}
	}
	flat_r = r;
	if (nc)
		qsort(c, nc, sizeof *c, cc_cmp);
	if (o.out == O_TSV) {
		hpt_out_str("cost_centre\tmodule\tsrc\tentries\tindividual_time\t"
		            "individual_alloc\tinherited_time\tinherited_alloc\t"
		            "ticks\tbytes\n");
		for (i = 0; i < nc; i++) {
			x = c[i].node;
			out_name(r, r->label[x]);
			hpt_out_char('\t');
			out_name(r, r->module[x]);
			hpt_out_char('\t');
			out_name(r, r->src[x]);
			hpt_out_char('\t');
			hpt_out_u64(c[i].entries);
			hpt_out_char('\t');
			out_num(pct(r, c[i].ind_time, 0));
			hpt_out_char('\t');
			out_num(pct(r, c[i].ind_alloc, 1));
			hpt_out_char('\t');
			out_num(pct(r, c[i].inh_time, 0));
			hpt_out_char('\t');
			out_num(pct(r, c[i].inh_alloc, 1));
			hpt_out_char('\t');
			if (r->exact) {
				hpt_out_u64(c[i].ind_time);
				hpt_out_char('\t');
				hpt_out_u64(c[i].ind_alloc);
			} else {
				hpt_out_char('\t');
			}
			hpt_out_char('\n');
		}
	} else {
		char b[32];
		text_header(r);
		text_cols(r, 0);
		for (i = 0; i < nc; i++) {
			x = c[i].node;
			fmt_u(b, sizeof b, c[i].entries);
			rjust(b, 12);
			text_pct(r, c[i].ind_time, 0, 10);
			text_pct(r, c[i].ind_alloc, 1, 8);
			text_pct(r, c[i].inh_time, 0, 10);
			text_pct(r, c[i].inh_alloc, 1, 8);
			if (r->exact) {
				fmt_u(b, sizeof b, c[i].ind_time);
				rjust(b, 12);
				fmt_u(b, sizeof b, c[i].ind_alloc);
				rjust(b, 15);
			}
			hpt_out_str("  ");
			text_names(r, x);
		}
	}
	free(c);
}

/* ---- -i: the inverted tree ---- */

/* Copy r's header and names (same ids) into an empty report. */
static void copy_head(struct prof_report *t, const struct prof_report *r)
{
	uint32_t i;
	t->date = r->date ? hpt_xstrdup(r->date) : NULL;
	t->command = r->command ? hpt_xstrdup(r->command) : NULL;
	t->total_secs = r->total_secs ? hpt_xstrdup(r->total_secs) : NULL;
	t->total_ticks = r->total_ticks;
	t->tick_interval = r->tick_interval;
	memcpy(t->tick_unit, r->tick_unit, sizeof t->tick_unit);
	t->processors = r->processors;
	t->total_alloc = r->total_alloc;
	t->has_time = r->has_time;
	t->has_alloc = r->has_alloc;
	t->has_src = r->has_src;
	t->exact = r->exact;
	for (i = 0; i < r->names.count; i++)
		hpt_intern(&t->names, r->names.name[i], r->names.len[i], NULL);
}

/* Child of parent p (PROF_NONE: a root) in t with the names of node x
 * of r, created if new; keys holds (p, label, module, src). */
static uint32_t child_of(struct prof_report *t, struct hpt_intern *keys,
                         uint32_t p, const struct prof_report *r,
                         uint32_t x, int with_src)
{
	uint32_t k[4] = {p, r->label[x], r->module[x],
	                 with_src ? r->src[x] : 0};
	int added = 0;
	uint32_t id = hpt_intern(keys, (const char *)k, sizeof k, &added);
	if (added) {
		uint32_t y = prof_add(t, p, r->label[x], r->module[x], r->src[x]);
		if (y != id)
			hpt_die("internal error: inverted tree ids");
	}
	return id;
}

static void invert(struct prof_report *t, const struct prof_report *r)
{
	struct hpt_intern keys;
	uint32_t it = r->first_root, d, x;
	prof_init(t);
	copy_head(t, r);
	hpt_intern_init(&keys);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		uint32_t u, cur = PROF_NONE;
		if (!r->ind_time[x] && !r->ind_alloc[x] && !r->entries[x])
			continue;
		for (u = x; u != PROF_NONE; u = r->parent[u]) {
			cur = child_of(t, &keys, cur, r, u, 1);
			t->inh_time[cur] += r->ind_time[x];
			t->inh_alloc[cur] += r->ind_alloc[x];
			t->entries[cur] += r->entries[x];
		}
		t->ind_time[cur] += r->ind_time[x];
		t->ind_alloc[cur] += r->ind_alloc[x];
	}
	hpt_intern_free(&keys);
	prof_link(t, NULL);
}

/* Number the nodes 1.. in output order (inverted and merged trees). */
static void renumber(struct prof_report *r)
{
	uint32_t it = r->first_root, d, x;
	uint64_t k = 0;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE)
		r->no[x] = ++k;
}

/* ---- -D: the difference of two trees ---- */

struct side {
	double ind_t, ind_a, inh_t, inh_a; /* percent */
	int64_t ticks, bytes, entries;
	double sub_entries;
};

static void diff_num(double v)
{
	out_num(v);
}

static void write_diff(struct prof_report *a, struct prof_report *b)
{
	struct prof_report m;
	struct hpt_intern keys;
	struct prof_report *in[2] = {a, b};
	struct side *s[2];
	uint32_t *map, it, d, x;
	size_t cap = 0, i;
	int k, exact = a->exact && b->exact;
	double *key;

	prof_init(&m);
	copy_head(&m, b);
	hpt_intern_init(&keys);
	s[0] = s[1] = NULL;
	for (k = 0; k < 2; k++) {
		struct prof_report *r = in[k];
		map = hpt_xmalloc((r->n ? r->n : 1) * sizeof *map);
		it = r->first_root;
		while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
			uint32_t p = r->parent[x], y, lab, mod, src;
			uint32_t kk[3];
			int added = 0;
			lab = hpt_intern(&m.names, prof_name(r, r->label[x]),
			                 prof_len(r, r->label[x]), NULL);
			mod = hpt_intern(&m.names, prof_name(r, r->module[x]),
			                 prof_len(r, r->module[x]), NULL);
			kk[0] = p == PROF_NONE ? PROF_NONE : map[p];
			kk[1] = lab;
			kk[2] = mod;
			y = hpt_intern(&keys, (const char *)kk, sizeof kk, &added);
			if (added) {
				src = hpt_intern(&m.names,
				                 prof_name(r, r->src[x]),
				                 prof_len(r, r->src[x]), NULL);
				if (prof_add(&m, kk[0], lab, mod, src) != y)
					hpt_die("internal error: merged ids");
				if (m.n > cap) {
					size_t oc = cap;
					cap = m.cap;
					s[0] = hpt_xrealloc(s[0], cap * sizeof **s);
					s[1] = hpt_xrealloc(s[1], cap * sizeof **s);
					memset(s[0] + oc, 0, (cap - oc) * sizeof **s);
					memset(s[1] + oc, 0, (cap - oc) * sizeof **s);
				}
			}
			map[x] = y;
			s[k][y].ind_t += pct(r, r->ind_time[x], 0);
			s[k][y].ind_a += pct(r, r->ind_alloc[x], 1);
			s[k][y].inh_t += pct(r, r->inh_time[x], 0);
			s[k][y].inh_a += pct(r, r->inh_alloc[x], 1);
			s[k][y].entries += (int64_t)r->entries[x];
			if (exact) {
				s[k][y].ticks += (int64_t)r->ind_time[x];
				s[k][y].bytes += (int64_t)r->ind_alloc[x];
			}
		}
		free(map);
	}
	hpt_intern_free(&keys);
	m.has_src = a->has_src || b->has_src;
	m.exact = exact;
	prof_link(&m, NULL);
	/* entries over subtrees, for -w entries */
	for (k = 0; k < 2; k++) {
		for (i = 0; i < m.n; i++)
			s[k][i].sub_entries = (double)s[k][i].entries;
		for (i = m.n; i-- > 0;)
			if (m.parent[i] != PROF_NONE)
				s[k][m.parent[i]].sub_entries +=
				    s[k][i].sub_entries;
	}
	key = hpt_xmalloc((m.n ? m.n : 1) * sizeof *key);
	for (i = 0; i < m.n; i++) {
		double v;
		switch (o.weight) {
		case W_ALLOC:
			v = s[1][i].inh_a - s[0][i].inh_a;
			break;
		case W_ENTRIES:
			v = s[1][i].sub_entries - s[0][i].sub_entries;
			break;
		default:
			v = s[1][i].inh_t - s[0][i].inh_t;
			break;
		}
		key[i] = fabs(v);
	}
	prof_sort(&m, key);
	free(key);
	renumber(&m);

	if (o.out == O_FOLDED) {
		char w[2][64];
		it = m.first_root;
		while ((x = prof_next(&m, &it, &d)) != PROF_NONE) {
			path = hpt_xgrow(path, &path_cap, (size_t)d + 1,
			                 sizeof *path);
			path[d] = x;
			for (k = 0; k < 2; k++) {
				struct side *e = &s[k][x];
				switch (o.weight) {
				case W_ENTRIES:
					snprintf(w[k], 64, "%lld",
					         (long long)e->entries);
					break;
				case W_ALLOC:
					if (exact)
						snprintf(w[k], 64, "%lld",
						         (long long)e->bytes);
					else
						hpt_fmt_double(w[k], 64, e->ind_a, 1);
					break;
				case W_TICKS:
					if (exact) {
						snprintf(w[k], 64, "%lld",
						         (long long)e->ticks);
						break;
					}
					/* fall through */
				default:
					hpt_fmt_double(w[k], 64, e->ind_t,
					               exact ? 6 : 1);
					break;
				}
			}
			if (strspn(w[0], "0.") == strlen(w[0]) &&
			    strspn(w[1], "0.") == strlen(w[1]))
				continue;
			out_path(&m, d);
			hpt_out_printf(" %s %s\n", w[0], w[1]);
		}
	} else if (o.out == O_TSV) {
		hpt_out_str(tsv_head);
		it = m.first_root;
		while ((x = prof_next(&m, &it, &d)) != PROF_NONE) {
			uint32_t p = m.parent[x];
			struct side *e0 = &s[0][x], *e1 = &s[1][x];
			hpt_out_u64(d);
			hpt_out_char('\t');
			hpt_out_u64(m.no[x]);
			hpt_out_char('\t');
			if (p != PROF_NONE)
				hpt_out_u64(m.no[p]);
			hpt_out_char('\t');
			out_name(&m, m.label[x]);
			hpt_out_char('\t');
			out_name(&m, m.module[x]);
			hpt_out_char('\t');
			out_name(&m, m.src[x]);
			hpt_out_char('\t');
			hpt_out_i64(e1->entries - e0->entries);
			hpt_out_char('\t');
			diff_num(e1->ind_t - e0->ind_t);
			hpt_out_char('\t');
			diff_num(e1->ind_a - e0->ind_a);
			hpt_out_char('\t');
			diff_num(e1->inh_t - e0->inh_t);
			hpt_out_char('\t');
			diff_num(e1->inh_a - e0->inh_a);
			hpt_out_char('\t');
			if (exact) {
				hpt_out_i64(e1->ticks - e0->ticks);
				hpt_out_char('\t');
				hpt_out_i64(e1->bytes - e0->bytes);
			} else {
				hpt_out_char('\t');
			}
			hpt_out_char('\n');
		}
	} else {
		char bf[64];
		hpt_out_str("difference  NEW - OLD, node by node (cost-centre "
		            "paths); figures in percentage points");
		hpt_out_str(exact ? ", ticks and bytes\n\n" : "\n\n");
		hpt_out_str("                   individual         inherited\n");
		hpt_out_str("     entries     %time  %alloc     %time  %alloc");
		if (exact)
			hpt_out_str("       ticks          bytes");
		hpt_out_str("  COST CENTRE  MODULE  SRC\n");
		it = m.first_root;
		while ((x = prof_next(&m, &it, &d)) != PROF_NONE) {
			struct side *e0 = &s[0][x], *e1 = &s[1][x];
			double v[4];
			int j;
			uint32_t q;
			v[0] = e1->ind_t - e0->ind_t;
			v[1] = e1->ind_a - e0->ind_a;
			v[2] = e1->inh_t - e0->inh_t;
			v[3] = e1->inh_a - e0->inh_a;
			snprintf(bf, sizeof bf, e1->entries == e0->entries ?
			         "%lld" : "%+lld",
			         (long long)(e1->entries - e0->entries));
			rjust(bf, 12);
			for (j = 0; j < 4; j++) {
				double t = fabs(v[j]) < 5e-7 ? 0.0 : v[j];
				snprintf(bf, sizeof bf, "%+.*f", exact ? 2 : 1, t);
				if (strspn(bf + 1, "0.") == strlen(bf + 1))
					bf[0] = ' ';
				rjust(bf, (j % 2) ? 8 : 10);
			}
			if (exact) {
				snprintf(bf, sizeof bf,
				         e1->ticks == e0->ticks ? "%lld" : "%+lld",
				         (long long)(e1->ticks - e0->ticks));
				rjust(bf, 12);
				snprintf(bf, sizeof bf,
				         e1->bytes == e0->bytes ? "%lld" : "%+lld",
				         (long long)(e1->bytes - e0->bytes));
				rjust(bf, 15);
			}
			hpt_out_str("  ");
			for (q = 0; q < d; q++)
				hpt_out_char(' ');
			text_names(&m, x);
		}
	}
	free(s[0]);
	free(s[1]);
	prof_free(&m);
}

/* ---- main ---- */

static void read_one(struct prof_report *r, const char *path)
{
	struct hpt_input in;
	hpt_input_open(&in, path);
	prof_init(r);
	prof_read(r, &in);
	hpt_input_close(&in);
}

static long parse_long(const char *s, const char *opt)
{
	uint64_t v;
	if (hpt_parse_u64(s, strlen(s), &v) || v > 1000000000)
		hpt_usage_error("%s: not a depth: \"%s\"", opt,
		                hpt_quote(0, s, strlen(s)));
	return (long)v;
}

static double parse_percent(const char *s)
{
	char *end;
	double v;
	size_t i, n = strlen(s);
	/* digits with at most one '.', so no locale, sign or exponent */
	for (i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
			break;
	v = n ? strtod(s, &end) : 0;
	if (!n || i != n || *end || v > 100)
		hpt_usage_error("-m: not a percentage: \"%s\"",
		                hpt_quote(0, s, n));
	return v;
}

int main(int argc, char **argv)
{
	int c;
	struct prof_report r, t;
	const char *path = "-";

	hpt_init("proftree", usage);
	o.out = O_TREE;
	o.weight = W_TICKS;
	o.depth = -1;
	o.min_pct = -1;
	o.keep = hpt_xmalloc((size_t)argc * sizeof *o.keep);
	o.drop = hpt_xmalloc((size_t)argc * sizeof *o.drop);
	opterr = 0; /* our own messages, without argv[0] */
	while ((c = getopt(argc, argv, ":ad:Df:him:o:Vw:x:z")) != -1) {
		switch (c) {
		case 'a':
			o.flat = 1;
			break;
		case 'd':
			o.depth = parse_long(optarg, "-d");
			break;
		case 'D':
			o.diff = 1;
			break;
		case 'f':
			o.keep[o.nkeep++] = optarg;
			break;
		case 'h':
			hpt_out_str(usage);
			hpt_out_char('\n');
			hpt_out_close();
			return 0;
		case 'i':
			o.inverted = 1;
			break;
		case 'm':
			o.min_pct = parse_percent(optarg);
			break;
		case 'o':
			if (strcmp(optarg, "tree") == 0)
				o.out = O_TREE;
			else if (strcmp(optarg, "tsv") == 0)
				o.out = O_TSV;
			else if (strcmp(optarg, "folded") == 0)
				o.out = O_FOLDED;
			else if (strcmp(optarg, "prof") == 0)
				o.out = O_PROF;
			else
				hpt_usage_error("-o: unknown output format "
				                "\"%s\"",
				                hpt_quote(0, optarg,
				                          strlen(optarg)));
			break;
		case 'V':
			hpt_out_str("proftree " HPT_VERSION "\n");
			hpt_out_close();
			return 0;
		case 'w':
			if (strcmp(optarg, "ticks") == 0)
				o.weight = W_TICKS;
			else if (strcmp(optarg, "alloc") == 0)
				o.weight = W_ALLOC;
			else if (strcmp(optarg, "entries") == 0)
				o.weight = W_ENTRIES;
			else if (strcmp(optarg, "time") == 0)
				o.weight = W_TIME;
			else
				hpt_usage_error("-w: unknown weight \"%s\"",
				                hpt_quote(0, optarg,
				                          strlen(optarg)));
			break;
		case 'x':
			o.drop[o.ndrop++] = optarg;
			break;
		case 'z':
			o.zero = 1;
			break;
		case ':':
			hpt_usage_error("option -%c needs an argument", optopt);
		default:
			hpt_usage_error("unknown option -%c", optopt);
		}
	}
	argc -= optind;
	argv += optind;
	if (o.flat + o.inverted + o.diff > 1)
		hpt_usage_error("-a, -i and -D exclude each other");
	if (o.out == O_PROF && (o.flat || o.inverted || o.diff))
		hpt_usage_error("-o prof cannot show -a, -i or -D");
	if (o.out == O_FOLDED && o.flat)
		hpt_usage_error("-o folded cannot show -a");
	if (o.diff) {
		struct prof_report a, b;
		if (argc != 2)
			hpt_usage_error("-D needs two files, OLD and NEW");
		read_one(&a, argv[0]);
		read_one(&b, argv[1]);
		prune(&a);
		prune(&b);
		write_diff(&a, &b);
		prof_free(&a);
		prof_free(&b);
		hpt_out_close();
		return 0;
	}
	if (argc > 1)
		hpt_usage_error("too many files (one report, or -D OLD NEW)");
	if (argc == 1)
		path = argv[0];
	read_one(&r, path);
	if (o.inverted) {
		/* -d counts levels of the inverted tree (callers) */
		long depth = o.depth;
		o.depth = -1;
		prune(&r);
		o.depth = depth;
	} else {
		prune(&r);
	}
	if (o.flat) {
		write_flat(&r);
	} else {
		struct prof_report *out = &r;
		double *key;
		if (o.inverted) {
			invert(&t, &r);
			out = &t;
			if (o.depth >= 0) {
				o.nkeep = o.ndrop = 0;
				o.zero = 0;
				o.min_pct = -1;
				prune(&t);
			}
		}
		key = inherited_keys(out);
		prof_sort(out, key);
		free(key);
		if (o.inverted)
			renumber(out);
		switch (o.out) {
		case O_TSV:
			write_tsv(out);
			break;
		case O_FOLDED:
			write_folded(out);
			break;
		case O_PROF:
			prof_write(out);
			break;
		default:
			write_tree(out);
			break;
		}
		if (o.inverted)
			prof_free(&t);
	}
	prof_free(&r);
	free(o.keep);
	free(o.drop);
	hpt_out_close();
	return 0;
}
