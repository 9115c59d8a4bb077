/*
 * hp_names.c: readable band names.  See hp_names.h.
 */
#include "hp_names.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "diag.h"

struct hp_names {
	const struct ipe_table *ipe;
	const struct prof_report *prof;
	struct hpt_intern *out;
	uint32_t *map;           /* map[in band]: out band + 1, 0: not yet */
	size_t map_cap;
	struct hpt_intern nos;   /* .prof no. (8 bytes) -> node (node_of) */
	uint32_t *node_of;
	size_t nnodes;
	struct hpt_intern ccs;   /* "module\0label" of every .prof node */
	char *buf;               /* a name being built */
	size_t cap;
	uint32_t *stamp;         /* stamp[out band]: last sample + 1 ... */
	uint32_t *slot;          /* ... and its value's index there */
	size_t stamp_cap;
	uint32_t samples;
	uint64_t hi_bands, hi_missing, cut_missing;
	uint64_t prof_bands, prof_renamed; /* "(N)..." bands; renamed */
};

static void key8(unsigned char *k, uint64_t v)
{
	int i;
	for (i = 7; i >= 0; i--) {
		k[i] = (unsigned char)(v & 0xff);
		v >>= 8;
	}
}

struct hp_names *hp_names_new(const struct ipe_table *ipe,
                              const struct prof_report *prof,
                              struct hpt_intern *out)
{
	struct hp_names *h = hpt_xcalloc(1, sizeof *h);
	size_t i;
	h->ipe = ipe && ipe->nipe > 0 ? ipe : NULL;
	h->prof = prof;
	h->out = out;
	hpt_intern_init(&h->nos);
	hpt_intern_init(&h->ccs);
	if (prof) {
		h->node_of = hpt_xmalloc((prof->n + 1) * sizeof *h->node_of);
		for (i = 0; i < prof->n; i++) {
			unsigned char k[8];
			int added;
			uint32_t id;
			size_t ml = prof_len(prof, prof->module[i]);
			size_t ll = prof_len(prof, prof->label[i]);
			key8(k, prof->no[i]);
			id = hpt_intern(&h->nos, (const char *)k, 8, &added);
			if (added)
				h->node_of[id] = (uint32_t)i;
			h->buf = hpt_xgrow(h->buf, &h->cap, ml + ll + 2, 1);
			memcpy(h->buf, prof_name(prof, prof->module[i]), ml);
			h->buf[ml] = '\0';
			memcpy(h->buf + ml + 1, prof_name(prof, prof->label[i]),
			       ll);
			hpt_intern(&h->ccs, h->buf, ml + 1 + ll, NULL);
		}
	}
	return h;
}

static void put(struct hp_names *h, size_t *n, const char *s, size_t k)
{
	h->buf = hpt_xgrow(h->buf, &h->cap, *n + k + 1, 1);
	memcpy(h->buf + *n, s, k);
	*n += k;
}

/* The whole -hc name of .prof node k, into h->buf from *n on. */
static void stack_name(struct hp_names *h, uint32_t k, size_t *n)
{
	const struct prof_report *r = h->prof;
	int first = 1, caf = 0;
	for (; k != PROF_NONE; k = r->parent[k]) {
		const char *l = prof_name(r, r->label[k]);
		size_t ll = prof_len(r, r->label[k]);
		if (r->parent[k] == PROF_NONE && ll == 4 &&
		    memcmp(l, "MAIN", 4) == 0)
			break;
		/* a CAF element is Module.CAF and has no '/' after it */
		if (!first && !caf)
			put(h, n, "/", 1);
		first = 0;
		caf = ll == 3 && memcmp(l, "CAF", 3) == 0;
		if (caf) {
			put(h, n, prof_name(r, r->module[k]),
			    prof_len(r, r->module[k]));
			put(h, n, ".", 1);
		}
		put(h, n, l, ll);
	}
	if (first)
		put(h, n, "MAIN", 4);
}

static int upper(char c)
{
	return c >= 'A' && c <= 'Z';
}

