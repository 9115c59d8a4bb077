/*
 * diag.h: the diagnostics of every hptools program (hptools.md section 1).
 *
 *   PROG: message                       usage and system errors
 *   PROG: FILE:LINE: message            malformed text data (exit 2)
 *   PROG: FILE: offset N: message       malformed binary data (exit 2)
 *   PROG: FILE:LINE: warning: message   a repair (exit status unchanged)
 *
 * The base of the library: it calls nothing of hptools.  Modules above
 * it that must act before the program dies (the output layer writes
 * its trailer) register a hook with hpt_at_fatal().  Nothing here calls
 * setlocale(), so the C library stays in the "C" locale and numbers
 * always use '.'.
 */
#ifndef HPT_DIAG_H
#define HPT_DIAG_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define HPT_NORETURN __attribute__((noreturn))
#define HPT_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define HPT_NORETURN
#define HPT_PRINTF(a, b)
#endif

/* Program name used as the prefix of every diagnostic. */
extern const char *hpt_progname;
/* Non-zero: warnings are not printed (option -q). */
extern int hpt_quiet;
/* Number of warnings issued (printed or not). */
extern unsigned long hpt_warnings;

/* Call fn (once) before exiting on any fatal error: the output layer's
 * way to end incomplete output with its trailer.  At most one hook. */
void hpt_at_fatal(void (*fn)(void));

/* Run the fatal hook and exit 2.  For modules that printed their own
 * message. */
HPT_NORETURN void hpt_exit_fatal(void);

/* "PROG: message", exit 2. */
HPT_NORETURN void hpt_die(const char *fmt, ...) HPT_PRINTF(1, 2);
/* "PROG: message: strerror(errno)", exit 2. */
HPT_NORETURN void hpt_die_errno(const char *fmt, ...) HPT_PRINTF(1, 2);
/* "PROG: FILE:LINE: message", exit 2.  line <= 0 omits ":LINE". */
HPT_NORETURN void hpt_data_error(const char *file, long line,
                                 const char *fmt, ...) HPT_PRINTF(3, 4);
/* "PROG: FILE: offset N: message", exit 2 (binary input; N in bytes
 * from the start of the file). */
HPT_NORETURN void hpt_offset_error(const char *file, uint64_t offset,
                                   const char *fmt, ...) HPT_PRINTF(3, 4);
/* "PROG: FILE:LINE: warning: message" unless hpt_quiet. */
void hpt_data_warn(const char *file, long line, const char *fmt, ...)
    HPT_PRINTF(3, 4);
/* "PROG: FILE: offset N: warning: message" unless hpt_quiet. */
void hpt_offset_warn(const char *file, uint64_t offset, const char *fmt, ...)
    HPT_PRINTF(3, 4);
/* A repair of binary input at offset (bytes from the file's start):
 * when strict, the error "PROG: FILE: offset N: PROBLEM" (exit 2);
 * otherwise the warning "PROG: FILE: offset N: warning: PROBLEM:
 * ACTION" (ACTION says what was done instead, e.g. "skipped"). */
void hpt_offset_repair(const char *file, int strict, uint64_t offset,
                       const char *problem, const char *action);
/* ---- names of files in messages ---- */

/* The most bytes hpt_name shows of a name: a longer one loses its
 * middle.  A name is the user's: every real path (a CI checkout's
 * included) is shown whole, so that it can be copied and so that tests
 * do not depend on where the tree lies; only an absurd one (beyond a
 * kilobyte) is cut, so that a message stays one line of about 200
 * bytes besides its file name. */
#define HPT_NAME_MAX 1024

/* One unit of a name or value quoted in a diagnostic, at s (n > 0
 * bytes left): written to o (room for 9 bytes, NUL-terminated): TAB
 * as \t, backslash as \\, other control bytes (C1 controls in UTF-8
 * too), a UTF-8 byte-order mark and bytes that are not UTF-8 as \xNN,
 * valid UTF-8 and printable ASCII as they are.  Returns the bytes of s
 * taken (1 to 4) and sets *w to the bytes written.  The one escaping
 * rule of hpt_quote and hpt_name. */
size_t hpt_quote_unit(char *o, const char *s, size_t n, size_t *w);

/* The length of the valid UTF-8 sequence of two to four bytes at s (at
 * most n bytes), or 0 (ASCII, or not UTF-8).  Here, in the base, so
 * that hpt_quote_unit and escape.h's users share one definition. */
size_t hpt_utf8_len(const unsigned char *s, size_t n);

/* File name file as a diagnostic shows it, into a static buffer (one
 * of four, used in turn: up to four names in one message): escaped as
 * hpt_quote_unit does, so that it stays on its line and shows every
 * byte; an empty name as ""; an escaped name longer than HPT_NAME_MAX
 * bytes as its start, "...", and its end.  Every message that names a
 * file (the FILE of the functions below included) shows it so. */
const char *hpt_name(const char *file);

/* File name file quoted for the shell (bash, zsh, ksh; $'...' is
 * POSIX.1-2024, not in older sh such as dash), to be copied into a
 * command line a message suggests, such as "zcat FILE | hpcat": as it
 * is when it is only letters, digits and "%+,-./:=@_" and does not
 * start with '-'; else in single quotes ('\'' for a quote), or as
 * $'...' with hpt_quote_unit's escapes (and \') when it holds bytes
 * that a message shows escaped.  A name starting with '-' gets "-- "
 * before it, so that the command does not read it as an option.
 * NULL if the quoted name would be longer than HPT_NAME_MAX bytes
 * (the caller then names no file in the command).  Static buffer,
 * valid until the next call. */
const char *hpt_name_sh(const char *file);

/* "PROG: FILE: strerror(errno)" (FILE as hpt_name shows it), exit 2. */
HPT_NORETURN void hpt_die_file_errno(const char *file);

/* "PROG: warning: message" unless hpt_quiet. */
void hpt_warn(const char *fmt, ...) HPT_PRINTF(1, 2);
/* "PROG: message" with no exit: for a message that more lines follow
 * (the usage after a usage error). */
void hpt_say(const char *fmt, ...) HPT_PRINTF(1, 2);

#endif
