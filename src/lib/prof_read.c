/*
 * prof_read.c: the one .prof parser (see prof.h for who writes what).
 *
 * Grammar accepted, line by line (a trailing CR is dropped from every
 * line; "cp" means a column counted in UTF-8 code points):
 *
 *   file    := pre* [tree] post* [sets]
 *   pre     := blank
 *            | TAB DATE " Time and Allocation Profiling Report" ...
 *            | TAB "  " COMMAND                 (first TAB line after it)
 *            | TAB "total time" "=" SECS "secs" "(" N "ticks @" I
 *                  ("ms" | "us" "," P "processor" ["s"]) ")"
 *            | TAB "total alloc" "=" DIGITS-WITH-COMMAS "bytes" ...
 *            | "COST CENTRE" ... (no "no." column)   flat table header;
 *                  the lines after it are skipped, not parsed
 *            | SPACES "individual" ... "inherited"
 *            | "Retainer Profiling:" ... and the TAB lines after it
 *                  (progress lines some RTS versions print with -hr)
 *   tree    := "COST CENTRE" ... "MODULE" ... ["SRC"] ... "no." ...
 *                  "entries" ... ["ticks" "bytes"]     the column header
 *              row*  up to a blank line or the end
 *   row     := SPACE{indent} LABEL MODULE [SRC] NO ENTRIES
 *                  PCT PCT PCT PCT [TICKS BYTES]
 *   sets    := "Retainer sets created during profiling:" line*
 *                  (the title alone on its line, blanks after it aside)
 *
 * Rows are read from the right: the 6 (or 8, with ticks and bytes)
 * numeric fields are peeled off the end, never found by byte offset,
 * because GHC pads by code points and lets wide fields push the rest
 * right.  Two historical gluings are repaired: entries of 11 or more
 * digits run into no. (8.0.1-8.8), and no. runs into the module name
 * (7.4-7.10); the split is placed where the column header's "no." ends.
 * The label is the first token and the module the next; SRC is the rest,
 * trimmed (it may hold spaces).  Without a SRC column the module is the
 * last token and the label everything before it (old labels may hold
 * spaces).  A row whose first token starts at or after the MODULE column
 * (SRC layouts), or that has a single token (others), has an empty label.
 *
 * The parent of a row is the nearest row above it with a smaller indent
 * (GHC 6.x indents the children of the stacks it hides, so an indent may
 * grow by more than one).  An empty label hides its indent, so it is
 * placed under the deepest row of the current path whose inherited
 * percentages can hold it, and moved deeper if the next row can only be
 * its child.
 *
 * Checks: the first bytes (JSON, eventlog, empty input), that some
 * header or tree line is recognised, that there is one root, that
 * numbers fit in 64 bits.  Malformed
 * rows and an unterminated last row are warnings and are skipped.
 */
#include "prof_read.h"

#include "alloc.h"
#include "diag.h"
#include "escape.h"
#include "num.h"
#include "sniff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum state { S_TOP, S_FLAT, S_TREE, S_AFTER, S_SETS, S_DONE };

#define SETS_TITLE "Retainer sets created during profiling:"

/* A row whose no. ran into its module (7.4-7.10): its node, and the
 * token that holds both, ending in dig digits. */
struct glued {
	uint32_t node;
	char *tok;
	size_t len, dig;
};

/* A row on the path to the last row placed: what placing the rows after
 * it takes.  Only the rows of the path are kept so (not every node: a
 * report of a million rows would spend 36 MB on it), as only they can
 * get children: an empty label is fitted under one by its percentages,
 * and a cut report is found by them (check_path). */
struct step {
	uint32_t node;
	long ind;              /* its indent, as printed */
	int32_t pct[4];        /* its percentages as printed, in tenths:
	                        * %time %alloc, individual then inherited */
	int64_t csum[2];       /* its children's inherited %time, %alloc */
	uint32_t nkids;        /* its children */
};

struct reader {
	struct prof_report *r;
	struct hpt_input *in;
	const char *file;
	enum state st;
	int seen;              /* a header or tree line was recognised */
	int title, retainer;   /* saw the title; inside -hr progress lines */
	int command_seen;      /* the command line after the title */
	int comma_warned, after_warned;
	int tab_warned;        /* a module with a TAB or CR */
	/* tree column header, in code points */
	size_t module_col, no_end;
	size_t src_col;        /* 0: no SRC column */
	long header_line;      /* line of the tree's column header */
	int blank_warned;      /* a blank line inside the tree */
	char *carry;           /* a line that is not a row, kept to join */
	size_t carry_len, carry_cap;
	long carry_line;
	int carry_parts;
	int ntail;             /* numeric fields after entries: 4 or 6 */
	long last_row_line;    /* line of the last row placed */
	size_t aligned, unaligned; /* SRC rows that line up with the
	                            * header's columns, and others */
	long tree_line;        /* line of the tree's column header, 0: none */
	long blank_line;       /* line of the last blank line in the tree */
	int retabbed;          /* a column header held a TAB, which GHC
	                        * never writes there: the report went
	                        * through unexpand or an editor */
	int lost;              /* a row was skipped (malformed) ... */
	long lost_ind;         /* ... with this indent: deeper rows after
	                        * it get a placeholder parent */
	size_t nlost;          /* rows skipped */
	unsigned char *is_mod; /* per name id: the module of a row not
	                        * glued to no. */
	size_t is_mod_cap;
	struct glued *glued;   /* the rows glued to no. (7.4-7.10) */
	size_t nglued, glued_cap;
	uint32_t *ph;          /* the placeholder nodes */
	size_t nph, ph_cap;
	char *exp;             /* a line with its TABs expanded */
	size_t exp_cap;
	/* tree building */
	struct step *path;     /* the path to the last row, root first */
	size_t sn, path_cap;
	size_t rows;           /* rows placed */
	uint32_t pending;      /* last row, an empty label placed tentatively */
	long pend_hi;          /* deepest indent it could have */
	struct step *saved;    /* the path entries it replaced */
	size_t nsaved, saved_cap;
	struct triple *tri;    /* the rows' (label, module, SRC) ids */
	size_t tri_slots, tri_count;
	int cols_bytes;        /* the row being parsed is one line of
	                        * ASCII: its code-point columns are its
	                        * byte offsets (cols_to, col_of) */
	/* The figures right of no. of the last row figures_fast read
	 * them of, the bytes s[tail_at..n) of its line (tail_len of
	 * them), where no. ends at tail_at: a row that ends in the same
	 * bytes has the same figures (most rows of a tree are all zero). */
	char *tail;
	size_t tail_len, tail_cap, tail_at;
	uint32_t tail_gen;     /* slot_gen when kept */
	uint64_t tail_entries, tail_ticks, tail_bytes;
	int32_t tail_pct[4];
	struct names_slot *slots; /* SLOTS of them, made at the first row */
	uint32_t slot_gen;     /* the column header's: a slot of another
	                        * is empty */
};

/* The names part of a row GHC wrote, s[ind..end) after its indent ind
 * (every byte up to no.), as last seen, with what names_src (or
 * names_nosrc) and names_of made of it: the same bytes at the same
 * indent under the same column header are the same names, found with
 * one comparison.  A tree repeats its rows: a cost centre called from
 * many places has the same row at the same depth under each. */
struct names_slot {
	uint64_t key;          /* span_key of the bytes and indent */
	uint32_t gen;          /* rd->slot_gen when filled; 0: empty */
	uint32_t ind, len;     /* the indent, and the bytes' length */
	uint32_t lab_e, mod_s, mod_e, src_s; /* bounds, from ind */
	uint32_t id[3];        /* names_of's ids */
	unsigned char aligned, src_less, cols_bytes;
	char *bytes;           /* the len bytes */
	size_t cap;
};

/* Slots (direct-mapped by key), and the longest names part kept: at
 * most 4096 * 256 bytes. */
#define SLOTS 4096
#define SLOT_MAX 256

/* A row's three names, as ids, kept to be found again with one lookup
 * instead of three (names_of): a cost centre's label, module and SRC
 * recur on every stack it is on. */
struct triple {
	uint32_t hash;
	uint32_t lab1;         /* label id + 1; 0: an empty slot */
	uint32_t mod, src;
};

/* At most this many triples are kept (1 MB): a report with more
 * distinct cost centres looks the others up name by name. */
#define TRIPLES_MAX 32768

/* ---- lexical helpers ---- */

/* Rows are mostly padding: GHC pads every label to the widest one, so
 * a row of a deep tree is a hundred spaces and more, and its figures
 * are short tokens between runs of spaces.  These four scans take 8
 * bytes at a time where the compiler tells the byte order (GCC, Clang):
 * in x = word ^ SP8 the bytes that are spaces are zero, and zeros(x)
 * has the high bit of exactly those bytes set; the first or last such
 * byte is found by counting zero bits.  Elsewhere, a byte at a time. */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SCAN_WORDS 1
#define LOW7 UINT64_C(0x7f7f7f7f7f7f7f7f)
#define SP8 UINT64_C(0x2020202020202020)

static uint64_t spaces_of(const char *p)
{
	uint64_t w;
	memcpy(&w, p, 8);
	return w ^ SP8;
}

/* The high bit of each zero byte of x, and of no other. */
static uint64_t zeros(uint64_t x)
{
	return ~(((x & LOW7) + LOW7) | x | LOW7);
}

/* Index (0-7, in memory order) of the first or last byte whose high
 * bit is set in m (m != 0), or of the first or last non-zero byte. */
#define FIRST(m) ((size_t)__builtin_ctzll(m) / 8)
#define LAST(m) ((size_t)(63 - __builtin_clzll(m)) / 8)
#else
#define SCAN_WORDS 0
#endif

/* The first offset in s[i..n) that is not a space, or n. */
static inline size_t skip_sp(const char *s, size_t i, size_t n)
{
#if SCAN_WORDS
	for (; i + 8 <= n; i += 8) {
		uint64_t x = spaces_of(s + i);
		if (x)
			return i + FIRST(x);
	}
#endif
	while (i < n && s[i] == ' ')
		i++;
	return i;
}

/* The end of s[lo..e) without its trailing spaces. */
static inline size_t trim_sp(const char *s, size_t lo, size_t e)
{
#if SCAN_WORDS
	for (; e >= lo + 8; e -= 8) {
		uint64_t x = spaces_of(s + e - 8);
		if (x)
			return e - 8 + LAST(x) + 1;
	}
#endif
	while (e > lo && s[e - 1] == ' ')
		e--;
	return e;
}

/* The start of the token (no space) that ends at e, no lower than lo. */
static inline size_t tok_start(const char *s, size_t lo, size_t e)
{
#if SCAN_WORDS
	for (; e >= lo + 8; e -= 8) {
		uint64_t z = zeros(spaces_of(s + e - 8));
		if (z)
			return e - 8 + LAST(z) + 1;
	}
#endif
	while (e > lo && s[e - 1] != ' ')
		e--;
	return e;
}

