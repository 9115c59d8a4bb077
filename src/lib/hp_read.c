/*
 * hp_read.c: the one .hp parser of hptools.
 *
 * Grammar accepted (a line ends in LF or CRLF; blank lines are skipped):
 *
 *   file    := header item*
 *   header  := (JOB|DATE|SAMPLE_UNIT|VALUE_UNIT) string   in any order
 *   string  := '"' (byte | '""')* '"'   may run over several lines
 *   item    := sample | MARK time
 *   sample  := BEGIN_SAMPLE time  row*  END_SAMPLE time
 *   row     := name TAB digits          name = all before the LAST tab
 *   time    := digits [('.'|',') digits]
 *
 * A line is a row when it has a TAB followed by nothing but digits; this
 * test comes first, so a band named like a keyword (a constructor called
 * MARK, say) is still a row.  A name may hold newlines: GHC accepts any
 * SCC label without a space, "new\nline" included, and writes it raw in
 * the -hc and -hr names "(N)label/..." (rts/ProfHeap.c, formats.md 1.5
 * and 1.6).  So inside a sample, a line that is not a row and starts
 * with "(digits)" begins a name that the following lines continue, up to
 * the row that ends it; the band's name holds the newlines.
 *
 * Checks and repairs (a repair is a warning, or an error in strict mode;
 * each kind of repair is printed once, at its first line, and counted:
 * at the end of the input a kind seen more than once gets one line with
 * its count):
 *   - empty file, eventlog magic, a first line that is not part of a heap
 *     profile: errors;
 *   - a missing header line: the default is written (JOB "", DATE "",
 *     SAMPLE_UNIT "seconds", VALUE_UNIT "bytes");
 *   - the same band twice in one sample: summed (GHC keys bands by
 *     pointer, formats.md 1.4; not a repair);
 *   - a trailing sample without END_SAMPLE, or one cut by the next
 *     BEGIN_SAMPLE: dropped, naming the line where it began; an
 *     unterminated last line is never trusted (it may be a cut number),
 *     except an END_SAMPLE whose time matches its BEGIN_SAMPLE exactly;
 *   - GHC 6.x carry times (13.100 for 14.00) and decimal commas (8.x under
 *     a foreign LC_NUMERIC): read as GHC meant them;
 *   - a sample time earlier than the one before: kept, in file order;
 *   - END_SAMPLE time different from BEGIN_SAMPLE: the BEGIN time is kept;
 *   - rows, END_SAMPLE or MARK outside their place, header lines after
 *     the first sample: ignored;
 *   - a malformed row (any line inside a sample that is not a row, a
 *     keyword or a part of a name) in a sample that is complete, or
 *     that the next BEGIN_SAMPLE cuts: an error naming that line; only
 *     at the end of the input (or before a JOB line, a cut file joined
 *     by cat) is it dropped with its sample, as a crash leaves it;
 *   - strict only: an input whose last sample is not empty.  GHC ends
 *     every profile with an empty sample when its program exits
 *     (formats.md 1.1), so its absence means a killed program, or one
 *     still running.
 */
#include "hp_read.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* The fast path reads 16 bytes at a time with SSE2 where the compiler
 * has it (every x86-64), words elsewhere or with -DHPT_NO_SIMD (which
 * the tests build too). */
#if defined(__SSE2__) && !defined(HPT_NO_SIMD)
#define HPT_SSE2 1
#include <emmintrin.h>
#endif

#include "alloc.h"
#include "diag.h"
#include "escape.h"
#include "num.h"

/* The kinds of repair, each printed once and then counted. */
enum repair_kind {
	R_HEADER_MISSING,   /* printed every time: each names its line */
	R_HEADER_TWICE,     /* printed every time */
	R_UNTERMINATED,
	R_INCOMPLETE,
	R_CUT_BY_BEGIN,
	R_CUT_BY_JOB,
	R_ROW_OUTSIDE,
	R_END_OUTSIDE,
	R_MARK_INSIDE,
	R_CARRY,
	R_COMMA,
	R_END_DIFFERS,
	R_EARLIER,
	R_SECOND_PROFILE,
	R_HEADER_AFTER,
	R_RUN_DIFFERS,
	R_KINDS
};

/* Per kind: what is done (the end of the warning), and the kind in a
 * few words for the count at the end (NULL: printed every time). */
static const struct {
	const char *action;
	const char *what;
} kinds[R_KINDS] = {
	[R_HEADER_MISSING] = {"written as", NULL},
	[R_HEADER_TWICE] = {"the last one is kept", NULL},
	[R_UNTERMINATED] = {"dropped", "unterminated last line"},
	[R_INCOMPLETE] = {"dropped", "incomplete sample at end of input"},
	[R_CUT_BY_BEGIN] = {"dropped", "sample without END_SAMPLE before the "
	                               "next BEGIN_SAMPLE"},
	[R_CUT_BY_JOB] = {"dropped", "sample without END_SAMPLE before a JOB "
	                             "line"},
	[R_ROW_OUTSIDE] = {"dropped", "band row outside a sample"},
	[R_END_OUTSIDE] = {"ignored", "END_SAMPLE outside a sample"},
	[R_MARK_INSIDE] = {"dropped", "MARK inside a sample"},
	[R_CARRY] = {"read as", "two-decimal time with a carry"},
	[R_COMMA] = {"read as", "decimal comma in a time"},
	[R_END_DIFFERS] = {"the BEGIN_SAMPLE time is kept",
	                   "END_SAMPLE time different from its BEGIN_SAMPLE "
	                   "time"},
	[R_EARLIER] = {"kept in file order", "sample time earlier than the "
	                                     "one before it"},
	[R_SECOND_PROFILE] = {"joined, its times continue after",
	                      "second profile in the input"},
	[R_HEADER_AFTER] = {"ignored", "header line after the first sample"},
	[R_RUN_DIFFERS] = {"joined anyway", "second profile of another kind"},
};

/* One entry of the row table (find_band): a band of this input, found
 * from its name's first and last eight bytes and its length. */
struct row_key {
	uint64_t first, last;    /* name_key of its name */
	const char *name;        /* its name, the band table's copy */
	uint32_t len;            /* and its length */
	uint32_t band;           /* its id + 1 (0: an empty entry) */
};

/* The longest name kept in the row table: the fast path looks for a
 * row's TAB that far, and only where that many bytes are buffered. */
#define KEY_MAX 1024

/* Where a band was seen last: the stamp of the sample (hp_reader) and
 * its index in that sample's values, for a band named twice. */
struct band_seen {
	uint64_t stamp;
	uint64_t slot;
};

/* Reader state: everything about one input lives here, nothing global. */
struct hp_reader {
	struct hpt_input *in;     /* the caller's */
	char *offset;            /* time_offset, or NULL */
	char *end_text;          /* hp_reader_end_time's result */
	struct hpt_intern *bands;
	struct hp_header hdr;
	int strict;              /* repairs are errors */
	int ended;               /* hp_read returned HP_EOF */
	uint64_t stamp;          /* number of the sample being read */
	struct band_seen *seen;  /* seen[band]: when it was seen last */
	size_t seen_cap;
	long nsamples;           /* samples returned so far */
	int last_empty;          /* the last sample returned had no bands */
	double prev_time;
	int have_prev;
	char *pending;           /* a line read ahead, to handle next */
	long pending_len;
	int pending_unterm;
	int keep_blanks;         /* next_line: a line of blanks is kept (a
	                          * header string's next line) */
	/* The sample being read. */
	int in_sample;           /* after its BEGIN_SAMPLE */
	long begin;              /* the line of its BEGIN_SAMPLE */
	long bad;                /* its first malformed line (0: none), */
	char *badmsg;            /* an error if the sample is complete */
	char *begin_text;        /* BEGIN_SAMPLE time text as read */
	size_t begin_len, begin_cap;
	int have_begin;
	double begin_raw;        /* BEGIN_SAMPLE time as read, unshifted */
	char *frag;              /* a name cut by newlines: its lines so */
	size_t frag_len, frag_cap; /* far, each with its '\n' */
	long frag_line;          /* its first line (0: none) */
	size_t frag_first;       /* the length of that line */
	char *last_text;         /* time_text of the last complete sample */
	size_t last_len, last_cap;
	char *run_offset;        /* a second profile in the input: added */
	size_t run_cap;          /* to its times (NULL: none) */
	int new_run;             /* its header is being read: */
	struct hp_header run_hdr; /* what it says so far */
	long run_line;           /* the line of its JOB */
	int prev_dec;            /* decimals of the last time read (-1: none) */
	uint64_t prev_int;       /* and its whole seconds */
	int kept_dec;            /* the same of the last time kept (a */
	uint64_t kept_int;       /* complete sample's or a MARK's) */
	struct hp_time_form out; /* the same of the last time as written
	                          * (after the offsets: written_form) */
	/* The sample's rows as one block of text (hp.h, rows): fast_rows
	 * read them all in one call, from rows_start to rows_end, each
	 * as the writer would write it (rows_ok: so far). */
	int rows_ok, rows_entered;
	const char *rows_start, *rows_end;
	struct row_key *keys;    /* the row table, open addressing with */
	size_t keys_mask;        /* linear probes: keys_mask + 1 entries, */
	size_t keys_used;        /* keys_used of them in use (find_band), */
	size_t keys_maxlen;      /* the longest name among them */
	unsigned long rep_n[R_KINDS];   /* repairs of each kind so far */
	long rep_line[R_KINDS];         /* and the line of the first */
};


/*
 * A repair of kind k at line: "problem: action", a warning, or the error
 * "problem" when strict.  The problem is formatted from fmt; value (NULL:
 * none) completes the kind's action ("read as 14.00").  A kind that has
 * a count is printed only the first time.
 */
static void repair(struct hp_reader *r, enum repair_kind k, long line,
                   const char *value, const char *fmt, ...) HPT_PRINTF(5, 6);
