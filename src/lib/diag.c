/*
 * diag.c: diagnostics.  See diag.h.
 */
#include "diag.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *hpt_progname = "hptools";
int hpt_quiet;
unsigned long hpt_warnings;

static void (*fatal_hook)(void);

void hpt_at_fatal(void (*fn)(void))
{
	fatal_hook = fn;
}

void hpt_exit_fatal(void)
{
	void (*fn)(void) = fatal_hook;
	fatal_hook = NULL;
	if (fn)
		fn();
	exit(2);
}

size_t hpt_utf8_len(const unsigned char *u, size_t n)
{
	size_t len, i;
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		len = 2;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		len = 3;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++)
		if ((u[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

size_t hpt_quote_unit(char *o, const char *s, size_t n, size_t *w)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned char c = u[0];
	size_t l;
	if (c == '\t' || c == '\\') {
		o[0] = '\\';
		o[1] = c == '\t' ? 't' : '\\';
		*w = 2;
	} else if (c >= 0x20 && c < 0x7f) {
		o[0] = (char)c;
		*w = 1;
	} else if (c >= 0x80 && (l = hpt_utf8_len(u, n)) != 0 &&
	           !(l == 3 && c == 0xef && u[1] == 0xbb && u[2] == 0xbf) &&
	           !(l == 2 && c == 0xc2 && u[1] < 0xa0)) {
		/* UTF-8 is shown as such; a byte-order mark, which would be
		 * invisible, a C1 control (U+0080..U+009F, which a terminal
		 * acts on) and bytes that are not UTF-8 are shown as \xNN. */
		memcpy(o, u, l);
		o[l] = '\0';
		*w = l;
		return l;
	} else {
		snprintf(o, 9, "\\x%02x", c);
		*w = 4;
	}
	o[*w] = '\0';
	return 1;
}

/* The escaped name (hpt_quote_unit) of the n bytes at s, into b (room
 * for HPT_NAME_MAX + 8 bytes): whole if it takes at most max bytes,
 * else its first units, "...", and its last units, max bytes at most.
 * Returns the bytes written. */
static size_t shorten(char *b, const char *s, size_t n, size_t max)
{
	char u[9];
	size_t i, k, w, total = 0, o = 0, at, tail;
	for (i = 0; i < n; total += w)
		i += hpt_quote_unit(u, s + i, n - i, &w);
	/* the units that start the name, in at most half of max */
	for (i = 0; i < n; i += k) {
		k = hpt_quote_unit(u, s + i, n - i, &w);
		if (total > max && o + w > (max - 3) / 2)
			break;
		memcpy(b + o, u, w);
		o += w;
	}
	if (i == n)
		return o;
	at = o;         /* escaped bytes of the units before i */
	memcpy(b + o, "...", 3);
	o += 3;
	tail = max - o;
	/* the units that end it, in the rest */
	for (; i < n; i += k) {
		k = hpt_quote_unit(u, s + i, n - i, &w);
		if (total - at <= tail) {
			memcpy(b + o, u, w);
			o += w;
		}
		at += w;
	}
	return o;
}

const char *hpt_name(const char *file)
{
	static char bufs[4][HPT_NAME_MAX + 8];
	static int next;
	char *b = bufs[next++ & 3];
	if (!file[0])
		return "\"\"";
	b[shorten(b, file, strlen(file), HPT_NAME_MAX)] = '\0';
	return b;
}

/* Append len bytes of p to hpt_name_sh's b at o, or return NULL from
 * it if they would not fit. */
#define PUT(p, len) do { \
		if (o + (len) > HPT_NAME_MAX + 3) \
			return NULL; \
		memcpy(b + o, p, len); \
		o += len; \
	} while (0)

const char *hpt_name_sh(const char *file)
{
	static char b[HPT_NAME_MAX + 8];
	size_t n = strlen(file), i, k, w, o = 0;
	int plain = n > 0 && file[0] != '-', dollar = 0;
	char u[9];
	for (i = 0; i < n; i += k) {
		unsigned char c = (unsigned char)file[i];
		k = hpt_quote_unit(u, file + i, n - i, &w);
		if (u[0] == '\\' && c != '\\')
			dollar = 1;
		if (!(c < 0x80 && (isalnum(c) || strchr("%+,-./:=@_", c))))
			plain = 0;
	}
	if (file[0] == '-')
		PUT("-- ", 3);
	if (plain) {
		PUT(file, n);
	} else {
		PUT(dollar ? "$'" : "'", dollar ? 2u : 1u);
		for (i = 0; i < n; i += k) {
			/* without escapes, u is the bytes themselves */
			k = hpt_quote_unit(u, file + i, n - i, &w);
			if (file[i] == '\'' && dollar)
				PUT("\\'", 2u);
			else if (file[i] == '\'')
				PUT("'\\''", 4u);
			else
				PUT(u, w);
		}
		PUT("'", 1u);
	}
	b[o] = '\0';
	return b;
}

#undef PUT

void hpt_die_file_errno(const char *file)
{
	int e = errno;
	fprintf(stderr, "%s: %s: %s\n", hpt_progname, hpt_name(file),
	        strerror(e));
	hpt_exit_fatal();
}
/* One message: "PROG: [where: ][kind]text\n".  where is "FILE:LINE",
 * "FILE: offset N" or "FILE", built by the caller. */
static void vmsg(const char *file, long line, const uint64_t *offset,
                 const char *kind, const char *fmt, va_list ap)
{
	/* One fprintf per piece is fine: stderr is unbuffered but these
	 * are rare. */
	fprintf(stderr, "%s: ", hpt_progname);
	if (file) {
		file = hpt_name(file);
		if (offset)
			fprintf(stderr, "%s: offset %" PRIu64 ": ", file,
			        *offset);
		else if (line > 0)
			fprintf(stderr, "%s:%ld: ", file, line);
		else
			fprintf(stderr, "%s: ", file);
	}
	if (kind)
		fputs(kind, stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void hpt_die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(NULL, 0, NULL, NULL, fmt, ap);
	va_end(ap);
	hpt_exit_fatal();
}

void hpt_die_errno(const char *fmt, ...)
{
	int e = errno;
	va_list ap;
	fprintf(stderr, "%s: ", hpt_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, ": %s\n", strerror(e));
	hpt_exit_fatal();
}

void hpt_say(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(NULL, 0, NULL, NULL, fmt, ap);
	va_end(ap);
}

void hpt_data_error(const char *file, long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(file, line, NULL, NULL, fmt, ap);
	va_end(ap);
	hpt_exit_fatal();
}

void hpt_offset_error(const char *file, uint64_t offset, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(file, 0, &offset, NULL, fmt, ap);
	va_end(ap);
	hpt_exit_fatal();
}

void hpt_data_warn(const char *file, long line, const char *fmt, ...)
{
	va_list ap;
	hpt_warnings++;
	if (hpt_quiet)
		return;
	va_start(ap, fmt);
	vmsg(file, line, NULL, "warning: ", fmt, ap);
	va_end(ap);
}

void hpt_offset_warn(const char *file, uint64_t offset, const char *fmt, ...)
{
	va_list ap;
	hpt_warnings++;
	if (hpt_quiet)
		return;
	va_start(ap, fmt);
	vmsg(file, 0, &offset, "warning: ", fmt, ap);
	va_end(ap);
}

void hpt_offset_repair(const char *file, int strict, uint64_t offset,
                       const char *problem, const char *action)
{
	if (strict)
		hpt_offset_error(file, offset, "%s", problem);
	hpt_offset_warn(file, offset, "%s: %s", problem, action);
}

void hpt_warn(const char *fmt, ...)
{
	va_list ap;
	hpt_warnings++;
	if (hpt_quiet)
		return;
	va_start(ap, fmt);
	vmsg(NULL, 0, NULL, "warning: ", fmt, ap);
	va_end(ap);
}
