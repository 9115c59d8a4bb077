/*
 * prof.c: the cost-centre tree model of a .prof report: building it,
 * linking, summing, ordering and walking it, and its flat profile.  The
 * readers (prof_read.c, and any other format of time profile) build it
 * with these calls; the transformations (prof_tree.c) and the writers
 * (prof_write.c, prof_text.c) use them.  See prof.h.
 */
#include "prof.h"

#include "alloc.h"
#include "diag.h"

#include <stdlib.h>
#include <string.h>

void prof_init(struct prof_report *r)
{
	memset(r, 0, sizeof *r);
	hpt_intern_init(&r->names);
	r->first_root = PROF_NONE;
}

void prof_free(struct prof_report *r)
{
	hpt_intern_free(&r->names);
	free(r->parent);
	free(r->first_child);
	free(r->next_sibling);
	free(r->depth);
	free(r->label);
	free(r->module);
	free(r->src);
	free(r->no);
	free(r->entries);
	free(r->ind_time);
	free(r->ind_alloc);
	free(r->inh_time);
	free(r->inh_alloc);
	free(r->date);
	free(r->command);
	free(r->total_secs);
	free(r->sets);
	free(r->file);
	free(r->args);
	free(r->rts_args);
	free(r->ccs);
	free(r->cc);
	memset(r, 0, sizeof *r);
}

#define GROW(a, nc) ((a) = hpt_xrealloc((a), (nc) * sizeof *(a)))

uint32_t prof_add(struct prof_report *r, uint32_t parent, uint32_t label,
                  uint32_t module, uint32_t src)
{
	size_t i = r->n;
	if (i >= PROF_NONE - 1)
		hpt_die("too many cost-centre stacks");
	if (i == r->cap) {
		/* 64Ki from the start: each array is then large enough for
		 * malloc to map it apart (glibc: from 128 KiB), where growing
		 * it remaps pages rather than copying them */
		size_t nc = r->cap ? r->cap * 2 : 65536;
		GROW(r->parent, nc);
		GROW(r->first_child, nc);
		GROW(r->next_sibling, nc);
		GROW(r->depth, nc);
		GROW(r->label, nc);
		GROW(r->module, nc);
		GROW(r->src, nc);
		GROW(r->no, nc);
		GROW(r->entries, nc);
		GROW(r->ind_time, nc);
		GROW(r->ind_alloc, nc);
		GROW(r->inh_time, nc);
		GROW(r->inh_alloc, nc);
		r->cap = nc;
	}
	r->parent[i] = parent;
	r->first_child[i] = r->next_sibling[i] = PROF_NONE;
	r->depth[i] = parent == PROF_NONE ? 0 : r->depth[parent] + 1;
	r->label[i] = label;
	r->module[i] = module;
	r->src[i] = src;
	r->no[i] = r->entries[i] = 0;
	r->ind_time[i] = r->ind_alloc[i] = r->inh_time[i] = r->inh_alloc[i] = 0;
	r->n++;
	return (uint32_t)i;
}

void prof_link(struct prof_report *r, const unsigned char *dead)
{
	size_t i;
	/* From the last node to the first, each put at the head of its
	 * parent's list (or the roots'): the lists end up in index order,
	 * with no array of list tails. */
	r->first_root = PROF_NONE;
	for (i = 0; i < r->n; i++)
		r->first_child[i] = PROF_NONE;
	for (i = r->n; i-- > 0;) {
		uint32_t p = r->parent[i];
		if (dead && dead[i]) {
			r->next_sibling[i] = PROF_NONE;
			continue;
		}
		if (p == PROF_NONE) {
			r->next_sibling[i] = r->first_root;
			r->first_root = (uint32_t)i;
		} else {
			r->next_sibling[i] = r->first_child[p];
			r->first_child[p] = (uint32_t)i;
		}
	}
	/* depths, parents first */
	for (i = 0; i < r->n; i++) {
		uint32_t p = r->parent[i];
		if (dead && dead[i])
			continue;
		r->depth[i] = p == PROF_NONE ? 0 : r->depth[p] + 1;
	}
}