static void repair(struct hp_reader *r, enum repair_kind k, long line,
                   const char *value, const char *fmt, ...)
{
	va_list ap;
	char *problem;
	if (kinds[k].what && r->rep_n[k]++ > 0)
		return;
	r->rep_line[k] = line;
	va_start(ap, fmt);
	{
		int n = vsnprintf(NULL, 0, fmt, ap);
		va_end(ap);
		problem = hpt_xmalloc(n < 0 ? 1 : (size_t)n + 1);
		va_start(ap, fmt);
		vsnprintf(problem, n < 0 ? 1 : (size_t)n + 1, fmt, ap);
	}
	va_end(ap);
	if (r->strict)
		hpt_data_error(r->in->name, line, "%s", problem);
	hpt_data_warn(r->in->name, line, "%s: %s%s%s", problem,
	              kinds[k].action, value ? " " : "", value ? value : "");
	free(problem);
}

/* At the end of the input: one line for each kind of repair seen more
 * than once, with its count. */
static void repair_counts(struct hp_reader *r)
{
	int k;
	for (k = 0; k < R_KINDS; k++)
		if (r->rep_n[k] > 1)
			hpt_data_warn(r->in->name, 0,
			              "%s: %lu times in all, the first at line %ld",
			              kinds[k].what, r->rep_n[k], r->rep_line[k]);
}
/* The length of line l[0..n) as the reader takes it: without the CRs
 * it ends with, and 0 when it holds nothing but blanks (a blank line)
 * unless keep_blanks. */
static inline long tidy_line(const char *l, long n, int keep_blanks)
{
	while (n > 0 && l[n - 1] == '\r')
		n--;
	if (n > 0 && (l[0] == ' ' || l[0] == '\t') && !keep_blanks) {
		/* A line of blanks is a blank line, but inside a header
		 * string (keep_blanks).  (A row's name may start with a
		 * blank, so only the rare lines that do are scanned.) */
		long i = 0;
		while (i < n && (l[i] == ' ' || l[i] == '\t' || l[i] == '\r'))
			i++;
		if (i == n)
			n = 0;
	}
	return n;
}

static inline long next_line(struct hp_reader *r, char **line, int *unterm)
{
	long n;
	if (r->pending) {
		*line = r->pending;
		n = r->pending_len;
		*unterm = r->pending_unterm;
		r->pending = NULL;
		return n;
	}
	n = hpt_input_line(r->in, line);
	if (n < 0)
		return -1;
	*unterm = r->in->last_unterminated;
	return tidy_line(*line, n, r->keep_blanks);
}

/* Names are bytes other than NUL and newline.  A NUL says the input is
 * binary, not a heap profile.  Checked on every line that is not a row
 * of a known band (rows are most of the input, their names checked once,
 * when first seen). */
static int has_nul(const char *l, long n)
{
	return n > 0 && memchr(l, '\0', (size_t)n) != NULL;
}

/* If line starts with keyword k (of length kl) followed by blank or
 * end, set *rest to the remainder with surrounding blanks trimmed and
 * return 1.  keyword() passes the length of a literal k, so that the
 * test of every BEGIN_SAMPLE and END_SAMPLE line costs no strlen(). */
#define keyword(l, n, k, rest, restlen) \
	keyword_n(l, n, k, sizeof k - 1, rest, restlen)
static inline int keyword_n(const char *l, long n, const char *k, size_t kl,
                            const char **rest, long *restlen)
{
	long i, e;
	if (n == 0 || l[0] != k[0])
		return 0;
	if ((size_t)n < kl || memcmp(l, k, kl) != 0)
		return 0;
	if ((size_t)n > kl && l[kl] != ' ' && l[kl] != '\t')
		return 0;
	i = (long)kl;
	while (i < n && (l[i] == ' ' || l[i] == '\t'))
		i++;
	e = n;
	while (e > i && (l[e - 1] == ' ' || l[e - 1] == '\t'))
		e--;
	*rest = l + i;
	*restlen = e - i;
	return 1;
}

/*
 * Is l a band row, "name TAB digits"?  Returns the index of that TAB, or
 * -1.  Scans back over the digits only, then adds them up when a TAB
 * is before them (the keyword lines, BEGIN_SAMPLE time and END_SAMPLE
 * time, end in digits too); a value of 20 digits or more is parsed
 * with its range checked.  *status is 0, or -2 when the value does not
 * fit in 64 bits.
 */
static long row_split(const char *l, long n, uint64_t *v, int *status)
{
	uint64_t x = 0;
	long i = n, j;
	*status = 0;
	while (i > 0 && (unsigned)((unsigned char)l[i - 1] - '0') <= 9)
		i--;
	if (i == n || i == 0 || l[i - 1] != '\t')
		return -1;
	if (n - i >= 20) {
		*status = hpt_parse_u64(l + i, (size_t)(n - i), v);
	} else {
		for (j = i; j < n; j++)
			x = x * 10 + (unsigned)((unsigned char)l[j] - '0');
		*v = x;
	}
	return i - 1;
}

/* Find the last TAB; return its index, or -1. */
static long last_tab(const char *l, long n)
{
	while (n-- > 0)
		if (l[n] == '\t')
			return n;
	return -1;
}

static const double p10[] = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7,
                             1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};

static const uint64_t ten[] = {1, 10, 100, 1000, 10000, 100000, 1000000,
                               10000000, 100000000, 1000000000,
                               10000000000ull, 100000000000ull,
                               1000000000000ull, 10000000000000ull,
                               100000000000000ull, 1000000000000000ull};

/* The value of a normalised time ("digits.digits").  With at most 15
 * significant digits, integer / 10^k is the correctly rounded double,
 * and much cheaper than strtod() on every sample. */

static double time_value(const char *t)
{
	uint64_t m = 0;
	int digits = 0, frac = 0;
	const char *p = t;
	while (*p == '0') /* leading zeros are not significant */
		p++;
	for (; *p >= '0' && *p <= '9'; p++, digits++)
		m = m * 10 + (uint64_t)(*p - '0');
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++, frac++)
			m = m * 10 + (uint64_t)(*p - '0');
	if (digits + frac > 15) /* m may have wrapped: not exact */
		return strtod(t, NULL);
	return (double)m / p10[frac];
}

/* Copy t[0..n) to *buf (of *cap bytes, grown as needed) and end it
 * with a NUL: every sample's times go through here, so the call to
 * grow is made only when the buffer is short. */
static inline void copy_text(char **buf, size_t *cap, const char *t,
                             size_t n)
{
	if (*cap < n + 1)
		*buf = hpt_xgrow(*buf, cap, n + 1, 1);
	hpt_copy(*buf, t, n);
	(*buf)[n] = '\0';
}

static void set_text(struct hp_sample *s, const char *t, size_t n)
{
	copy_text(&s->time_text, &s->time_cap, t, n);
}

/* Remember the form of the time just read (as written back, after its
 * repairs) for the carry test of the next one: its decimals and its
 * whole seconds.  The written form, so that hpcat's output, read again,
 * is repaired the same way (14.100 after a carry read as 14.00 is a
 * carry again). */
static void note_time_form(struct hp_reader *r, const char *t, long ip,
                           long dec)
{
	r->prev_dec = (int)dec;
	if (ip >= 20 || hpt_parse_u64(t, (size_t)ip, &r->prev_int) != 0)
		r->prev_dec = -1;
}

/*
 * The usual time, as GHC writes it: whole seconds, a point and
 * decimals, 15 digits at most, not the ".100" of a 6.x carry.  Its
 * value is its digits as an integer over 10^decimals (exact, and
 * correctly rounded), what parse_time's general steps find for it;
 * this is them without their cases.  Returns 1 with s's time set (and
 * the form noted when warn is set), or 0, nothing set, for any other
 * time.
 */
static inline int usual_time(struct hp_reader *r, const char *t, long n,
                             struct hp_sample *s, int warn)
{
	long i = 0, j, dec;
	uint64_t whole = 0, frac = 0;
	while (i < n && (unsigned)(t[i] - '0') <= 9)
		whole = whole * 10 + (uint64_t)(t[i++] - '0');
	if (i == 0 || i == n || t[i] != '.' || n > 16)
		return 0;
	for (j = i + 1; j < n && (unsigned)(t[j] - '0') <= 9; j++)
		frac = frac * 10 + (uint64_t)(t[j] - '0');
	dec = j - i - 1;
	if (j != n || (dec == 3 && frac == 100))
		return 0;
	set_text(s, t, (size_t)n);
	s->time = (double)(whole * ten[dec] + frac) / p10[dec];
	if (warn) {
		r->prev_dec = (int)dec;
		r->prev_int = whole;
	}
	return 1;
}

/* The digits of a time, in one pass: what time_value and
 * note_time_form would find in the text, for the usual time. */
struct time_digits {
	long dot;                /* the index of '.' or ',' (-1: none) */
	uint64_t whole;          /* the whole seconds */
	uint64_t m;              /* the significant digits as an integer
	                          * (leading zeros of the seconds left out) */
	long sig;                /* and their number */
};

/* The digits of t[0..n) into d; 0 when t is not digits with at most
 * one '.' or ',' after at least one of them. */
static int time_digits(const char *t, long n, struct time_digits *d)
{
	long i = 0;
	d->dot = -1;
	d->whole = d->m = 0;
	d->sig = 0;
	for (; i < n && t[i] >= '0' && t[i] <= '9'; i++) {
		d->whole = d->whole * 10 + (uint64_t)(t[i] - '0');
		if (d->sig > 0 || t[i] != '0') {
			d->m = d->m * 10 + (uint64_t)(t[i] - '0');
			d->sig++;
		}
	}
	if (i == 0)
		return 0;
	if (i == n)
		return 1;
	if (t[i] != '.' && t[i] != ',')
		return 0;
	d->dot = i++;
	for (; i < n && t[i] >= '0' && t[i] <= '9'; i++, d->sig++)
		d->m = d->m * 10 + (uint64_t)(t[i] - '0');
	return i == n;
}