/* The end of the token (no space) that starts at i, at most n. */
static inline size_t tok_end(const char *s, size_t i, size_t n)
{
#if SCAN_WORDS
	for (; i + 8 <= n; i += 8) {
		uint64_t z = zeros(spaces_of(s + i));
		if (z)
			return i + FIRST(z);
	}
#endif
	while (i < n && s[i] != ' ')
		i++;
	return i;
}

/* Does s[0..n) start with p?  The first byte is tested first: most
 * lines are tested against several prefixes, and most differ there. */
static inline int starts(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);
	return n >= k && (k == 0 || s[0] == p[0]) && memcmp(s, p, k) == 0;
}

/* Offset of the word w (bounded by spaces or the line ends) in s[0..n),
 * from offset from; -1 if absent. */
static long find_word(const char *s, size_t n, size_t from, const char *w)
{
	size_t k = strlen(w), i;
	for (i = from; i + k <= n; i++)
		if (memcmp(s + i, w, k) == 0 && (i == 0 || s[i - 1] == ' ') &&
		    (i + k == n || s[i + k] == ' '))
			return (long)i;
	return -1;
}

/* The last space-separated token in s[lo..*end): sets *ts and *end to
 * its bounds; returns 0 if there is none. */
static inline int last_tok(const char *s, size_t lo, size_t *ts, size_t *end)
{
	size_t e = trim_sp(s, lo, *end);
	if (e == lo)
		return 0;
	*ts = tok_start(s, lo, e);
	*end = e;
	return 1;
}

static void u64_or_die(struct reader *rd, const char *s, size_t n,
                       uint64_t *v)
{
	int e = hpt_parse_u64(s, n, v);
	if (e == -2)
		hpt_data_error(rd->file, rd->in->lineno,
		               "number out of range \"%s\"",
		               hpt_quote(0, s, n));
}

/* s[0..n) as a count, for the fields of every row, inline: -1 if it is
 * not all digits (or empty); 0 with *v set if it has up to 19 digits
 * (which cannot overflow); 1 if it has more, *v not set: the caller
 * parses it with u64_or_die then, which reports a value out of range,
 * at the point where it did before this fast path. */
static inline int small_count(const char *s, size_t n, uint64_t *v)
{
	uint64_t x = 0;
	size_t i;
	if (n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		unsigned d = (unsigned)(unsigned char)s[i] - '0';
		if (d > 9)
			return -1;
		x = x * 10 + d;
	}
	if (n >= 20)
		return 1;
	*v = x;
	return 0;
}

/* The most whole digits of a percentage that prof_write writes: a
 * 64-bit count of bytes or ticks against a total of 1, 1.8e21 %. */
#define PCT_DIGITS 22

/* A printed percentage ("%5.1f") into tenths; -1 if it is not one.  In
 * an exact report (ticks and bytes) the percentages only place empty
 * labels and check the path, its figures being the ticks and bytes, so
 * one above what 32 bits of tenths hold (a header total far below the
 * tree's, whose percentages prof_write recomputes so) is read as
 * 214748364.7; in a -p report it is the figure, and such a value is an
 * error, as one of more digits than prof_write writes is in both
 * (exit 2). */
static int parse_pct(struct reader *rd, const char *s, size_t n,
                     int32_t *tenths)
{
	size_t i = 0, dig = 0;
	uint64_t w = 0;
	int frac = 0, round = 0;
	/* What GHC prints ("%5.1f": 0.0 to 100.0, more in a -p report's
	 * odd totals) is taken at once; anything else (a decimal comma,
	 * more decimals, bad bytes) goes the byte-by-byte way below. */
	if (n >= 3 && n <= 5 && s[n - 2] == '.') {
		unsigned d0 = (unsigned)(unsigned char)s[0] - '0';
		unsigned d1 = (unsigned)(unsigned char)s[1] - '0';
		unsigned d2 = (unsigned)(unsigned char)s[2] - '0';
		unsigned dl = (unsigned)(unsigned char)s[n - 1] - '0';
		if (n == 3 && d0 <= 9 && dl <= 9) {
			*tenths = (int32_t)(d0 * 10 + dl);
			return 0;
		}
		if (n == 4 && d0 <= 9 && d1 <= 9 && dl <= 9) {
			*tenths = (int32_t)(d0 * 100 + d1 * 10 + dl);
			return 0;
		}
		if (n == 5 && d0 <= 9 && d1 <= 9 && d2 <= 9 && dl <= 9) {
			*tenths = (int32_t)(d0 * 1000 + d1 * 100 + d2 * 10 +
			                    dl);
			return 0;
		}
	}
	while (i < n && s[i] >= '0' && s[i] <= '9') {
		/* past INT32_MAX tenths the value is no longer kept */
		if (w <= INT32_MAX)
			w = w * 10 + (uint64_t)(s[i] - '0');
		dig += dig || s[i] != '0';
		i++;
	}
	if (i == 0)
		return -1;
	if (i < n) {
		if (s[i] == ',') {
			if (!rd->comma_warned++)
				hpt_data_warn(rd->file, rd->in->lineno,
				              "decimal comma in \"%s\" read as "
				              "a point",
				              hpt_quote(0, s, n));
		} else if (s[i] != '.') {
			return -1;
		}
		i++;
		if (i == n || s[i] < '0' || s[i] > '9')
			return -1;
		frac = s[i++] - '0';
		if (i < n && s[i] >= '0' && s[i] <= '9')
			round = s[i] >= '5';
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
		if (i != n)
			return -1;
	}
	w = w * 10 + (uint64_t)frac + (uint64_t)round;
	if (dig > PCT_DIGITS || (w > INT32_MAX && !rd->r->exact))
		hpt_data_error(rd->file, rd->in->lineno,
		               "number out of range \"%s\"",
		               hpt_quote(0, s, n));
	*tenths = w > INT32_MAX ? INT32_MAX : (int32_t)w;
	return 0;
}

/* ---- header lines ---- */

static char *trimdup(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return hpt_xmemdup(s, n);
}

/* "total time  =        0.33 secs   (328 ticks @ 1000 us, 1 processor)" */
static int parse_total_time(struct reader *rd, const char *s, size_t n)
{
	struct prof_report *r = rd->r;
	const char *eq = memchr(s, '=', n), *p, *e = s + n, *q;
	uint64_t v, ticks;
	unsigned interval, procs = 0;
	const char *unit;
	char *secs;
	if (!eq)
		return -1;
	p = eq + 1;
	while (p < e && *p == ' ')
		p++;
	q = p;
	while (q < e && *q != ' ')
		q++;
	if (q == p)
		return -1;
	if (q - p == 7 && memcmp(p, "unknown", 7) == 0)
		return 1; /* written by prof_write for a report without one */
	/* seconds as %11.2f writes them (digits [. digits]): anything
	 * else is not kept, since every writer copies this text (the JSON
	 * number "total_time" among them) */
	{
		const char *d = p;
		size_t dot = 0;
		while (d < q && *d >= '0' && *d <= '9')
			d++;
		if (d == p)
			return -1;
		if (d < q && (*d == '.' || *d == ',')) {
			dot = (size_t)(d - p);
			for (d++; d < q && *d >= '0' && *d <= '9'; d++)
				;
			if (d == p + dot + 1)
				return -1;
		}
		if (d != q)
			return -1;
		secs = hpt_xmemdup(p, (size_t)(q - p));
		if (dot && p[dot] == ',') {
			if (!rd->comma_warned++)
				hpt_data_warn(rd->file, rd->in->lineno,
				              "decimal comma in \"%s\" read as "
				              "a point",
				              hpt_quote(0, p, (size_t)(q - p)));
			secs[dot] = '.';
		}
	}
	/* the rest of the line, into r only if all of it is understood */
	p = memchr(q, '(', (size_t)(e - q));
	if (!p)
		goto fail;
	p++;
	for (q = p; q < e && *q >= '0' && *q <= '9'; q++)
		;
	if (hpt_parse_u64(p, (size_t)(q - p), &v))
		goto fail;
	ticks = v;
	if (!starts(q, (size_t)(e - q), " ticks @ "))
		goto fail;
	p = q + 9;
	for (q = p; q < e && *q >= '0' && *q <= '9'; q++)
		;
	if (hpt_parse_u64(p, (size_t)(q - p), &v) || v > 1000000000)
		goto fail;
	interval = (unsigned)v;
	if (starts(q, (size_t)(e - q), " ms)")) {
		unit = "ms";
	} else if (starts(q, (size_t)(e - q), " us, ")) {
		unit = "us";
		p = q + 5;
		for (q = p; q < e && *q >= '0' && *q <= '9'; q++)
			;
		/* no GHC writes 0 processors (the time is divided by it) */
		if (hpt_parse_u64(p, (size_t)(q - p), &v) || v == 0 ||
		    v > 1000000)
			goto fail;
		procs = (unsigned)v;
		if (!starts(q, (size_t)(e - q), " processor"))
			goto fail;
	} else {
		goto fail;
	}
	free(r->total_secs);
	r->total_secs = secs;
	r->total_ticks = ticks;
	r->tick_interval = interval;
	memcpy(r->tick_unit, unit, 3);
	r->processors = procs; /* a second line replaces all of the first */
	r->has_time = 1;
	return 0;
fail:
	free(secs);
	return -1;
}

/* Does s[0..n) hold the text w? */
static int find_text(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w), i;
	for (i = 0; i + k <= n; i++)
		if (memcmp(s + i, w, k) == 0)
			return 1;
	return 0;
}

/* "total alloc = 397,275,224 bytes  (excludes profiling overheads)" */
static int parse_total_alloc(struct reader *rd, const char *s, size_t n)
{
	const char *eq = memchr(s, '=', n), *p, *e = s + n;
	uint64_t v = 0;
	int digits = 0;
	if (!eq)
		return -1;
	for (p = eq + 1; p < e && *p == ' '; p++)
		;
	if (starts(p, (size_t)(e - p), "unknown bytes")) {
		/* written by prof_write for a report without one; "(not in
		 * an eventlog; N ticks of the RTS's own stacks left out)"
		 * for an eventlog's time profile, which it is again */
		static const char ev[] = "(not in an eventlog; ";
		const char *q = p;
		uint64_t t = 0;
		while (q + sizeof ev - 1 <= e &&
		       memcmp(q, ev, sizeof ev - 1) != 0)
			q++;
		if (q + sizeof ev - 1 <= e) {
			for (q += 21; q < e && *q >= '0' && *q <= '9'; q++) {
				if (t > (UINT64_MAX - 9) / 10)
					return 1;
				t = t * 10 + (uint64_t)(*q - '0');
			}
			if (starts(q, (size_t)(e - q), " ticks of the RTS's")) {
				rd->r->eventlog = 1;
				rd->r->rts_ticks = t;
			}
		}
		return 1;
	}
	for (; p < e && ((*p >= '0' && *p <= '9') || *p == ','); p++) {
		unsigned d;
		if (*p == ',')
			continue;
		d = (unsigned)(*p - '0');
		if (v > (UINT64_MAX - d) / 10)
			hpt_data_error(rd->file, rd->in->lineno,
			               "number out of range \"%s\"",
			               hpt_quote(0, eq + 1,
			                         (size_t)(e - eq - 1)));
		v = v * 10 + d;
		digits++;
	}
	if (!digits || !starts(p, (size_t)(e - p), " bytes"))
		return -1;
	/* the sum of the tree (prof_write, for a report without a
	 * header): not a total of the run; the tree gives it again */
	if (find_text(p, (size_t)(e - p), "(sum of the tree"))
		return 1;
	rd->r->total_alloc = v;
	rd->r->has_alloc = 1;
	return 0;
}

