/*
 * prof_tree.c: what proftree does to a cost-centre tree between reading
 * and writing it: pruning (-f -x -z -m -d), weights and sort keys, the
 * flat profile (-a, and the flat table of prof_write), the inverted tree
 * (-i) and the difference of two trees (-D).  See prof.h for each
 * function's contract.
 *
 * Every pass runs over the node arrays in index order (parents before
 * children) or in reverse (children first), never by recursion, so trees
 * of any depth work.
 */
#include "prof_tree.h"

#include "alloc.h"
#include "diag.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- -f/-x names: "label" or "Module.label" ---- */

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
                     const char *const *names, size_t k, unsigned char *hit)
{
	size_t i;
	int any = 0;
	for (i = 0; i < k; i++)
		if (named(r, x, names[i])) {
			if (hit)
				hit[i] = 1;
			any = 1;
		}
	return any;
}

/* ---- pruning ---- */

static void keep_named(struct prof_report *r, const struct prof_prune *o,
                       unsigned char *dead)
{
	size_t n = r->n, i;
	unsigned char *in = hpt_xcalloc(n ? n : 1, 1);
	unsigned char *below = hpt_xcalloc(n ? n : 1, 1);
	for (i = 0; i < n; i++) {
		uint32_t p = r->parent[i];
		in[i] = (p != PROF_NONE && in[p]) ||
		        named_any(r, (uint32_t)i, o->keep, o->nkeep, o->keep_hit);
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
			/* context: the path from the root, with no cost of
			 * its own, so that flame graphs show only what -f
			 * chose */
			r->ind_time[i] = r->ind_alloc[i] = 0;
			r->inh_time[i] = r->inh_alloc[i] = 0;
			r->entries[i] = 0;
		}
	}
	for (i = n; i-- > 0;) {
		uint32_t p = r->parent[i];
		if (!dead[i] && p != PROF_NONE && !in[p]) {
			r->inh_time[p] += r->inh_time[i];
			r->inh_alloc[p] += r->inh_alloc[i];
		}
	}
	free(in);
	free(below);
}

