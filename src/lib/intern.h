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

#endif