static int is_tree_header(const char *s, size_t n)
{
	return starts(s, n, "COST CENTRE") && find_word(s, n, 0, "no.") > 0 &&
	       find_word(s, n, 0, "entries") > 0;
}

static void tree_header(struct reader *rd, const char *s, size_t n)
{
	long m = find_word(s, n, 11, "MODULE"), no = find_word(s, n, 0, "no.");
	long src = find_word(s, n, 11, "SRC");
	struct prof_report *r = rd->r;
	if (m < 0)
		hpt_data_error(rd->file, rd->in->lineno,
		               "no MODULE column in \"%s\"", hpt_quote(0, s, n));
	rd->module_col = hpt_cps(s, (size_t)m);
	rd->src_col = src > m && src < no ? hpt_cps(s, (size_t)src) : 0;
	rd->header_line = rd->in->lineno;
	rd->no_end = hpt_cps(s, (size_t)no + 3);
	r->has_src = src > m && src < no;
	r->exact = find_word(s, n, 0, "ticks") > no &&
	           find_word(s, n, 0, "bytes") > no;
	rd->ntail = r->exact ? 6 : 4;
	rd->slot_gen++; /* the names parts seen are read anew */
	rd->st = S_TREE;
	rd->seen = 1;
}

/* ---- tree rows ---- */

/* Could a row with percentages xpct be a child of the path's row p,
 * given the children p already has?  Rounding to 0.1 allows half a
 * tenth for every figure involved. */
static int fits(const struct step *p, const int32_t *xpct)
{
	int w;
	for (w = 0; w < 2; w++) {
		int64_t need = p->pct[w] + p->csum[w] + xpct[2 + w];
		if (2 * (int64_t)p->pct[2 + w] + (int64_t)p->nkids + 2 <
		    2 * need)
			return 0;
	}
	return 1;
}

/* Make node x (percentages xpct) a child of the path's row p (NULL: a
 * root). */
static void attach(struct reader *rd, uint32_t x, struct step *p,
                   const int32_t *xpct)
{
	struct prof_report *r = rd->r;
	r->parent[x] = p ? p->node : PROF_NONE;
	r->depth[x] = p ? r->depth[p->node] + 1 : 0;
	if (p) {
		p->csum[0] += xpct[2];
		p->csum[1] += xpct[3];
		p->nkids++;
	}
}

/* Undo attach(x, p, xpct). */
static void detach(struct step *p, const int32_t *xpct)
{
	p->csum[0] -= xpct[2];
	p->csum[1] -= xpct[3];
	p->nkids--;
}

/* Put node x (indent ind, percentages pct, no children yet) at the end
 * of the path. */
static void push(struct reader *rd, uint32_t x, long ind, const int32_t *pct)
{
	struct step *t;
	if (rd->sn == rd->path_cap)
		rd->path = hpt_xgrow(rd->path, &rd->path_cap, rd->sn + 1,
		                     sizeof *rd->path);
	t = &rd->path[rd->sn++];
	t->node = x;
	t->ind = ind;
	memcpy(t->pct, pct, sizeof t->pct);
	t->csum[0] = t->csum[1] = 0;
	t->nkids = 0;
}

/* Place node x, indented by ind, under the nearest row above it with a
 * smaller indent.  GHC 6.x skips hidden stacks but still indents their
 * children, so an indent may grow by more than one. */
static void place(struct reader *rd, uint32_t x, long ind,
                  const int32_t *pct, const char *s, size_t n)
{
	while (rd->sn > 0 && rd->path[rd->sn - 1].ind >= ind)
		rd->sn--;
	if (rd->sn == 0 && rd->rows > 0)
		hpt_data_error(rd->file, rd->in->lineno,
		               "second root row \"%s\"", hpt_quote(0, s, n));
	attach(rd, x, rd->sn ? &rd->path[rd->sn - 1] : NULL, pct);
	push(rd, x, ind, pct);
	rd->rows++;
}

/* A row with a label and indent ind follows a pending empty label: if
 * the empty label was placed too high for this row to be its child
 * while a deeper place was possible, move it there first. */
static void settle(struct reader *rd, long ind)
{
	uint32_t x = rd->pending;
	struct step t;
	long e;
	size_t k;
	if (x == PROF_NONE)
		return;
	rd->pending = PROF_NONE;
	e = rd->path[rd->sn - 1].ind;
	if (ind <= e + 1 || ind - 1 > rd->pend_hi)
		return; /* consistent, or no place could make it so */
	/* x is the last of the path (it has no children yet), its
	 * parent the one before */
	t = rd->path[--rd->sn];
	detach(&rd->path[rd->sn - 1], t.pct);
	for (k = 0; k < rd->nsaved; k++) {
		if (rd->sn == rd->path_cap)
			rd->path = hpt_xgrow(rd->path, &rd->path_cap,
			                     rd->sn + 1, sizeof *rd->path);
		rd->path[rd->sn++] = rd->saved[k];
	}
	while (rd->sn > 0 && rd->path[rd->sn - 1].ind >= ind - 1)
		rd->sn--;
	attach(rd, x, &rd->path[rd->sn - 1], t.pct);
	push(rd, x, ind - 1, t.pct);
}

/* An empty label (node x, percentages pct): under the deepest row of
 * the current path whose inherited percentages can hold it; remember
 * the rows passed over. */
static void place_empty(struct reader *rd, uint32_t x, const int32_t *pct,
                        const char *s, size_t n)
{
	size_t j, k;
	if (rd->rows == 0) {
		place(rd, x, 0, pct, s, n);
		return;
	}
	rd->pend_hi = rd->path[rd->sn - 1].ind + 1;
	for (j = rd->sn - 1; j > 0; j--)
		if (fits(&rd->path[j], pct))
			break;
	rd->nsaved = 0;
	for (k = j + 1; k < rd->sn; k++) {
		rd->saved = hpt_xgrow(rd->saved, &rd->saved_cap, rd->nsaved + 1,
		                      sizeof *rd->saved);
		rd->saved[rd->nsaved++] = rd->path[k];
	}
	rd->sn = j + 1;
	attach(rd, x, &rd->path[j], pct);
	push(rd, x, rd->path[j].ind + 1, pct);
	rd->rows++;
	rd->pending = x;
}

/* One tree row, parsed but not yet in the tree: the bounds of its names
 * in the line, and its figures. */
struct row {
	long ind;                /* indent: the row's depth, as printed */
	int empty;               /* empty label */
	int aligned;             /* SRC layout: module and SRC at the
	                          * header's columns */
	int src_less;            /* not aligned, but the module is at
	                          * the header's column with no SRC after
	                          * it (an empty SRC, or a label's rest) */
	size_t lab_s, lab_e, mod_s, mod_e, src_s, src_e;
	uint64_t no, entries;
	int32_t pct[4];          /* %time %alloc, individual then
	                          * inherited, in tenths */
	uint64_t ticks, bytes;   /* exact reports only */
	/* 7.4-7.10: no. glued to the module, the token s[glue_s..glue_e)
	 * ending in glue_dig digits; 0: not glued */
	size_t glue_s, glue_e, glue_dig;
	int have_ids;            /* id[] holds names_of's ids (a slot's) */
	uint32_t id[3];
	struct names_slot *slot; /* the slot to fill once the ids are
	                          * known (add_row), or NULL */
	uint64_t key;            /* its key */
};

/* Is s[0..n) all ASCII (no byte with its high bit set)?  Word-wise:
 * the OR of all the words has a high bit set when some byte has. */
static int ascii_only(const char *s, size_t n)
{
	uint64_t acc = 0, x, y;
	size_t i = 0;
	for (; i + 16 <= n; i += 16) {
		memcpy(&x, s + i, 8);
		memcpy(&y, s + i + 8, 8);
		acc |= x | y;
	}
	for (; i + 8 <= n; i += 8) {
		memcpy(&x, s + i, 8);
		acc |= x;
	}
	if (n >= 8) {
		memcpy(&x, s + n - 8, 8);
		acc |= x;
	} else {
		for (; i < n; i++)
			acc |= (unsigned char)s[i];
	}
	return (acc & UINT64_C(0x8080808080808080)) == 0;
}

/* The code points in s[0..p).  On a row of one line of ASCII
 * (rd->cols_bytes, the common case: every row GHC writes for names
 * without accents) that is p; otherwise they are counted. */
static inline size_t cols_to(const struct reader *rd, const char *s,
                             size_t p)
{
	return rd->cols_bytes ? p : hpt_cps(s, p);
}

/* The code-point column of s[p], counted from the start of its line
 * (a joined row holds newlines; on a row of one line of ASCII it is
 * p). */
static size_t col_of(const struct reader *rd, const char *s, size_t p)
{
	size_t b = p;
	if (rd->cols_bytes)
		return p;
	while (b > 0 && s[b - 1] != '\n')
		b--;
	return hpt_cps(s + b, p - b);
}

/* The figures after entries (4 percentages, then ticks and bytes in
 * exact reports), peeled off the right of s[ind..*end); *end becomes
 * the end of what is left.  -1: not a row. */
static int peel_figures(struct reader *rd, const char *s, size_t ind,
                        size_t *end, struct row *w)
{
	size_t tok_s[6], tok_e[6], ts = 0;
	uint64_t tail[2] = {0, 0};
	int k;
	for (k = rd->ntail - 1; k >= 0; k--) {
		if (!last_tok(s, ind, &ts, end))
			return -1;
		tok_s[k] = ts;
		tok_e[k] = *end;
		*end = ts;
	}
	for (k = 0; k < 4; k++)
		if (parse_pct(rd, s + tok_s[k], tok_e[k] - tok_s[k],
		              &w->pct[k]))
			return -1;
	for (k = 4; k < rd->ntail; k++) {
		int e = small_count(s + tok_s[k], tok_e[k] - tok_s[k],
		                    &tail[k - 4]);
		if (e < 0)
			return -1;
		if (e)
			u64_or_die(rd, s + tok_s[k], tok_e[k] - tok_s[k],
			           &tail[k - 4]);
	}
	w->ticks = tail[0];
	w->bytes = tail[1];
	return 0;
}

/* no. and entries, peeled off the right of s[ind..*end), with the two
 * historical gluings repaired; *end becomes the end of the names.
 * -1: not a row. */
