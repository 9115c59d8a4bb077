/*
 * hpcat: read, check, repair, join and convert heap profiles.
 * See man/hpcat.1.
 *
 * The options choose one sink (hp_write.h) once; each input is read by
 * the heap reader of its format (heap_in.h) and its samples go to the
 * sink, each later input continuing after the last time of the one
 * before.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "heap_in.h"
#include "hp_names.h"
#include "hp_read.h"
#include "hp_svg.h"
#include "hp_write.h"
#include "ipe.h"
#include "ev_ipe.h"
#include "ipe_in.h"
#include "ipe_tsv.h"
#include "output.h"
#include "prof.h"
#include "prog.h"
#include "sniff.h"

static const char usage[] =
    "usage: hpcat [-fSq] [-o hp|tsv|wide|svg|ipe|cc] [-I table] "
    "[file ...]";

static volatile sig_atomic_t stopped;

static void on_signal(int sig)
{
	(void)sig;
	stopped = 1;
}

static int stop_following(void *arg)
{
	(void)arg;
	return stopped;
}

/* Before each pause of -f: what was read so far goes out now. */
static void flush_output(void *arg)
{
	(void)arg;
	hpt_out_flush();
}

static void catch_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* What joined inputs must agree on: the first one's header. */
struct first {
	const char *name;        /* the first input (NULL: none read yet) */
	struct hp_header h;      /* its JOB, units and clock */
	int clocks_told;         /* the warning of two clocks was given */
};

/* Keep what later inputs are checked against (first one), or check
 * input name's header h against it: another kind of profile is a
 * warning, or an error under -S. */
static void check_join(struct first *f, const char *name, int strict,
                       const struct hp_header *h)
{
	char *m;
	if (!f->name) {
		f->name = name;
		f->h.job = hpt_xmemdup(h->job, h->job_len);
		f->h.job_len = h->job_len;
		f->h.sample_unit = hpt_xmemdup(h->sample_unit,
		                               h->sample_unit_len);
		f->h.sample_unit_len = h->sample_unit_len;
		f->h.value_unit = hpt_xmemdup(h->value_unit, h->value_unit_len);
		f->h.value_unit_len = h->value_unit_len;
		f->h.elapsed_clock = h->elapsed_clock;
		return;
	}
	if (h->elapsed_clock != f->h.elapsed_clock && !f->clocks_told) {
		/* a .hp and an eventlog: two clocks, two ways of naming */
		const char *a = h->elapsed_clock ? "elapsed" : "mutator CPU";
		const char *b = h->elapsed_clock ? "mutator CPU" : "elapsed";
		f->clocks_told = 1;
		if (strict)
			hpt_data_error(name, 0, "sample times are %s seconds, "
			               "those of %s %s seconds, and a .hp's -hc "
			               "and -hr bands start with (N), an "
			               "eventlog's not", a, f->name, b);
		hpt_data_warn(name, 0, "sample times are %s seconds, those of "
		              "%s %s seconds, and a .hp's -hc and -hr bands "
		              "start with (N), an eventlog's not: joined "
		              "anyway", a, f->name, b);
	}
	if ((m = hp_header_mismatch(&f->h, h)) == NULL)
		return;
	if (strict)
		hpt_data_error(name, 0, "%s in %s", m, f->name);
	hpt_data_warn(name, 0, "%s in %s: joined anyway", m, f->name);
	free(m);
}

/*
 * One input into the sink: its header if it is the first, then its
 * samples and marks, their times after *offset.  *offset becomes the
 * time the next input continues after.  A followed file may not exist
 * yet: it is waited for, and a signal then ends the run (returns 0,
 * nothing read); else returns 1.
 */
/* How band names are made readable (hp_names.h): rn renames by the
 * -I tables (NULL: none), own[i] holds the IPE table of input i when it
 * is an eventlog file with IPE events (NULL: none), out is the band
 * table the sink sees when names are renamed at all (NULL: the
 * readers' own). */
struct naming {
	struct hp_names *rn;
	struct ipe_table **own;
	struct hpt_intern *out;
	const struct prof_report *prof; /* the .prof of -I, or NULL */
	const char *prof_name;
	int have_ipe;            /* -I gave info tables */
};