void prof_compact(struct prof_report *r, const unsigned char *dead)
{
	uint32_t *to = hpt_xmalloc((r->n ? r->n : 1) * sizeof *to);
	size_t i, k = 0;
	for (i = 0; i < r->n; i++) {
		uint32_t p = r->parent[i];
		if (dead[i]) {
			to[i] = PROF_NONE;
			continue;
		}
		to[i] = (uint32_t)k;
		r->parent[k] = p == PROF_NONE ? PROF_NONE : to[p];
		r->depth[k] = r->depth[i];
		r->label[k] = r->label[i];
		r->module[k] = r->module[i];
		r->src[k] = r->src[i];
		r->no[k] = r->no[i];
		r->entries[k] = r->entries[i];
		r->ind_time[k] = r->ind_time[i];
		r->ind_alloc[k] = r->ind_alloc[i];
		r->inh_time[k] = r->inh_time[i];
		r->inh_alloc[k] = r->inh_alloc[i];
		if (r->cc)
			r->cc[k] = r->cc[i];
		k++;
	}
	r->n = k;
	free(to);
	prof_link(r, NULL);
}

void prof_sum(struct prof_report *r)
{
	size_t i;
	for (i = 0; i < r->n; i++) {
		r->inh_time[i] = r->ind_time[i];
		r->inh_alloc[i] = r->ind_alloc[i];
	}
	for (i = r->n; i-- > 0;) {
		uint32_t p = r->parent[i];
		if (p != PROF_NONE) {
			r->inh_time[p] = prof_add_sum(r, r->inh_time[p],
			                              r->inh_time[i], "ticks");
			r->inh_alloc[p] = prof_add_sum(r, r->inh_alloc[p],
			                               r->inh_alloc[i], "bytes");
		}
	}
}

double prof_percent(const struct prof_report *r, uint64_t v, int which)
{
	uint64_t tot;
	if (!r->exact)
		return (double)v / 10.0;
	tot = which ? r->total_alloc : r->total_ticks;
	return tot ? 100.0 * (double)v / (double)tot : 0.0;
}

uint32_t prof_next(const struct prof_report *r, uint32_t *it, uint32_t *d)
{
	uint32_t cur = *it, nx;
	if (cur == PROF_NONE)
		return PROF_NONE;
	*d = r->depth[cur];
	/* Advance: first child, else the next sibling of the nearest
	 * ancestor-or-self that has one. */
	nx = r->first_child[cur];
	if (nx == PROF_NONE) {
		uint32_t u = cur;
		while (u != PROF_NONE && r->next_sibling[u] == PROF_NONE)
			u = r->parent[u];
		nx = u == PROF_NONE ? PROF_NONE : r->next_sibling[u];
	}
	*it = nx;
	return cur;
}

/* prof_next's steps without its call and its iterator per node. */
size_t prof_preorder(const struct prof_report *r, uint32_t *order)
{
	const uint32_t *fc = r->first_child, *ns = r->next_sibling;
	uint32_t x = r->first_root;
	size_t n = 0;
	while (x != PROF_NONE) {
		order[n++] = x;
		if (fc[x] != PROF_NONE) {
			x = fc[x];
			continue;
		}
		while (x != PROF_NONE && ns[x] == PROF_NONE)
			x = r->parent[x];
		if (x != PROF_NONE)
			x = ns[x];
	}
	return n;
}

/* ---- sorting ---- */

int prof_name_cmp(const struct prof_report *r, uint32_t a, uint32_t b)
{
	size_t la = prof_len(r, a), lb = prof_len(r, b);
	int c = memcmp(prof_name(r, a), prof_name(r, b), la < lb ? la : lb);
	if (c)
		return c;
	return la < lb ? -1 : la > lb;
}

static const struct prof_report *rank_r; /* qsort has no context */

static int id_cmp(const void *pa, const void *pb)
{
	return prof_name_cmp(rank_r, *(const uint32_t *)pa,
	                     *(const uint32_t *)pb);
}

/* rank[id] for every name of r: its place in byte order (prof_name_cmp),
 * so that comparing two ranks compares the two names.  The names are
 * few next to the nodes (a cost centre's names recur on every stack it
 * is on), so sorting them once saves a memcmp() in most comparisons of
 * nodes.  Caller frees. */