/* Is t[0..n), its point at dot, the carry of GHC 6.x: "S.100" in a
 * two-decimal file, after a time of the same seconds S (*sec)?  GHC
 * 6.x printed the hundredths after rounding them, so 13.995 came out
 * as 13.100: the carry belongs to the seconds.  Only after a time with
 * the same seconds (13.90): 0.100 after 0.050 is a time in
 * milliseconds, not a carry. */
static int is_carry(const struct hp_reader *r, const char *t, long n,
                    long dot, uint64_t *sec)
{
	return n - dot - 1 == 3 && memcmp(t + dot + 1, "100", 3) == 0 &&
	       r->prev_dec == 2 && dot < 20 &&
	       hpt_parse_u64(t, (size_t)dot, sec) == 0 &&
	       *sec == r->prev_int && *sec < UINT64_MAX;
}

/* The carry t[0..n) (is_carry) as the next whole second, sec + 1,
 * with two decimals, into s's text (a repair when warn is set);
 * returns the length of its whole seconds. */
static long carry_time(struct hp_reader *r, const char *t, long n,
                       long line, uint64_t sec, struct hp_sample *s,
                       int warn)
{
	char *fixed = hpt_xasprintf("%llu.00", (unsigned long long)(sec + 1));
	long ip = (long)strlen(fixed) - 3;
	if (warn)
		repair(r, R_CARRY, line, fixed,
		       "two-decimal time '%s' has a carry",
		       hpt_quote(0, t, (size_t)n));
	set_text(s, fixed, strlen(fixed));
	free(fixed);
	return ip;
}

/*
 * Parse a sample or MARK time into s->time and s->time_text, applying
 * the repairs for decimal commas and 6.x carries (with warnings when
 * warn is set).  Errors on anything else.
 */
static void parse_time(struct hp_reader *r, const char *t, long n, long line,
                       struct hp_sample *s, int warn)
{
	struct time_digits d;
	long ip, dec;
	uint64_t sec;
	if (usual_time(r, t, n, s, warn))
		return;
	if (!time_digits(t, n, &d))
		hpt_data_error(r->in->name, line, "bad time '%s'",
		               hpt_quote(0, t, (size_t)n));
	if (d.dot < 0) {
		/* hp2ps wants a float: 0 is written 0.0. */
		s->time_text = hpt_xgrow(s->time_text, &s->time_cap,
		                         (size_t)n + 3, 1);
		memcpy(s->time_text, t, (size_t)n);
		memcpy(s->time_text + n, ".0", 3);
		ip = n;
		dec = 1;
	} else if (is_carry(r, t, n, d.dot, &sec)) {
		ip = carry_time(r, t, n, line, sec, s, warn);
		dec = 2;
	} else {
		ip = d.dot;
		dec = n - d.dot - 1;
		set_text(s, t, (size_t)n);
		if (t[d.dot] == ',') {
			s->time_text[d.dot] = '.';
			if (warn)
				repair(r, R_COMMA, line,
				       hpt_quote(1, s->time_text, (size_t)n),
				       "decimal comma in time '%s'",
				       hpt_quote(0, t, (size_t)n));
		}
		if (d.sig <= 15 && d.dot < 20) {
			/* the text is t's digits: time_digits did it */
			s->time = (double)d.m / p10[dec];
			if (warn) {
				r->prev_dec = (int)dec;
				r->prev_int = d.whole;
			}
			return;
		}
	}
	s->time = time_value(s->time_text);
	if (warn)
		note_time_form(r, s->time_text, ip, dec);
}

static int read_string(struct hp_reader *r, const char *kw, const char *rest,
                       long restlen, char **out, size_t *outlen,
                       int allow_more)
{
	long start = r->in->lineno, i;
	size_t len = 0, cap = 0;
	char *v = NULL;
	const char *l = rest;
	long n = restlen;
	if (n < 1 || l[0] != '"') {
		if (!allow_more)
			return 0;
		hpt_data_error(r->in->name, start, "string must follow %s", kw);
	}
	i = 1;
	for (;;) {
		char *line;
		int unterm;
		for (; i < n; i++) {
			if (l[i] == '"') {
				if (i + 1 < n && l[i + 1] == '"') {
					v = hpt_xgrow(v, &cap, len + 1, 1);
					v[len++] = '"';
					i++;
					continue;
				}
				goto closed;
			}
			v = hpt_xgrow(v, &cap, len + 1, 1);
			v[len++] = l[i];
		}
		/* The string goes on in the next line. */
		if (!allow_more) {
			free(v);
			return 0;
		}
		r->keep_blanks = 1; /* blanks inside a string are text */
		n = next_line(r, &line, &unterm);
		r->keep_blanks = 0;
		if (n < 0)
			hpt_data_error(r->in->name, start,
			               "unterminated %s string", kw);
		v = hpt_xgrow(v, &cap, len + 1, 1);
		v[len++] = '\n';
		l = line;
		i = 0;
	}
closed:
	/* rest runs to the end of its line, blanks included (they belong
	 * to a string that goes on in the next line): after the closing
	 * quote they are nothing */
	while (n > i + 1 && (l[n - 1] == ' ' || l[n - 1] == '\t'))
		n--;
	if (i + 1 < n) {
		/* Text after the closing quote.  Before 8.8 GHC did not
		 * escape quotes in JOB: when the line ends with a quote,
		 * the value is everything between the first and the last
		 * quote of the line, as written. */
		if (l == rest && l[n - 1] == '"') {
			free(v);
			*out = hpt_xmemdup(l + 1, (size_t)n - 2);
			*outlen = (size_t)n - 2;
			return 1;
		}
		if (l != rest)
			/* The string ran over lines and ended in the middle
			 * of one: its closing quote is missing. */
			hpt_data_error(r->in->name, start,
			               "unterminated %s string", kw);
		hpt_data_error(r->in->name, r->in->lineno,
		               "text after the %s string: '%s'", kw,
		               hpt_quote(0, l + i + 1, (size_t)(n - i - 1)));
	}
	*out = hpt_xmemdup(v ? v : "", len);
	*outlen = len;
	free(v);
	return 1;
}

static const char *const header_kw[4] = {"JOB", "DATE", "SAMPLE_UNIT",
                                         "VALUE_UNIT"};

static int header_keyword(const char *l, long n, const char **rest,
                          long *restlen)
{
	int k;
	for (k = 0; k < 4; k++)
		if (keyword_n(l, n, header_kw[k], strlen(header_kw[k]), rest,
		              restlen))
			return k;
	return -1;
}

static void set_header(struct hp_reader *r, int k, char *v, size_t n)
{
	char **p;
	size_t *pl;
	switch (k) {
	case 0: p = &r->hdr.job; pl = &r->hdr.job_len; break;
	case 1: p = &r->hdr.date; pl = &r->hdr.date_len; break;
	case 2: p = &r->hdr.sample_unit; pl = &r->hdr.sample_unit_len; break;
	default: p = &r->hdr.value_unit; pl = &r->hdr.value_unit_len; break;
	}
	if (*p) {
		repair(r, R_HEADER_TWICE, r->in->lineno, NULL, "second %s line",
		       header_kw[k]);
		free(*p);
	}
	*p = v;
	*pl = n;
}

/* After the header: fill in missing lines, with a repair each. */
static void check_header(struct hp_reader *r, long line)
{
	static const char *const dflt[4] = {"", "", "seconds", "bytes"};
	char **p[4];
	size_t *pl[4];
	int k;
	p[0] = &r->hdr.job; pl[0] = &r->hdr.job_len;
	p[1] = &r->hdr.date; pl[1] = &r->hdr.date_len;
	p[2] = &r->hdr.sample_unit; pl[2] = &r->hdr.sample_unit_len;
	p[3] = &r->hdr.value_unit; pl[3] = &r->hdr.value_unit_len;
	for (k = 0; k < 4; k++) {
		if (*p[k])
			continue;
		{
			char *v = hpt_xasprintf("%s \"%s\"", header_kw[k],
			                        dflt[k]);
			repair(r, R_HEADER_MISSING, line, v,
			       "no %s line in the header", header_kw[k]);
			free(v);
		}
		*p[k] = hpt_xstrdup(dflt[k]);
		*pl[k] = strlen(dflt[k]);
	}
}

struct hp_reader *hp_reader_new(struct hpt_input *in,
                                struct hpt_intern *bands, int strict,
                                const char *time_offset)
{
	struct hp_reader *r = hpt_xcalloc(1, sizeof *r);
	int seen_any = 0;
	r->in = in;
	r->offset = time_offset ? hpt_xstrdup(time_offset) : NULL;
	r->prev_dec = r->kept_dec = r->out.dec = -1;
	r->bands = bands;
	r->strict = strict;
	for (;;) {
		char *l;
		const char *rest;
		long n, restlen;
		int unterm, k;
		n = next_line(r, &l, &unterm);
		if (n < 0) {
			if (!seen_any)
				hpt_data_error(r->in->name, 0, "empty input");
			check_header(r, r->in->lineno);
			return r;
		}
		if (n == 0)
			continue;
		if (has_nul(l, n))
			hpt_data_error(r->in->name, r->in->lineno,
			               "NUL byte in line: not a heap profile");
		k = header_keyword(l, n, &rest, &restlen);
		if (k >= 0) {
			char *v;
			size_t vl;
			restlen = (long)(l + n - rest); /* blanks and all */
			if (!read_string(r, header_kw[k], rest, restlen, &v,
			                 &vl, !unterm)) {
				/* The input ends inside this line. */
				if (!seen_any)
					hpt_data_error(r->in->name, r->in->lineno,
					               "no complete line");
				repair(r, R_UNTERMINATED, r->in->lineno, NULL,
				       "unterminated last line");
				continue;
			}
			set_header(r, k, v, vl);
			seen_any = 1;
			continue;
		}
		if (!seen_any && unterm)
			hpt_data_error(r->in->name, r->in->lineno,
			               "no complete line");
		if (!seen_any && !keyword(l, n, "BEGIN_SAMPLE", &rest, &restlen) &&
		    !keyword(l, n, "MARK", &rest, &restlen))
			hpt_data_error(r->in->name, r->in->lineno,
			               "not a heap profile: expected JOB, found '%s'",
			               hpt_quote(0, l, (size_t)n));
		/* The first line past the header: keep it for hp_read(). */
		r->pending = l;
		r->pending_len = n;
		r->pending_unterm = unterm;
		check_header(r, r->in->lineno);
		return r;
	}
}