static int peel_counts(struct reader *rd, const char *s, size_t ind,
                       size_t *end, struct row *w)
{
	size_t ts = 0, te, ps, pe;
	int ke, kp;
	if (!last_tok(s, ind, &ts, end))
		return -1;
	te = *end;
	if ((ke = small_count(s + ts, te - ts, &w->entries)) < 0)
		return -1;
	*end = ts;
	if (!last_tok(s, ind, &ps, end))
		return -1;
	pe = *end;
	if ((kp = small_count(s + ps, pe - ps, &w->no)) >= 0) {
		if (ke)
			u64_or_die(rd, s + ts, te - ts, &w->entries);
		if (kp)
			u64_or_die(rd, s + ps, pe - ps, &w->no);
		*end = ps;
	} else if (te - ts >= 12) {
		/* 8.0.1-8.8: entries of 11+ digits glued to no.; no. ends
		 * where the header's "no." ends. */
		size_t col = cols_to(rd, s, ts), k2;
		k2 = rd->no_end > col ? rd->no_end - col : 0;
		if (k2 == 0 || k2 >= te - ts)
			k2 = te - ts - 11;
		u64_or_die(rd, s + ts, k2, &w->no);
		u64_or_die(rd, s + ts + k2, te - ts - k2, &w->entries);
		*end = ts;
	} else {
		/* 7.4-7.10: no. glued to the module: "Data.Map123456". */
		size_t dig = 0, col, k2;
		while (dig < pe - ps - 1 && s[pe - 1 - dig] >= '0' &&
		       s[pe - 1 - dig] <= '9')
			dig++;
		if (dig == 0)
			return -1;
		col = cols_to(rd, s, pe);
		k2 = dig;
		if (col == rd->no_end && rd->no_end >= 6) {
			/* the module column ended 6 before "no." ended */
			size_t mod_end = rd->no_end - 6;
			size_t c2 = cols_to(rd, s, ps);
			if (mod_end > c2 && mod_end - c2 < pe - ps &&
			    pe - ps - (mod_end - c2) <= dig)
				k2 = pe - ps - (mod_end - c2);
		}
		u64_or_die(rd, s + ts, te - ts, &w->entries);
		u64_or_die(rd, s + pe - k2, k2, &w->no);
		*end = pe - k2;
		w->glue_s = ps;
		w->glue_e = pe;
		w->glue_dig = dig;
	}
	return 0;
}

/*
 * The fast path for the figures, entries and no. of a row (parse_row),
 * where words are read (GCC, Clang, little-endian): each field is read
 * from its last byte leftwards, eight bytes at a time; a count's digits
 * are found in one word by a test of all eight bytes and turned into
 * its value by three multiplications, the common one-digit count and
 * "d.d" percentage by a compare.  It takes only what GHC writes: counts
 * of 1 to 16 digits and percentages of 1 to 6 digits, a point and a
 * digit, each after a space, the first (no.) after the indent, the
 * rows long enough for words (every field ends at byte 16 or later).
 * Anything else (a decimal comma, a glued no., more digits) sends the
 * row the general way (peel_figures, peel_counts), which reads it and
 * says what is wrong, just as if this were not here.
 */
#if SCAN_WORDS
#define DIGITS0 UINT64_C(0x3030303030303030)
#define HIGH8 UINT64_C(0x8080808080808080)

/* The 8 bytes that end at s + e (e >= 8), s[e - 1] the highest. */
static inline uint64_t word_before(const char *s, size_t e)
{
	uint64_t w;
	memcpy(&w, s + e - 8, 8);
	return w;
}

/* The high bit of each byte of w that is not a decimal digit (in
 * x = w ^ "00000000" a digit byte is 0-9; adding 0x76 to its low 7
 * bits sets the high bit from 10 on, with no carry between bytes). */
static inline uint64_t non_digits(uint64_t w)
{
	uint64_t x = w ^ DIGITS0;
	return (((x & LOW7) + UINT64_C(0x7676767676767676)) | x) & HIGH8;
}

/* The number in x: 8 digit values 0-9, the first (highest) in the
 * lowest byte, leading zeros as 0; pairs, then fours, then all. */
static inline uint64_t eight_digits(uint64_t x)
{
	const uint64_t mask = UINT64_C(0x000000FF000000FF);
	x = x * 10 + (x >> 8);
	return ((x & mask) * UINT64_C(0x000F424000000064) +
	        ((x >> 16) & mask) * UINT64_C(0x0000271000000001)) >> 32;
}

/* The count whose last digit is s[e - 1] (e >= 16): 1 to 16 digits
 * after a space.  Returns its start, with *v its value; 0 if it is no
 * such count. */
__attribute__((always_inline))
static inline size_t count_back(const char *s, size_t e, uint64_t *v)
{
	uint64_t w = word_before(s, e), nd, hi = 0;
	unsigned d = (unsigned)(w >> 56) - '0';
	size_t len;
	if (d > 9)
		return 0; /* the last byte is no digit */
	if ((w >> 48 & 0xFF) == ' ') {
		*v = d; /* one digit */
		return e - 1;
	}
	nd = non_digits(w);
	if (nd) {
		/* len digits, after a byte that must be a space */
		len = (size_t)__builtin_clzll(nd) / 8;
		if ((w >> (56 - 8 * len) & 0xFF) != ' ')
			return 0;
		*v = eight_digits((w ^ DIGITS0) & (~UINT64_C(0) << (64 - 8 * len)));
		return e - len;
	}
	/* 8 digits in w, then up to 8 more */
	w ^= DIGITS0;
	{
		uint64_t w2 = word_before(s, e - 8), nd2 = non_digits(w2);
		if (!nd2)
			return 0;
		len = (size_t)__builtin_clzll(nd2) / 8;
		if ((w2 >> (56 - 8 * len) & 0xFF) != ' ')
			return 0;
		if (len)
			hi = eight_digits((w2 ^ DIGITS0) &
			                  (~UINT64_C(0) << (64 - 8 * len)));
	}
	*v = hi * 100000000 + eight_digits(w);
	return e - 8 - len;
}

/* The percentage whose tenths digit is s[e - 1] (e >= 16): "d.d" (the
 * common case, tested at once) or 1 to 6 digits, a point and a digit,
 * after a space.  Returns its start, with *tenths its value; 0 if it
 * is no such percentage. */
static inline size_t pct_back(const char *s, size_t e, int32_t *tenths)
{
	uint64_t w = word_before(s, e), u;
	unsigned d = (unsigned)(w >> 56) - '0', units;
	size_t ts;
	if (d > 9 || (w >> 48 & 0xFF) != '.')
		return 0;
	units = (unsigned)(w >> 40 & 0xFF) - '0';
	if ((w >> 32 & 0xFF) == ' ' && units <= 9) {
		*tenths = (int32_t)(units * 10 + d);
		return e - 3;
	}
	if (!(ts = count_back(s, e - 2, &u)) || u > 999999)
		return 0;
	*tenths = (int32_t)(u * 10 + d);
	return ts;
}

/* The fast path (above) for s[ind..n): 0 with w's figures, entries and
 * no. set and *end the start of no.; -1: take the general way. */
static int figures_fast(struct reader *rd, const char *s, size_t n,
                        size_t ind, size_t *end, struct row *w)
{
	size_t e, ts;
	uint64_t ticks = 0, bytes = 0;
	int k;
	if (rd->tail_gen == rd->slot_gen && rd->tail_at >= 16 &&
	    n == rd->tail_at + rd->tail_len &&
	    memcmp(s + rd->tail_at, rd->tail, rd->tail_len) == 0 &&
	    (ts = count_back(s, rd->tail_at, &w->no)) != 0 && ts > ind) {
		/* the figures of the row before: the tail starts with a
		 * space, no. ends where it starts */
		w->entries = rd->tail_entries;
		memcpy(w->pct, rd->tail_pct, sizeof w->pct);
		w->ticks = rd->tail_ticks;
		w->bytes = rd->tail_bytes;
		*end = ts;
		return 0;
	}
	e = trim_sp(s, 0, n);
	if (rd->ntail == 6) {
		if (e < 16 || !(ts = count_back(s, e, &bytes)))
			return -1;
		e = trim_sp(s, 0, ts);
		if (e < 16 || !(ts = count_back(s, e, &ticks)))
			return -1;
		e = trim_sp(s, 0, ts);
	} else if (rd->ntail != 4) {
		return -1;
	}
	for (k = 3; k >= 0; k--) {
		if (e < 16 || !(ts = pct_back(s, e, &w->pct[k])))
			return -1;
		e = trim_sp(s, 0, ts);
	}
	if (e < 16 || !(ts = count_back(s, e, &w->entries)))
		return -1;
	e = trim_sp(s, 0, ts);
	if (e < 16 || !(ts = count_back(s, e, &w->no)) || ts <= ind)
		return -1;
	w->ticks = ticks;
	w->bytes = bytes;
	*end = ts;
	/* kept for the next row */
	rd->tail_len = n - e;
	if (rd->tail_len > rd->tail_cap) {
		rd->tail_cap = rd->tail_len;
		rd->tail = hpt_xrealloc(rd->tail, rd->tail_cap);
	}
	memcpy(rd->tail, s + e, rd->tail_len);
	rd->tail_at = e;
	rd->tail_gen = rd->slot_gen;
	rd->tail_entries = w->entries;
	memcpy(rd->tail_pct, w->pct, sizeof rd->tail_pct);
	rd->tail_ticks = ticks;
	rd->tail_bytes = bytes;
	return 0;
}
#else
static int figures_fast(struct reader *rd, const char *s, size_t n,
                        size_t ind, size_t *end, struct row *w)
{
	(void)rd, (void)s, (void)n, (void)ind, (void)end, (void)w;
	return -1;
}
#endif

/* A row that does not line up with the header, because its label grew
 * on the way (a TAB in it expanded by expand(1) or an editor), still
 * keeps GHC's padding after the label: its module is the first token,
 * after the label's first, whose SRC starts as far from it as the
 * header's SRC column from its MODULE column.  The start of that
 * module in s[ind..end), or 0 when no token is so; then *lab_e is the
 * end of the token before it (the end of the label), *mod_e the end of
 * the module and *src_s the start of what follows it. */
static size_t shifted_module(const struct reader *rd, const char *s,
                             size_t ind, size_t end, size_t *lab_e,
                             size_t *mod_e, size_t *src_s)
{
	size_t t = ind, m, me, a, dist = rd->src_col - rd->module_col;
	if (rd->src_col <= rd->module_col)
		return 0;
	t = tok_end(s, t, end);
	for (;;) {
		m = skip_sp(s, t, end);
		me = tok_end(s, m, end);
		a = skip_sp(s, me, end);
		if (a >= end)
			return 0;
		if (col_of(rd, s, a) - col_of(rd, s, m) == dist) {
			*lab_e = t;
			*mod_e = me;
			*src_s = a;
			return m;
		}
		t = me;
	}
}