static void drop_named(struct prof_report *r, const struct prof_prune *o,
                       unsigned char *dead)
{
	size_t n = r->n, i;
	unsigned char *xd = hpt_xcalloc(n ? n : 1, 1);
	uint64_t *lost = hpt_xcalloc(n ? 2 * n : 1, sizeof *lost);
	for (i = 0; i < n; i++) {
		uint32_t p = r->parent[i];
		if (dead[i])
			continue;
		xd[i] = (p != PROF_NONE && xd[p]) ||
		        named_any(r, (uint32_t)i, o->drop, o->ndrop, o->drop_hit);
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
	free(xd);
	free(lost);
}

/* Entries over each live subtree (saturating: only compared with 0 by
 * -z; the exact sums that -m and -d fold are checked there). */
static uint64_t *subtree_entries(const struct prof_report *r,
                                 const unsigned char *dead, int check)
{
	size_t i, n = r->n;
	uint64_t *s = hpt_xcalloc(n ? n : 1, sizeof *s);
	for (i = 0; i < n; i++)
		s[i] = dead[i] ? 0 : r->entries[i];
	for (i = n; i-- > 0;) {
		uint32_t p = r->parent[i];
		if (p == PROF_NONE || dead[i])
			continue;
		if (check)
			s[p] = prof_add_sum(r, s[p], s[i], "entries");
		else
			s[p] = s[p] > UINT64_MAX - s[i] ? UINT64_MAX : s[p] + s[i];
	}
	return s;
}

size_t prof_prune(struct prof_report *r, const struct prof_prune *o)
{
	size_t n = r->n, i, kept = 0;
	unsigned char *dead = hpt_xmalloc(n ? n : 1);
	uint32_t it = r->first_root, x, d;

	/* what an earlier pruning left out (unlinked, still in the
	 * arrays) stays out, and adds nothing to what is kept */
	memset(dead, 1, n ? n : 1);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE)
		dead[x] = 0;
	if (o->nkeep)
		keep_named(r, o, dead);
	if (o->ndrop)
		drop_named(r, o, dead);
	if (o->zero) {
		uint64_t *se = subtree_entries(r, dead, 0);
		for (i = 0; i < n; i++)
			if (!dead[i] && r->inh_time[i] == 0 &&
			    r->inh_alloc[i] == 0 && se[i] == 0)
				dead[i] = 1;
		for (i = 0; i < n; i++)
			if (r->parent[i] != PROF_NONE && dead[r->parent[i]])
				dead[i] = 1;
		free(se);
	}
	if (o->min_pct >= 0 || o->depth >= 0) {
		uint64_t *se = r->inverted ? NULL : subtree_entries(r, dead, 1);
		/* What a cut subtree leaves in its kept ancestor: the sum of
		 * its individual figures.  In an exact report that is its
		 * inherited ticks and bytes; in a -p report the inherited
		 * percentages are rounded on their own, so adding them
		 * would change the sum of the individual figures (and the
		 * total of the folded stacks) with every cut. */
		uint64_t *st = hpt_xmalloc((n ? 2 * n : 1) * sizeof *st);
		for (i = 0; i < n; i++) {
			st[2 * i] = dead[i] ? 0 : r->ind_time[i];
			st[2 * i + 1] = dead[i] ? 0 : r->ind_alloc[i];
		}
		for (i = n; i-- > 0;) {
			uint32_t p = r->parent[i];
			if (p == PROF_NONE || dead[i])
				continue;
			st[2 * p] = prof_add_sum(r, st[2 * p], st[2 * i],
			                         "ticks");
			st[2 * p + 1] = prof_add_sum(r, st[2 * p + 1],
			                             st[2 * i + 1], "bytes");
		}
		for (i = 0; i < n; i++) {
			uint32_t p = r->parent[i];
			int cut;
			if (dead[i])
				continue;
			if (p != PROF_NONE && dead[p]) {
				dead[i] = 2; /* inside a cut subtree */
				continue;
			}
			if (p == PROF_NONE && !r->inverted)
				continue; /* the root stays */
			cut = (o->depth >= 0 && (long)r->depth[i] > o->depth) ||
			      (o->min_pct >= 0 &&
			       prof_percent(r, r->inh_time[i], 0) < o->min_pct &&
			       prof_percent(r, r->inh_alloc[i], 1) < o->min_pct);
			if (!cut)
				continue;
			dead[i] = 2;
			if (p == PROF_NONE)
				continue;
			r->ind_time[p] += st[2 * i];
			r->ind_alloc[p] += st[2 * i + 1];
			if (se)
				r->entries[p] = prof_add_sum(r, r->entries[p],
				                             se[i], "entries");
		}
		free(se);
		free(st);
	}
	for (i = 0; i < n; i++)
		kept += !dead[i];
	if (kept < n)
		r->pruned = 1;
	prof_link(r, dead);
	free(dead);
	return kept;
}

/* ---- weights and keys ---- */

double *prof_keys(const struct prof_report *r, enum prof_weight w)
{
	double *k = hpt_xmalloc((r->n ? r->n : 1) * sizeof *k);
	size_t i;
	for (i = 0; i < r->n; i++) {
		switch (w) {
		case PROF_W_ALLOC:
			k[i] = (double)r->inh_alloc[i];
			break;
		case PROF_W_ENTRIES:
			k[i] = (double)r->entries[i];
			break;
		default:
			k[i] = (double)r->inh_time[i];
			break;
		}
	}
	if (w == PROF_W_ENTRIES && !r->inverted) {
		/* Over the linked tree only: a pruned node's entries are
		 * already folded into its kept ancestor (prof_prune), so
		 * counting the node too would count them twice. */
		unsigned char *live = hpt_xcalloc(r->n ? r->n : 1, 1);
		uint32_t it = r->first_root, d, x;
		while ((x = prof_next(r, &it, &d)) != PROF_NONE)
			live[x] = 1;
		for (i = r->n; i-- > 0;)
			if (live[i] && r->parent[i] != PROF_NONE)
				k[r->parent[i]] += k[i];
		free(live);
	}
	return k;
}

const uint64_t *prof_key_counts(const struct prof_report *r,
                                enum prof_weight w)
{
	switch (w) {
	case PROF_W_ALLOC:
		return r->inh_alloc;
	case PROF_W_ENTRIES:
		return r->inverted ? r->entries : NULL;
	default:
		return r->inh_time;
	}
}

int prof_weight_estimated(const struct prof_report *r, enum prof_weight w)
{
	if (r->exact || w == PROF_W_ENTRIES || w == PROF_W_TIME)
		return 0;
	return w == PROF_W_ALLOC ? !r->has_alloc : !r->has_time;
}

