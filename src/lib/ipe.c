/*
 * ipe.c: the IPE and cost-centre tables.  See ipe.h.
 */
#include "ipe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

void ipe_table_init(struct ipe_table *t)
{
	memset(t, 0, sizeof *t);
	hpt_intern_init(&t->s);
	hpt_intern_init(&t->ipe_ids);
	hpt_intern_init(&t->cc_ids);
}

void ipe_table_free(struct ipe_table *t)
{
	hpt_intern_free(&t->s);
	hpt_intern_free(&t->ipe_ids);
	hpt_intern_free(&t->cc_ids);
	free(t->ipe);
	free(t->cc);
	memset(t, 0, sizeof *t);
}

static void be_bytes(unsigned char *b, uint64_t v, int n)
{
	int i;
	for (i = n - 1; i >= 0; i--) {
		b[i] = (unsigned char)(v & 0xff);
		v >>= 8;
	}
}

int ipe_add(struct ipe_table *t, uint64_t id, const char *const *f,
            const size_t *n, size_t *index)
{
	unsigned char key[8];
	int added, k;
	uint32_t i;
	be_bytes(key, id, 8);
	i = hpt_intern(&t->ipe_ids, (const char *)key, 8, &added);
	if (index)
		*index = i;
	if (!added)
		return 0;
	t->ipe = hpt_xgrow(t->ipe, &t->ipe_cap, t->nipe + 1, sizeof *t->ipe);
	t->ipe[i].id = id;
	for (k = 0; k < IPE_NFIELDS; k++)
		t->ipe[i].f[k] = hpt_intern(&t->s, f[k], n[k], NULL);
	t->nipe++;
	return 1;
}

int ipe_cc_add(struct ipe_table *t, uint32_t id, const char *const *f,
               const size_t *n, int is_caf, size_t *index)
{
	unsigned char key[4];
	int added, k;
	uint32_t i;
	be_bytes(key, id, 4);
	i = hpt_intern(&t->cc_ids, (const char *)key, 4, &added);
	if (index)
		*index = i;
	if (!added)
		return 0;
	t->cc = hpt_xgrow(t->cc, &t->cc_cap, t->ncc + 1, sizeof *t->cc);
	t->cc[i].id = id;
	t->cc[i].is_caf = is_caf != 0;
	for (k = 0; k < IPE_CC_NFIELDS; k++)
		t->cc[i].f[k] = hpt_intern(&t->s, f[k], n[k], NULL);
	t->ncc++;
	return 1;
}

static int fields_same(const struct ipe_table *t, const uint32_t *have,
                       int nf, const char *const *f, const size_t *n)
{
	int k;
	for (k = 0; k < nf; k++)
		if (t->s.len[have[k]] != n[k] ||
		    memcmp(t->s.name[have[k]], f[k], n[k]) != 0)
			return 0;
	return 1;
}

int ipe_same(const struct ipe_table *t, size_t i, const char *const *f,
             const size_t *n)
{
	return fields_same(t, t->ipe[i].f, IPE_NFIELDS, f, n);
}

int ipe_cc_same(const struct ipe_table *t, size_t i, const char *const *f,
                const size_t *n, int is_caf)
{
	return (t->cc[i].is_caf != 0) == (is_caf != 0) &&
	       fields_same(t, t->cc[i].f, IPE_CC_NFIELDS, f, n);
}

long ipe_find(const struct ipe_table *t, uint64_t id)
{
	unsigned char key[8];
	be_bytes(key, id, 8);
	return hpt_intern_find(&t->ipe_ids, (const char *)key, 8);
}

/* ClosureTypes.h, GHC 9.2 and later (0..63 unchanged since 8.6). */
static const char *const closure_types[] = {
	"INVALID_OBJECT", "CONSTR", "CONSTR_1_0", "CONSTR_0_1",
	"CONSTR_2_0", "CONSTR_1_1", "CONSTR_0_2", "CONSTR_NOCAF", "FUN",
	"FUN_1_0", "FUN_0_1", "FUN_2_0", "FUN_1_1", "FUN_0_2",
	"FUN_STATIC", "THUNK", "THUNK_1_0", "THUNK_0_1", "THUNK_2_0",
	"THUNK_1_1", "THUNK_0_2", "THUNK_STATIC", "THUNK_SELECTOR", "BCO",
	"AP", "PAP", "AP_STACK", "IND", "IND_STATIC", "RET_BCO",
	"RET_SMALL", "RET_BIG", "RET_FUN", "UPDATE_FRAME", "CATCH_FRAME",
	"UNDERFLOW_FRAME", "STOP_FRAME", "BLOCKING_QUEUE", "BLACKHOLE",
	"MVAR_CLEAN", "MVAR_DIRTY", "TVAR", "ARR_WORDS",
	"MUT_ARR_PTRS_CLEAN", "MUT_ARR_PTRS_DIRTY",
	"MUT_ARR_PTRS_FROZEN_DIRTY", "MUT_ARR_PTRS_FROZEN_CLEAN",
	"MUT_VAR_CLEAN", "MUT_VAR_DIRTY", "WEAK", "PRIM", "MUT_PRIM",
	"TSO", "STACK", "TREC_CHUNK", "ATOMICALLY_FRAME",
	"CATCH_RETRY_FRAME", "CATCH_STM_FRAME", "WHITEHOLE",
	"SMALL_MUT_ARR_PTRS_CLEAN", "SMALL_MUT_ARR_PTRS_DIRTY",
	"SMALL_MUT_ARR_PTRS_FROZEN_DIRTY", "SMALL_MUT_ARR_PTRS_FROZEN_CLEAN",
	"COMPACT_NFDATA", "CONTINUATION", "ANN_FRAME"
};

