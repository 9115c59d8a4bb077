/*
 * intern.c: open-addressed hash table of byte strings (word-wise hashing,
 * linear probing, load factor at most 1/2).
 */
#include "intern.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "diag.h"

/* A multiplicative hash of at most three 8-byte words: the first, the
 * middle and the last of the name, and its length.  Band names are hashed
 * once per row of every sample, so this is on the hot path of every heap
 * tool; the ends of a name are where names differ (the "(ccsID)" prefix of
 * -hc stacks, the last element of a truncated stack), and a collision
 * costs only a comparison. */
static inline uint32_t hash_bytes(const char *s, size_t n)
{
	const uint64_t m = 0x9E3779B97F4A7C15ull;
	uint64_t h = (uint64_t)n * m, w;
	if (n > 24) {
		memcpy(&w, s, 8);
		h = (h ^ w) * m;
		memcpy(&w, s + n / 2 - 4, 8);
		h = (h ^ (w + (h >> 29))) * m;
		memcpy(&w, s + n - 8, 8);
		h = (h ^ (w + (h >> 29))) * m;
	} else if (n >= 8) {
		/* whole words, then the last 8 bytes (overlapping) for a
		 * tail: no copy of a variable length */
		size_t k = n;
		while (k >= 8) {
			memcpy(&w, s, 8);
			h = (h ^ (w + (h >> 29))) * m;
			s += 8;
			k -= 8;
		}
		if (k) {
			memcpy(&w, s + k - 8, 8);
			h = (h ^ (w + (h >> 29))) * m;
		}
	} else if (n >= 4) {
		/* two 4-byte words, overlapping when n < 8 */
		uint32_t a, b;
		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		w = (uint64_t)a << 32 | b;
		h = (h ^ (w + (h >> 29))) * m;
	} else if (n) {
		w = (uint64_t)(unsigned char)s[0] << 16 |
		    (uint64_t)(unsigned char)s[n / 2] << 8 |
		    (unsigned char)s[n - 1];
		h = (h ^ (w + (h >> 29))) * m;
	}
	h ^= h >> 32;
	h *= m;
	return (uint32_t)(h >> 32);
}

void hpt_intern_init(struct hpt_intern *t)
{
	memset(t, 0, sizeof *t);
	t->nslots = 64;
	t->slots = hpt_xcalloc(t->nslots, sizeof *t->slots);
}

void hpt_intern_free(struct hpt_intern *t)
{
	size_t i;
	for (i = 0; i < t->count; i++)
		free(t->name[i]);
	free(t->name);
	free(t->len);
	free(t->slots);
	memset(t, 0, sizeof *t);
}

/* Twice the slots, each entry moved by the hash it holds. */
static void rehash(struct hpt_intern *t)
{
	size_t n = t->nslots * 2, i;
	uint64_t *s = hpt_xcalloc(n, sizeof *s);
	for (i = 0; i < t->nslots; i++) {
		uint64_t e = t->slots[i];
		size_t j;
		if (!e)
			continue;
		j = (size_t)(e >> 32) & (n - 1);
		while (s[j])
			j = (j + 1) & (n - 1);
		s[j] = e;
	}
	free(t->slots);
	t->slots = s;
	t->nslots = n;
}

long hpt_intern_find(const struct hpt_intern *t, const char *s, size_t n)
{
	uint32_t h = hash_bytes(s, n);
	size_t j = h & (t->nslots - 1);
	uint64_t e;
	while ((e = t->slots[j]) != 0) {
		uint32_t id = (uint32_t)e - 1;
		if ((uint32_t)(e >> 32) == h && t->len[id] == n &&
		    hpt_same_bytes(t->name[id], s, n))
			return (long)id;
		j = (j + 1) & (t->nslots - 1);
	}
	return -1;
}

/* A new name, of hash h, into the empty slot j: kept out of
 * hpt_intern's loop (which finds names far more often than it adds
 * them) so that the loop stays small. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static uint32_t add(struct hpt_intern *t, const char *s, size_t n,
                    uint32_t h, size_t j)
{
	size_t cap;
	if (t->count >= UINT32_MAX - 1)
		hpt_die("too many distinct names");
	cap = t->cap;
	t->name = hpt_xgrow(t->name, &cap, t->count + 1, sizeof *t->name);
	cap = t->cap;
	t->len = hpt_xgrow(t->len, &cap, t->count + 1, sizeof *t->len);
	t->cap = cap;
	t->name[t->count] = hpt_xmemdup(s, n);
	t->len[t->count] = n;
	t->slots[j] = (uint64_t)h << 32 | (uint64_t)(t->count + 1);
	t->count++;
	if (t->count * 2 > t->nslots)
		rehash(t);
	return (uint32_t)t->count - 1;
}

uint32_t hpt_intern(struct hpt_intern *t, const char *s, size_t n, int *added)
{
	uint32_t h = hash_bytes(s, n);
	size_t j = h & (t->nslots - 1);
	uint64_t e;
	while ((e = t->slots[j]) != 0) {
		uint32_t id = (uint32_t)e - 1;
		if ((uint32_t)(e >> 32) == h && t->len[id] == n &&
		    hpt_same_bytes(t->name[id], s, n)) {
			if (added)
				*added = 0;
			return id;
		}
		j = (j + 1) & (t->nslots - 1);
	}
	if (added)
		*added = 1;
	return add(t, s, n, h, j);
}