static void header_free(struct hp_header *h)
{
	free(h->job);
	free(h->date);
	free(h->sample_unit);
	free(h->value_unit);
	memset(h, 0, sizeof *h);
}

/*
 * The breakdown a JOB names, as a new string, or NULL: the last -h
 * option among the RTS options (between " +RTS", which a profiled RTS
 * always writes, rts/ProfHeap.c; formats.md 1.2, and "-RTS" or the
 * end: the words after -RTS are the program's own), "-h" alone being
 * -hc.
 * A restriction such as -hcNAME or -hyInt is longer: not a breakdown.
 */
static char *breakdown(const char *job, size_t len)
{
	const char *end = job + len, *p = job, *q, *found = NULL;
	int rts = 0; /* between +RTS and -RTS (or the end) */
	while (p < end) {
		while (p < end && *p == ' ')
			p++;
		for (q = p; q < end && *q != ' '; q++)
			;
		if (q - p == 4 && memcmp(p, "+RTS", 4) == 0 && p > job)
			rts = 1;
		else if (q - p == 4 && memcmp(p, "-RTS", 4) == 0)
			rts = 0;
		else if (rts && (q - p == 2 || q - p == 3) && p[0] == '-' &&
		         p[1] == 'h')
			found = p;
		p = q;
	}
	if (!found)
		return NULL;
	if (found + 2 == end || found[2] == ' ')
		return hpt_xstrdup("-hc");
	return hpt_xmemdup(found, 3);
}

static int same_bytes(const char *a, size_t an, const char *b, size_t bn)
{
	return an == bn && (an == 0 || memcmp(a, b, an) == 0);
}

char *hp_header_mismatch(const struct hp_header *first,
                         const struct hp_header *later)
{
	char *a, *b, *m = NULL;
	if (!same_bytes(later->sample_unit, later->sample_unit_len,
	                first->sample_unit, first->sample_unit_len))
		return hpt_xasprintf("SAMPLE_UNIT '%s' differs from '%s'",
		                     hpt_quote(0, later->sample_unit,
		                               later->sample_unit_len),
		                     hpt_quote(1, first->sample_unit,
		                               first->sample_unit_len));
	if (!same_bytes(later->value_unit, later->value_unit_len,
	                first->value_unit, first->value_unit_len))
		return hpt_xasprintf("VALUE_UNIT '%s' differs from '%s'",
		                     hpt_quote(0, later->value_unit,
		                               later->value_unit_len),
		                     hpt_quote(1, first->value_unit,
		                               first->value_unit_len));
	a = breakdown(first->job, first->job_len);
	b = breakdown(later->job, later->job_len);
	if (a && b && strcmp(a, b) != 0)
		m = hpt_xasprintf("breakdown '%s' differs from '%s'", b, a);
	free(a);
	free(b);
	return m;
}

/* Add the decimal offset off to s's time, exactly.  A sum of two times
 * without decimals ("5." + "5.") gets ".0": hp2ps reads only a time
 * with a decimal point. */
static void shift_time(struct hp_sample *s, const char *off)
{
	char *t = hpt_dec_add(off, s->time_text);
	size_t n = strlen(t);
	set_text(s, t, n);
	if (!memchr(t, '.', n)) {
		s->time_text = hpt_xgrow(s->time_text, &s->time_cap, n + 3, 1);
		memcpy(s->time_text + n, ".0", 3);
	}
	s->time = time_value(s->time_text);
	free(t);
}

/* In a second profile of the same input, times continue after the last
 * sample of the one before. */
static void shift_run(struct hp_reader *r, struct hp_sample *s)
{
	if (r->run_offset)
		shift_time(s, r->run_offset);
}

/* An input joined to earlier ones (time_offset): every time continues
 * after theirs.  Done last, after the checks that compare times. */
static void shift_input(struct hp_reader *r, struct hp_sample *s)
{
	if (r->offset)
		shift_time(s, r->offset);
}

/* A time kept (a complete sample's or a MARK's), s's text as it will be
 * written: shifted by a second profile's or a joined input's offset, it
 * must not read back as a 6.x carry ("0.100" after "0", shifted by 1.00:
 * 1.100 after 1.00), as hp_time_no_carry sees to; the form of every
 * time kept is noted for it. */
static void written_form(struct hp_reader *r, struct hp_sample *s)
{
	hp_time_no_carry(s->time_text, &r->out);
}

/* The 8 bytes at p as a number, p[0] in its low byte whatever the
 * host's byte order (compilers make this one load). */
static inline uint64_t load8(const char *p)
{
	const unsigned char *u = (const unsigned char *)p;
	return (uint64_t)u[0] | (uint64_t)u[1] << 8 | (uint64_t)u[2] << 16 |
	       (uint64_t)u[3] << 24 | (uint64_t)u[4] << 32 |
	       (uint64_t)u[5] << 40 | (uint64_t)u[6] << 48 |
	       (uint64_t)u[7] << 56;
}

/* The value of the eight decimal digits x (from load8 of their text,
 * each byte less '0'): pairs, fours, then all eight. */
static inline uint64_t swar8(uint64_t x)
{
	x = (x * 10 + (x >> 8)) & 0x00ff00ff00ff00ffull;
	x = (x * 100 + (x >> 16)) & 0x0000ffff0000ffffull;
	return (x * 10000 + (x >> 32)) & 0xffffffffull;
}

/* The index of the lowest byte of w that has its high bit set (w has
 * one, and only high bits). */
static inline size_t low_byte(uint64_t w)
{
#if defined(__GNUC__)
	return (size_t)__builtin_ctzll(w) >> 3;
#else
	w &= ~w + 1;
	return (size_t)(((((w >> 7) - 1) & 0x0101010101010101ull) *
	                 0x0101010101010101ull) >> 56);
#endif
}

/* The high bit of each byte of w that is a TAB, exact up to the first
 * one (the classic zero-byte test of w ^ TABs can be wrong only above
 * a zero byte); 0 when w has none. */
static inline uint64_t tabs_in(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101ull;
	uint64_t t = w ^ (ones * '\t');
	return (t - ones) & ~t & (ones * 0x80);
}

/* The key of a band name n[0..len) of which max(len, 8) bytes can be
 * read: its first eight bytes (those of a shorter name, the others
 * cleared) and its last eight (0 for a shorter name), as load8 reads
 * them.  Band names that differ differ there, or in length: the
 * "(ccsID)" prefix of -hc and -hr stacks, the end of a -hd closure or
 * -hy type name that shares its module with many others. */
static inline void name_key(const char *n, size_t len, uint64_t *first,
                            uint64_t *last)
{
	uint64_t w = load8(n);
	if (len >= 8) {
		*first = w;
		*last = load8(n + len - 8);
	} else {
		*first = w & (((uint64_t)1 << (8 * len)) - 1);
		*last = 0;
	}
}

/* The slot where the row table's probes for a key begin. */
static inline size_t key_hash(uint64_t first, uint64_t last, size_t len,
                              size_t mask)
{
	uint64_t h = (first ^ (last << 29 | last >> 35)) + len;
	return (size_t)((h * 0x9E3779B97F4A7C15ull) >> 40) & mask;
}

/* Make the per-band arrays hold band b. */
static void grow_bands(struct hp_reader *r, uint32_t b)
{
	size_t old = r->seen_cap, cap = old;
	r->seen = hpt_xgrow(r->seen, &cap, (size_t)b + 1, sizeof *r->seen);
	memset(r->seen + old, 0, (cap - old) * sizeof *r->seen);
	r->seen_cap = cap;
}

/* Add band b, named name[0..len) with key first, last, to the row
 * table, which is kept at most half full. */
static void keys_add(struct hp_reader *r, uint64_t first, uint64_t last,
                     const char *name, size_t len, uint32_t b)
{
	struct row_key *e;
	if (!r->keys || 2 * (r->keys_used + 1) > r->keys_mask + 1) {
		size_t i, size = r->keys ? 2 * (r->keys_mask + 1) : 256;
		struct row_key *old = r->keys;
		size_t oldn = r->keys ? r->keys_mask + 1 : 0;
		r->keys = hpt_xcalloc(size, sizeof *r->keys);
		r->keys_mask = size - 1;
		for (i = 0; i < oldn; i++) {
			if (!old[i].band)
				continue;
			e = &r->keys[key_hash(old[i].first, old[i].last,
			                      old[i].len, r->keys_mask)];
			while (e->band)
				e = &r->keys[(size_t)(e - r->keys + 1) &
				             r->keys_mask];
			*e = old[i];
		}
		free(old);
	}
	e = &r->keys[key_hash(first, last, len, r->keys_mask)];
	while (e->band)
		e = &r->keys[(size_t)(e - r->keys + 1) & r->keys_mask];
	e->first = first;
	e->last = last;
	e->name = name;
	e->len = (uint32_t)len;
	e->band = b + 1;
	r->keys_used++;
}

/* Are bytes 8 to len - 8 of a those of b (len > 16)?  memcmp, inline,
 * for the middle of a row's name, between the words of its key: words,
 * the last one overlapping the key's last, never past len. */
static inline int same_middle(const char *a, const char *b, size_t len)
{
	size_t i;
	/* up to 32 bytes: the words at 8 and at len - 16, which cover the
	 * middle (and bytes of the key's words, the same if they are),
	 * without a loop */
	if (len <= 32)
		return ((load8(a + 8) ^ load8(b + 8)) |
		        (load8(a + len - 16) ^ load8(b + len - 16))) == 0;
	for (i = 8; i + 8 < len; i += 8)
		if (load8(a + i) != load8(b + i))
			return 0;
	return 1;
}

