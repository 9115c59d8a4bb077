/*
 * intern.h: a table of distinct byte strings (band names, cost-centre
 * labels), each given a dense id in order of first appearance.  Lookups
 * and insertions are O(1) on average; the strings live until the table is
 * freed.  Names are arbitrary bytes (NUL included) with explicit lengths.
 */
#ifndef HPT_INTERN_H
#define HPT_INTERN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct hpt_intern {
	char **name;         /* name[id]: NUL-terminated copy of the bytes */
	size_t *len;         /* len[id]: length in bytes */
	size_t count, cap;   /* ids are 0..count-1 */
	uint64_t *slots;     /* open-addressed hash: the name's hash in
	                      * the high 32 bits, id+1 in the low ones
	                      * (0 = empty), so that a probe reads one
	                      * array until the names may be equal */
	size_t nslots;
};

/* Initialise an empty table. */
void hpt_intern_init(struct hpt_intern *t);
/* Free every name and the table itself. */
void hpt_intern_free(struct hpt_intern *t);
/* The id of the n bytes at s, adding them if new (*added set to 1 then,
 * when added is not NULL). */
uint32_t hpt_intern(struct hpt_intern *t, const char *s, size_t n, int *added);
/* The id of the n bytes at s, or -1 if they are not in the table. */
long hpt_intern_find(const struct hpt_intern *t, const char *s, size_t n);

/* Are the n bytes at a and at b the same?  Inline, a word at a time
 * (most names are short, and a call to memcmp() per lookup shows in
 * profiles); a tail shorter than a word is compared as the last 8
 * bytes, and names under 8 bytes as two overlapping 4-byte words. */
static inline int hpt_same_bytes(const char *a, const char *b, size_t n)
{
	uint64_t x, y;
	uint32_t u, v;
	size_t k;
	if (n < 8) {
		if (n < 4) {
			for (k = 0; k < n; k++)
				if (a[k] != b[k])
					return 0;
			return 1;
		}
		memcpy(&u, a, 4);
		memcpy(&v, b, 4);
		if (u != v)
			return 0;
		memcpy(&u, a + n - 4, 4);
		memcpy(&v, b + n - 4, 4);
		return u == v;
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

/* Is id (< t->count) the name of the n bytes at s? */
static inline int hpt_intern_is(const struct hpt_intern *t, uint32_t id,
                                const char *s, size_t n)
{
	return t->len[id] == n && hpt_same_bytes(t->name[id], s, n);
}

#endif
