/*
 * sniff.c: format detection.  See sniff.h.
 */
#include "sniff.h"

#include <string.h>
#include <sys/stat.h>

#include "diag.h"

/* Does the line of n bytes at s start with keyword kw, followed by a
 * blank or its end? */
static int starts_kw(const char *s, size_t n, const char *kw)
{
	size_t k = strlen(kw);
	return n >= k && memcmp(s, kw, k) == 0 &&
	       (n == k || s[k] == ' ' || s[k] == '\t' || s[k] == '\r');
}

static int contains(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w), i;
	for (i = 0; i + k <= n; i++)
		if (memcmp(s + i, w, k) == 0)
			return 1;
	return 0;
}

/* A UTF-8 byte-order mark, which GHC never writes but editors (Windows
 * ones above all) put before a report they saved: skipped, with a
 * warning, when what follows is a .prof report or JSON. */
static const char bom[] = "\xef\xbb\xbf";

static enum hpt_format sniff(struct hpt_input *in, size_t from);

/* The compressors whose output people keep profiles in, by their magic
 * bytes (RFC 1952; the xz, zstd and bzip2 file formats), with the
 * command that writes the data back out. */
static const struct {
	const char *magic;
	size_t len;
	const char *name, *cat;
} packed[] = {
	{"\x1f\x8b", 2, "gzip", "zcat"},
	{"\xfd" "7zXZ\0", 6, "xz", "xzcat"},
	{"\x28\xb5\x2f\xfd", 4, "zstd", "zstdcat"},
	{"BZh", 3, "bzip2", "bzcat"},
};

void hpt_refuse_compressed(struct hpt_input *in, int table)
{
	struct stat st;
	const char *p, *sh;
	size_t got = hpt_input_peek(in, 6, &p), i;
	for (i = 0; i < sizeof packed / sizeof packed[0]; i++) {
		if (got < packed[i].len ||
		    memcmp(p, packed[i].magic, packed[i].len) != 0)
			continue;
		/* "BZh" and a block size digit '1' to '9' */
		if (i == 3 && (got < 4 || p[3] < '1' || p[3] > '9'))
			continue;
		/* the command as the shell runs it; "FILE" when the name
		 * is too long to be copied from the message */
		sh = hpt_name_sh(in->name);
		if (!sh)
			sh = "FILE";
		if (table)
			hpt_data_error(in->name, 0, "%s-compressed data: "
			               "uncompress it first (-I <(%s %s))",
			               packed[i].name, packed[i].cat, sh);
		if (strcmp(in->name, "<stdin>") == 0)
			hpt_data_error(in->name, 0, "%s-compressed data: "
			               "uncompress it first (%s | %s)",
			               packed[i].name, packed[i].cat,
			               hpt_progname);
		/* no regular file (a pipe the shell named, /dev/fd/N of
		 * <(...), a FIFO): what was read is gone, and zcat of the
		 * name would not read it again */
		if (fstat(in->fd, &st) != 0 || !S_ISREG(st.st_mode))
			hpt_data_error(in->name, 0, "%s-compressed data: "
			               "uncompress it first (%s in the command "
			               "that writes it)", packed[i].name,
			               packed[i].cat);
		/* among other files, or with -d or -D, the pipe alone
		 * would lose them: <(...) takes the file's place */
		hpt_data_error(in->name, 0, "%s-compressed data: uncompress "
		               "it first (%s %s | %s, or <(%s %s) in its "
		               "place)", packed[i].name, packed[i].cat, sh,
		               hpt_progname, packed[i].cat, sh);
	}
}

enum hpt_format hpt_sniff(struct hpt_input *in)
{
	const char *p;
	enum hpt_format f;
	hpt_refuse_compressed(in, 0);
	if (hpt_input_peek(in, 3, &p) < 3 || memcmp(p, bom, 3) != 0)
		return sniff(in, 0);
	f = sniff(in, 3);
	if (f != HPT_FMT_PROF && f != HPT_FMT_JSON)
		return HPT_FMT_UNKNOWN;
	hpt_data_warn(in->name, 1, "UTF-8 byte-order mark skipped");
	hpt_input_skip(in, 3);
	return f;
}

