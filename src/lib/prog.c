/*
 * prog.c: option and operand handling shared by every main.  See prog.h.
 */
#include "prog.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "escape.h"
#include "num.h"
#include "output.h"

static const char *usage_text = "";

/* Where hpt_getopt's getopt(3) stops: the options, and after them a
 * "--" when one was given, are argv[1..opt_end-1] (0: not yet
 * arranged).  permuted: options after the operands were moved before
 * them (POSIXLY_CORRECT unset). */
static int opt_end, permuted;

void hpt_init(const char *name, const char *usage)
{
	hpt_progname = name;
	usage_text = usage;
	/* EPIPE, not a signal, so that hpt_out_* can end quietly and the
	 * same way whatever the parent did with SIGPIPE. */
	signal(SIGPIPE, SIG_IGN);
}

void hpt_usage_error(const char *fmt, ...)
{
	va_list ap;
	char *msg;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	msg = hpt_xmalloc(n > 0 ? (size_t)n + 1 : 1);
	msg[0] = '\0';
	va_start(ap, fmt);
	if (n > 0)
		vsnprintf(msg, (size_t)n + 1, fmt, ap);
	va_end(ap);
	hpt_say("%s", msg);
	fprintf(stderr, "%s\n", usage_text);
	free(msg);
	/* No trailer: usage errors come before any output. */
	exit(2);
}

static const char *q(const char *s)
{
	return hpt_quote(0, s, strlen(s));
}

/* Whether option letter c of opts (a getopt(3) string) takes a value. */
static int takes_value(const char *opts, char c)
{
	const char *o = c == ':' ? NULL : strchr(opts, c);
	return o && o[1] == ':';
}

/*
 * The words of argv before getopt(3) reads them: "--help" and
 * "--version" become -h and -V; unless POSIXLY_CORRECT is set, the
 * options (each with its value, the rest of its word or the next word,
 * as getopt takes it) move before the operands, both in their order,
 * and a "--" (which ends the options: every word after it is an
 * operand) goes between them.  Under POSIXLY_CORRECT the options end at
 * the first operand, as getopt ends them.  Sets opt_end and permuted.
 */
static void arrange(int argc, char **argv, const char *opts)
{
	static char help[] = "-h", version[] = "-V";
	char **operands = hpt_xmalloc((size_t)argc * sizeof *operands);
	int i, nopt = 1, noperand = 0, dashdash = 0;
	permuted = getenv("POSIXLY_CORRECT") == NULL;
	for (i = 1; i < argc; i++) {
		char *w = argv[i];
		const char *p;
		if (strcmp(w, "--") == 0) {
			dashdash = i;
			break;
		}
		if (w[0] != '-' || w[1] == '\0') {
			if (!permuted)
				break;
			operands[noperand++] = w;
			continue;
		}
		if (strcmp(w, "--help") == 0)
			w = help;
		else if (strcmp(w, "--version") == 0)
			w = version;
		argv[nopt++] = w;
		if (w[1] == '-')
			continue; /* another long option: getopt's error */
		for (p = w + 1; *p; p++)
			if (takes_value(opts, *p)) {
				if (p[1] == '\0' && i + 1 < argc)
					argv[nopt++] = argv[++i];
				break;
			}
	}
	if (!permuted) {
		/* nothing moved; getopt sees every word */
		opt_end = argc;
		free(operands);
		return;
	}
	opt_end = nopt;
	if (dashdash) {
		argv[opt_end++] = argv[dashdash];
		memmove(argv + opt_end + noperand, argv + dashdash + 1,
		        (size_t)(argc - dashdash - 1) * sizeof *argv);
	}
	memcpy(argv + opt_end, operands, (size_t)noperand * sizeof *argv);
	free(operands);
}

int hpt_getopt(int argc, char **argv, const char *opts)
{
	static char *all;
	int c;
	if (!all) {
		all = hpt_xasprintf(":%shV", opts);
		arrange(argc, argv, all);
	}
	opterr = 0; /* our own messages, without argv[0] */
	c = getopt(opt_end, argv, all);
	switch (c) {
	case 'h':
		hpt_out_str(usage_text);
		hpt_out_str("\nSee the manual: man ");
		hpt_out_str(hpt_progname);
		hpt_out_char('\n');
		hpt_out_close();
		exit(0);
	case 'V':
		hpt_out_str(hpt_progname);
		hpt_out_str(" " HPT_VERSION "\n");
		hpt_out_close();
		exit(0);
	case ':':
		hpt_usage_error("option -%c needs an argument", optopt);
	case '?':
		if (optopt == '-') {
			/* "--help": getopt stops inside the word, so the
			 * word is the current argument, or the next one when
			 * getopt already moved past it. */
			const char *w = argv[optind - 1];
			if (optind < argc && strncmp(argv[optind], "--", 2) == 0)
				w = argv[optind];
			hpt_usage_error("unknown option \"%s\": options are "
			                "single letters (see -h)", q(w));
		}
		if (optopt > 0x20 && optopt < 0x7f)
			hpt_usage_error("unknown option -%c", optopt);
		hpt_usage_error("unknown option (options are single letters: "
		                "see -h)");
	default:
		return c;
	}
}