static uint32_t *name_ranks(const struct prof_report *r)
{
	size_t m = r->names.count, i;
	uint32_t *ids = hpt_xmalloc((m ? m : 1) * sizeof *ids);
	uint32_t *rank = hpt_xmalloc((m ? m : 1) * sizeof *rank);
	for (i = 0; i < m; i++)
		ids[i] = (uint32_t)i;
	rank_r = r;
	qsort(ids, m, sizeof *ids, id_cmp);
	for (i = 0; i < m; i++)
		rank[ids[i]] = (uint32_t)i;
	free(ids);
	return rank;
}

/*
 * A node's place among its siblings, gathered once per node and packed
 * so that most comparisons are of two integers: prof_sort's order is
 * hi, then lo, then (rarely reached: siblings with the same key, label
 * and module) tie_before.  The empty labels of empty_first are not in the
 * key: sort_list puts them first before sorting the two groups apart.
 */
struct sort_key {
	uint64_t hi;         /* the key, descending (key_bits) */
	uint64_t lo;         /* the name ranks (name_ranks) of label and
	                      * module, 32 bits each; SRC is left to
	                      * tie_before (siblings with the same label
	                      * and module are few) */
	uint32_t node;
};

/* An unsigned integer that orders as the double k does, descending:
 * the sign bit set for k >= 0 and every bit flipped for k < 0 gives
 * ascending order (IEEE 754), then all bits are flipped.  k + 0.0 makes
 * -0.0 into 0.0, which must be equal to it.  Keys are never NaN (they
 * are counts, prof_keys). */
static uint64_t key_bits(double k)
{
	uint64_t u;
	k += 0.0;
	memcpy(&u, &k, sizeof u);
	u = u >> 63 ? ~u : u | (uint64_t)1 << 63;
	return ~u;
}

struct sorter {
	struct prof_report *r;
	const double *key;
	const uint64_t *counts; /* the key, when not key (prof_sort_counts) */
	const uint32_t *rank;
	int empty_first;
	struct sort_key *k, *tmp;
	size_t cap;
};

/* Two siblings with equal hi and lo: the SRC ranks, then no., then the
 * index, so that the order is total. */
static int tie_before(const struct sorter *so, const struct sort_key *a,
                      const struct sort_key *b)
{
	const struct prof_report *r = so->r;
	uint32_t x = a->node, y = b->node;
	if (r->src[x] != r->src[y])
		return so->rank[r->src[x]] < so->rank[r->src[y]];
	if (r->no[x] != r->no[y])
		return r->no[x] < r->no[y];
	return x < y;
}

/* Does a come before b? */
static inline int key_before(const struct sorter *so,
                             const struct sort_key *a,
                             const struct sort_key *b)
{
	if (a->hi != b->hi)
		return a->hi < b->hi;
	if (a->lo != b->lo)
		return a->lo < b->lo;
	return tie_before(so, a, b);
}

/* Sort k[0..n) (tmp has room for n): runs of RUN by insertion, then
 * merged bottom-up, between k and tmp.  The order is total
 * (the index comes last), so the result is that of any other correct
 * sort (it was qsort's: the comparison inline is what makes this one
 * faster).  RUN 8 rather than 16: an insertion costs a quarter of the
 * run's length in steps on average, a merge level one step. */
#define RUN 8
static void sort_keys(const struct sorter *so, struct sort_key *k,
                      struct sort_key *tmp, size_t n)
{
	struct sort_key *from = k, *to = tmp, *t;
	size_t i, j, w;
	for (i = 0; i < n; i += RUN) {
		size_t e = i + RUN < n ? i + RUN : n;
		for (j = i + 1; j < e; j++) {
			struct sort_key v = k[j];
			size_t h = j;
			while (h > i && key_before(so, &v, &k[h - 1])) {
				k[h] = k[h - 1];
				h--;
			}
			k[h] = v;
		}
	}
	for (w = RUN; w < n; w *= 2) {
		for (i = 0; i < n; i += 2 * w) {
			size_t m = i + w < n ? i + w : n;
			size_t e = i + 2 * w < n ? i + 2 * w : n;
			const struct sort_key *a = from + i, *ea = from + m;
			const struct sort_key *b = ea, *eb = from + e;
			struct sort_key *o = to + i;
			while (a < ea && b < eb)
				*o++ = key_before(so, b, a) ? *b++ : *a++;
			while (a < ea)
				*o++ = *a++;
			while (b < eb)
				*o++ = *b++;
		}
		t = from;
		from = to;
		to = t;
	}
	if (from != k)
		memcpy(k, from, n * sizeof *k);
}

