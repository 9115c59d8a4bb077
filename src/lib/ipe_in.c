/*
 * ipe_in.c: format dispatch for the tables that name bands.  See
 * ipe_in.h.
 */
#include "ipe_in.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "alloc.h"
#include "diag.h"
#include "ev_ipe.h"
#include "ipe_tsv.h"
#include "prof_read.h"
#include "prog.h"
#include "sniff.h"

enum ipe_in_kind ipe_in_load(const char *path, struct ipe_table *t,
                             struct prof_report *r, int strict,
                             uint64_t *entries)
{
	struct hpt_input in;
	enum hpt_format f;
	enum ipe_in_kind kind;
	*entries = 0;
	hpt_open_input(&in, path);   /* -I - on a terminal: refused */
	hpt_refuse_compressed(&in, 1);
	f = hpt_sniff(&in);
	switch (f) {
	case HPT_FMT_EMPTY:
		hpt_data_error(in.name, 0, "empty input");
	case HPT_FMT_HP:
	case HPT_FMT_JSON:
		hpt_data_error(in.name, 0, "%s, not an IPE table, eventlog or "
		               ".prof", hpt_format_name(f));
	case HPT_FMT_BINARY: {
		const char *s;
		long line;
		hpt_sniff_line(&in, &s, &line);
		hpt_data_error(in.name, line, "NUL byte in line: not an IPE "
		               "table, eventlog or .prof");
	}
	case HPT_FMT_EVENTLOG:
		*entries = ev_ipe_read(t, &in, strict);
		kind = IPE_IN_EVENTLOG;
		break;
	case HPT_FMT_PROF:
		prof_read(r, &in);
		kind = IPE_IN_PROF;
		break;
	default:
		*entries = ipe_tsv_read(t, &in);
		kind = IPE_IN_TSV;
		break;
	}
	hpt_input_close(&in);
	return kind;
}

uint64_t ipe_in_tables(struct hpt_input *in, struct ipe_table *t,
                       int strict)
{
	enum hpt_format f = hpt_sniff(in);
	if (f == HPT_FMT_EMPTY)
		hpt_data_error(in->name, 0, "empty input");
	if (f == HPT_FMT_UNKNOWN || f == HPT_FMT_BINARY)
		hpt_data_error(in->name, 0, "not an eventlog, .hp or .prof: "
		               "-o ipe and -o cc read eventlogs");
	if (f != HPT_FMT_EVENTLOG)
		hpt_data_error(in->name, 0, "%s has no IPE or cost-centre "
		               "table (-o ipe and -o cc read eventlogs)",
		               hpt_format_name(f));
	return ev_ipe_read(t, in, strict);
}

uint64_t ipe_in_merge(struct ipe_table *t, const struct ipe_table *from)
{
	uint64_t differ = 0;
	size_t i, at;
	int k;
	for (i = 0; i < from->nipe; i++) {
		const char *f[IPE_NFIELDS];
		size_t n[IPE_NFIELDS];
		for (k = 0; k < IPE_NFIELDS; k++) {
			f[k] = ipe_str(from, i, k);
			n[k] = ipe_len(from, i, k);
		}
		if (!ipe_add(t, from->ipe[i].id, f, n, &at) &&
		    !ipe_same(t, at, f, n))
			differ++;
	}
	return differ;
}

struct ipe_table *ipe_in_own(const char *path)
{
	struct hpt_input in;
	struct ipe_table *t = NULL;
	struct stat st;
	int quiet = hpt_quiet;
	unsigned long warnings = hpt_warnings;
	if (strcmp(path, "-") == 0 ||
	    (stat(path, &st) == 0 && !S_ISREG(st.st_mode)))
		return NULL;
	hpt_input_open(&in, path);
	if (hpt_sniff(&in) != HPT_FMT_EVENTLOG) {
		hpt_input_close(&in);
		return NULL;
	}
	/* only a log that can hold IPE events is read twice */
	hpt_quiet = 1;
	if (ev_ipe_declared(&in)) {
		hpt_input_close(&in);
		hpt_input_open(&in, path);
		hpt_sniff(&in);
		t = hpt_xmalloc(sizeof *t);
		ipe_table_init(t);
		ipe_in_tables(&in, t, 0);
		if (t->nipe == 0) {
			ipe_table_free(t);
			free(t);
			t = NULL;
		}
	}
	hpt_quiet = quiet;
	hpt_warnings = warnings;
	hpt_input_close(&in);
	return t;
}

void ipe_in_bare_warn(const char *name, const char *path, int follow,
                      uint64_t bare, const char *remedy)
{
	struct stat st;
	int from_stdin = strcmp(path, "-") == 0;
	if (bare == 0 || (!follow && !from_stdin && stat(path, &st) == 0 &&
	                  S_ISREG(st.st_mode)))
		return;
	hpt_data_warn(name, 0, "%llu info-table bands keep bare addresses: "
	              "an eventlog names its own only as a file, not %s (%s)",
	              (unsigned long long)bare,
	              follow ? "followed (-f)" : from_stdin
	              ? "from standard input" : "from a pipe", remedy);
}