uint64_t prof_self_weight(const struct prof_report *r, uint32_t x,
                          enum prof_weight w)
{
	uint64_t v, tot;
	int have;
	if (w == PROF_W_ENTRIES) {
		uint32_t c;
		v = r->entries[x];
		if (r->inverted)
			for (c = r->first_child[x]; c != PROF_NONE;
			     c = r->next_sibling[c])
				v -= r->entries[c];
		return v;
	}
	if (w == PROF_W_ALLOC) {
		v = r->ind_alloc[x];
		tot = r->total_alloc;
		have = r->has_alloc;
	} else {
		v = r->ind_time[x];
		tot = r->total_ticks;
		have = r->has_time;
	}
	if (r->exact || !have)
		return v;
	return (uint64_t)floor((double)v * (double)tot / 1000.0 + 0.5);
}

uint64_t *prof_self_weights(const struct prof_report *r, enum prof_weight w)
{
	uint64_t *v = hpt_xcalloc(r->n ? r->n : 1, sizeof *v);
	unsigned char *live = hpt_xcalloc(r->n ? r->n : 1, 1);
	uint32_t it = r->first_root, d, x;
	uint64_t tot = w == PROF_W_ALLOC ? r->total_alloc : r->total_ticks;
	double acc = 0, prev = 0;
	size_t i;
	int spread = !r->exact && w != PROF_W_ENTRIES &&
	             w != PROF_W_TIME && !prof_weight_estimated(r, w);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE)
		live[x] = 1;
	for (i = 0; i < r->n; i++) {
		if (!live[i])
			continue;
		if (!spread) {
			v[i] = prof_self_weight(r, (uint32_t)i, w);
			continue;
		}
		/* Tenths of a percent into ticks or bytes: each weight is
		 * what the running sum adds, rounded, so that the weights
		 * add up to the rounded estimate of the whole, however
		 * the tree is cut. */
		acc += (double)(w == PROF_W_ALLOC ? r->ind_alloc[i]
		                                  : r->ind_time[i]);
		{
			double upto = floor(acc * (double)tot / 1000.0 + 0.5);
			v[i] = (uint64_t)(upto - prev);
			prev = upto;
		}
	}
	free(live);
	return v;
}

double prof_weights_share(const struct prof_report *r, enum prof_weight w)
{
	const uint64_t *ind, *inh;
	uint32_t it = r->first_root, d, x;
	uint64_t part = 0, whole = 0;
	if (r->exact || w == PROF_W_ENTRIES)
		return 1;
	ind = w == PROF_W_ALLOC ? r->ind_alloc : r->ind_time;
	inh = w == PROF_W_ALLOC ? r->inh_alloc : r->inh_time;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		part += ind[x];
		if (r->parent[x] == PROF_NONE)
			whole += inh[x];
	}
	return whole > 0 ? (double)part / (double)whole : 1;
}

/* ---- the inverted tree ---- */

/* Copy r's header and names (same ids) into an empty report. */
static void copy_head(struct prof_report *t, const struct prof_report *r)
{
	uint32_t i;
	t->date = r->date ? hpt_xstrdup(r->date) : NULL;
	t->command = r->command ? hpt_xstrdup(r->command) : NULL;
	t->total_secs = r->total_secs ? hpt_xstrdup(r->total_secs) : NULL;
	t->file = r->file ? hpt_xstrdup(r->file) : NULL;
	t->total_ticks = r->total_ticks;
	t->tick_interval = r->tick_interval;
	memcpy(t->tick_unit, r->tick_unit, sizeof t->tick_unit);
	t->processors = r->processors;
	t->total_alloc = r->total_alloc;
	t->has_time = r->has_time;
	t->has_alloc = r->has_alloc;
	t->has_src = r->has_src;
	t->exact = r->exact;
	t->eventlog = r->eventlog;
	t->rts_ticks = r->rts_ticks;
	for (i = 0; i < r->names.count; i++)
		hpt_intern(&t->names, r->names.name[i], r->names.len[i], NULL);
}

/* Child of parent p (PROF_NONE: a root) in t with the names of node x
 * of r, created if new; keys holds (p, label, module, src). */
static uint32_t child_of(struct prof_report *t, struct hpt_intern *keys,
                         uint32_t p, const struct prof_report *r, uint32_t x)
{
	uint32_t k[4] = {p, r->label[x], r->module[x], r->src[x]};
	int added = 0;
	uint32_t id = hpt_intern(keys, (const char *)k, sizeof k, &added);
	if (added) {
		uint32_t y = prof_add(t, p, r->label[x], r->module[x], r->src[x]);
		if (y != id)
			hpt_die("internal error: inverted tree ids");
		t->no[y] = y + 1;
	}
	return id;
}