/* Sort the sibling list that starts at head; returns its new head. */
static uint32_t sort_list(struct sorter *so, uint32_t head)
{
	struct prof_report *r = so->r;
	const uint32_t *rank = so->rank;
	size_t n = 0, j, empty = 0;
	uint32_t u;
	if (head == PROF_NONE || r->next_sibling[head] == PROF_NONE)
		return head;
	for (u = head; u != PROF_NONE; u = r->next_sibling[u]) {
		struct sort_key *k;
		if (n == so->cap) {
			size_t cap = so->cap;
			so->k = hpt_xgrow(so->k, &so->cap, n + 1, sizeof *so->k);
			so->tmp = hpt_xgrow(so->tmp, &cap, n + 1,
			                    sizeof *so->tmp);
		}
		k = &so->k[n++];
		k->hi = key_bits(so->counts ? (double)so->counts[u]
		                            : so->key[u]);
		k->lo = (uint64_t)rank[r->label[u]] << 32 | rank[r->module[u]];
		k->node = u;
		empty += so->empty_first && prof_len(r, r->label[u]) == 0;
	}
	if (empty && empty < n) {
		/* the empty labels first, each group in its order (a
		 * stable partition through tmp), then sorted apart */
		size_t a = 0, b = empty;
		for (j = 0; j < n; j++) {
			int e = prof_len(r, r->label[so->k[j].node]) == 0;
			so->tmp[e ? a++ : b++] = so->k[j];
		}
		memcpy(so->k, so->tmp, n * sizeof *so->k);
		sort_keys(so, so->k, so->tmp, empty);
		sort_keys(so, so->k + empty, so->tmp, n - empty);
	} else {
		sort_keys(so, so->k, so->tmp, n);
	}
	for (j = 0; j + 1 < n; j++)
		r->next_sibling[so->k[j].node] = so->k[j + 1].node;
	r->next_sibling[so->k[n - 1].node] = PROF_NONE;
	return so->k[0].node;
}

static void sort_all(struct prof_report *r, const double *key,
                     const uint64_t *counts, int empty_first)
{
	struct sorter so;
	size_t i;
	memset(&so, 0, sizeof so);
	so.r = r;
	so.key = key;
	so.counts = counts;
	so.rank = name_ranks(r);
	so.empty_first = empty_first;
	r->first_root = sort_list(&so, r->first_root);
	for (i = 0; i < r->n; i++)
		if (r->first_child[i] != PROF_NONE)
			r->first_child[i] = sort_list(&so, r->first_child[i]);
	free(so.k);
	free(so.tmp);
	free((void *)so.rank);
}

void prof_sort(struct prof_report *r, const double *key, int empty_first)
{
	sort_all(r, key, NULL, empty_first);
}

void prof_sort_counts(struct prof_report *r, const uint64_t *key,
                      int empty_first)
{
	sort_all(r, NULL, key, empty_first);
}

uint64_t prof_add_sum(const struct prof_report *r, uint64_t a, uint64_t b,
                      const char *what)
{
	if (a > UINT64_MAX - b) {
		if (r->file)
			hpt_data_error(r->file, 0, "sum of %s out of range",
			               what);
		hpt_die("sum of %s out of range", what);
	}
	return a + b;
}

/* ---- the flat profile ---- */

static const struct prof_report *flat_r;
static enum prof_weight flat_w;

static void cc_keys(const struct prof_cc *c, uint64_t *k1, uint64_t *k2)
{
	switch (flat_w) {
	case PROF_W_ALLOC:
		*k1 = c->ind_alloc;
		*k2 = c->inh_alloc;
		break;
	case PROF_W_ENTRIES:
		*k1 = *k2 = c->entries;
		break;
	default:
		*k1 = c->ind_time;
		*k2 = c->inh_time;
		break;
	}
}