/* The input being read, also here: an error exit from check_join, after
 * which cat_file has no use for its own pointer (the compiler may drop
 * it), leaves it reachable, not lost to LeakSanitizer.  Volatile: a
 * pointer only ever stored would be dropped too. */
static struct heap_in *volatile reading;

static int cat_file(const char *path, struct first *first, int strict,
                     int follow, struct hpt_intern *bands,
                     struct hp_sample *s, const struct hp_sink *k,
                     char **offset, struct naming *nm, int index)
{
	struct hp_names *rn = nm->rn;
	struct hpt_intern *sb = nm->out ? nm->out : bands;
	struct hpt_input in;
	struct heap_in *h;
	enum hp_item it;
	const char *end;
	uint64_t nsamples;
	uint32_t from = (uint32_t)bands->count;
	if (follow && strcmp(path, "-") != 0) {
		if (!hpt_input_open_wait(&in, path, stop_following,
		                         flush_output, NULL))
			return 0;
	} else
		hpt_open_input(&in, path);
	if (follow)
		hpt_input_follow(&in, stop_following, flush_output, NULL);
	h = reading = heap_in_new(&in, bands, strict, *offset);
	if (!first->name && k->header)
		k->header(k->arg, heap_in_header(h));
	check_join(first, in.name, strict, heap_in_header(h));
	if (nm->own[index])
		rn = hp_names_new(nm->own[index], nm->prof, nm->out);
	else if (nm->out && !rn)
		rn = hp_names_new(NULL, NULL, nm->out);
	while ((it = heap_in_next(h, s)) != HP_EOF) {
		if (it == HP_MARK) {
			if (k->mark)
				k->mark(k->arg, s);
		} else if (k->sample) {
			if (rn)
				hp_names_sample(rn, bands, s);
			k->sample(k->arg, sb, s);
		}
	}
	if (rn && rn != nm->rn) {
		hp_names_warn(rn, in.name, nm->prof_name);
		hp_names_free(rn);
	}
	nsamples = heap_in_samples(h);
	if (!nm->own[index] && !nm->have_ipe &&
	    heap_in_header(h)->elapsed_clock &&
	    (follow || strcmp(path, "-") == 0)) {
		uint64_t bare = hp_names_bare(bands, from);
		if (bare > 0)
			hpt_data_warn(in.name, 0, "%llu info-table bands keep "
			              "bare addresses: an eventlog names its own "
			              "only as a file, not %s (give its IPE table "
			              "to -I)", (unsigned long long)bare,
			              follow ? "followed (-f)" :
			              "from standard input");
	}
	if ((end = heap_in_end_time(h)) != NULL) {
		free(*offset);
		*offset = hpt_xstrdup(end);
	}
	/* freed before an error may exit: nothing left unreachable */
	heap_in_free(h);
	reading = NULL;
	if (nsamples == 0) {
		if (strict)
			hpt_data_error(in.name, 0, "no complete samples");
		hpt_data_warn(in.name, 0, "no complete samples");
	}
	hpt_input_close(&in);
	return 1;
}

/*
 * The IPE table of each input that is an eventlog file (a regular
 * file: not standard input or another pipe, not followed) with IPE
 * events, read before its samples (GHC posts IPE events anywhere in
 * the log, often after the samples), so that its -hi bands are named
 * by them.  This first reading is quiet:
 * the second one says what is wrong.  Returns 1 when any input has one.
 */