/*
 * The id of the band named by the row line at l, its name l[0..tab),
 * interned if new; UINT32_MAX when the name holds a NUL byte (not a
 * name: the caller reports it).  Every row of every sample names a
 * band, and a profile has few of them, seen again in each census, in
 * an order that changes from one census to the next (the RTS's
 * hash-table order).  So each band of this input is also in the row
 * table, keyed by its name's ends and length (name_key): the fast
 * path, fast_rows, finds a row's band there once it has found the
 * row's TAB, with a comparison of two words and the name's middle,
 * without hashing the whole name in the band table.  A name with a
 * TAB or a newline, or longer than KEY_MAX, is not in the row table
 * (its rows take this path): the fast path takes a row's name to end
 * at its first TAB, on its line.
 */
static uint32_t find_band(struct hp_reader *r, const char *l, long tab)
{
	size_t len = (size_t)tab;
	uint64_t first = 0, last = 0;
	uint32_t b;
	int keyed = len <= KEY_MAX && !memchr(l, '\t', len) &&
	            !memchr(l, '\n', len);
	if (keyed) {
		char w[8] = {0};
		if (len < 8) {
			memcpy(w, l, len);
			name_key(w, len, &first, &last);
		} else {
			name_key(l, len, &first, &last);
		}
	}
	if (keyed && r->keys) {
		const struct row_key *e = &r->keys[key_hash(first, last, len,
		                                            r->keys_mask)];
		for (; e->band; e = &r->keys[(size_t)(e - r->keys + 1) &
		                             r->keys_mask])
			if (e->first == first && e->last == last &&
			    e->len == len && memcmp(e->name, l, len) == 0)
				return e->band - 1;
	}
	if (has_nul(l, tab))
		return UINT32_MAX;
	b = hpt_intern(r->bands, l, len, NULL);
	if (keyed) {
		if (b >= r->seen_cap)
			grow_bands(r, b);
		if (len > r->keys_maxlen)
			r->keys_maxlen = len;
		keys_add(r, first, last, r->bands->name[b], len, b);
	}
	return b;
}

/* Band b's first value in sample s (b has room in the per-band
 * arrays): bytes, read from the digits text[0..tlen). */
static inline void new_value(struct hp_reader *r, struct hp_sample *s,
                             uint32_t b, uint64_t bytes, const char *text,
                             size_t tlen)
{
	struct hp_bandval *v;
	r->seen[b].stamp = r->stamp;
	r->seen[b].slot = s->n;
	if (s->n == s->cap)
		s->v = hpt_xgrow(s->v, &s->cap, s->n + 1, sizeof *s->v);
	v = &s->v[s->n++];
	v->band = b;
	v->bytes = bytes;
	v->text_len = 0;
	/* Keep the digits as read, to write them back without formatting
	 * (not with leading zeros, which are written as the number). */
	if (tlen < HP_DIGITS_MAX && (tlen == 1 || text[0] != '0')) {
		char *d;
		if (s->digits_cap - s->digits_len < HP_DIGITS_MAX)
			s->digits = hpt_xgrow(s->digits, &s->digits_cap,
			                      s->digits_len + HP_DIGITS_MAX, 1);
		d = s->digits + s->digits_len;
		/* One fixed-size copy where the input holds that many bytes
		 * (the rows after this one): cheaper than memcpy of tlen. */
		if (text + HP_DIGITS_MAX <= r->in->buf + r->in->end)
			memcpy(d, text, HP_DIGITS_MAX);
		else
			memcpy(d, text, tlen);
		v->text_off = (uint32_t)s->digits_len;
		v->text_len = (uint8_t)tlen;
		s->digits_len += tlen;
	}
}

/* Add bytes to band b in sample s, summing a band named twice. */
static void add_value(struct hp_reader *r, struct hp_sample *s, uint32_t b,
                      uint64_t bytes, const char *text, size_t tlen,
                      long line)
{
	if (b >= r->seen_cap)
		grow_bands(r, b);
	if (r->seen[b].stamp == r->stamp) {
		struct hp_bandval *v = &s->v[r->seen[b].slot];
		if (v->bytes > UINT64_MAX - bytes)
			hpt_data_error(r->in->name, line,
			               "sum of band values out of range");
		v->bytes += bytes;
		v->text_len = 0; /* a sum: format it */
		return;
	}
	new_value(r, s, b, bytes, text, tlen);
}

/* The first malformed line of the sample being read: an error (msg, a
 * hpt_xasprintf string, taken over) if the sample turns out complete,
 * dropped with it otherwise. */
static void set_bad(struct hp_reader *r, long line, char *msg)
{
	if (r->bad) {
		free(msg);
		return;
	}
	r->bad = line;
	free(r->badmsg);
	r->badmsg = msg;
}

/* The message for a line that is not a row. */
static char *not_a_row(const char *l, long n)
{
	long tab = last_tab(l, n);
	if (tab >= 0)
		return hpt_xasprintf("bad value '%s' in band row",
		                     hpt_quote(0, l + tab + 1,
		                               (size_t)(n - tab - 1)));
	return hpt_xasprintf("band row without a TAB and a value: '%s'",
	                     hpt_quote(0, l, (size_t)n));
}

/* Does l start a -hc or -hr name, "(digits)..."? */
static int starts_name(const char *l, long n)
{
	long i = 1;
	if (n < 3 || l[0] != '(')
		return 0;
	while (i < n && l[i] >= '0' && l[i] <= '9')
		i++;
	return i > 1 && i < n && l[i] == ')';
}

/* A line of a name that the next line continues. */
static void frag_add(struct hp_reader *r, const char *l, long n)
{
	if (!r->frag_line) {
		r->frag_line = r->in->lineno;
		r->frag_first = (size_t)n;
		r->frag_len = 0;
	}
	r->frag = hpt_xgrow(r->frag, &r->frag_cap,
	                    r->frag_len + (size_t)n + 1, 1);
	memcpy(r->frag + r->frag_len, l, (size_t)n);
	r->frag_len += (size_t)n;
	r->frag[r->frag_len++] = '\n';
}

/* A line that is not a row came before the row that would end the name
 * begun by r->frag: that name was a malformed row after all. */
static void frag_end(struct hp_reader *r)
{
	if (!r->frag_line)
		return;
	set_bad(r, r->frag_line, not_a_row(r->frag, (long)r->frag_first));
	r->frag_line = 0;
}

/* A band row: name l[0..tab), value bytes (status k from row_split). */
static void on_row(struct hp_reader *r, struct hp_sample *s, const char *l,
                   long n, long tab, uint64_t bytes, int k, int unterm)
{
	uint32_t b;
	if (unterm) {
		/* Possibly a cut number: the sample it is in can have no
		 * END_SAMPLE after it. */
		if (!r->in_sample)
			repair(r, R_UNTERMINATED, r->in->lineno, NULL,
			       "unterminated last line");
		return;
	}
	if (!r->in_sample) {
		repair(r, R_ROW_OUTSIDE, r->in->lineno, NULL,
		       "band row outside a sample");
		return;
	}
	if (k != 0) {
		set_bad(r, r->in->lineno,
		        hpt_xasprintf("value out of range: '%s'",
		                      hpt_quote(0, l + tab + 1,
		                                (size_t)(n - tab - 1))));
		r->frag_line = 0;
		return;
	}
	if (r->frag_line) {
		/* The last line of a name with newlines. */
		long line = r->frag_line;
		frag_add(r, l, tab);
		r->frag_line = 0;
		if (has_nul(r->frag, (long)r->frag_len - 1)) {
			set_bad(r, line, hpt_xasprintf("NUL byte in line: not "
			                               "a heap profile"));
			return;
		}
		b = hpt_intern(r->bands, r->frag, r->frag_len - 1, NULL);
	} else if ((b = find_band(r, l, tab)) == UINT32_MAX) {
		set_bad(r, r->in->lineno,
		        hpt_xasprintf("NUL byte in line: not a heap profile"));
		return;
	}
	add_value(r, s, b, bytes, l + tab + 1, (size_t)(n - tab - 1),
	          r->in->lineno);
}

/* The second profile of the input is about to give its first sample:
 * does its header say it measures what the first one does? */
static void check_run(struct hp_reader *r)
{
	struct hp_header h = r->run_hdr;
	char *m;
	/* A line it lacks is taken as the first profile's. */
	if (!h.job) {
		h.job = r->hdr.job;
		h.job_len = r->hdr.job_len;
	}
	if (!h.sample_unit) {
		h.sample_unit = r->hdr.sample_unit;
		h.sample_unit_len = r->hdr.sample_unit_len;
	}
	if (!h.value_unit) {
		h.value_unit = r->hdr.value_unit;
		h.value_unit_len = r->hdr.value_unit_len;
	}
	m = hp_header_mismatch(&r->hdr, &h);
	if (m) {
		repair(r, R_RUN_DIFFERS, r->run_line, NULL,
		       "%s of the first profile", m);
		free(m);
	}
}

/* parse_time of a time t[0..n) of kw digits (1 to 7), a point and kf
 * digits (0 to 7), with 8 bytes readable after each run of digits: its
 * first pass, which this gives the same result and repairs, its digits
 * read a word at a time.  A ".100" (a carry, perhaps) goes to it. */
static void word_time(struct hp_reader *r, struct hp_sample *s,
                      const char *t, long n, int kw, int kf)
{
	const uint64_t zeros = 0x0101010101010101ull * '0';
	uint64_t whole = swar8((load8(t) ^ zeros) << (8 * (8 - kw)));
	uint64_t frac = kf ? swar8((load8(t + kw + 1) ^ zeros)
	                           << (8 * (8 - kf))) : 0;
	if (kf == 3 && frac == 100) {
		parse_time(r, t, n, r->begin, s, 1);
		return;
	}
	set_text(s, t, (size_t)n);
	s->time = (double)(whole * ten[kf] + frac) / p10[kf];
	r->prev_dec = kf;
	r->prev_int = whole;
}

