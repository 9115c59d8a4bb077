/*
 * input.h: buffered byte input split into lines, with follow mode
 * (tail -f) for profiles still being written.
 *
 * A line is returned without its terminating '\n'; the caller strips a
 * '\r' itself where the format allows CRLF.  Lines may be of any length
 * (the buffer grows).  Binary readers use hpt_input_peek() and
 * hpt_input_skip() instead of lines.
 */
#ifndef HPT_INPUT_H
#define HPT_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct hpt_input {
	int fd;
	const char *name;       /* file name for diagnostics ("<stdin>") */
	char *buf;
	size_t cap, start, end; /* unread bytes are buf[start..end) */
	int eof;                /* read() returned 0 (in follow mode: for now) */
	int follow;             /* on EOF, wait for more data (tail -f) */
	int (*follow_stop)(void *); /* with follow: returns non-zero to stop */
	void (*follow_wait)(void *); /* with follow: called before each wait
	                             * (the program flushes its output) */
	void *follow_arg;
	long lineno;            /* number of the line last returned */
	int last_unterminated;  /* the line last returned had no '\n' */
	uint64_t offset;        /* stream position of buf[0] */
	char tail[32];          /* follow: the last bytes read */
	size_t tail_len;
	char head[64];          /* follow: the first bytes of the file */
	size_t head_len;
	int from_path;          /* opened from a path, not standard input */
	int follow_may_end;     /* follow: set by the reader where the
	                         * input may end (after what may be the
	                         * program's final sample): 1, or 2 when
	                         * only a writer seen gone ends it, */
	long follow_end_line;   /* with lineno then: valid while no line
	                         * has been returned since */
	int quiet_polls;        /* follow: waits in a row with no data there */
	long writer_pid;        /* follow: the process last seen writing */
	int writer_fd;          /* the file, and its descriptor there */
	int writer_looked;      /* follow: looked for it once */
	int follow_ending;      /* follow: the end was found (1), or the
	                         * writer left early (2): one more read */
};

/* Open path ("-" is standard input, named "<stdin>") for reading.  An
 * unreadable file is "PROG: FILE: reason" (exit 2).  Whether standard
 * input may be a terminal is the program's business (prog.h). */
void hpt_input_open(struct hpt_input *in, const char *path);
/* Read the descriptor fd, already open (a spool file read again, say),
 * named name in diagnostics; hpt_input_close closes it. */
void hpt_input_fdopen(struct hpt_input *in, int fd, const char *name);
/* Open path like hpt_input_open, but while it does not exist, wait for
 * it to appear (a profile followed before its program starts): once the
 * warning "FILE: warning: no such file yet: waiting for it", then a try
 * every 0.2 s, calling wait(arg) (if not NULL) before each, until it
 * opens (returns 1) or stop(arg) returns non-zero (returns 0, nothing
 * opened, nothing printed: the program got a signal).  A file whose
 * directory does not exist will never appear: "FILE: No such file or
 * directory" (exit 2) at once, as for any other error of open(2). */
int hpt_input_open_wait(struct hpt_input *in, const char *path,
                        int (*stop)(void *), void (*wait)(void *),
                        void *arg);
/*
 * Follow the input as it grows (tail -F): at its end, wait for more
 * (calling wait(arg) before each pause of 0.2 s, if not NULL) until one
 * of these ends the input:
 *   - stop(arg) returns non-zero (the program got a signal);
 *   - the profile may end here, and no other process has the file
 *     open for writing any more (the program exited).  The reader
 *     says where a profile may end by setting in->follow_may_end and
 *     in->follow_end_line = in->lineno, valid until it reads another
 *     line: after an empty sample that is not the first, as GHC's last
 *     act is an empty sample, then it closes the file.  Where writers
 *     cannot be seen (no /proc, as on systems other than Linux), the
 *     end is such a place where the file has not grown for 5 s.  After
 *     the first sample (follow_may_end 2: a run that ended before its
 *     first census, formats.md 1.9) only writers seen gone end it: a
 *     quiet file may be a program still before its first census;
 *   - the process seen writing the file (looked for at the first
 *     wait) no longer has it open, without the final empty sample:
 *     "FILE: warning: file closed by its program before the final
 *     sample: stopped";
 *   - the file was truncated or no longer holds the bytes read (the
 *     program was run again), or, once every byte was read, its name
 *     no longer exists or names another file (deleted, replaced by
 *     mv): "FILE: warning: file truncated|rewritten|deleted|replaced
 *     while followed: stopped".
 * Only a regular file is followed: a pipe ends when its writer closes
 * it, so there is nothing to wait for.
 */
void hpt_input_follow(struct hpt_input *in, int (*stop)(void *),
                      void (*wait)(void *), void *arg);
/* Close the input and free its buffer. */
void hpt_input_close(struct hpt_input *in);
/* Make at least n bytes available from the current position, if the
 * input has that many; returns the number available (< n only at EOF) and
 * sets *p to them. */
size_t hpt_input_peek(struct hpt_input *in, size_t n, const char **p);
/* Consume n bytes (n <= what hpt_input_peek made available). */
void hpt_input_skip(struct hpt_input *in, size_t n);
/* The stream position of the next unread byte, in bytes from the start. */
uint64_t hpt_input_pos(const struct hpt_input *in);
/* The longest line read, in bytes (256 MiB): a longer one (an endless
 * stream without newlines, a wrong device) is the error "FILE:LINE:
 * line of 256 MiB without its end: stopped (no profile has such
 * lines)", exit 2, instead of a buffer that grows until memory runs
 * out. */
#define HPT_LINE_MAX ((size_t)256 << 20)

/* Next line: returns its length and sets *line (valid until the next call);
 * returns -1 at end of input (lines of HPT_LINE_MAX or more: above).  A last line without '\n' is returned with
 * in->last_unterminated set.  Read errors exit 2.  Inline for the line
 * already in the buffer (one memchr), the common case of every line of
 * a .hp; hpt_input_line_fill reads more first. */
long hpt_input_line_fill(struct hpt_input *in, char **line);
static inline long hpt_input_line(struct hpt_input *in, char **line)
{
	char *b = in->buf + in->start;
	char *nl = memchr(b, '\n', in->end - in->start);
	if (!nl)
		return hpt_input_line_fill(in, line);
	*line = b;
	in->start += (size_t)(nl - b) + 1;
	in->lineno++;
	in->last_unterminated = 0;
	return (long)(nl - b);
}

#endif