/* Label, module and SRC of a SRC layout in s[ind..end).  GHC pads the
 * label column past every indent, so the module starts at the header's
 * MODULE column and the SRC at its SRC column.  When the row lines up
 * so, the label is everything before the module (it may hold spaces, or
 * be empty); otherwise (a hand-made header) it is the first token.
 * Each bound is scanned for once.  -1: not a row. */
static int names_src(struct reader *rd, const char *s, size_t ind,
                     size_t end, struct row *w)
{
	size_t p = ind, c = col_of(rd, s, ind), me = 0, a = 0;
	if (rd->cols_bytes && c < rd->module_col) {
		/* a byte is a code point: go straight to the column */
		p = rd->module_col < end ? rd->module_col : end;
		c = p;
	}
	/* a byte that continues no code point (one after an ASCII byte)
	 * counts no column, as in the writers' padding, and may start the
	 * module */
	while (p < end && c < rd->module_col) {
		c += ((unsigned char)s[p] & 0xC0) != 0x80;
		p++;
		while (p < end && ((unsigned char)s[p] & 0xC0) == 0x80 &&
		       ((unsigned char)s[p - 1] & 0x80))
			p++;
	}
	w->aligned = w->src_less = 0;
	if (p < end && c == rd->module_col && s[p] != ' ' &&
	    (p == ind || s[p - 1] == ' ')) {
		me = tok_end(s, p, end);
		a = skip_sp(s, me, end);
		/* a SRC at its column; an empty label may lack one.  The
		 * columns of a joined row run on across its line breaks
		 * (one column each), as GHC pads a label by its whole
		 * width: such a row lines up so too. */
		w->aligned = a < end ? (rd->cols_bytes ? a : c +
		                        hpt_cps(s + p, a - p)) == rd->src_col
		                     : p == ind;
		w->src_less = a >= end && !w->aligned;
	}
	w->lab_s = ind;
	if (w->aligned) {
		/* the module starts at p (not a space) */
		w->lab_e = trim_sp(s, ind, p);
		w->mod_s = p;
		w->mod_e = me;
		w->src_s = a;
	} else if ((p = shifted_module(rd, s, ind, end, &w->lab_e, &me,
	                               &a)) != 0) {
		w->mod_s = p;
		w->mod_e = me;
		w->src_s = a;
	} else {
		w->lab_e = tok_end(s, ind, end);
		w->mod_s = skip_sp(s, w->lab_e, end);
		w->mod_e = tok_end(s, w->mod_s, end);
		w->src_s = skip_sp(s, w->mod_e, end);
	}
	if (w->mod_e == w->mod_s)
		return -1;
	w->src_e = end;
	return 0;
}

/* Label and module without a SRC column: the module is the last token,
 * the label everything before it (old labels may hold spaces). */
static int names_nosrc(const char *s, size_t ind, size_t end, struct row *w)
{
	size_t e2 = end;
	if (!last_tok(s, ind, &w->mod_s, &e2))
		return -1;
	w->mod_e = e2;
	w->lab_s = ind;
	w->lab_e = trim_sp(s, w->lab_s, w->mod_s);
	w->src_s = w->src_e = w->mod_e;
	w->aligned = w->src_less = 0;
	return 0;
}

/* A digest of the n bytes at s for triple_hash: its first, middle and
 * last words and its length, read without a loop (as intern.c does). */
static inline uint64_t name_digest(const char *s, size_t n)
{
	uint64_t a, b;
	uint32_t x, y;
	if (n >= 8) {
		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
		a ^= (b << 29 | b >> 35);
		if (n > 16) {
			memcpy(&b, s + n / 2 - 4, 8);
			a += b * UINT64_C(0x9E3779B97F4A7C15);
		}
		return a ^ n;
	}
	if (n >= 4) {
		memcpy(&x, s, 4);
		memcpy(&y, s + n - 4, 4);
		return ((uint64_t)x << 32 | y) ^ n;
	}
	if (n == 0)
		return 0;
	return (uint64_t)n << 24 | (uint64_t)(unsigned char)s[0] << 16 |
	       (uint64_t)(unsigned char)s[n / 2] << 8 |
	       (unsigned char)s[n - 1];
}

/* The key of the names part s[ind..end) (end - ind <= SLOT_MAX) at
 * indent ind: of every byte, as two names parts often share their
 * first, middle and last words (name_digest), as "CAF", the padding
 * and "<entire-module>" do, with modules of one length.  Two words at
 * a time, each word into its own lane (the memcmp of slot_holds makes
 * any key correct: a poor one only shares slots). */
static inline uint64_t span_key(const char *s, size_t ind, size_t end)
{
	const uint64_t k = UINT64_C(0x9E3779B97F4A7C15);
	const char *p = s + ind;
	size_t n = end - ind, i;
	uint64_t a = n, b = ind, w0, w1;
	if (n < 8)
		return (name_digest(p, n) ^ ind << 16) * k;
	for (i = 0; i + 16 <= n; i += 16) {
		memcpy(&w0, p + i, 8);
		memcpy(&w1, p + i + 8, 8);
		a = (a << 23 | a >> 41) ^ w0;
		b = (b << 41 | b >> 23) ^ w1;
	}
	memcpy(&w0, p + n - 8, 8); /* the rest, in the last word */
	a = (a ^ (a >> 29)) * k ^ w0 ^ (b << 32 | b >> 32);
	return (a ^ (a >> 29)) * k; /* the top bits depend on every bit */
}

/* The slot for the names part s[ind..end), and its key; NULL: too long
 * to keep. */
static struct names_slot *slot_of(struct reader *rd, const char *s,
                                  size_t ind, size_t end, uint64_t *key)
{
	if (end - ind > SLOT_MAX || ind > SLOT_MAX * 1024)
		return NULL;
	if (!rd->slots)
		rd->slots = hpt_xcalloc(SLOTS, sizeof *rd->slots);
	*key = span_key(s, ind, end);
	return &rd->slots[*key >> 52 & (SLOTS - 1)];
}

/* Is slot e that of s[ind..end) (key key)?  Then w gets its bounds,
 * flags and ids. */
static int slot_holds(struct reader *rd, const struct names_slot *e,
                      uint64_t key, const char *s, size_t ind, size_t end,
                      struct row *w)
{
	if (e->gen != rd->slot_gen || e->key != key || e->ind != ind ||
	    e->len != end - ind || memcmp(e->bytes, s + ind, e->len) != 0)
		return 0;
	rd->cols_bytes = e->cols_bytes;
	w->lab_s = ind;
	w->lab_e = ind + e->lab_e;
	w->mod_s = ind + e->mod_s;
	w->mod_e = ind + e->mod_e;
	w->src_s = ind + e->src_s;
	w->src_e = end;
	w->aligned = e->aligned;
	w->src_less = e->src_less;
	memcpy(w->id, e->id, sizeof w->id);
	w->have_ids = 1;
	return 1;
}

/* Fill w's slot with the names part of s that w was parsed from, and
 * the ids id[] of its names. */
static void slot_fill(struct reader *rd, const char *s, const struct row *w,
                      const uint32_t id[3])
{
	struct names_slot *e = w->slot;
	size_t ind = w->lab_s, len = w->src_e - ind;
	if (len > e->cap) {
		e->cap = SLOT_MAX;
		e->bytes = hpt_xrealloc(e->bytes, e->cap);
	}
	memcpy(e->bytes, s + ind, len);
	e->key = w->key;
	e->gen = rd->slot_gen;
	e->ind = (uint32_t)ind;
	e->len = (uint32_t)len;
	e->lab_e = (uint32_t)(w->lab_e - ind);
	e->mod_s = (uint32_t)(w->mod_s - ind);
	e->mod_e = (uint32_t)(w->mod_e - ind);
	e->src_s = (uint32_t)(w->src_s - ind);
	memcpy(e->id, id, sizeof e->id);
	e->aligned = (unsigned char)w->aligned;
	e->src_less = (unsigned char)w->src_less;
	e->cols_bytes = (unsigned char)rd->cols_bytes;
}

#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
/* Fuzzing builds (tests/fuzz): what the fast path read of s[0..n) (end
 * and w) is what the general way reads, or abort. */
static void same_as_general(struct reader *rd, const char *s, size_t n,
                            size_t ind, size_t end, const struct row *w)
{
	struct row g;
	size_t ge = n;
	memset(&g, 0, sizeof g);
	if (peel_figures(rd, s, ind, &ge, &g) ||
	    peel_counts(rd, s, ind, &ge, &g) || ge != end ||
	    memcmp(g.pct, w->pct, sizeof g.pct) != 0 || g.ticks != w->ticks ||
	    g.bytes != w->bytes || g.entries != w->entries || g.no != w->no ||
	    g.glue_dig != 0) {
		fprintf(stderr, "prof_read: the fast path differs on \"%s\"\n",
		        hpt_quote(0, s, n));
		abort();
	}
}
#endif

#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
/* Fuzzing builds: what a slot gave w for the names part s[ind..end)
 * is what names_src or names_nosrc and names_of make of it, or abort. */
static void same_names(struct reader *rd, const char *s, size_t ind,
                       size_t end, const struct row *w)
{
	struct hpt_intern *t = &rd->r->names;
	struct row g;
	int cb = rd->cols_bytes;
	memset(&g, 0, sizeof g);
	rd->cols_bytes = ascii_only(s, end);
	if ((rd->r->has_src ? names_src(rd, s, ind, end, &g)
	                    : names_nosrc(s, ind, end, &g)) != 0 ||
	    cb != rd->cols_bytes || g.lab_s != w->lab_s ||
	    g.lab_e != w->lab_e || g.mod_s != w->mod_s ||
	    g.mod_e != w->mod_e || g.src_s != w->src_s ||
	    g.src_e != w->src_e || g.aligned != w->aligned ||
	    g.src_less != w->src_less ||
	    !hpt_intern_is(t, w->id[0], s + g.lab_s, g.lab_e - g.lab_s) ||
	    !hpt_intern_is(t, w->id[1], s + g.mod_s, g.mod_e - g.mod_s) ||
	    !hpt_intern_is(t, w->id[2], s + g.src_s, g.src_e - g.src_s)) {
		fprintf(stderr, "prof_read: a names slot differs on \"%s\"\n",
		        hpt_quote(0, s, end));
		abort();
	}
}
#endif

/* Parse s[0..n) as a tree row into *w, read from the right (figures,
 * then counts, then names).  Nothing is added to the tree.  -1: not a
 * row.  Errors: a number out of range (exit 2). */