/* The label of a retainer's top cost centre, written "Mod.label" (the
 * k bytes at s): the split that a .prof node has, else after the
 * module's capitalised components (at least one component left). */
static void top_label(const struct hp_names *h, const char *s, size_t k,
                      const char **l, size_t *ll)
{
	size_t i, cut = 0;
	char key[512];
	for (i = 1; i + 1 < k && k < sizeof key; i++) {
		if (s[i] != '.')
			continue;
		memcpy(key, s, k);
		key[i] = '\0';
		if (hpt_intern_find(&h->ccs, key, k) >= 0) {
			*l = s + i + 1;
			*ll = k - i - 1;
			return;
		}
	}
	/* Module components start with a capital letter */
	for (i = 0; i < k && upper(s[i]);) {
		size_t j = i;
		while (j < k && s[j] != '.')
			j++;
		if (j >= k)
			break;
		cut = j + 1;
		i = j + 1;
	}
	*l = s + cut;
	*ll = k - cut;
}

/* The short form of retainer set elems (len bytes between the braces
 * of its SET line) into h->buf from *n on. */
static void set_name(struct hp_names *h, const char *e, size_t len,
                     size_t *n)
{
	const char *p = e, *end = e + len;
	int first = 1;
	while (p < end && *p == '<') {
		const char *q = p + 1, *close, *top;
		const char *l;
		size_t ll;
		/* the element ends at "> <" or at the last '>' */
		for (close = q; close < end; close++)
			if (*close == '>' && (close + 1 == end ||
			    (end - close >= 3 && close[1] == ',' &&
			     close[2] == ' ' && close[3] == '<')))
				break;
		if (close >= end)
			break;
		for (top = q; top < close && *top != ','; top++)
			;
		if (!first)
			put(h, n, ",", 1);
		first = 0;
		if (top == q) {
			put(h, n, "MAIN", 4);
		} else {
			top_label(h, q, (size_t)(top - q), &l, &ll);
			put(h, n, l, ll);
		}
		p = close + 1;
		if (p < end)
			p += 2;
	}
}

/* The out band of in band b (name s, k bytes). */
static uint32_t rename_band(struct hp_names *h, const char *s, size_t k)
{
	uint64_t id, no = 0;
	size_t n = 0, i;
	if (h->ipe && ipe_band_id(s, k, &id)) {
		long e = ipe_find(h->ipe, id);
		h->hi_bands++;
		if (e >= 0) {
			n = ipe_band_name(h->ipe, (size_t)e, &h->buf, &h->cap);
			return hpt_intern(h->out, h->buf, n, NULL);
		}
		h->hi_missing++;
		return hpt_intern(h->out, s, k, NULL);
	}
	/* "(N)rest" */
	if (!h->prof || k < 3 || s[0] != '(')
		return hpt_intern(h->out, s, k, NULL);
	for (i = 1; i < k && i < 20 && s[i] >= '0' && s[i] <= '9'; i++)
		no = no * 10 + (uint64_t)(s[i] - '0');
	if (i == 1 || i >= k || s[i] != ')')
		return hpt_intern(h->out, s, k, NULL);
	i++;
	h->prof_bands++;
	if (k - i >= 3 && memcmp(s + k - 3, "...", 3) == 0) {
		unsigned char key[8];
		long node;
		size_t cut = k - 3 - i;
		key8(key, no);
		node = hpt_intern_find(&h->nos, (const char *)key, 8);
		if (node >= 0) {
			put(h, &n, s, i);
			stack_name(h, h->node_of[node], &n);
			if (n - i > cut + 3 &&
			    memcmp(h->buf + i, s + i, cut) == 0) {
				h->prof_renamed++;
				return hpt_intern(h->out, h->buf, n, NULL);
			}
		}
		n = 0;
	}
	{
		const char *e;
		size_t len;
		if (prof_retainer_set(h->prof, no, &e, &len)) {
			put(h, &n, s, i);
			set_name(h, e, len, &n);
			if (n > k && memcmp(h->buf, s, k) == 0) {
				h->prof_renamed++;
				return hpt_intern(h->out, h->buf, n, NULL);
			}
		}
	}
	if (k - i >= 3 && memcmp(s + k - 3, "...", 3) == 0)
		h->cut_missing++;
	return hpt_intern(h->out, s, k, NULL);
}