/* The first line that is not blank, from byte from on: read ahead to
 * its end, or 4 KiB, whichever comes first; never much past it, since
 * a file being followed may have no more yet.  Returns its length (0:
 * none), *s its bytes, *lineno its line number; *ended says whether
 * the bytes peeked ended before 4 KiB (so a blank start is empty
 * input). */
static size_t first_line(struct hpt_input *in, size_t from, const char **s,
                         long *lineno, int *ended)
{
	const char *p, *nl;
	size_t got, want, i, k;
	long l = 1;
	for (want = 8;; want *= 2) {
		got = hpt_input_peek(in, want, &p);
		for (i = from; i < got && (p[i] == ' ' || p[i] == '\t' ||
		                        p[i] == '\n');)
			i++;
		if (i < got && memchr(p + i, '\n', got - i))
			break;
		if (got < want || want >= 4096)
			break;
	}
	*ended = got < want;
	for (k = from; k < i; k++)
		l += p[k] == '\n';
	*lineno = l;
	*s = p + i;
	if (i == got)
		return 0;
	nl = memchr(p + i, '\n', got - i);
	return nl ? (size_t)(nl - (p + i)) : got - i;
}

size_t hpt_sniff_line(struct hpt_input *in, const char **s, long *lineno)
{
	int ended;
	return first_line(in, 0, s, lineno, &ended);
}

/* The format of the input from byte from on (nothing consumed). */
static enum hpt_format sniff(struct hpt_input *in, size_t from)
{
	static const char *const hp_kw[] = {"JOB", "DATE", "SAMPLE_UNIT",
	                                    "VALUE_UNIT", "BEGIN_SAMPLE",
	                                    "MARK"};
	const char *p, *line;
	size_t got, n, k;
	long lineno;
	int ended;
	got = hpt_input_peek(in, from + 4, &p);
	if (got == from)
		return HPT_FMT_EMPTY;
	if (got == from + 4 && memcmp(p + from, "hdrb", 4) == 0)
		return HPT_FMT_EVENTLOG;
	n = first_line(in, from, &line, &lineno, &ended);
	if (n == 0)
		return ended ? HPT_FMT_EMPTY : HPT_FMT_UNKNOWN;
	if (line[0] == '{')
		return HPT_FMT_JSON;
	for (k = 0; k < sizeof hp_kw / sizeof hp_kw[0]; k++)
		if (starts_kw(line, n, hp_kw[k]))
			return HPT_FMT_HP;
	if (contains(line, n, "Time and Allocation Profiling Report") ||
	    starts_kw(line, n, "COST") || starts_kw(line, n, "total") ||
	    contains(line, n, "Retainer sets created") ||
	    (n >= 20 && memcmp(line, "Retainer Profiling: ", 20) == 0))
		return HPT_FMT_PROF;
	/* a first line of no format, with a NUL byte (which no text
	 * format's first line holds): refused now, not after reading an
	 * endless line.  A recognised line keeps its reader, which repairs
	 * or refuses the byte itself. */
	if (memchr(line, '\0', n))
		return HPT_FMT_BINARY;
	return HPT_FMT_UNKNOWN;
}

const char *hpt_format_name(enum hpt_format f)
{
	switch (f) {
	case HPT_FMT_EMPTY:
		return "empty input";
	case HPT_FMT_HP:
		return "a heap profile (.hp)";
	case HPT_FMT_PROF:
		return "a .prof report";
	case HPT_FMT_JSON:
		return "a -pj JSON profile";
	case HPT_FMT_EVENTLOG:
		return "an eventlog";
	case HPT_FMT_BINARY:
		return "binary data (a NUL byte in its first line)";
	default:
		return "unknown data";
	}
}
