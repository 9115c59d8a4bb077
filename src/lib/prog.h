/*
 * prog.h: the glue every hptools main shares, so that each error has one
 * text across all programs (hptools.md section 1):
 *
 *   hpt_init          program name, usage, SIGPIPE
 *   hpt_getopt        getopt(3) plus -h, -V, --help, --version,
 *                     options after the operands, and the messages for
 *                     an unknown option, a long option and a missing
 *                     value
 *   hpt_operands      the operands after the options: "-" when none,
 *                     options written after a file (POSIXLY_CORRECT),
 *                     "-" given twice
 *   hpt_keyword       a keyword option value (-o tsv)
 *   hpt_opt_u64,      bounded numbers and decimals as option values
 *   hpt_opt_decimal
 *   hpt_opt_interval  -s START after -e END
 *   hpt_open_input    an operand opened for reading; a terminal on
 *                     standard input is refused
 *
 * Usage errors are "PROG: message" and then the usage, on standard
 * error, exit 2.
 */
#ifndef HPT_PROG_H
#define HPT_PROG_H

#include <stdint.h>

#include "diag.h"
#include "input.h"

#define HPT_VERSION "0.1.0"

/* Set the program name and its usage (the SYNOPSIS, one or more lines
 * without a final newline); ignore SIGPIPE so that a closed output pipe
 * is seen as EPIPE by the output layer, which then exits quietly. */
void hpt_init(const char *name, const char *usage);

/* "PROG: message" then the usage, both on stderr, exit 2. */
HPT_NORETURN void hpt_usage_error(const char *fmt, ...) HPT_PRINTF(1, 2);

/*
 * getopt(3) over opts (the program's own letters, without ':' first and
 * without h and V, which are added): returns the next option letter with
 * optarg set, or -1 after the last option.  -h and --help print the
 * usage and a line naming the man page to standard output and exit 0;
 * -V and --version print "PROG VERSION" and exit 0.
 *
 * Options may follow the operands, as GNU tools allow ("hpcat app.hp
 * -o svg" is "hpcat -o svg app.hp"): the first call moves every option
 * word (with its value) in argv before the operands, keeping the order
 * of each; "--" ends the options, so every word after it is an operand.
 * With POSIXLY_CORRECT in the environment nothing moves: the options
 * end at the first operand (POSIX getopt), and hpt_operands refuses an
 * option after a file.  Usage errors: "option -x needs an argument",
 * "unknown option -x", "unknown option "--long": options are single
 * letters (see -h)".
 */
int hpt_getopt(int argc, char **argv, const char *opts);

/*
 * After hpt_getopt returned -1: the operands, argv[optind..], in *n.
 * With none, a single "-" (standard input).  Under POSIXLY_CORRECT, an
 * operand that starts with '-' (but "-" alone) is the usage error
 * "options must come before files: "-x"", unless "--" ended the
 * options.  "-" given twice is "standard input can be read only
 * once".  max > 0 bounds the count: more is "too many files (WHAT)"
 * with what (for example "one report") in the message.
 */
char **hpt_operands(int argc, char **argv, int *n, int max,
                    const char *what);

/* The index of arg in words (NULL-terminated), or the usage error
 * "-o: unknown output format "x" (one of: hp, tsv, wide)", with opt
 * the option letter and what its noun ("output format"). */
int hpt_keyword(int opt, const char *what, const char *arg,
                const char *const *words);

/* A whole number min..max as the value of option opt, or the usage error
 * "-n: not a WHAT: "x"" (not all digits, below min) or "-n: WHAT out of
 * range: "x" (at most MAX)".  With clamp, a value above max (however
 * many digits) is max instead. */
uint64_t hpt_opt_u64(int opt, const char *what, const char *arg,
                     uint64_t min, uint64_t max, int clamp);

/* A size in bytes as the value of option opt: digits, then a unit of
 * a power of 1024, k, M, G or T in either case, alone or followed by
 * "B" or "iB" ("200M", "200m", "200MiB" and "200MB" are all 200 x 2^20
 * bytes), or "B" or nothing for bytes; with a unit, a fraction of up
 * to 9 digits ("0.5G"), rounded down to whole bytes; no more than
 * 2^64-1 bytes.  Or the usage error "-Y: not a size in bytes: "x"
 * (digits, then k, M, G or T for powers of 1024)" or "-Y: size out of
 * range: "x" (at most 2^64-1 bytes)".  hpstat -L and hpcat -Y. */
uint64_t hpt_opt_size(int opt, const char *arg);

/* A non-negative decimal ("12", "0.5", "3."; no sign, exponent or
 * locale) no greater than max (max < 0: no bound) as the value of
 * option opt, or the usage error "-s: not a WHAT: "x"". */
double hpt_opt_decimal(int opt, const char *what, const char *arg,
                       double max);

/* The interval of -s START and -e END, the option values as given
 * (each checked by hpt_opt_decimal, so a non-negative decimal in
 * seconds; NULL when the option is absent): the usage error "-e END is
 * before -s START" (with the values) when END < START, compared
 * exactly as decimals.  hpslice and hpstat check it so. */
void hpt_opt_interval(const char *start, const char *end);

/* Open an operand for reading (hpt_input_open).  Standard input that is
 * a terminal is the usage error "standard input is a terminal; name a
 * profile or pipe one in". */
void hpt_open_input(struct hpt_input *in, const char *path);

#endif
