/*
 * output.c: buffered, checked standard output.  See output.h.
 */
#include "output.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "diag.h"
#include "num.h"

const char *hpt_fail_trailer;

#define OUT_SIZE (64 * 1024)
static char *outbuf;
static size_t outcap, outlen;
static uint64_t out_written;  /* bytes written to standard output */
static int out_midline;       /* the last byte written was not a newline */
static int out_failed;        /* a write failed: write nothing more */
static size_t outmark;   /* with units: end of the last complete unit */
static int units;

static void out_fail(void)
{
	out_failed = 1;
	if (errno == EPIPE)
		exit(0);
	hpt_die_errno("write error");
}

static void fail_output(void);

static void write_all(const char *p, size_t n)
{
	size_t o = 0;
	/* Once output has begun, a fatal error must not leave it looking
	 * complete. */
	hpt_at_fatal(fail_output);
	while (o < n) {
		ssize_t w = write(1, p + o, n - o);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			outlen = outmark = 0;
			out_fail();
		}
		o += (size_t)w;
	}
	out_written += n;
	if (n > 0)
		out_midline = p[n - 1] != '\n';
}

/* On a fatal error: if output has begun, it must not look complete.
 * Write the complete units still buffered, then the program's trailer, a
 * line that no reader of the format accepts.  If nothing was written yet,
 * nothing is. */
static void fail_output(void)
{
	const char *t = hpt_fail_trailer;
	size_t n, o = 0, tl;
	if (!t || out_failed || out_written == 0)
		return;
	out_failed = 1;
	n = units ? outmark : outlen;
	while (o < n) {
		ssize_t w = write(1, outbuf + o, n - o);
		if (w <= 0 && errno != EINTR)
			return;
		if (w > 0)
			o += (size_t)w;
	}
	if (n > 0)
		out_midline = outbuf[n - 1] != '\n';
	/* the trailer on a line of its own (a JSON document ends in '}') */
	while (out_midline) {
		ssize_t w = write(1, "\n", 1);
		if (w <= 0 && errno != EINTR)
			return;
		if (w > 0)
			out_midline = 0;
	}
	tl = strlen(t);
	for (o = 0; o < tl;) {
		ssize_t w = write(1, t + o, tl - o);
		if (w <= 0 && errno != EINTR)
			return;
		if (w > 0)
			o += (size_t)w;
	}
}

void hpt_out_units(int on)
{
	units = on;
	outmark = outlen;
}

void hpt_out_mark(void)
{
	outmark = outlen;
}

void hpt_out_flush(void)
{
	size_t n = outlen;
	outlen = outmark = 0;
	write_all(outbuf, n);
}

/* Make room for n more bytes.  With units, only complete units are
 * written out to make room; a unit larger than the buffer grows it. */
static void out_room(size_t n)
{
	if (outcap - outlen >= n)
		return;
	if (!outbuf) {
		outcap = OUT_SIZE;
		outbuf = hpt_xmalloc(outcap);
	}
	if (units) {
		if (outmark > 0) {
			write_all(outbuf, outmark);
			memmove(outbuf, outbuf + outmark, outlen - outmark);
			outlen -= outmark;
			outmark = 0;
		}
	} else if (outlen > 0) {
		hpt_out_flush();
	}
	if (outcap - outlen < n) {
		size_t cap = outcap;
		outbuf = hpt_xgrow(outbuf, &cap, outlen + n, 1);
		outcap = cap;
	}
}

void hpt_out_write(const void *p, size_t n)
{
	if (n == 0)
		return; /* p may be NULL then (an empty name) */
	if (!units && n >= OUT_SIZE) {
		/* Large writes go straight out. */
		if (outlen)
			hpt_out_flush();
		write_all(p, n);
		return;
	}
	out_room(n);
	memcpy(outbuf + outlen, p, n);
	outlen += n;
}

void hpt_out_str(const char *s)
{
	hpt_out_write(s, strlen(s));
}

void hpt_out_char(int c)
{
	if (outlen == outcap)
		out_room(1);
	outbuf[outlen++] = (char)c;
}


char *hpt_out_space(size_t n)
{
	if (outcap - outlen < n)
		out_room(n);
	return outbuf + outlen;
}

void hpt_out_commit(size_t used)
{
	outlen += used;
}

void hpt_out_u64(uint64_t v)
{
	char *p = hpt_out_space(24);
	hpt_out_commit(hpt_fmt_u64(p, v));
}

void hpt_out_i64(int64_t v)
{
	if (v < 0) {
		hpt_out_char('-');
		hpt_out_u64((uint64_t)0 - (uint64_t)v);
	} else {
		hpt_out_u64((uint64_t)v);
	}
}

void hpt_out_printf(const char *fmt, ...)
{
	char small[512];
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		hpt_die("output formatting failed");
	if ((size_t)n < sizeof small) {
		hpt_out_write(small, (size_t)n);
	} else {
		char *big = hpt_xmalloc((size_t)n + 1);
		va_start(ap, fmt);
		vsnprintf(big, (size_t)n + 1, fmt, ap);
		va_end(ap);
		hpt_out_write(big, (size_t)n);
		free(big);
	}
}


void hpt_out_close(void)
{
	hpt_out_flush();
	if (close(1) < 0 && errno != EBADF)
		out_fail();
}


void hpt_out_spaces(size_t k)
{
	static const char sp[] = "                                ";
	while (k > 0) {
		size_t m = k < sizeof sp - 1 ? k : sizeof sp - 1;
		hpt_out_write(sp, m);
		k -= m;
	}
}