void hp_names_sample(struct hp_names *h, const struct hpt_intern *in,
                     struct hp_sample *s)
{
	size_t i, o = 0;
	h->samples++;
	s->rows = NULL; /* the rows' text names the bands as they were */
	for (i = 0; i < s->n; i++) {
		uint32_t b = s->v[i].band, ob;
		if (b >= h->map_cap) {
			size_t old = h->map_cap;
			h->map = hpt_xgrow(h->map, &h->map_cap, b + 1,
			                   sizeof *h->map);
			memset(h->map + old, 0,
			       (h->map_cap - old) * sizeof *h->map);
		}
		if (h->map[b] == 0)
			h->map[b] = rename_band(h, in->name[b], in->len[b]) + 1;
		ob = h->map[b] - 1;
		if (ob >= h->stamp_cap) {
			size_t old = h->stamp_cap;
			h->stamp = hpt_xgrow(h->stamp, &h->stamp_cap, ob + 1,
			                     sizeof *h->stamp);
			h->slot = hpt_xrealloc(h->slot, h->stamp_cap *
			                       sizeof *h->slot);
			memset(h->stamp + old, 0,
			       (h->stamp_cap - old) * sizeof *h->stamp);
		}
		if (h->stamp[ob] == h->samples) {
			/* a second band of this name: summed */
			struct hp_bandval *w = &s->v[h->slot[ob]];
			w->bytes += s->v[i].bytes;
			w->text_len = 0;
			continue;
		}
		h->stamp[ob] = h->samples;
		h->slot[ob] = (uint32_t)o;
		s->v[o] = s->v[i];
		s->v[o].band = ob;
		o++;
	}
	s->n = o;
}

int hp_names_warn(struct hp_names *h, const char *ipe_name,
                  const char *prof_name)
{
	int w = 0;
	if (h->ipe && h->hi_missing > 0 && ipe_name) {
		hpt_data_warn(ipe_name, 0, "%llu of %llu info-table bands are "
		              "not in the IPE table: bare addresses kept",
		              (unsigned long long)h->hi_missing,
		              (unsigned long long)h->hi_bands);
		w++;
	}
	if (!h->prof || !prof_name)
		return w;
	if (h->cut_missing > 0) {
		hpt_data_warn(prof_name, 0, "%llu bands cut short (-L) are not "
		              "in the .prof: kept as they are",
		              (unsigned long long)h->cut_missing);
		w++;
	} else if (h->samples > 0 && h->prof_renamed == 0) {
		const char *why;
		if (h->prof_bands == 0)
			why = "no band is a cost-centre stack or retainer set "
			      "numbered (N) as in a .hp";
		else if (!h->prof->sets)
			why = "no band ends in \"...\" (-hc -L), and the "
			      "report has no retainer-set list (-hr)";
		else
			why = "no band ends in \"...\" (-hc -L) or begins a "
			      "longer retainer set of the report (-hr)";
		hpt_data_warn(prof_name, 0, "nothing to restore: %s: names "
		              "kept as they are", why);
		w++;
	}
	return w;
}

int hp_names_ipe_idle(const struct hp_names *h)
{
	return h->ipe && h->samples > 0 && h->hi_bands == 0;
}

uint64_t hp_names_bare(const struct hpt_intern *bands, uint32_t from)
{
	uint64_t n = 0, id;
	uint32_t b;
	for (b = from; b < bands->count; b++)
		if (ipe_band_id(bands->name[b], bands->len[b], &id))
			n++;
	return n;
}

void hp_names_free(struct hp_names *h)
{
	if (!h)
		return;
	free(h->map);
	free(h->node_of);
	hpt_intern_free(&h->nos);
	hpt_intern_free(&h->ccs);
	free(h->buf);
	free(h->stamp);
	free(h->slot);
	free(h);
}
