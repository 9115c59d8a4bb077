/*
 * util.h: what every hptools program shares that is not a format: the
 * two diagnostic shapes, die-on-out-of-memory allocation, buffered input
 * split into lines, buffered output with write-error checks, exact number
 * parsing, and TSV escaping.
 *
 * Diagnostics (hptools.md section 1):
 *   PROG: message                     usage and system errors
 *   PROG: FILE:LINE: message          malformed data (exit 2)
 *   PROG: FILE:LINE: warning: message a repair (exit status unchanged)
 * Every error exits with status 2.  Nothing here calls setlocale(), so
 * the C library stays in the "C" locale and numbers always use '.'.
 */
#ifndef HPT_UTIL_H
#define HPT_UTIL_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define HPT_NORETURN __attribute__((noreturn))
#define HPT_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define HPT_NORETURN
#define HPT_PRINTF(a, b)
#endif

#define HPT_VERSION "0.1.0"

/* Program name used as the prefix of every diagnostic. */
extern const char *hpt_progname;
/* The program's one-line usage (SYNOPSIS), printed by hpt_usage_error(). */
extern const char *hpt_usage;
/* A line (with its '\n') written to standard output when the program
 * stops on an error after output has begun, so that the output does not
 * look complete (a reader of the format rejects it).  NULL: none. */
extern const char *hpt_fail_trailer;
/* Non-zero: warnings are not printed (option -q). */
extern int hpt_quiet;
/* Number of warnings issued (printed or not). */
extern unsigned long hpt_warnings;

/* Set the program name and usage; ignore SIGPIPE so that a closed output
 * pipe is seen as EPIPE by the output layer, which then exits quietly. */
void hpt_init(const char *name, const char *usage);

/* "PROG: message", exit 2. */
HPT_NORETURN void hpt_die(const char *fmt, ...) HPT_PRINTF(1, 2);
/* "PROG: message: strerror(errno)", exit 2. */
HPT_NORETURN void hpt_die_errno(const char *fmt, ...) HPT_PRINTF(1, 2);
/* "PROG: message" then the usage line, both on stderr, exit 2. */
HPT_NORETURN void hpt_usage_error(const char *fmt, ...) HPT_PRINTF(1, 2);
/* For getopt() called with opterr = 0 and an option string that starts
 * with ':': c is what it returned (':' or '?'), opt its optopt.  Says
 * "option -o needs an argument" or "unknown option -x", then the usage,
 * and exits 2. */
HPT_NORETURN void hpt_bad_option(int c, int opt);
/* "PROG: FILE:LINE: message", exit 2.  line <= 0 omits ":LINE". */
HPT_NORETURN void hpt_data_error(const char *file, long line,
                                 const char *fmt, ...) HPT_PRINTF(3, 4);
/* "PROG: FILE:LINE: warning: message" unless hpt_quiet. */
void hpt_data_warn(const char *file, long line, const char *fmt, ...)
    HPT_PRINTF(3, 4);
/* "PROG: warning: message" unless hpt_quiet. */
void hpt_warn(const char *fmt, ...) HPT_PRINTF(1, 2);

/* Allocation that never returns NULL: out of memory is "PROG: out of
 * memory", exit 2. */
void *hpt_xmalloc(size_t n);
void *hpt_xcalloc(size_t n, size_t size);
void *hpt_xrealloc(void *p, size_t n);
/* Grow an array to hold at least need elements of size bytes each;
 * *cap is updated.  Returns the (possibly moved) array. */
void *hpt_xgrow(void *p, size_t *cap, size_t need, size_t size);
char *hpt_xstrdup(const char *s);
/* A NUL-terminated copy of n bytes (which may contain anything). */
char *hpt_xmemdup(const char *s, size_t n);

/* Quote n bytes of s for a diagnostic, into a static buffer: at most
 * about 200 bytes (then "..."); TAB as \t, backslash as \\, other control
 * bytes, a UTF-8 byte-order mark and bytes that are not UTF-8 as \xNN;
 * valid UTF-8 as it is.  Returns a string valid until the next call with
 * the same slot (0-3). */
