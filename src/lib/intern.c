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
	} else if (n) {
		size_t k;
		w = 0;
		for (k = 0; k < n; k++)
			w = w << 8 | (unsigned char)s[k];
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
	free(t->hashes);
	free(t->slots);
	memset(t, 0, sizeof *t);
}

static void rehash(struct hpt_intern *t)
{
	size_t n = t->nslots * 2, i;
	uint32_t *s = hpt_xcalloc(n, sizeof *s);
	for (i = 0; i < t->count; i++) {
		size_t j = t->hashes[i] & (n - 1);
		while (s[j])
			j = (j + 1) & (n - 1);
		s[j] = (uint32_t)i + 1;
	}
	free(t->slots);
	t->slots = s;
	t->nslots = n;
}

/* Equality of two names of length n, inline: most names are short and a
 * call to memcmp() for each row of every sample shows in profiles.  A
 * tail shorter than a word is compared as the last 8 bytes. */
static inline int same_bytes(const char *a, const char *b, size_t n)
{
	uint64_t x, y;
	size_t k;
	if (n < 8) {
		for (k = 0; k < n; k++)
			if (a[k] != b[k])
				return 0;
		return 1;
	}
	for (k = 0; k + 8 <= n; k += 8) {
		memcpy(&x, a + k, 8);
		memcpy(&y, b + k, 8);
		if (x != y)
			return 0;
	}
	if (k == n)
		return 1;
	memcpy(&x, a + n - 8, 8);
	memcpy(&y, b + n - 8, 8);
	return x == y;
}

long hpt_intern_find(const struct hpt_intern *t, const char *s, size_t n)
{
	uint32_t h = hash_bytes(s, n);
	size_t j = h & (t->nslots - 1);
	while (t->slots[j]) {
		uint32_t id = t->slots[j] - 1;
		if (t->hashes[id] == h && t->len[id] == n &&
		    same_bytes(t->name[id], s, n))
			return (long)id;
		j = (j + 1) & (t->nslots - 1);
	}
	return -1;
}

uint32_t hpt_intern(struct hpt_intern *t, const char *s, size_t n, int *added)
{
	uint32_t h = hash_bytes(s, n);
	size_t j = h & (t->nslots - 1);
	size_t cap;
	while (t->slots[j]) {
		uint32_t id = t->slots[j] - 1;
		if (t->hashes[id] == h && t->len[id] == n &&
		    same_bytes(t->name[id], s, n)) {
			if (added)
				*added = 0;
			return id;
		}
		j = (j + 1) & (t->nslots - 1);
	}
	if (t->count >= UINT32_MAX - 1)
		hpt_die("too many distinct names");
	cap = t->cap;
	t->name = hpt_xgrow(t->name, &cap, t->count + 1, sizeof *t->name);
	cap = t->cap;
	t->len = hpt_xgrow(t->len, &cap, t->count + 1, sizeof *t->len);
	cap = t->cap;
	t->hashes = hpt_xgrow(t->hashes, &cap, t->count + 1, sizeof *t->hashes);
	t->cap = cap;
	t->name[t->count] = hpt_xmemdup(s, n);
	t->len[t->count] = n;
	t->hashes[t->count] = h;
	t->slots[j] = (uint32_t)t->count + 1;
	t->count++;
	if (t->count * 2 > t->nslots)
		rehash(t);
	if (added)
		*added = 1;
	return (uint32_t)t->count - 1;
}
