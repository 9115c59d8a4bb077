/*
 * diag.c: diagnostics.  See diag.h.
 */
#include "diag.h"

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

/* One message: "PROG: [where: ][kind]text\n".  where is "FILE:LINE",
 * "FILE: offset N" or "FILE", built by the caller. */
static void vmsg(const char *file, long line, const uint64_t *offset,
                 const char *kind, const char *fmt, va_list ap)
{
	/* One fprintf per piece is fine: stderr is unbuffered but these
	 * are rare. */
	fprintf(stderr, "%s: ", hpt_progname);
	if (file) {
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