static int parse_row(struct reader *rd, const char *s, size_t n,
                     struct row *w)
{
	size_t end = n, ind = 0;
	int e;
	w->glue_dig = 0;
	/* The figures and counts are read with columns counted (the rare
	 * glued rows need them); then the names, with columns as bytes
	 * if they are one line of ASCII (a joined row, rd->carry, holds
	 * newlines: columns restart).  What is right of them was read as
	 * digits, points and commas. */
	rd->cols_bytes = 0;
	w->have_ids = 0;
	w->slot = NULL;
	ind = skip_sp(s, 0, n);
	if (s != rd->carry && figures_fast(rd, s, n, ind, &end, w) == 0) {
		/* the names part as last seen, or the slot to keep it in */
		size_t e = trim_sp(s, ind, end);
		struct names_slot *sl;
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
		same_as_general(rd, s, n, ind, end, w);
#endif
		if (e > ind && (sl = slot_of(rd, s, ind, e, &w->key)) != NULL) {
			if (slot_holds(rd, sl, w->key, s, ind, e, w)) {
				w->ind = (long)ind;
				w->empty = w->lab_e == w->lab_s;
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
				same_names(rd, s, ind, e, w);
#endif
				return 0;
			}
			w->slot = sl;
		}
	} else if (peel_figures(rd, s, ind, &end, w) ||
	           peel_counts(rd, s, ind, &end, w)) {
		return -1;
	}
	rd->cols_bytes = s != rd->carry && ascii_only(s, end);
	end = trim_sp(s, ind, end);
	if (end == ind)
		return -1;
	e = rd->r->has_src ? names_src(rd, s, ind, end, w)
	                   : names_nosrc(s, ind, end, w);
	if (e)
		return -1;
	w->ind = (long)ind;
	w->empty = w->lab_e == w->lab_s;
	return 0;
}

/* The rows that follow a skipped one and are deeper than it were its
 * children: keep their call path through a placeholder node for it,
 * "<unreadable row>" in module "?" with no figures, at its indent. */
static void placeholder(struct reader *rd, long ind)
{
	static const int32_t zero[4] = {0, 0, 0, 0};
	struct prof_report *r = rd->r;
	uint32_t x, q;
	size_t k = rd->sn;
	rd->lost = 0;
	if (ind <= rd->lost_ind)
		return;
	while (k > 0 && rd->path[k - 1].ind >= rd->lost_ind)
		k--;
	/* A skipped line where only a second root could stand (a stray
	 * line at column 0: stderr in the file, say) was no row of the
	 * tree: the rows after it are placed as if it were not there. */
	if (k == 0)
		return;
	rd->sn = k;
	q = hpt_intern(&r->names, "?", 1, NULL);
	x = prof_add(r, PROF_NONE,
	             hpt_intern(&r->names, "<unreadable row>", 16, NULL), q,
	             r->has_src ? q : hpt_intern(&r->names, "", 0, NULL));
	attach(rd, x, &rd->path[rd->sn - 1], zero);
	push(rd, x, rd->lost_ind, zero);
	rd->rows++;
	rd->ph = hpt_xgrow(rd->ph, &rd->ph_cap, rd->nph + 1, sizeof *rd->ph);
	rd->ph[rd->nph++] = x;
}

/* Is the module name s[0..n) that of a row not glued to no.? */
static int names_module(const struct reader *rd, const char *s, size_t n)
{
	long id = hpt_intern_find(&rd->r->names, s, n);
	return id >= 0 && (size_t)id < rd->is_mod_cap && rd->is_mod[id];
}

/* Rows whose no. ran into the module were split by the header's no.
 * column, or else before all the trailing digits; a module whose name
 * ends in digits ("Data.Codec2" + "1234567") is split wrong so.  Where
 * the first split gives a module that no other row names, and another
 * split (some of the digits kept in the module, at least one left for
 * no.) gives one that another row names, take that one (the longest
 * such module). */
static void glued_modules(struct reader *rd)
{
	struct prof_report *r = rd->r;
	size_t k, m;
	for (k = 0; k < rd->nglued; k++) {
		struct glued *g = &rd->glued[k];
		uint32_t x = g->node;
		size_t ml = prof_len(r, r->module[x]);
		if (ml > g->len)
			continue; /* the module is not the token's start */
		if (names_module(rd, g->tok, ml))
			continue; /* another row names it */
		for (m = g->len - 1; m >= g->len - g->dig && m > 0; m--) {
			if (!names_module(rd, g->tok, m))
				continue;
			r->module[x] = hpt_intern(&r->names, g->tok, m, NULL);
			u64_or_die(rd, g->tok + m, g->len - m, &r->no[x]);
			break;
		}
	}
}

/* A -p report's placeholders inherit what their children do, as
 * printed (a placeholder under a placeholder counts 0, as it has no
 * figures printed); exact reports sum every node in prof_sum. */
static void placeholder_sums(struct reader *rd)
{
	struct prof_report *r = rd->r;
	unsigned char *is_ph;
	size_t k, i;
	if (r->exact || rd->nph == 0)
		return;
	is_ph = hpt_xcalloc(r->n, 1);
	for (k = 0; k < rd->nph; k++)
		is_ph[rd->ph[k]] = 1;
	for (i = 0; i < r->n; i++) {
		uint32_t p = r->parent[i];
		if (p == PROF_NONE || !is_ph[p] || is_ph[i])
			continue;
		r->inh_time[p] += r->inh_time[i];
		r->inh_alloc[p] += r->inh_alloc[i];
	}
	free(is_ph);
}

static uint32_t triple_hash(const char *l, size_t ll, const char *m,
                            size_t ml, const char *c, size_t cl)
{
	const uint64_t k = UINT64_C(0x9E3779B97F4A7C15);
	uint64_t h = name_digest(l, ll) * k;
	h = (h ^ (h >> 29) ^ name_digest(m, ml)) * k;
	h = (h ^ (h >> 29) ^ name_digest(c, cl)) * k;
	return (uint32_t)(h >> 32);
}

/* Twice the slots for the triples. */
static void triples_grow(struct reader *rd)
{
	size_t n = rd->tri_slots ? rd->tri_slots * 2 : 1024, i;
	struct triple *t = hpt_xcalloc(n, sizeof *t);
	for (i = 0; i < rd->tri_slots; i++) {
		size_t j;
		if (!rd->tri[i].lab1)
			continue;
		j = rd->tri[i].hash & (n - 1);
		while (t[j].lab1)
			j = (j + 1) & (n - 1);
		t[j] = rd->tri[i];
	}
	free(rd->tri);
	rd->tri = t;
	rd->tri_slots = n;
}

/* The ids of the label, module and SRC of w (parsed from s) into id[]:
 * one lookup of the three together, else each interned, in that order
 * (so ids are given as they would be one name at a time). */
static void names_of(struct reader *rd, const char *s, const struct row *w,
                     uint32_t id[3])
{
	struct hpt_intern *t = &rd->r->names;
	const char *l = s + w->lab_s, *m = s + w->mod_s, *c = s + w->src_s;
	size_t ll = w->lab_e - w->lab_s, ml = w->mod_e - w->mod_s;
	size_t cl = w->src_e - w->src_s, j;
	uint32_t h = triple_hash(l, ll, m, ml, c, cl);
	struct triple *e;
	if (!rd->tri_slots)
		triples_grow(rd);
	for (j = h & (rd->tri_slots - 1);; j = (j + 1) & (rd->tri_slots - 1)) {
		e = &rd->tri[j];
		if (!e->lab1)
			break;
		if (e->hash == h && hpt_intern_is(t, e->lab1 - 1, l, ll) &&
		    hpt_intern_is(t, e->mod, m, ml) &&
		    hpt_intern_is(t, e->src, c, cl)) {
			id[0] = e->lab1 - 1;
			id[1] = e->mod;
			id[2] = e->src;
			return;
		}
	}
	id[0] = hpt_intern(t, l, ll, NULL);
	id[1] = hpt_intern(t, m, ml, NULL);
	id[2] = hpt_intern(t, c, cl, NULL);
	/* GHC writes no module with a TAB or CR: one there is the
	 * separator of columns that ran together (the SRC, often) */
	if (!rd->tab_warned && (memchr(m, '\t', ml) || memchr(m, '\r', ml))) {
		rd->tab_warned = 1;
		hpt_data_warn(rd->file, rd->in->lineno,
		              "a TAB or CR in the module \"%s\", kept as it is "
		              "(GHC writes none: columns may have run together)",
		              hpt_quote(0, m, ml));
	}
	if (rd->tri_count >= TRIPLES_MAX)
		return;
	e->hash = h;
	e->lab1 = id[0] + 1;
	e->mod = id[1];
	e->src = id[2];
	if (++rd->tri_count * 2 > rd->tri_slots)
		triples_grow(rd);
}

/* Add the row w, parsed from s[0..n), to the tree under its parent. */
static void add_row(struct reader *rd, const char *s, size_t n,
                    const struct row *w)
{
	struct prof_report *r = rd->r;
	uint32_t x, id[3];
	if (r->has_src) {
		/* a row lined up but for its empty SRC (prof_write writes
		 * one) is no sign that the rows are not lined up */
		if (w->aligned)
			rd->aligned++;
		else if (!w->src_less)
			rd->unaligned++;
	}
	rd->last_row_line = rd->in->lineno;
	/* The path is settled, and a placeholder made, before the row is
	 * added: a node's parent must have the smaller index, or the
	 * bottom-up sums (prof_sum) would leave the row's figures out of
	 * the placeholder's ancestors. */
	if (!w->empty) {
		settle(rd, w->ind);
		if (rd->lost)
			placeholder(rd, w->ind);
	}
	if (w->have_ids) {
		memcpy(id, w->id, sizeof id);
	} else {
		names_of(rd, s, w, id);
		if (w->slot)
			slot_fill(rd, s, w, id);
	}
	x = prof_add(r, PROF_NONE, id[0], id[1], id[2]);
	r->no[x] = w->no;
	r->entries[x] = w->entries;
	if (w->glue_dig) {
		struct glued *g;
		rd->glued = hpt_xgrow(rd->glued, &rd->glued_cap, rd->nglued + 1,
		                      sizeof *rd->glued);
		g = &rd->glued[rd->nglued++];
		g->node = x;
		g->len = w->glue_e - w->glue_s;
		g->tok = hpt_xmemdup(s + w->glue_s, g->len);
		g->dig = w->glue_dig;
	} else {
		uint32_t m = r->module[x];
		if (m >= rd->is_mod_cap) {
			size_t old = rd->is_mod_cap;
			rd->is_mod = hpt_xgrow(rd->is_mod, &rd->is_mod_cap,
			                       (size_t)m + 1, 1);
			memset(rd->is_mod + old, 0, rd->is_mod_cap - old);
		}
		rd->is_mod[m] = 1;
	}
	if (r->exact) {
		r->ind_time[x] = w->ticks;
		r->ind_alloc[x] = w->bytes;
	} else {
		r->ind_time[x] = (uint64_t)w->pct[0];
		r->ind_alloc[x] = (uint64_t)w->pct[1];
		r->inh_time[x] = (uint64_t)w->pct[2];
		r->inh_alloc[x] = (uint64_t)w->pct[3];
	}
	if (w->empty) {
		if (rd->pending != PROF_NONE)
			rd->pending = PROF_NONE; /* two in a row: keep the first */
		place_empty(rd, x, w->pct, s, n);
	} else {
		place(rd, x, w->ind, w->pct, s, n);
	}
}