const char *ipe_closure_type(const char *desc, size_t n)
{
	size_t i, v = 0;
	if (n == 0 || n > 3 || (n > 1 && desc[0] == '0'))
		return NULL;
	for (i = 0; i < n; i++) {
		if (desc[i] < '0' || desc[i] > '9')
			return NULL;
		v = v * 10 + (size_t)(desc[i] - '0');
	}
	if (v >= sizeof closure_types / sizeof closure_types[0])
		return NULL;
	return closure_types[v];
}

int ipe_band_id(const char *s, size_t n, uint64_t *id)
{
	uint64_t v = 0;
	size_t i;
	if (n < 3 || n > 18 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (i = 2; i < n; i++) {
		char c = s[i];
		if (c >= '0' && c <= '9')
			v = v << 4 | (uint64_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v << 4 | (uint64_t)(c - 'a' + 10);
		else
			return 0;
	}
	*id = v;
	return 1;
}

struct namebuf {
	char **buf;
	size_t *cap, n;
};

static void put(struct namebuf *b, const char *s, size_t n)
{
	*b->buf = hpt_xgrow(*b->buf, b->cap, b->n + n + 1, 1);
	memcpy(*b->buf + b->n, s, n);
	b->n += n;
	(*b->buf)[b->n] = '\0';
}

/* White space, and NUL, which a .hp line cannot hold (a TSV field may,
 * as \0). */
static int is_white(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' ||
	       c == '\f' || c == '\r' || c == '\0';
}

static int joins(char c)
{
	return c == '-' || c == '=' || c == '>' || c == ',' || c == '%';
}

/* A field with its white space dropped or made '_' (ipe.h). */
static void put_field(struct namebuf *b, const char *s, size_t n)
{
	size_t i = 0, j;
	while (i < n && is_white(s[i]))
		i++;
	while (n > i && is_white(s[n - 1]))
		n--;
	while (i < n) {
		for (j = i; j < n && !is_white(s[j]); j++)
			;
		put(b, s + i, j - i);
		if (j == n)
			break;
		i = j;
		while (i < n && is_white(s[i]))
			i++;
		if (!joins(s[j - 1]) && !joins(s[i]))
			put(b, "_", 1);
	}
}

size_t ipe_band_name(const struct ipe_table *t, size_t i, char **buf,
                     size_t *cap)
{
	struct namebuf b;
	const char *kind;
	char addr[24];
	b.buf = buf;
	b.cap = cap;
	b.n = 0;
	put(&b, "", 0);
	if (ipe_len(t, i, IPE_MODULE) > 0) {
		put_field(&b, ipe_str(t, i, IPE_MODULE),
		          ipe_len(t, i, IPE_MODULE));
		put(&b, ".", 1);
	}
	if (ipe_len(t, i, IPE_LABEL) > 0) {
		put_field(&b, ipe_str(t, i, IPE_LABEL),
		          ipe_len(t, i, IPE_LABEL));
	} else {
		size_t k = ipe_len(t, i, IPE_NAME);
		const char *s = ipe_str(t, i, IPE_NAME);
		if (k > 5 && memcmp(s + k - 5, "_info", 5) == 0)
			k -= 5;
		put_field(&b, s, k);
	}
	put(&b, "{", 1);
	kind = ipe_closure_type(ipe_str(t, i, IPE_DESC),
	                        ipe_len(t, i, IPE_DESC));
	if (kind)
		put(&b, kind, strlen(kind));
	else
		put_field(&b, ipe_str(t, i, IPE_DESC), ipe_len(t, i, IPE_DESC));
	if (ipe_len(t, i, IPE_TYPE) > 0) {
		put(&b, "::", 2);
		put_field(&b, ipe_str(t, i, IPE_TYPE), ipe_len(t, i, IPE_TYPE));
	}
	put(&b, "}", 1);
	if (ipe_len(t, i, IPE_SRC) > 0) {
		put(&b, "@", 1);
		put_field(&b, ipe_str(t, i, IPE_SRC), ipe_len(t, i, IPE_SRC));
	}
	snprintf(addr, sizeof addr, "#0x%llx", (unsigned long long)t->ipe[i].id);
	put(&b, addr, strlen(addr));
	return b.n;
}