static int cc_cmp(const void *pa, const void *pb)
{
	const struct prof_cc *a = pa, *b = pb;
	const struct prof_report *r = flat_r;
	uint64_t a1, a2, b1, b2;
	int c;
	cc_keys(a, &a1, &a2);
	cc_keys(b, &b1, &b2);
	if (a1 != b1)
		return a1 > b1 ? -1 : 1;
	if (a2 != b2)
		return a2 > b2 ? -1 : 1;
	if ((c = prof_name_cmp(r, r->label[a->node], r->label[b->node])) != 0 ||
	    (c = prof_name_cmp(r, r->module[a->node], r->module[b->node])) != 0)
		return c;
	return prof_name_cmp(r, r->src[a->node], r->src[b->node]);
}

size_t prof_flat(const struct prof_report *r, enum prof_weight w,
                 struct prof_cc **out)
{
	struct hpt_intern keys;
	struct prof_cc *c = NULL;
	size_t cap = 0, nc = 0;
	uint32_t *ccof = hpt_xmalloc((r->n ? r->n : 1) * sizeof *ccof);
	uint32_t *active = NULL, *stack = NULL;
	size_t acap = 0, scap = 0, sn = 0;
	uint32_t it = r->first_root, d, x;

	hpt_intern_init(&keys);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		uint32_t k3[3] = {r->label[x], r->module[x], r->src[x]};
		int added = 0;
		uint32_t id = hpt_intern(&keys, (const char *)k3, sizeof k3,
		                         &added);
		if (added) {
			c = hpt_xgrow(c, &cap, id + 1, sizeof *c);
			active = hpt_xgrow(active, &acap, id + 1, sizeof *active);
			memset(&c[id], 0, sizeof c[id]);
			c[id].node = x;
			active[id] = 0;
			nc = id + 1;
		}
		ccof[x] = id;
		/* Leave the nodes that are not ancestors of x. */
		while (sn > d)
			active[ccof[stack[--sn]]]--;
		stack = hpt_xgrow(stack, &scap, sn + 1, sizeof *stack);
		stack[sn++] = x;
		c[id].entries = prof_add_sum(r, c[id].entries, r->entries[x],
		                             "entries");
		c[id].ind_time = prof_add_sum(r, c[id].ind_time, r->ind_time[x],
		                              "ticks");
		c[id].ind_alloc = prof_add_sum(r, c[id].ind_alloc,
		                               r->ind_alloc[x], "bytes");
		/* Recursion: only the outermost occurrence counts. */
		if (active[id]++ == 0) {
			c[id].inh_time = prof_add_sum(r, c[id].inh_time,
			                              r->inh_time[x], "ticks");
			c[id].inh_alloc = prof_add_sum(r, c[id].inh_alloc,
			                               r->inh_alloc[x], "bytes");
		}
	}
	hpt_intern_free(&keys);
	free(stack);
	free(active);
	free(ccof);
	flat_r = r;
	flat_w = w;
	if (nc)
		qsort(c, nc, sizeof *c, cc_cmp);
	*out = c;
	return nc;
}


int prof_retainer_set(const struct prof_report *r, uint64_t no,
                      const char **elems, size_t *len)
{
	const char *p = r->sets, *end = r->sets + r->sets_len;
	if (!r->sets)
		return 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end, *q = p + 4;
		uint64_t v = 0;
		int digits = 0;
		if (e > p && e[-1] == '\r')
			e--;
		if (e - p > 4 && memcmp(p, "SET ", 4) == 0) {
			while (q < e && *q >= '0' && *q <= '9' && digits < 19) {
				v = v * 10 + (uint64_t)(*q++ - '0');
				digits++;
			}
			if (digits && v == no && e - q >= 5 &&
			    memcmp(q, " = {", 4) == 0 && e[-1] == '}') {
				*elems = q + 4;
				*len = (size_t)(e - 1 - (q + 4));
				return 1;
			}
		}
		p = nl ? nl + 1 : end;
	}
	return 0;
}