void prof_invert(struct prof_report *t, const struct prof_report *r,
                 long depth)
{
	struct hpt_intern keys;
	uint32_t it = r->first_root, d, x;
	prof_init(t);
	copy_head(t, r);
	t->inverted = 1;
	hpt_intern_init(&keys);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		uint32_t u, cur = PROF_NONE;
		long lvl;
		if (!r->ind_time[x] && !r->ind_alloc[x] && !r->entries[x])
			continue;
		for (u = x, lvl = 0; u != PROF_NONE && (depth < 0 || lvl <= depth);
		     u = r->parent[u], lvl++) {
			cur = child_of(t, &keys, cur, r, u);
			t->inh_time[cur] = prof_add_sum(t, t->inh_time[cur],
			                                r->ind_time[x], "ticks");
			t->inh_alloc[cur] = prof_add_sum(t, t->inh_alloc[cur],
			                                 r->ind_alloc[x], "bytes");
			t->entries[cur] = prof_add_sum(t, t->entries[cur],
			                               r->entries[x], "entries");
		}
		t->ind_time[cur] += r->ind_time[x];
		t->ind_alloc[cur] += r->ind_alloc[x];
	}
	hpt_intern_free(&keys);
	prof_link(t, NULL);
}

void prof_renumber(struct prof_report *r)
{
	uint32_t it = r->first_root, d, x;
	uint64_t k = 0;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE)
		r->no[x] = ++k;
}

uint32_t prof_twin(const struct prof_report *r)
{
	struct hpt_intern keys;
	uint32_t it = r->first_root, d, x;
	hpt_intern_init(&keys);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		uint32_t k[3] = {r->parent[x], r->label[x], r->module[x]};
		int added = 0;
		hpt_intern(&keys, (const char *)k, sizeof k, &added);
		if (!added)
			break;
	}
	hpt_intern_free(&keys);
	return x;
}

/* ---- the difference of two trees ---- */

/* What prof_diff carries while it merges one report into the other. */
struct merge {
	struct prof_diff *dd;
	struct hpt_intern keys; /* (merged parent, label, module[, SRC])
	                         * -> node */
	int use_src;            /* key by SRC too: distinct cost centres
	                         * of one label and module stay apart */
	size_t cap;             /* room in dd->side[0] and [1] */
	enum prof_weight w;
};

/* Room for the figures of every merged node, new ones zero. */
static void merge_grow(struct merge *g)
{
	struct prof_side **s = g->dd->side;
	size_t oc = g->cap;
	if (g->dd->m.n <= g->cap)
		return;
	g->cap = g->dd->m.cap;
	s[0] = hpt_xrealloc(s[0], g->cap * sizeof **s);
	s[1] = hpt_xrealloc(s[1], g->cap * sizeof **s);
	memset(s[0] + oc, 0, (g->cap - oc) * sizeof **s);
	memset(s[1] + oc, 0, (g->cap - oc) * sizeof **s);
}

/* The merged node of r's node x, whose parent is merged node mp: found
 * by its path of label and module (and SRC, when both reports have
 * one), or added with r's SRC. */
static uint32_t merge_node(struct merge *g, const struct prof_report *r,
                           uint32_t x, uint32_t mp)
{
	struct prof_report *m = &g->dd->m;
	uint32_t kk[4], y, src;
	int added = 0;
	kk[0] = mp;
	kk[1] = hpt_intern(&m->names, prof_name(r, r->label[x]),
	                   prof_len(r, r->label[x]), NULL);
	kk[2] = hpt_intern(&m->names, prof_name(r, r->module[x]),
	                   prof_len(r, r->module[x]), NULL);
	src = hpt_intern(&m->names, prof_name(r, r->src[x]),
	                 prof_len(r, r->src[x]), NULL);
	kk[3] = g->use_src ? src : PROF_NONE;
	y = hpt_intern(&g->keys, (const char *)kk, sizeof kk, &added);
	if (added) {
		if (prof_add(m, mp, kk[1], kk[2], src) != y)
			hpt_die("internal error: merged ids");
		merge_grow(g);
	}
	return y;
}

