/*
 * util.c: diagnostics, allocation, line input and checked output shared
 * by every hptools program.  See util.h for the contracts.
 */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

const char *hpt_progname = "hptools";
const char *hpt_fail_trailer;
const char *hpt_usage = "";
int hpt_quiet;
unsigned long hpt_warnings;

void hpt_init(const char *name, const char *usage)
{
	hpt_progname = name;
	hpt_usage = usage;
	/* EPIPE, not a signal, so that hpt_out_* can end quietly and the
	 * same way whatever the parent did with SIGPIPE. */
	signal(SIGPIPE, SIG_IGN);
}

static void fail_output(void);

static void vmsg(const char *file, long line, const char *kind,
                 const char *fmt, va_list ap)
{
	/* One fprintf per piece is fine: stderr is unbuffered but these
	 * are rare. */
	fflush(stdout);
	fprintf(stderr, "%s: ", hpt_progname);
	if (file) {
		if (line > 0)
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
	vmsg(NULL, 0, NULL, fmt, ap);
	va_end(ap);
	fail_output();
	exit(2);
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
	fail_output();
	exit(2);
}

void hpt_usage_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(NULL, 0, NULL, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s\n", hpt_usage);
	exit(2);
}

void hpt_bad_option(int c, int opt)
{
	if (c == ':')
		hpt_usage_error("option -%c needs an argument", opt);
	if (opt == '-')
		hpt_usage_error("unknown option --: there are no long "
		                "options (see -h)");
	if (opt > 0x20 && opt < 0x7f)
		hpt_usage_error("unknown option -%c", opt);
	hpt_usage_error("unknown option (options are single letters: "
	                "see -h)");
}

void hpt_data_error(const char *file, long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(file, line, NULL, fmt, ap);
	va_end(ap);
	fail_output();
	exit(2);
}

void hpt_data_warn(const char *file, long line, const char *fmt, ...)
{
	va_list ap;
	hpt_warnings++;
	if (hpt_quiet)
		return;
	va_start(ap, fmt);
	vmsg(file, line, "warning: ", fmt, ap);
	va_end(ap);
}

void hpt_warn(const char *fmt, ...)
{
	va_list ap;
	hpt_warnings++;
	if (hpt_quiet)
		return;
	va_start(ap, fmt);
	vmsg(NULL, 0, "warning: ", fmt, ap);
	va_end(ap);
}

static void oom(void)
{
	fprintf(stderr, "%s: out of memory\n", hpt_progname);
	exit(2);
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
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* The length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

const char *hpt_quote(int slot, const char *s, size_t n)
{
	static char bufs[4][256];
	char *b = bufs[slot & 3];
	const unsigned char *u = (const unsigned char *)s;
	size_t o = 0, i = 0;
	while (i < n && o < 200) {
		unsigned char c = u[i];
		size_t l;
		if (c == '\t') {
			b[o++] = '\\';
			b[o++] = 't';
		} else if (c == '\\') {
			b[o++] = '\\';
			b[o++] = '\\';
		} else if (c < 0x20 || c == 0x7f) {
			o += (size_t)snprintf(b + o, 8, "\\x%02x", c);
		} else if (c < 0x80) {
			b[o++] = (char)c;
		} else if ((l = utf8_len(u + i, n - i)) != 0 &&
		           !(l == 3 && u[i] == 0xef && u[i + 1] == 0xbb &&
		             u[i + 2] == 0xbf)) {
			/* UTF-8 is shown as such; a byte-order mark, which
			 * would be invisible, and bytes that are not UTF-8
			 * are shown as \xNN. */
			memcpy(b + o, u + i, l);
			o += l;
			i += l;
			continue;
		} else {
			o += (size_t)snprintf(b + o, 8, "\\x%02x", c);
		}
		i++;
	}
	if (i < n) {
		memcpy(b + o, "...", 3);
		o += 3;
	}
	b[o] = '\0';
	return b;
}

/* ---- input ---- */

#define IN_CHUNK (256 * 1024)

void hpt_input_open(struct hpt_input *in, const char *path)
{
	memset(in, 0, sizeof *in);
	if (strcmp(path, "-") == 0) {
		in->fd = 0;
		in->name = "<stdin>";
		if (isatty(0))
			hpt_usage_error("standard input is a terminal; "
			                "name a profile or pipe one in");
	} else {
		in->fd = open(path, O_RDONLY);
		in->name = path;
		if (in->fd < 0)
			hpt_die_errno("%s", path);
	}
	in->cap = IN_CHUNK;
	in->buf = hpt_xmalloc(in->cap);
}

void hpt_input_close(struct hpt_input *in)
{
	if (in->fd > 0)
		close(in->fd);
	free(in->buf);
	in->buf = NULL;
}

/* Follow mode: keep the last bytes read, to check that the file still
 * holds them. */
static void remember_tail(struct hpt_input *in, const char *p, size_t r)
{
	size_t keep;
	if (in->head_len < sizeof in->head && in->offset + in->end == in->head_len) {
		/* The first bytes of the file, too. */
		size_t h = sizeof in->head - in->head_len;
		if (h > r)
			h = r;
		memcpy(in->head + in->head_len, p, h);
		in->head_len += h;
	}
	if (r >= sizeof in->tail) {
		memcpy(in->tail, p + r - sizeof in->tail, sizeof in->tail);
		in->tail_len = sizeof in->tail;
		return;
	}
	keep = sizeof in->tail - r;
	if (keep > in->tail_len)
		keep = in->tail_len;
	memmove(in->tail, in->tail + in->tail_len - keep, keep);
	memcpy(in->tail + keep, p, r);
	in->tail_len = keep + r;
}

/* Follow mode, before each read: a file that became shorter than what
 * was read, or no longer holds the bytes read last, was truncated or
 * rewritten (the program was run again): what was read no longer
 * belongs to it, so following stops, with a warning.  Returns 1 then. */
static int follow_check(struct hpt_input *in)
{
	struct stat st;
	uint64_t pos = in->offset + in->end;
	char now[sizeof in->head];
	const char *why = NULL;
	if (fstat(in->fd, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	if ((uint64_t)st.st_size < pos)
		why = "truncated";
	else if (in->tail_len > 0 &&
	         (pread(in->fd, now, in->tail_len,
	                (off_t)(pos - in->tail_len)) != (ssize_t)in->tail_len ||
	          memcmp(now, in->tail, in->tail_len) != 0))
		why = "rewritten";
	else if (in->head_len > 0 &&
	         (pread(in->fd, now, in->head_len, 0) != (ssize_t)in->head_len ||
	          memcmp(now, in->head, in->head_len) != 0))
		why = "rewritten";
	if (!why)
		return 0;
	hpt_data_warn(in->name, 0, "file %s while followed: stopped", why);
	in->eof = 1;
	return 1;
}

/* Read more bytes into the buffer, compacting or growing it.  Returns the
 * number read; 0 at end of input.  In follow mode EOF means "wait and try
 * again" until follow_stop says otherwise. */
static size_t fill(struct hpt_input *in)
{
	ssize_t r;
	if (in->start > 0 && (in->start == in->end || in->end == in->cap)) {
		memmove(in->buf, in->buf + in->start, in->end - in->start);
		in->end -= in->start;
		in->offset += in->start;
		in->start = 0;
	}
	if (in->end == in->cap) {
		in->cap *= 2;
		in->buf = hpt_xrealloc(in->buf, in->cap);
	}
	for (;;) {
		if (in->follow && follow_check(in))
			return 0;
		r = read(in->fd, in->buf + in->end, in->cap - in->end);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			hpt_die_errno("%s", in->name);
		}
		if (r > 0) {
			if (in->follow)
				remember_tail(in, in->buf + in->end, (size_t)r);
			in->end += (size_t)r;
			return (size_t)r;
		}
		if (!in->follow ||
		    (in->follow_stop && in->follow_stop(in->follow_arg))) {
			in->eof = 1;
			return 0;
		}
		{
			struct timespec ts = {0, 200 * 1000 * 1000};
			hpt_out_flush();
			nanosleep(&ts, NULL);
		}
	}
}

size_t hpt_input_peek(struct hpt_input *in, size_t n, const char **p)
{
	while (in->end - in->start < n && !in->eof)
		if (fill(in) == 0)
			break;
	*p = in->buf + in->start;
	return in->end - in->start < n ? in->end - in->start : n;
}

long hpt_input_line(struct hpt_input *in, char **line)
{
	size_t scanned = 0;
	for (;;) {
		char *b = in->buf + in->start;
		size_t avail = in->end - in->start;
		char *nl = memchr(b + scanned, '\n', avail - scanned);
		if (nl) {
			size_t len = (size_t)(nl - b);
			*line = b;
			in->start += len + 1;
			in->lineno++;
			in->last_unterminated = 0;
			return (long)len;
		}
		scanned = avail;
		if (in->eof || fill(in) == 0) {
			avail = in->end - in->start;
			if (avail == 0)
				return -1;
			*line = in->buf + in->start;
			in->start = in->end;
			in->lineno++;
			in->last_unterminated = 1;
			return (long)avail;
		}
	}
}

/* ---- output ---- */

#define OUT_SIZE (64 * 1024)
static char *outbuf;
static size_t outcap, outlen;
static uint64_t out_written;  /* bytes written to standard output */
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

static void write_all(const char *p, size_t n)
{
	size_t o = 0;
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

size_t hpt_fmt_u64(char *p, uint64_t v)
{
	static const char pairs[] =
	    "00010203040506070809101112131415161718192021222324252627282930"
	    "31323334353637383940414243444546474849505152535455565758596061"
	    "6263646566676869707172737475767778798081828384858687888990919293"
	    "949596979899";
	size_t n = 1, i;
	uint64_t t = v;
	while (t >= 10) {
		t /= 10;
		n++;
	}
	i = n;
	while (v >= 100) {
		unsigned d = (unsigned)(v % 100) * 2;
		v /= 100;
		p[--i] = pairs[d + 1];
		p[--i] = pairs[d];
	}
	if (v >= 10) {
		unsigned d = (unsigned)v * 2;
		p[1] = pairs[d + 1];
		p[0] = pairs[d];
	} else {
		p[0] = (char)('0' + v);
	}
	return n;
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

void hpt_out_tsv(const char *s, size_t n)
{
	size_t i, run = 0;
	for (i = 0; i < n; i++) {
		char c = s[i];
		const char *esc = NULL;
		if (c == '\\')
			esc = "\\\\";
		else if (c == '\t')
			esc = "\\t";
		else if (c == '\n')
			esc = "\\n";
		else if (c == '\r')
			esc = "\\r";
		if (esc) {
			hpt_out_write(s + run, i - run);
			hpt_out_write(esc, 2);
			run = i + 1;
		}
	}
	hpt_out_write(s + run, n - run);
}

void hpt_out_close(void)
{
	hpt_out_flush();
	if (close(1) < 0 && errno != EBADF)
		out_fail();
}

/* ---- numbers ---- */

int hpt_parse_u64(const char *s, size_t n, uint64_t *v)
{
	uint64_t x = 0;
	size_t i;
	if (n == 0)
		return -1;
	if (n < 20) {
		/* Cannot overflow: the common case, without the checks. */
		for (i = 0; i < n; i++) {
			unsigned d = (unsigned)(unsigned char)s[i] - '0';
			if (d > 9)
				return -1;
			x = x * 10 + d;
		}
		*v = x;
		return 0;
	}
	for (i = 0; i < n; i++) {
		unsigned d = (unsigned)(unsigned char)s[i] - '0';
		if (d > 9)
			return -1;
		if (x > (UINT64_MAX - d) / 10)
			return -2;
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

char *hpt_dec_add(const char *a, const char *b)
{
	const char *pa = strchr(a, '.'), *pb = strchr(b, '.');
	size_t ia = pa ? (size_t)(pa - a) : strlen(a);
	size_t ib = pb ? (size_t)(pb - b) : strlen(b);
	size_t fa = pa ? strlen(pa + 1) : 0, fb = pb ? strlen(pb + 1) : 0;
	size_t ni = (ia > ib ? ia : ib) + 1, nf = fa > fb ? fa : fb;
	size_t len = ni + (nf ? nf + 1 : 0), k, o;
	char *r = hpt_xmalloc(len + 1);
	int carry = 0;
	/* Fill from the right: fraction digits, then the point, then the
	 * integer digits, with one spare place for a carry. */
	o = len;
	r[o] = '\0';
	for (k = nf; k-- > 0;) {
		int d = (k < fa ? pa[1 + k] - '0' : 0) +
		        (k < fb ? pb[1 + k] - '0' : 0) + carry;
		carry = d >= 10;
		r[--o] = (char)('0' + d % 10);
	}
	if (nf)
		r[--o] = '.';
	for (k = 0; k < ni; k++) {
		int d = (k < ia ? a[ia - 1 - k] - '0' : 0) +
		        (k < ib ? b[ib - 1 - k] - '0' : 0) + carry;
		carry = d >= 10;
		r[--o] = (char)('0' + d % 10);
	}
	/* Drop leading zeros of the integer part, keeping one digit. */
	for (k = 0; k + 1 < ni && r[k] == '0'; k++)
		;
	if (k)
		memmove(r, r + k, len - k + 1);
	return r;
}

void hpt_fmt_double(char *buf, size_t size, double d, int prec)
{
	/* No setlocale() anywhere in hptools, so printf uses '.'. */
	snprintf(buf, size, "%.*f", prec, d);
}