const char *hpt_quote(int slot, const char *s, size_t n);

/*
 * Buffered input split into lines.  A line is returned without its
 * terminating '\n'; the caller strips a '\r' itself where the format
 * allows CRLF.  Lines may be of any length (the buffer grows).
 */
struct hpt_input {
	int fd;
	const char *name;       /* file name for diagnostics ("<stdin>") */
	char *buf;
	size_t cap, start, end; /* unread bytes are buf[start..end) */
	int eof;                /* read() returned 0 (in follow mode: for now) */
	int follow;             /* on EOF, wait for more data (tail -f) */
	int (*follow_stop)(void *); /* with follow: returns non-zero to stop */
	void *follow_arg;
	long lineno;            /* number of the line last returned */
	int last_unterminated;  /* the line last returned had no '\n' */
	uint64_t offset;        /* stream position of buf[0] */
	char tail[32];          /* follow: the last bytes read */
	size_t tail_len;
	char head[64];          /* follow: the first bytes of the file */
	size_t head_len;
};

/* Open path ("-" is standard input) for reading.  Standard input that is
 * a terminal is refused with a message and the usage line (exit 2); an
 * unreadable file is "PROG: FILE: reason" (exit 2). */
void hpt_input_open(struct hpt_input *in, const char *path);
/* Close the input and free its buffer. */
void hpt_input_close(struct hpt_input *in);
/* Make at least n bytes available from the current position, if the
 * input has that many; returns the number available (< n only at EOF) and
 * sets *p to them. */
size_t hpt_input_peek(struct hpt_input *in, size_t n, const char **p);
/* Next line: returns its length and sets *line (valid until the next call);
 * returns -1 at end of input.  A last line without '\n' is returned with
 * in->last_unterminated set.  Read errors exit 2. */
long hpt_input_line(struct hpt_input *in, char **line);

/*
 * Buffered standard output.  Write errors (full disk) are
 * "PROG: write error: reason", exit 2; a closed pipe (EPIPE) exits 0
 * quietly, as the reader asked for no more.
 */
void hpt_out_write(const void *p, size_t n);
void hpt_out_str(const char *s);
void hpt_out_char(int c);
void hpt_out_u64(uint64_t v);
void hpt_out_i64(int64_t v);
void hpt_out_printf(const char *fmt, ...) HPT_PRINTF(1, 2);
/* Write a field for TSV: '\\' as "\\\\", TAB as "\\t", LF as "\\n",
 * CR as "\\r"; other bytes unchanged. */
void hpt_out_tsv(const char *s, size_t n);
/* Room for n bytes (n <= 4096) in the output buffer, flushing it first
 * if needed: write at most n bytes there, then call hpt_out_commit() with
 * the number written.  For hot loops that format rows in place. */
char *hpt_out_space(size_t n);
void hpt_out_commit(size_t used);
/* Format v in decimal at p; returns the number of bytes (at most 20). */
size_t hpt_fmt_u64(char *p, uint64_t v);
/* Units: with hpt_out_units(1), output goes out only in whole units
 * (a sample, a row), each ended by hpt_out_mark(), so that a program
 * stopped by an error in the middle of a unit has written complete units
 * only.  A unit larger than the buffer grows it. */
void hpt_out_units(int on);
void hpt_out_mark(void);
/* Write everything buffered to standard output now. */
void hpt_out_flush(void);
/* Flush and close standard output, checking for errors; call once before
 * exit(0). */
void hpt_out_close(void);

/*
 * Numbers.  Parsing is exact and locale-free.
 */
/* Parse n bytes of decimal digits into *v.  Returns 0, or -1 when the text
 * is empty or not all digits, -2 when it exceeds 2^64-1. */
int hpt_parse_u64(const char *s, size_t n, uint64_t *v);
/* The exact sum of two non-negative decimals "digits[.digits]", as a new
 * string with as many decimals as the longer of the two (and no leading
 * zeros but one). */
char *hpt_dec_add(const char *a, const char *b);
/* Format d with prec digits after the '.' into buf (size >= 64). */
void hpt_fmt_double(char *buf, size_t size, double d, int prec);

#endif