/* BEGIN_SAMPLE time (rest): a new sample starts, cutting any before.
 * kw > 0: fast_begin found the time to be kw digits, a point and kf
 * digits (word_time reads it); else parse_time does. */
static void on_begin(struct hp_reader *r, struct hp_sample *s,
                     const char *rest, long restlen, int unterm, int kw,
                     int kf)
{
	if (r->in_sample) {
		/* Only the end of the input is where a crash cuts a sample:
		 * a malformed line before the next BEGIN_SAMPLE was written
		 * so, and is an error as in a complete sample. */
		frag_end(r);
		if (r->bad)
			hpt_data_error(r->in->name, r->bad, "%s", r->badmsg);
		repair(r, R_CUT_BY_BEGIN, r->begin, NULL,
		       "sample without END_SAMPLE before the next "
		       "BEGIN_SAMPLE");
		/* the carry test looks at the last time written, not at
		 * this dropped one, as hpcat's output read again does */
		r->prev_dec = r->kept_dec;
		r->prev_int = r->kept_int;
	}
	r->in_sample = 1;
	r->begin = r->in->lineno;
	r->bad = 0;
	r->frag_line = 0;
	s->n = 0;
	s->digits_len = 0;
	r->stamp++;
	r->have_begin = 0;
	r->rows_ok = 1;
	r->rows_entered = 0;
	r->rows_end = NULL;
	if (unterm)
		return; /* cut: EOF follows */
	if (kw > 0)
		word_time(r, s, rest, restlen, kw, kf);
	else
		parse_time(r, rest, restlen, r->begin, s, 1);
	r->begin_raw = s->time;
	if (r->new_run)
		check_run(r);
	r->new_run = 0;
	shift_run(r, s);
	copy_text(&r->begin_text, &r->begin_cap, rest, (size_t)restlen);
	r->begin_len = (size_t)restlen;
	r->have_begin = 1;
}

/* The sample s is complete: check its time against the one before and
 * keep what the next sample and the next input need. */
static void end_sample(struct hp_reader *r, struct hp_sample *s)
{
	if (r->have_prev && s->time < r->prev_time)
		repair(r, R_EARLIER, r->begin, NULL,
		       "sample time %s is earlier than the one before it",
		       hpt_quote(0, s->time_text, strlen(s->time_text)));
	r->have_prev = 1;
	r->prev_time = s->time;
	r->kept_dec = r->prev_dec;
	r->kept_int = r->prev_int;
	r->last_len = strlen(s->time_text);
	copy_text(&r->last_text, &r->last_cap, s->time_text, r->last_len);
	r->nsamples++;
	r->last_empty = s->n == 0;
	s->line = r->begin;
	r->in_sample = 0;
	shift_input(r, s);
	written_form(r, s);
}

/* END_SAMPLE time (rest).  Returns 1 when it completes the sample s. */
static int on_end(struct hp_reader *r, struct hp_sample *s, const char *rest,
                  long restlen, int unterm)
{
	int same;
	if (!r->in_sample) {
		if (unterm)
			repair(r, R_UNTERMINATED, r->in->lineno, NULL,
			       "unterminated last line");
		else
			repair(r, R_END_OUTSIDE, r->in->lineno, NULL,
			       "END_SAMPLE outside a sample");
		return 0;
	}
	if (!r->have_begin) /* BEGIN_SAMPLE was cut */
		return 0;
	same = (size_t)restlen == r->begin_len &&
	       memcmp(rest, r->begin_text, r->begin_len) == 0;
	if (unterm && !same)
		return 0; /* a cut time: not trusted */
	frag_end(r);
	if (r->bad)
		hpt_data_error(r->in->name, r->bad, "%s", r->badmsg);
	if (!same) {
		struct hp_sample e;
		memset(&e, 0, sizeof e);
		parse_time(r, rest, restlen, r->in->lineno, &e, 0);
		if (e.time != r->begin_raw)
			repair(r, R_END_DIFFERS, r->in->lineno, NULL,
			       "END_SAMPLE time '%s' differs from "
			       "BEGIN_SAMPLE time '%s'",
			       hpt_quote(0, rest, (size_t)restlen),
			       s->time_text);
		hp_sample_free(&e);
	}
	end_sample(r, s);
	return 1;
}

/* MARK time (rest).  Returns 1 when s holds a mark to return. */
static int on_mark(struct hp_reader *r, struct hp_sample *s, const char *rest,
                   long restlen, int unterm)
{
	if (unterm) {
		repair(r, R_UNTERMINATED, r->in->lineno, NULL,
		       "unterminated last line");
		return 0;
	}
	if (r->in_sample) {
		frag_end(r);
		repair(r, R_MARK_INSIDE, r->in->lineno, NULL,
		       "MARK inside a sample");
		return 0;
	}
	parse_time(r, rest, restlen, r->in->lineno, s, 1);
	r->kept_dec = r->prev_dec;
	r->kept_int = r->prev_int;
	shift_run(r, s);
	shift_input(r, s);
	written_form(r, s);
	s->line = r->in->lineno;
	return 1;
}

/* A header line (keyword k, string in rest) after the header: a second
 * profile when it is a JOB line after samples, else ignored. */
static void on_header(struct hp_reader *r, struct hp_sample *s, int k,
                      const char *rest, long restlen)
{
	char *v;
	size_t vl;
	long line = r->in->lineno;
	frag_end(r);
	read_string(r, header_kw[k], rest, restlen, &v, &vl, 1);
	if (k == 0 && r->last_len > 0) {
		/* A second profile (cat a.hp b.hp): its times continue
		 * after the last sample, as when files are joined. */
		if (r->in_sample) {
			repair(r, R_CUT_BY_JOB, r->begin, NULL,
			       "sample without END_SAMPLE before a JOB line");
			r->prev_dec = r->kept_dec;
			r->prev_int = r->kept_int;
			r->in_sample = 0;
			s->n = 0;
		}
		r->run_offset = hpt_xgrow(r->run_offset, &r->run_cap,
		                          r->last_len + 1, 1);
		memcpy(r->run_offset, r->last_text, r->last_len + 1);
		r->new_run = 1;
		r->run_line = line;
		header_free(&r->run_hdr);
		r->run_hdr.job = v;
		r->run_hdr.job_len = vl;
		repair(r, R_SECOND_PROFILE, line,
		       hpt_quote(1, r->last_text, r->last_len),
		       "a second profile starts here (JOB line after "
		       "samples)");
		return;
	}
	if (r->new_run && !r->in_sample) {
		/* the second profile's header */
		if (k == 2) {
			free(r->run_hdr.sample_unit);
			r->run_hdr.sample_unit = v;
			r->run_hdr.sample_unit_len = vl;
		} else if (k == 3) {
			free(r->run_hdr.value_unit);
			r->run_hdr.value_unit = v;
			r->run_hdr.value_unit_len = vl;
		} else {
			free(v);
		}
		return;
	}
	free(v);
	repair(r, R_HEADER_AFTER, line, NULL, "%s line after the first sample",
	       header_kw[k]);
}

/* A line with a NUL byte that is no row of a known band. */
static void on_binary(struct hp_reader *r, int unterm)
{
	/* Binary bytes: where the sample they are in is never completed,
	 * they are the zeros a crash leaves at the end of a file, dropped
	 * with it. */
	if (r->in_sample) {
		frag_end(r);
		set_bad(r, r->in->lineno,
		        hpt_xasprintf("NUL byte in line: not a heap profile"));
	} else if (unterm) {
		repair(r, R_UNTERMINATED, r->in->lineno, NULL,
		       "unterminated last line");
	} else {
		hpt_data_error(r->in->name, r->in->lineno,
		               "NUL byte in line: not a heap profile");
	}
}

/* A line of no known kind: inside a sample a part of a name with
 * newlines, or a malformed row; outside, an error. */
static void on_other(struct hp_reader *r, const char *l, long n, int unterm)
{
	if (r->in_sample) {
		if (!unterm && (r->frag_line || starts_name(l, n)))
			frag_add(r, l, n);
		else
			set_bad(r, r->in->lineno, not_a_row(l, n));
		return;
	}
	if (unterm) {
		repair(r, R_UNTERMINATED, r->in->lineno, NULL,
		       "unterminated last line");
		return;
	}
	hpt_data_error(r->in->name, r->in->lineno, "unexpected line '%s'",
	               hpt_quote(0, l, (size_t)n));
}

/* The end of the input: what was left unfinished, and the counts. */
static enum hp_item at_end(struct hp_reader *r)
{
	if (r->ended)
		return HP_EOF;
	r->ended = 1;
	if (r->in_sample) {
		repair(r, R_INCOMPLETE, r->begin, NULL,
		       "incomplete sample at end of input (no END_SAMPLE)");
		r->in_sample = 0;
	}
	if (r->strict && r->nsamples > 0 && !r->last_empty)
		hpt_data_error(r->in->name, 0, "no final empty sample: the "
		               "program was killed or is still running");
	repair_counts(r);
	return HP_EOF;
}

/* The high bit of each byte of x (a load8 word xor '0's) that was not
 * a decimal digit.  Bytes less '0' are digits when below 10: adding
 * 0x76 to each (high bit cleared, so no carry crosses bytes) sets its
 * high bit otherwise. */
static inline uint64_t nondigits(uint64_t x)
{
	const uint64_t ones = 0x0101010101010101ull;
	return (((x & ~(ones * 0x80)) + ones * 0x76) | x) & (ones * 0x80);
}

/* How many of the 8 bytes of w (from load8) come before the first that
 * is not a decimal digit (8: none is). */
static inline size_t digit_run(uint64_t w)
{
	uint64_t t = nondigits(w ^ (0x0101010101010101ull * '0'));
	return t ? low_byte(t) : 8;
}