/* Add node x of r (self weight sw, NULL for -w time) to side e. */
static void merge_figures(struct prof_side *e, const struct prof_report *r,
                          uint32_t x, int exact, enum prof_weight w,
                          const uint64_t *sw)
{
	e->ind_t += prof_percent(r, r->ind_time[x], 0);
	e->ind_a += prof_percent(r, r->ind_alloc[x], 1);
	e->inh_t += prof_percent(r, r->inh_time[x], 0);
	e->inh_a += prof_percent(r, r->inh_alloc[x], 1);
	e->entries = prof_add_sum(r, e->entries, r->entries[x], "entries");
	if (exact) {
		e->ticks = prof_add_sum(r, e->ticks, r->ind_time[x], "ticks");
		e->bytes = prof_add_sum(r, e->bytes, r->ind_alloc[x], "bytes");
	}
	if (w != PROF_W_TIME)
		e->self = prof_add_sum(r, e->self, sw[x],
		                       w == PROF_W_ENTRIES ? "entries"
		                       : w == PROF_W_ALLOC ? "bytes" : "ticks");
	e->self_pct = e->ind_t;
}

/* Merge every node of r into the tree, its figures into side k. */
static void merge_report(struct merge *g, const struct prof_report *r,
                         int k)
{
	uint64_t *sw = g->w != PROF_W_TIME ? prof_self_weights(r, g->w) : NULL;
	uint32_t *map = hpt_xmalloc((r->n ? r->n : 1) * sizeof *map);
	uint32_t it = r->first_root, d, x;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		uint32_t p = r->parent[x];
		map[x] = merge_node(g, r, x, p == PROF_NONE ? PROF_NONE : map[p]);
		merge_figures(&g->dd->side[k][map[x]], r, x, g->dd->exact,
		              g->w, sw);
	}
	free(sw);
	free(map);
}

/* Children ordered by the size of their change in the -w measure
 * (inherited), then numbered in that order. */
static void diff_order(struct prof_diff *dd, enum prof_weight w)
{
	struct prof_report *m = &dd->m;
	struct prof_side **s = dd->side;
	double *key;
	size_t i;
	int k;
	/* New nodes appended by OLD may sit after their NEW siblings'
	 * children, but parents still come first, which is all that the
	 * bottom-up sums need. */
	for (k = 0; k < 2; k++) {
		for (i = 0; i < m->n; i++)
			s[k][i].sub_entries = (double)s[k][i].entries;
		for (i = m->n; i-- > 0;)
			if (m->parent[i] != PROF_NONE)
				s[k][m->parent[i]].sub_entries +=
				    s[k][i].sub_entries;
	}
	key = hpt_xmalloc((m->n ? m->n : 1) * sizeof *key);
	for (i = 0; i < m->n; i++) {
		double v;
		switch (w) {
		case PROF_W_ALLOC:
			v = s[1][i].inh_a - s[0][i].inh_a;
			break;
		case PROF_W_ENTRIES:
			v = s[1][i].sub_entries - s[0][i].sub_entries;
			break;
		default:
			v = s[1][i].inh_t - s[0][i].inh_t;
			break;
		}
		key[i] = fabs(v);
	}
	prof_sort(m, key, 0);
	free(key);
	prof_renumber(m);
}

void prof_diff(struct prof_diff *dd, const struct prof_report *a,
               const struct prof_report *b, enum prof_weight w)
{
	struct merge g;
	struct prof_report *m = &dd->m;
	prof_init(m);
	copy_head(m, b);
	free(m->file);
	m->file = NULL;
	dd->side[0] = dd->side[1] = NULL;
	dd->exact = a->exact && b->exact;
	g.dd = dd;
	g.cap = 0;
	g.w = w;
	/* SRC moves with every edit of the source, so it keys nodes only
	 * where a report holds two cost centres it alone tells apart */
	g.use_src = a->has_src && b->has_src &&
	            (prof_twin(a) != PROF_NONE || prof_twin(b) != PROF_NONE);
	hpt_intern_init(&g.keys);
	/* NEW first, so that a node in both has NEW's SRC */
	merge_report(&g, b, 1);
	merge_report(&g, a, 0);
	hpt_intern_free(&g.keys);
	m->has_src = a->has_src || b->has_src;
	m->exact = dd->exact;
	prof_link(m, NULL);
	diff_order(dd, w);
}

void prof_diff_free(struct prof_diff *d)
{
	free(d->side[0]);
	free(d->side[1]);
	prof_free(&d->m);
}