static int own_tables(char **files, int nfiles, int follow,
                      struct ipe_table **own, const struct ipe_table *itab)
{
	int i, any = 0;
	for (i = 0; i < nfiles; i++) {
		struct hpt_input in;
		struct stat st;
		int quiet = hpt_quiet;
		unsigned long warnings = hpt_warnings;
		own[i] = NULL;
		if (strcmp(files[i], "-") == 0 || (follow && i == nfiles - 1))
			continue;
		/* nor a pipe named as a file (a FIFO, <(...), /dev/stdin):
		 * what this reading took would be gone for the real one */
		if (stat(files[i], &st) == 0 && !S_ISREG(st.st_mode))
			continue;
		hpt_input_open(&in, files[i]);
		if (hpt_sniff(&in) == HPT_FMT_EVENTLOG) {
			/* only a log that can hold IPE events is read twice */
			hpt_quiet = 1;
			if (!ev_ipe_declared(&in)) {
				hpt_quiet = quiet;
				hpt_warnings = warnings;
				hpt_input_close(&in);
				continue;
			}
			hpt_quiet = quiet;
			hpt_input_close(&in);
			hpt_input_open(&in, files[i]);
			hpt_sniff(&in);
			own[i] = hpt_xmalloc(sizeof *own[i]);
			ipe_table_init(own[i]);
			hpt_quiet = 1;
			ipe_in_tables(&in, own[i], 0);
			hpt_quiet = quiet;
			hpt_warnings = warnings;
			if (own[i]->nipe == 0) {
				ipe_table_free(own[i]);
				free(own[i]);
				own[i] = NULL;
			} else {
				uint64_t d = ipe_in_merge(own[i], itab);
				any = 1;
				if (d > 0)
					hpt_data_warn(files[i], 0, "%llu info "
					              "tables of -I differ from the "
					              "eventlog's own IPE events: "
					              "its own kept",
					              (unsigned long long)d);
			}
		}
		hpt_input_close(&in);
	}
	return any;
}

/* -o ipe or -o cc (cc): the tables of every input, in order, each id
 * once. */
static void write_tables(char **files, int nfiles, int strict, int cc)
{
	struct ipe_table t;
	int i;
	ipe_table_init(&t);
	for (i = 0; i < nfiles; i++) {
		struct hpt_input in;
		size_t had = cc ? t.ncc : t.nipe;
		uint64_t n;
		hpt_open_input(&in, files[i]);
		n = ipe_in_tables(&in, &t, strict);
		if (!cc && n == 0)
			hpt_data_warn(in.name, 0, "no IPE events in the "
			              "eventlog (GHC 9.2 or later writes them "
			              "for code built with -finfo-table-map)");
		if (cc && t.ncc == had)
			hpt_data_warn(in.name, 0, "no cost-centre events in "
			              "the eventlog (a profiled program writes "
			              "them)");
		hpt_input_close(&in);
	}
	if (cc)
		ipe_tsv_write_cc(&t);
	else
		ipe_tsv_write(&t);
	ipe_table_free(&t);
}