#if defined(HPT_SSE2)
/* The newlines of the 64 bytes at p, a bit each (nl16: newlines). */
static inline uint64_t newlines64(const char *p, __m128i nl16)
{
	const __m128i *q = (const __m128i *)p;
	return (uint64_t)(unsigned)_mm_movemask_epi8(
	               _mm_cmpeq_epi8(_mm_loadu_si128(q), nl16)) |
	       (uint64_t)(unsigned)_mm_movemask_epi8(
	               _mm_cmpeq_epi8(_mm_loadu_si128(q + 1), nl16)) << 16 |
	       (uint64_t)(unsigned)_mm_movemask_epi8(
	               _mm_cmpeq_epi8(_mm_loadu_si128(q + 2), nl16)) << 32 |
	       (uint64_t)(unsigned)_mm_movemask_epi8(
	               _mm_cmpeq_epi8(_mm_loadu_si128(q + 3), nl16)) << 48;
}
#endif


/* fast_rows is kept out of hp_read, where GCC would inline it (its one
 * caller) and spill its loop's registers for hp_read's; the steps of
 * run_rows are kept in it, so that its state stays in registers: a call
 * per step stores it (hpcat of bench's 10M.hp, callgrind: 71.0 million
 * instructions with the steps inline, 85.7 million with a call each).
 * Made so even where the compiler would not: -O2's limits differ
 * between GCC and clang. */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#define STEP static inline __attribute__((always_inline))
#else
#define NOINLINE
#define STEP static inline
#endif

/* The state of the loop of fast_rows, run_rows: where it is, what it
 * reads with, what it fills. */
struct row_run {
	const char *l;           /* the next line */
	const char *limit;       /* rows start before it (see fast_rows) */
	const struct row_key *keys; /* the reader's row table */
	size_t mask, maxlen;
	uint64_t stamp;          /* and its sample stamp and seen */
	struct band_seen *seen;
	struct hp_bandval *v;    /* the sample's values, n of cap */
	size_t n, cap;
	int lead_zero;           /* a value taken had leading zeros */
};

/* Are a[0..n) and b[0..n) the same bytes?  memcmp, inline for 8 to 16
 * bytes (the END_SAMPLE time of every sample). */
static inline int same_text(const char *a, const char *b, size_t n)
{
	if (n >= 8 && n <= 16)
		return load8(a) == load8(b) &&
		       load8(a + n - 8) == load8(b + n - 8);
	return memcmp(a, b, n) == 0;
}

/* Why run_rows stopped. */
enum { RUN_OTHER, RUN_LIMIT, RUN_FULL };

/* The steps of run_rows: the end of a row's line, its name's TAB, its
 * band, its value.  SSE2 finds the first two 16 or 64 bytes at a time,
 * the portable path with memchr and words. */
#define NO_NAME ((size_t)-1)
#if defined(HPT_SSE2)
/* The lines' ends ahead: the newlines not yet passed of the 64 bytes
 * at base, a bit each. */
struct line_ends {
	const char *base;
	uint64_t nl;
	__m128i nl16, tab16;     /* newlines, TABs */
};

STEP void ends_start(struct line_ends *w, const char *l, const char *limit)
{
	w->nl16 = _mm_set1_epi8('\n');
	w->tab16 = _mm_set1_epi8('\t');
	w->base = l;
	w->nl = l < limit ? newlines64(l, w->nl16) : 0;
}

/* The end of the line that starts at the next newline passed, from
 * the window, found without waiting for the line's bytes to be read;
 * NULL when the window would pass limit. */
STEP const char *line_end(struct line_ends *w, const char *limit)
{
	const char *eol;
	while (!w->nl) {
		w->base += 64;
		if (w->base > limit)
			return NULL;
		w->nl = newlines64(w->base, w->nl16);
	}
	eol = w->base + __builtin_ctzll(w->nl);
	w->nl &= w->nl - 1;
	return eol;
}

/* The length of the name of the row at l, up to its first TAB, found
 * 16 bytes at a time as far as stop (the longest name of the table);
 * NO_NAME when there is none there (no name of the table). */
STEP size_t name_len(const struct line_ends *w, const char *l,
                     const char *stop)
{
	const char *p = l;
	for (;;) {
		unsigned tm = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
			_mm_loadu_si128((const __m128i *)p), w->tab16));
		if (tm)
			return (size_t)(p - l) + (size_t)__builtin_ctz(tm);
		p += 16;
		if (p > stop)
			return NO_NAME;
	}
}
#else
struct line_ends {
	const char *l;           /* the line whose end is next */
};

STEP void ends_start(struct line_ends *w, const char *l, const char *limit)
{
	(void)limit;
	w->l = l;
}

/* The end of the next line (each after the one before), by memchr;
 * NULL when there is none before the buffer's end (limit + 64 at
 * least, fast_rows). */
STEP const char *line_end(struct line_ends *w, const char *limit)
{
	const char *eol = memchr(w->l, '\n', (size_t)(limit - w->l) + 64);
	if (eol)
		w->l = eol + 1;
	return eol;
}

/* The length of the name of the row at l, up to its first TAB, found
 * two words at a time as far as stop (the longest name of the table);
 * NO_NAME when there is none there (no name of the table). */
STEP size_t name_len(const struct line_ends *w, const char *l,
                     const char *stop)
{
	const char *p = l;
	(void)w;
	for (;;) {
		uint64_t t;
		if ((t = tabs_in(load8(p))) != 0 ||
		    (t = tabs_in(load8(p += 8))) != 0)
			return (size_t)(p - l) + low_byte(t);
		p += 8;
		if (p > stop)
			return NO_NAME;
	}
}
#endif

/* The band of the row table named l[0..len) plus 1 (0: none), by a
 * probe or two of the table by the name's key and a comparison of the
 * name's middle. */
STEP uint32_t table_band(const struct row_key *keys, size_t mask,
                         const char *l, size_t len)
{
	const struct row_key *e;
	uint64_t first, last;
	name_key(l, len, &first, &last);
	for (e = &keys[key_hash(first, last, len, mask)];;
	     e = &keys[(size_t)(e - keys + 1) & mask]) {
		if (!e->band)
			return 0;
		if (e->first == first && e->last == last && e->len == len &&
		    (len <= 16 || same_middle(e->name, l, len)))
			return e->band;
	}
}

/* The value of the k digits at d (1 to 16) into *x; 0 when one is not
 * a digit.  The last min(k, 8) digits are read in one word, after
 * zeros (its low bytes are the leading digits, and zeros read as
 * digits); the first k - 8 in another, the same way. */
STEP int row_value(const char *d, size_t k, uint64_t *x)
{
	const uint64_t zeros = 0x0101010101010101ull * '0';
	uint64_t a, b;
	if (k <= 8) {
		a = (load8(d) ^ zeros) << (8 * (8 - k));
		if (nondigits(a))
			return 0;
		*x = swar8(a);
		return 1;
	}
	a = load8(d + k - 8) ^ zeros;
	b = (load8(d) ^ zeros) << (8 * (16 - k));
	if (nondigits(a) | nondigits(b))
		return 0;
	*x = swar8(a) + swar8(b) * 100000000u;
	return 1;
}

/*
 * The loop of fast_rows: the rows at q->l, while they are rows of bands
 * of the row table (table_band) not yet in the sample, "NAME TAB DIGITS
 * LF" with 1 to 16 digits.  Each costs a search for its TAB (16 bytes
 * at a time, or 8), a probe or two of the table by the name's key, a
 * comparison of the name's middle and a word or two of digits up to the
 * line's end.  The lines' ends are found first, from a mask of the
 * newlines of 64 bytes at a time (SSE2; memchr elsewhere): where the
 * next row starts is then known without waiting for this one to be
 * read, and the processor works on several rows at once (11% faster
 * than following each row's bytes to its end).  Stops at a line that
 * is not such a row (RUN_OTHER, q->l at it), at q->limit (RUN_LIMIT),
 * or when the values are full (RUN_FULL).  A function of its own whose
 * steps are inline (STEP), so that its state stays in registers.
 */
static NOINLINE int run_rows(struct row_run *q)
{
	const char *l = q->l, *const limit = q->limit;
	const struct row_key *const keys = q->keys;
	const size_t mask = q->mask, maxlen = q->maxlen;
	const uint64_t stamp = q->stamp;
	struct band_seen *const seen = q->seen;
	struct hp_bandval *const v = q->v;
	size_t n = q->n;
	const size_t cap = q->cap;
	int why, lead_zero = 0;
	struct line_ends w;
	ends_start(&w, l, limit);
	for (;;) {
		const char *d, *eol;
		uint64_t x;
		size_t len, k;
		uint32_t b;
		if (l >= limit) {
			why = RUN_LIMIT;
			break;
		}
		if (n == cap) {
			why = RUN_FULL;
			break;
		}
		if ((eol = line_end(&w, limit)) == NULL) {
			why = RUN_LIMIT;
			break;
		}
		why = RUN_OTHER;
		if ((len = name_len(&w, l, l + maxlen)) == NO_NAME ||
		    (b = table_band(keys, mask, l, len)) == 0)
			break;
		b--;
		if (seen[b].stamp == stamp)
			break; /* named twice: summed by the general path */
		/* 1 to 16 digits from the TAB to the line's end */
		d = l + len + 1;
		if (eol <= d || eol - d > 16)
			break;
		k = (size_t)(eol - d);
		if (!row_value(d, k, &x))
			break;
		if (d[0] == '0' && k > 1)
			lead_zero = 1;
		seen[b].stamp = stamp;
		seen[b].slot = n;
		v[n].band = b;
		v[n].text_off = 0;
		v[n].bytes = x;
		v[n].text_len = 0;
		n++;
		l = eol + 1;
	}
	q->l = l;
	q->n = n;
	q->lead_zero = lead_zero;
	return why;
}

#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
/* Fuzzing builds: the rows run_rows took, l[0..end), read the general
 * way (row_split, the band table), are its values v[from..to): abort
 * if not. */