/* Parse s[0..n) as a row and add it: 0, or -1 if it is not a row. */
static int row(struct reader *rd, const char *s, size_t n)
{
	struct row w;
	if (parse_row(rd, s, n, &w))
		return -1;
	add_row(rd, s, n, &w);
	return 0;
}

/* ---- the driver ---- */

static void sets_line(struct reader *rd, const char *s, size_t n)
{
	struct prof_report *r = rd->r;
	size_t cap = r->sets_len + n + 1;
	r->sets = hpt_xrealloc(r->sets, cap + 1);
	memcpy(r->sets + r->sets_len, s, n);
	r->sets[r->sets_len + n] = '\n';
	r->sets_len += n + 1;
	r->sets[r->sets_len] = '\0';
	if (n && !starts(s, n, "SET ") &&
	    !starts(s, n, SETS_TITLE))
		hpt_data_warn(rd->file, rd->in->lineno,
		              "unexpected line in the retainer-set list \"%s\"",
		              hpt_quote(0, s, n));
}

static int blank(const char *s, size_t n)
{
	size_t i;
	if (n && s[n - 1] != ' ' && s[n - 1] != '\t')
		return 0; /* every row: it ends in a figure */
	for (i = skip_sp(s, 0, n); i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

/* The title of the retainer-set list, which GHC writes alone on its
 * line (blanks may follow).  A line that goes on after it is a row or
 * a flat-table line whose label starts so (-o prof writes a label at
 * column 0 in the flat table). */
static inline int sets_title(const char *s, size_t n)
{
	size_t k = sizeof SETS_TITLE - 1;
	return starts(s, n, SETS_TITLE) && blank(s + k, n - k);
}

/* s[0..*n) with every TAB expanded to the next multiple of 8 columns
 * (code points), in rd->exp. */
static char *expand_tabs(struct reader *rd, const char *s, size_t *n)
{
	size_t i, o = 0, col = 0;
	for (i = 0; i < *n; i++) {
		rd->exp = hpt_xgrow(rd->exp, &rd->exp_cap, o + 9, 1);
		if (s[i] == '\t') {
			do
				rd->exp[o++] = ' ';
			while (++col % 8);
			continue;
		}
		col += ((unsigned char)s[i] & 0xC0) != 0x80;
		rd->exp[o++] = s[i];
	}
	*n = o;
	return rd->exp;
}

/* The header line s (TAB-led as GHC writes it, or with its TAB expanded
 * to spaces or stripped, as editors and issue trackers leave it): the
 * title, the command line, the totals.  0: it is one of those. */
static int header_line(struct reader *rd, const char *s, size_t n)
{
	struct prof_report *r = rd->r;
	const char *title = " Time and Allocation Profiling Report";
	size_t tl = strlen(title), i, w = 0, m;
	const char *t;
	while (w < n && (s[w] == ' ' || s[w] == '\t'))
		w++;
	t = s + w;
	m = n - w;
	for (i = 0; i + tl <= m; i++)
		if (memcmp(t + i, title, tl) == 0)
			break;
	if ((i + tl <= m || starts(t, m, "total ")) && memchr(t, '\t', m)) {
		/* re-tabbed padding inside the title or a total: expand
		 * the line from its start, where the tab stops were */
		s = expand_tabs(rd, s, &n);
		for (w = 0; w < n && s[w] == ' '; w++)
			;
		t = s + w;
		m = n - w;
		for (i = 0; i + tl <= m; i++)
			if (memcmp(t + i, title, tl) == 0)
				break;
	}
	if (i + tl <= m) {
		free(r->date);
		/* a C string: up to a NUL, then trimmed (else -o prof
		 * would write blanks before the NUL that read back
		 * trimmed) */
		r->date = trimdup(t, strnlen(t, i));
		if (!r->date[0] || strcmp(r->date, "(date unknown)") == 0) {
			/* prof_write's mark; no date at all is unknown too,
			 * as prof_write writes it */
			free(r->date);
			r->date = NULL;
		}
		rd->title = rd->seen = 1;
		rd->retainer = 0;
		return 0;
	}
	if (starts(t, m, "total time") || starts(t, m, "total alloc")) {
		int time = starts(t, m, "total time");
		if (find_text(t, m, "tree pruned by proftree"))
			r->pruned = 1; /* prof_write's mark */
		if ((time ? parse_total_time(rd, t, m)
		          : parse_total_alloc(rd, t, m)) < 0)
			hpt_data_warn(rd->file, rd->in->lineno,
			              "total %s not understood \"%s\"",
			              time ? "time" : "alloc",
			              hpt_quote(0, t, m));
		rd->seen = 1;
		return 0;
	}
	if (rd->retainer)
		return 0; /* -hr progress lines, TAB-led or not */
	/* The command line: the first TAB line after the title (a TAB,
	 * two spaces, then " %s" per argument), or, without its TAB or
	 * its title, a line with the +RTS and -RTS that GHC always puts
	 * there, before the totals. */
	if (!rd->command_seen && !r->has_time && !r->has_alloc &&
	    ((rd->title && s[0] == '\t') ||
	     (find_word(t, m, 0, "+RTS") >= 0 &&
	      find_word(t, m, 0, "-RTS") > 0))) {
		size_t sp = 0;
		if (s[0] == '\t') {
			t = s + 1;
			m = n - 1;
			while (sp < 3 && sp < m && t[sp] == ' ')
				sp++;
		}
		rd->command_seen = rd->seen = 1;
		/* a C string: up to a NUL, without the CRs that end it
		 * then (written back, they would end the line, where the
		 * reader drops them) */
		m = sp + strnlen(t + sp, m - sp);
		while (m > sp && t[m - 1] == '\r')
			m--;
		/* "(command unknown)": prof_write's mark; an empty
		 * command is unknown too, as prof_write writes it, and so
		 * is one of spaces and TABs only (written back, its line
		 * would be blank) */
		if (!blank(t + sp, m - sp) &&
		    (m - sp != 17 ||
		     memcmp(t + sp, "(command unknown)", 17) != 0))
			r->command = hpt_xmemdup(t + sp, m - sp);
		return 0;
	}
	if (w > 0 && find_word(t, m, 0, "individual") >= 0)
		return 0;
	return -1;
}

static void top_line(struct reader *rd, char *s, size_t n)
{
	if (blank(s, n))
		return;
	if (is_tree_header(s, n)) {
		tree_header(rd, s, n);
		return;
	}
	if (sets_title(s, n)) {
		rd->st = S_SETS;
		rd->seen = 1;
		sets_line(rd, s, n);
		return;
	}
	if (starts(s, n, "Retainer Profiling:")) {
		rd->retainer = 1;
		rd->seen = 1;
		return;
	}
	if (starts(s, n, "COST CENTRE")) {
		rd->st = S_FLAT;
		rd->seen = 1;
		return;
	}
	if (header_line(rd, s, n) == 0)
		return;
	if (!rd->seen)
		hpt_data_error(rd->file, rd->in->lineno,
		               "not a .prof report: \"%s\"", hpt_quote(0, s, n));
	hpt_data_warn(rd->file, rd->in->lineno, "line not understood \"%s\"",
	              hpt_quote(0, s, n));
}

/* ---- rows split by a raw newline in a label ---- */

static void carry_drop(struct reader *rd)
{
	size_t k = 0;
	if (!rd->carry_parts)
		return;
	while (k < rd->carry_len && rd->carry[k] == ' ')
		k++;
	rd->lost = 1;
	rd->lost_ind = (long)k;
	rd->nlost++;
	hpt_data_warn(rd->file, rd->carry_line, "malformed row skipped \"%s\"",
	              hpt_quote(0, rd->carry, rd->carry_len));
	rd->carry_len = 0;
	rd->carry_parts = 0;
}

static void carry_add(struct reader *rd, const char *s, size_t n)
{
	size_t need = rd->carry_len + (rd->carry_parts ? 1 : 0) + n + 1;
	rd->carry = hpt_xgrow(rd->carry, &rd->carry_cap, need, 1);
	if (rd->carry_parts)
		rd->carry[rd->carry_len++] = '\n';
	else
		rd->carry_line = rd->in->lineno;
	memcpy(rd->carry + rd->carry_len, s, n);
	rd->carry_len += n;
	rd->carry_parts++;
}

/* Does the row w parsed from s line up with the header: its module at
 * the MODULE column (and, with SRC, its SRC at the SRC column:
 * w->aligned), the columns of a joined row running on across its line
 * breaks, one column each, as GHC and prof_write pad a label by its
 * whole width?  The rare path: run on joined rows only. */
static int lines_up(const struct reader *rd, const char *s,
                    const struct row *w)
{
	if (rd->r->has_src)
		return w->aligned;
	return hpt_cps(s, w->mod_s) == rd->module_col;
}

/* Could a line parsed as w (NULL: not a row) be a row on its own,
 * where it stands, rather than the end of the join sj parsed as wj?
 * Not if it is no row, or would be a second root; nor, in a report
 * whose rows line up with the header, if the join lines up (lines_up),
 * even when the line alone does too: a label with spaces can put the
 * line's own module and SRC at the header's columns, and the join loses
 * no line where the line alone drops the kept one; nor, in a SRC layout
 * whose rows line up, if it does not line up while joined it makes a
 * row (a label ending in a newline leaves only padding before the
 * module). */
static int row_alone(const struct reader *rd, const struct row *w,
                     const char *sj, const struct row *wj, int join_ok)
{
	if (!w)
		return 0;
	if (w->ind == 0 && !w->empty && rd->rows > 0)
		return 0;
	if (join_ok && rd->unaligned == 0 && lines_up(rd, sj, wj))
		return 0;
	if (rd->r->has_src && !w->aligned && join_ok &&
	    rd->aligned > 0 && rd->unaligned == 0)
		return 0;
	return 1;
}

/* Does a joined row parsed as w hold its line breaks inside its label
 * only?  GHC writes no module or SRC with a line break, nor figures,
 * so a join that puts one there (or splits the figures across lines)
 * is no row.  The rare path: run on joined rows only. */
static int joined_in_label(const struct reader *rd, const struct row *w)
{
	const char *s = rd->carry, *nl = NULL, *p = s;
	size_t n = rd->carry_len;
	while ((p = memchr(p, '\n', n - (size_t)(p - s))) != NULL)
		nl = p++;
	return nl == NULL || ((size_t)(nl - s) >= w->lab_s &&
	                      (size_t)(nl - s) < w->lab_e);
}

/* A tree line.  GHC writes a label holding a newline raw: the label's
 * next line starts at column 0, where a row would be a second root.  So
 * a line that is not a row is kept, and joined with the next ones (up to
 * 4 lines) only while the next line cannot be a row on its own
 * (row_alone) and the join's line breaks are all in its label
 * (joined_in_label); otherwise the kept line is skipped with a warning.
 * Each line is parsed once alone and, after a kept line, once joined. */
static int tree_row(struct reader *rd, const char *s, size_t n)
{
	struct row w, wj;
	int is_row;
	if (rd->carry_parts) {
		size_t keep = rd->carry_len;
		int parts = rd->carry_parts, join_ok;
		carry_add(rd, s, n);
		join_ok = parse_row(rd, rd->carry, rd->carry_len, &wj) == 0 &&
		          joined_in_label(rd, &wj);
		is_row = parse_row(rd, s, n, &w) == 0;
		if (join_ok && !row_alone(rd, is_row ? &w : NULL,
		                          rd->carry, &wj, join_ok)) {
			add_row(rd, rd->carry, rd->carry_len, &wj);
			rd->carry_len = 0;
			rd->carry_parts = 0;
			return 0;
		}
		rd->carry_len = keep;
		rd->carry_parts = parts;
		if (is_row) {
			carry_drop(rd);
			add_row(rd, s, n, &w);
			return 0;
		}
		if (rd->carry_parts >= 4)
			carry_drop(rd);
		carry_add(rd, s, n);
		return -1;
	}
	if (parse_row(rd, s, n, &w) == 0) {
		add_row(rd, s, n, &w);
		return 0;
	}
	carry_add(rd, s, n);
	return -1;
}

/* The first line of another report, after this one's tree: its title,
 * or a column header (a report cut down to its tables). */
static int second_report(struct reader *rd, const char *s, size_t n)
{
	const char *title = " Time and Allocation Profiling Report";
	size_t tl = strlen(title), i;
	struct row w;
	if (n > tl && s[0] == '\t') {
		for (i = 1; i + tl <= n; i++)
			if (memcmp(s + i, title, tl) == 0)
				return 1;
	}
	return rd->r->n > 0 && starts(s, n, "COST CENTRE") &&
	       parse_row(rd, s, n, &w) != 0;
}

/* A report cut at a line boundary inside the tree looks complete.  The
 * rows on the path to the last row are the ones a cut leaves short: each
 * one's inherited percentages, as printed, must be its individual ones
 * plus its children's inherited ones, within the rounding of every
 * figure (half a tenth each).  Returns 1 if it warned. */
static int check_path(struct reader *rd)
{
	static const char *const what[2] = {"time", "alloc"};
	size_t k;
	int w;
	for (k = 0; k < rd->sn; k++) {
		const struct step *t = &rd->path[k];
		uint32_t x = t->node;
		for (w = 0; w < 2; w++) {
			int64_t inh = t->pct[2 + w];
			int64_t got = t->pct[w] + t->csum[w];
			if (2 * (inh - got) <= (int64_t)t->nkids + 2)
				continue;
			hpt_data_warn(rd->file, rd->last_row_line,
			              "the tree ends here, but the inherited "
			              "%%%s of \"%s\" is %lld.%lld and its rows "
			              "add up to %lld.%lld: report cut short?",
			              what[w],
			              hpt_quote(0, prof_name(rd->r,
			                                     rd->r->label[x]),
			                        prof_len(rd->r, rd->r->label[x])),
			              (long long)(inh / 10), (long long)(inh % 10),
			              (long long)(got / 10), (long long)(got % 10));
			return 1;
		}
	}
	return 0;
}

/* Exact reports with a header: the individual ticks and bytes of the
 * tree add up to the header's totals. */
static int check_totals(struct reader *rd)
{
	struct prof_report *r = rd->r;
	uint64_t t = 0, a = 0;
	size_t i;
	for (i = 0; i < r->n; i++)
		if (r->parent[i] == PROF_NONE) {
			t = prof_add_sum(r, t, r->inh_time[i], "ticks");
			a = prof_add_sum(r, a, r->inh_alloc[i], "bytes");
		}
	if (r->has_time && t != r->total_ticks) {
		hpt_data_warn(rd->file, 0, "the tree's ticks add up to %llu, "
		              "the header says %llu%s",
		              (unsigned long long)t,
		              (unsigned long long)r->total_ticks,
		              t < r->total_ticks ? ": report cut short?" : "");
		return 1;
	}
	if (r->has_alloc && a != r->total_alloc) {
		hpt_data_warn(rd->file, 0, "the tree's bytes add up to %llu, "
		              "the header says %llu%s",
		              (unsigned long long)a,
		              (unsigned long long)r->total_alloc,
		              a < r->total_alloc ? ": report cut short?" : "");
		return 1;
	}
	return 0;
}

/* One line of the input (its CRs dropped), by the state the reader is
 * in.  A report whose spaces were turned into TABs (its column headers
 * show it) has its tree lines expanded back first. */
static void one_line(struct reader *rd, char *s, size_t n)
{
	struct hpt_input *in = rd->in;
	/* TABs matter in a column header, or once one had them (not in
	 * the rows of a report whose headers had none: the common case) */
	if ((rd->retabbed ? rd->st != S_SETS
	                  : rd->st == S_TOP || rd->st == S_FLAT) &&
	    memchr(s, '\t', n)) {
		if ((rd->st == S_TOP || rd->st == S_FLAT) &&
		    starts(s, n, "COST CENTRE"))
			rd->retabbed = 1;
		if (rd->retabbed && rd->st != S_SETS)
			s = expand_tabs(rd, s, &n);
	}
	if ((rd->st == S_TREE || rd->st == S_AFTER || rd->st == S_SETS) &&
	    second_report(rd, s, n)) {
		carry_drop(rd);
		hpt_data_warn(rd->file, in->lineno,
		              "a second report starts here; it and the rest of "
		              "the input are ignored (proftree reads one "
		              "report; -D compares two)");
		rd->st = S_DONE;
	}
	switch (rd->st) {
	case S_DONE:
		break;
	case S_TOP:
		top_line(rd, s, n);
		if (rd->st == S_TREE)
			rd->tree_line = in->lineno;
		break;
	case S_FLAT:
		if (is_tree_header(s, n)) {
			tree_header(rd, s, n);
			rd->tree_line = in->lineno;
		} else if (sets_title(s, n)) {
			rd->st = S_SETS;
			sets_line(rd, s, n);
		}
		break;
	case S_TREE:
		if (blank(s, n)) {
			carry_drop(rd);
			if (rd->r->n > 0) {
				rd->st = S_AFTER;
				rd->blank_line = in->lineno;
			}
		} else if (sets_title(s, n)) {
			carry_drop(rd);
			rd->st = S_SETS;
			sets_line(rd, s, n);
		} else if (in->last_unterminated) {
			carry_drop(rd);
			hpt_data_warn(rd->file, in->lineno,
			              "last row has no newline (file cut "
			              "short?); dropped");
		} else {
			tree_row(rd, s, n);
		}
		break;
	case S_AFTER:
		if (blank(s, n))
			break;
		if (sets_title(s, n)) {
			rd->st = S_SETS;
			sets_line(rd, s, n);
		} else if (!rd->after_warned && !in->last_unterminated &&
		           row(rd, s, n) == 0) {
			/* rows after a blank line: the tree goes on */
			if (!rd->blank_warned++)
				hpt_data_warn(rd->file, rd->blank_line,
				              "blank line inside the cost-centre "
				              "tree ignored");
			rd->st = S_TREE;
		} else if (!rd->after_warned++) {
			hpt_data_warn(rd->file, in->lineno,
			              "text after the cost-centre tree ignored "
			              "\"%s\"", hpt_quote(0, s, n));
		}
		break;
	case S_SETS:
		sets_line(rd, s, n);
		break;
	}
}

/* Exact reports whose header lacks a total: the tree's sum stands in. */
static void fill_totals(struct prof_report *r)
{
	uint64_t t = 0, a = 0;
	size_t i;
	if (!r->exact || (r->has_time && r->has_alloc))
		return;
	for (i = 0; i < r->n; i++)
		if (r->parent[i] == PROF_NONE) {
			t += r->inh_time[i];
			a += r->inh_alloc[i];
		}
	if (!r->has_time)
		r->total_ticks = t;
	if (!r->has_alloc)
		r->total_alloc = a;
}

/* At the end of the input: what was read must hold a tree (or a SET
 * list); then link and sum it, and check it is whole.  A report whose
 * last row was cut gets the checks too, which say how much is lost. */
static void finish(struct reader *rd)
{
	struct prof_report *r = rd->r;
	long line = rd->in->lineno;
	carry_drop(rd);
	if (!rd->tree_line && !r->sets) {
		if (!rd->seen)
			hpt_data_error(rd->file, line,
			               "not a .prof report: no header or "
			               "cost-centre tree");
		hpt_data_error(rd->file, line,
		               "no cost-centre tree after the header");
	}
	/* A column header with no row under it is a cut report, not an
	 * empty profile: GHC always prints MAIN.  A tree that proftree
	 * pruned away (-x MAIN) is empty. */
	if (rd->tree_line && r->n == 0 && !r->pruned)
		hpt_data_error(rd->file, rd->header_line,
		               "no cost-centre tree: no row after the column "
		               "header");
	placeholder_sums(rd);
	glued_modules(rd);
	prof_link(r, NULL);
	if (r->exact)
		prof_sum(r);
	/* a pruned tree's totals are the whole run's: nothing to check;
	 * a skipped row's figures are lost: the path check would only
	 * say so again; the totals say how much */
	if (r->n > 0 && !r->pruned && !(r->exact && check_totals(rd)) &&
	    !rd->nlost)
		check_path(rd);
	fill_totals(r);
}

static void reader_free(struct reader *rd)
{
	size_t k;
	free(rd->path);
	free(rd->saved);
	free(rd->carry);
	free(rd->exp);
	free(rd->ph);
	for (k = 0; k < rd->nglued; k++)
		free(rd->glued[k].tok);
	free(rd->glued);
	free(rd->is_mod);
	free(rd->tri);
	free(rd->tail);
	if (rd->slots)
		for (k = 0; k < SLOTS; k++)
			free(rd->slots[k].bytes);
	free(rd->slots);
}

void prof_read(struct prof_report *r, struct hpt_input *in)
{
	struct reader rd;
	char *s;
	long len;

	memset(&rd, 0, sizeof rd);
	rd.r = r;
	rd.in = in;
	rd.file = in->name;
	rd.pending = PROF_NONE;
	free(r->file);
	r->file = hpt_xstrdup(in->name);
	if (hpt_sniff(in) == HPT_FMT_BINARY) {
		/* refused after at most 4 KiB, not after an endless line */
		const char *b;
		long line;
		size_t n = hpt_sniff_line(in, &b, &line);
		hpt_data_error(rd.file, line, "not a .prof report: \"%s\"",
		               hpt_quote(0, b, n));
	}
	while ((len = hpt_input_line(in, &s)) >= 0) {
		size_t n = (size_t)len;
		while (n && s[n - 1] == '\r')
			n--; /* CRLF, and CRCRLF from a doubled conversion */
		one_line(&rd, s, n);
	}
	finish(&rd);
	reader_free(&rd);
}
