/*
 * alloc.c: die-on-out-of-memory allocation.  See alloc.h.
 */
#include "alloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

static void oom(void)
{
	hpt_die("out of memory");
}

void *hpt_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *hpt_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom();
	return p;
}

void *hpt_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *hpt_xgrow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap;
	if (need <= c)
		return p;
	if (c < 16)
		c = 16;
	while (c < need) {
		if (c > SIZE_MAX / 2)
			oom();
		c *= 2;
	}
	if (c > SIZE_MAX / size)
		oom();
	*cap = c;
	return hpt_xrealloc(p, c * size);
}

char *hpt_xstrdup(const char *s)
{
	return hpt_xmemdup(s, strlen(s));
}

char *hpt_xmemdup(const char *s, size_t n)
{
	char *p = hpt_xmalloc(n + 1);
	if (n)
		memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *hpt_xasprintf(const char *fmt, ...)
{
	va_list ap;
	int n;
	char *p;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		hpt_die("message formatting failed");
	p = hpt_xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}