static void same_as_general(struct hp_reader *r, const struct hp_bandval *v,
                            size_t from, size_t to, const char *l,
                            const char *end)
{
	size_t i;
	for (i = from; i < to; i++) {
		const char *nl = memchr(l, '\n', (size_t)(end - l));
		long n, tab;
		uint64_t bytes;
		int k;
		if (!nl)
			abort();
		n = tidy_line(l, (long)(nl - l), 0);
		tab = row_split(l, n, &bytes, &k);
		if (tab < 0 || k != 0 || bytes != v[i].bytes ||
		    hpt_intern_find(r->bands, l, (size_t)tab) != (long)v[i].band)
			abort();
		l = nl + 1;
	}
	if (l != end)
		abort();
}
#endif

/*
 * The fast path of hp_read, inside a sample: the rows of bands in the
 * row table, read from the input buffer by run_rows.  The first line
 * that is not such a row (a keyword, a new band, a CR, a longer value)
 * is handed to the general path as read ahead (r->pending), a line
 * near the end of the buffer left unread.  The general path would read
 * a row taken here in the same way (the band's name is all before the
 * last TAB, and only digits follow its first), but for the value's
 * text, not kept here (text_len 0): these rows are most often written
 * as the block they are (hp.h, rows), and a value without leading
 * zeros is written as its text anyway.
 */
static int fast_rows(struct hp_reader *r, struct hp_sample *s)
{
	struct hpt_input *in = r->in;
	const char *const start = in->buf + in->start;
	const char *const end = in->buf + in->end;
	struct row_run q;
	size_t n0 = s->n;
	int why = RUN_OTHER;
	/* The rows are one block only if they are all read here, in one
	 * call (the general path takes none, nothing is read between). */
	if (r->rows_entered)
		r->rows_ok = 0;
	r->rows_entered = 1;
	r->rows_start = start;
	q.l = start;
	if (r->keys) {
		/* Room to look for the TAB of the longest name in the
		 * table (two words past it), then for 16 digits and a
		 * newline after it, and for newlines 64 bytes at a time. */
		size_t reach = r->keys_maxlen + 48 < 64 ? 64
		               : r->keys_maxlen + 48;
		q.limit = (size_t)(end - start) < reach ? start : end - reach;
		q.keys = r->keys;
		q.mask = r->keys_mask;
		q.maxlen = r->keys_maxlen;
		q.stamp = r->stamp;
		q.seen = r->seen;
		for (;;) {
			q.v = s->v;
			q.n = s->n;
			q.cap = s->cap;
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
			const char *l0 = q.l;
			size_t v0 = q.n;
#endif
			why = run_rows(&q);
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
			same_as_general(r, s->v, v0, q.n, l0, q.l);
#endif
			s->n = q.n;
			if (q.lead_zero)
				r->rows_ok = 0; /* written as a number */
			if (why != RUN_FULL)
				break;
			s->v = hpt_xgrow(s->v, &s->cap, s->n + 1,
			                 sizeof *s->v);
		}
	}
	if (why == RUN_OTHER) {
		const char *l = q.l;
		const char *nl;
		size_t bl = r->begin_len;
		if (r->have_begin && !r->bad && (size_t)(end - l) > 11 + bl &&
		    memcmp(l, "END_SAMPLE ", 11) == 0 &&
		    same_text(l + 11, r->begin_text, bl) &&
		    l[11 + bl] == '\n') {
			/* The END_SAMPLE line of the sample, with the time
			 * of its BEGIN_SAMPLE as read, as GHC writes it:
			 * what on_end does for it is to end the sample. */
			in->start = (size_t)(l + 12 + bl - in->buf);
			in->lineno += (long)(s->n - n0) + 1;
			in->last_unterminated = 0;
			end_sample(r, s);
			if (r->rows_ok) {
				s->rows = r->rows_start;
				s->rows_len = (size_t)(l - r->rows_start);
			}
			return 1;
		}
		nl = memchr(l, '\n', (size_t)(end - l));
		if (nl) {
			in->lineno++;
			r->pending = (char *)l;
			r->pending_len = tidy_line(l, (long)(nl - l),
			                           r->keep_blanks);
			r->pending_unterm = 0;
			r->rows_end = l;
			q.l = nl + 1;
		} else {
			r->rows_ok = 0;
		}
	} else {
		r->rows_ok = 0; /* RUN_LIMIT: the buffer moves on a refill */
	}
	/* the lines read, as hpt_input_line reads them: a row each */
	in->start = (size_t)(q.l - in->buf);
	in->lineno += (long)(s->n - n0);
	if (q.l != start)
		in->last_unterminated = 0;
	return 0;
}

/*
 * The BEGIN_SAMPLE line at the reader's position, if it is whole in the
 * buffer and as GHC writes it, "BEGIN_SAMPLE TIME LF" with TIME of
 * digits, '.' and ',': read it as the general path does (no row, no
 * blanks or CR to trim: on_begin's), and return 1.  Else read nothing
 * and return 0.
 */
static int fast_begin(struct hp_reader *r, struct hp_sample *s)
{
	struct hpt_input *in = r->in;
	const char *l = in->buf + in->start, *end = in->buf + in->end, *p;
	const char *words = NULL;
	int kw = 0, kf = 0;
	if (end - l < 15 || memcmp(l, "BEGIN_SAMPLE ", 13) != 0)
		return 0;
	p = l + 13;
	if (end - p >= 24) {
		/* digits, a point, digits, eight at a time (the usual time:
		 * what the loop below would pass over) */
		size_t k = digit_run(load8(p));
		p += k;
		if (k < 8 && (*p == '.' || *p == ',')) {
			int point = *p == '.';
			kw = (int)k;
			k = digit_run(load8(++p));
			p += k;
			if (point && k < 8) {
				kf = (int)k;
				words = p;
			}
		}
	}
	for (; p < end && ((unsigned)(*p - '0') <= 9 || *p == '.' ||
	                   *p == ','); p++)
		;
	if (p == l + 13 || p == end || *p != '\n')
		return 0;
	in->start = (size_t)(p + 1 - in->buf);
	in->lineno++;
	in->last_unterminated = 0;
	/* "W.F" ending where the words ended, W of 1 to 7 digits, F of 0
	 * to 7: word_time's */
	if (p != words || kw == 0)
		kw = 0;
	on_begin(r, s, l + 13, (long)(p - l - 13), 0, kw, kf);
	return 1;
}

enum hp_item hp_read(struct hp_reader *r, struct hp_sample *s)
{
	s->n = 0;
	s->digits_len = 0;
	s->rows = NULL;
	/* Following a live profile, the input may end here if the last
	 * sample was empty: perhaps GHC's final one (input.h says when
	 * it does end; after the first sample, only when its writer is
	 * seen gone: a run that ended before its first census).  Only
	 * here, before the next line: the input compares line numbers. */
	r->in->follow_may_end = r->nsamples > 0 && r->last_empty
	                        ? (r->nsamples > 1 ? 1 : 2) : 0;
	r->in->follow_end_line = r->in->lineno;
	for (;;) {
		char *l;
		const char *rest;
		long n, restlen, tab;
		int unterm, k;
		uint64_t bytes;
		if (!r->in_sample && !r->pending)
			fast_begin(r, s);
		if (r->in_sample && !r->frag_line && !r->pending &&
		    fast_rows(r, s))
			return HP_SAMPLE;
		n = next_line(r, &l, &unterm);
		if (n < 0)
			return at_end(r);
		if (l != r->rows_end)
			r->rows_ok = 0; /* not the line after the rows */
		if (n == 0) {
			/* A blank line inside a name with newlines is part
			 * of it (its blanks too; a CR before its LF goes, as
			 * from the name's other lines). */
			if (r->in_sample && r->frag_line && !unterm) {
				long m = 0;
				while (l[m] == ' ' || l[m] == '\t')
					m++;
				frag_add(r, l, m);
			}
			continue;
		}
		tab = row_split(l, n, &bytes, &k);
		if (tab >= 0) {
			r->rows_ok = 0;
			on_row(r, s, l, n, tab, bytes, k, unterm);
		}
		else if (keyword(l, n, "BEGIN_SAMPLE", &rest, &restlen))
			on_begin(r, s, rest, restlen, unterm, 0, 0);
		else if (keyword(l, n, "END_SAMPLE", &rest, &restlen)) {
			if (on_end(r, s, rest, restlen, unterm)) {
				/* END_SAMPLE right after fast_rows's rows */
				if (r->rows_ok && r->rows_end == l) {
					s->rows = r->rows_start;
					s->rows_len = (size_t)(l -
					              r->rows_start);
				}
				return HP_SAMPLE;
			}
		} else if (keyword(l, n, "MARK", &rest, &restlen)) {
			if (on_mark(r, s, rest, restlen, unterm)) {
				s->mark_len = 0; /* a .hp MARK has no text */
				return HP_MARK;
			}
		} else if ((k = header_keyword(l, n, &rest, &restlen)) >= 0 &&
		           !unterm)
			on_header(r, s, k, rest, (long)(l + n - rest));
		else if (has_nul(l, n))
			on_binary(r, unterm);
		else
			on_other(r, l, n, unterm);
	}
}

const struct hp_header *hp_reader_header(const struct hp_reader *r)
{
	return &r->hdr;
}

uint64_t hp_reader_samples(const struct hp_reader *r)
{
	return (uint64_t)r->nsamples;
}

const char *hp_reader_end_time(struct hp_reader *r)
{
	struct hp_sample t;
	if (r->last_len == 0)
		return NULL;
	if (!r->offset)
		return r->last_text;
	memset(&t, 0, sizeof t);
	set_text(&t, r->last_text, r->last_len);
	shift_time(&t, r->offset);
	free(r->end_text);
	r->end_text = t.time_text;
	return r->end_text;
}

void hp_reader_free(struct hp_reader *r)
{
	free(r->offset);
	free(r->end_text);
	header_free(&r->hdr);
	header_free(&r->run_hdr);
	free(r->seen);
	free(r->keys);
	free(r->badmsg);
	free(r->frag);
	free(r->begin_text);
	free(r->last_text);
	free(r->run_offset);
	free(r);
}
