/*
 * alloc.h: allocation that never returns NULL.  Out of memory is
 * "PROG: out of memory", exit 2 (through diag.h, so incomplete output
 * still gets its trailer).  Sizes are in bytes unless said otherwise.
 */
#ifndef HPT_ALLOC_H
#define HPT_ALLOC_H

#include <stddef.h>
#include <string.h>

void *hpt_xmalloc(size_t n);
void *hpt_xcalloc(size_t n, size_t size);
void *hpt_xrealloc(void *p, size_t n);
/* Grow an array to hold at least need elements of size bytes each,
 * doubling; *cap (in elements) is updated.  Returns the (possibly
 * moved) array.  A size that overflows is out of memory. */
void *hpt_xgrow(void *p, size_t *cap, size_t need, size_t size);
char *hpt_xstrdup(const char *s);
/* A NUL-terminated copy of n bytes (which may contain anything). */
char *hpt_xmemdup(const char *s, size_t n);
/* A new string made as by printf: never cut, whatever its length. */
char *hpt_xasprintf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* memcpy(d, s, n) of buffers apart, inline for 4 to 32 bytes (a time's
 * text, copied a few times for every sample; a band's name): two
 * fixed-size copies that may overlap each other, instead of a call. */
static inline void hpt_copy(char *d, const char *s, size_t n)
{
	if (n > 16 && n <= 32) {
		memcpy(d, s, 16);
		memcpy(d + n - 16, s + n - 16, 16);
	} else if (n >= 8 && n <= 16) {
		memcpy(d, s, 8);
		memcpy(d + n - 8, s + n - 8, 8);
	} else if (n >= 4 && n < 8) {
		memcpy(d, s, 4);
		memcpy(d + n - 4, s + n - 4, 4);
	} else {
		memcpy(d, s, n);
	}
}

#endif