int main(int argc, char **argv)
{
	static const char *const formats[] = {"hp", "tsv", "wide", "ipe",
	                                      "cc", "svg", NULL};
	struct hpt_intern bands;
	struct hp_sample s;
	struct hp_sink sink;
	struct first first;
	int fmt = 0, strict = 0, follow = 0, c, i, nfiles, ntables = 0;
	char **files, *offset = NULL;
	const char **tables = NULL, *ipe_name = NULL, *prof_name = NULL;
	size_t tables_cap = 0;
	struct ipe_table itab;
	struct prof_report prof;
	struct naming nm;
	struct hpt_intern out;

	hpt_init("hpcat", usage);
	while ((c = hpt_getopt(argc, argv, "fSqo:I:")) != -1) {
		switch (c) {
		case 'f': follow = 1; break;
		case 'S': strict = 1; break;
		case 'q': hpt_quiet = 1; break;
		case 'o':
			fmt = hpt_keyword('o', "output format", optarg, formats);
			break;
		case 'I':
			tables = hpt_xgrow(tables, &tables_cap, ntables + 1,
			                   sizeof *tables);
			tables[ntables++] = optarg;
			break;
		}
	}
	if (follow && fmt == 2)
		hpt_usage_error("-o wide cannot follow a file (-f)");
	if (follow && (fmt == 3 || fmt == 4))
		hpt_usage_error("-o %s reads whole eventlogs: it cannot "
		                "follow a file (-f)", formats[fmt]);
	if (ntables > 0 && (fmt == 3 || fmt == 4))
		hpt_usage_error("-I names the bands of a profile: not with "
		                "-o %s", formats[fmt]);
	files = hpt_operands(argc, argv, &nfiles, 0, NULL);
	for (i = 0; i < ntables; i++) {
		int j;
		if (strcmp(tables[i], "-") != 0)
			continue;
		for (j = 0; j < nfiles; j++)
			if (strcmp(files[j], "-") == 0)
				hpt_usage_error("standard input can be read "
				                "only once");
		for (j = i + 1; j < ntables; j++)
			if (strcmp(tables[j], "-") == 0)
				hpt_usage_error("standard input can be read "
				                "only once");
	}
	if (fmt == 3 || fmt == 4) {
		write_tables(files, nfiles, strict, fmt == 4);
		free(tables);
		hpt_out_close();
		return 0;
	}
	/* The tables of -I, then the inputs' own IPE tables. */
	ipe_table_init(&itab);
	prof_init(&prof);
	for (i = 0; i < ntables; i++) {
		struct prof_report r;
		size_t had = itab.nipe;
		enum ipe_in_kind kind;
		prof_init(&r);
		kind = ipe_in_load(tables[i], &itab, &r, strict);
		if (kind == IPE_IN_EVENTLOG && itab.nipe == had)
			hpt_data_warn(tables[i], 0, "no IPE events in the "
			              "eventlog (GHC 9.2 or later writes them "
			              "for code built with -finfo-table-map): "
			              "it names no band");
		else if (kind == IPE_IN_TSV && itab.nipe == had)
			hpt_data_warn(tables[i], 0, "no info tables in the IPE "
			              "table (a header only): it names no band");
		switch (kind) {
		case IPE_IN_PROF:
			if (prof_name)
				hpt_usage_error("-I: one .prof only (%s and "
				                "%s)", prof_name, tables[i]);
			prof_free(&prof);
			prof = r;
			prof_name = tables[i];
			break;
		default:
			prof_free(&r);
			if (!ipe_name)
				ipe_name = tables[i];
			break;
		}
	}
	memset(&nm, 0, sizeof nm);
	nm.own = hpt_xcalloc((size_t)nfiles, sizeof *nm.own);
	own_tables(files, nfiles, follow, nm.own, &itab);
	hpt_intern_init(&out);
	for (i = 0; i < nfiles; i++)
		if (nm.own[i])
			nm.out = &out;
	nm.have_ipe = itab.nipe > 0;
	if (prof_name) {
		nm.prof = &prof;
		nm.prof_name = prof_name;
	}
	if (ntables > 0) {
		nm.out = &out;
		nm.rn = hp_names_new(ipe_name ? &itab : NULL,
		                     prof_name ? &prof : NULL, &out);
	}
	if (follow)
		catch_signals();
	if (fmt == 0)
		hp_sink_hp(&sink);
	else if (fmt == 1)
		hp_sink_tsv(&sink);
	else if (fmt == 5)
		hp_sink_svg(&sink);
	else
		hp_sink_wide(&sink);

	hpt_out_units(1);
	/* Output stopped by an error must not pass for a profile: this line
	 * makes hp2ps and hptools reject it. */
	hpt_fail_trailer = "hpcat: error: output incomplete, see the "
	                   "messages of hpcat\n";
	hpt_intern_init(&bands);
	memset(&s, 0, sizeof s);
	memset(&first, 0, sizeof first);
	for (i = 0; i < nfiles; i++)
		if (!cat_file(files[i], &first, strict,
		              follow && i == nfiles - 1, &bands, &s, &sink,
		              &offset, &nm, i))
			break;
	/* A signal before the only input appeared: nothing to end. */
	if (sink.end && first.name)
		sink.end(sink.arg, nm.out ? nm.out : &bands);
	if (nm.rn) {
		hp_names_warn(nm.rn, ipe_name, prof_name);
		hp_names_free(nm.rn);
	}
	for (i = 0; i < nfiles; i++)
		if (nm.own[i]) {
			ipe_table_free(nm.own[i]);
			free(nm.own[i]);
		}
	free(nm.own);
	free(tables);
	ipe_table_free(&itab);
	prof_free(&prof);
	hpt_intern_free(&out);
	free(first.h.job);
	free(first.h.sample_unit);
	free(first.h.value_unit);
	free(offset);
	hp_sample_free(&s);
	hpt_intern_free(&bands);
	hpt_out_close();
	return 0;
}