char **hpt_operands(int argc, char **argv, int *n, int max,
                    const char *what)
{
	static char *stdin_only[] = {"-", NULL};
	int i, dashdash = optind > 1 && strcmp(argv[optind - 1], "--") == 0;
	int nstdin = 0;
	/* After arrange moved them, an operand that starts with '-' came
	 * after "--". */
	dashdash |= permuted;
	*n = argc - optind;
	for (i = optind; i < argc; i++) {
		if (strcmp(argv[i], "-") == 0)
			nstdin++;
		else if (argv[i][0] == '-' && !dashdash)
			hpt_usage_error("options must come before files: "
			                "\"%s\"", q(argv[i]));
	}
	if (nstdin > 1)
		hpt_usage_error("standard input can be read only once");
	if (max > 0 && *n > max)
		hpt_usage_error("too many files (%s)", what);
	if (*n == 0) {
		*n = 1;
		return stdin_only;
	}
	return argv + optind;
}

int hpt_keyword(int opt, const char *what, const char *arg,
                const char *const *words)
{
	size_t len = 0;
	char *list, *p;
	int i;
	for (i = 0; words[i]; i++)
		if (strcmp(arg, words[i]) == 0)
			return i;
	for (i = 0; words[i]; i++)
		len += strlen(words[i]) + 2;
	p = list = hpt_xmalloc(len + 1);
	for (i = 0; words[i]; i++)
		p += sprintf(p, "%s%s", i ? ", " : "", words[i]);
	hpt_usage_error("-%c: unknown %s \"%s\" (one of: %s)", opt, what,
	                q(arg), list);
}

uint64_t hpt_opt_u64(int opt, const char *what, const char *arg,
                     uint64_t min, uint64_t max, int clamp)
{
	uint64_t v;
	size_t n = strlen(arg);
	int e = hpt_parse_u64(arg, n, &v);
	if (e == -1 || (e == 0 && v < min))
		hpt_usage_error("-%c: not a %s: \"%s\"", opt, what, q(arg));
	if (e == -2 || v > max) {
		if (clamp)
			return max;
		hpt_usage_error("-%c: %s out of range: \"%s\" (at most %llu)",
		                opt, what, q(arg), (unsigned long long)max);
	}
	return v;
}

/* The power of 1024 a size's unit letter means (k/K 1, m/M 2, g/G 3,
 * t/T 4), or 0 when c is no unit letter. */
static int size_power(char c)
{
	const char *units = "kmgt", *u;
	char l = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
	u = l != '\0' ? strchr(units, l) : NULL;
	return u != NULL ? (int)(u - units) + 1 : 0;
}

uint64_t hpt_opt_size(int opt, const char *arg)
{
	size_t n = strlen(arg), ip = 0, fd = 0, i;
	uint64_t v = 0, frac = 0, scale = 1, mul = 1, fb;
	int power = 0, r, bad = 0;
	/* the unit: B, or a letter with an optional iB or B after it */
	if (n >= 1 && (arg[n - 1] == 'B' || arg[n - 1] == 'b')) {
		n--;
		if (n >= 2 && arg[n - 1] == 'i' && size_power(arg[n - 2]))
			n--;
	}
	if (n >= 1 && (power = size_power(arg[n - 1])) != 0)
		n--;
	for (r = 0; r < power; r++)
		mul *= 1024u;
	while (ip < n && arg[ip] != '.')
		ip++;
	r = hpt_parse_u64(arg, ip, &v);
	if (ip < n) {            /* a fraction: with a unit, 9 digits at most */
		fd = n - ip - 1;
		bad = power == 0 || fd == 0 || fd > 9 ||
		      hpt_parse_u64(arg + ip + 1, fd, &frac) != 0;
		for (i = 0; i < fd && i < 9; i++)
			scale *= 10;
	}
	if (r == -1 || ip == 0 || bad)
		hpt_usage_error("-%c: not a size in bytes: \"%s\" (digits, "
		                "then k, M, G or T for powers of 1024)", opt,
		                q(arg));
	/* frac / scale of a unit in whole bytes (rounded down): frac < 10^9
	 * and mul / 1024 <= 2^30, so no product passes 2^64 */
	fb = frac * (mul / 1024) / scale * 1024 +
	     frac * (mul / 1024) % scale * 1024 / scale;
	if (r == -2 || v > UINT64_MAX / mul || v * mul > UINT64_MAX - fb)
		hpt_usage_error("-%c: size out of range: \"%s\" (at most "
		                "2^64-1 bytes)", opt, q(arg));
	return v * mul + fb;
}

double hpt_opt_decimal(int opt, const char *what, const char *arg,
                       double max)
{
	char *end;
	double v = 0;
	size_t i, n = strlen(arg), dots = 0, digits = 0;
	/* digits with at most one '.', so no locale, sign or exponent */
	for (i = 0; i < n; i++) {
		if (arg[i] == '.')
			dots++;
		else if (arg[i] >= '0' && arg[i] <= '9')
			digits++;
		else
			break;
	}
	if (n)
		v = strtod(arg, &end);
	if (!n || i != n || dots > 1 || !digits || (max >= 0 && v > max))
		hpt_usage_error("-%c: not a %s: \"%s\"", opt, what, q(arg));
	return v;
}

void hpt_opt_interval(const char *start, const char *end)
{
	if (start && end && hpt_dec_cmp(end, start) < 0)
		hpt_usage_error("-e %s is before -s %s", end, start);
}

void hpt_open_input(struct hpt_input *in, const char *path)
{
	if (strcmp(path, "-") == 0 && isatty(0))
		hpt_usage_error("standard input is a terminal; name a profile "
		                "or pipe one in");
	hpt_input_open(in, path);
}
