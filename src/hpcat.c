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
#include <unistd.h>

#include "alloc.h"
#include "heap_in.h"
#include "hp_names.h"
#include "hp_read.h"
#include "hp_svg.h"
#include "hp_write.h"
#include "ipe.h"
#include "ipe_in.h"
#include "ipe_tsv.h"
#include "output.h"
#include "prof.h"
#include "prog.h"

static const char usage[] =
    "usage: hpcat [-fSq] [-o hp|tsv|wide|svg|ipe|cc] [-I table] "
    "[file ...]\n"
    "       hpcat -o svg [-m bands] [-t percent] [-Y size] [-X time] "
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
		const char *a = hp_clock_name(h), *b = hp_clock_name(&f->h);
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
	int own_any;             /* some input has its own IPE table */
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
	/* own_tables read no table of a pipe (standard input, or one named
	 * as a file) nor of a followed file: their -hi bands stay bare */
	if (!nm->own[index] && !nm->have_ipe &&
	    heap_in_header(h)->elapsed_clock)
		ipe_in_bare_warn(in.name, path, follow,
		                 hp_names_bare(bands, from),
		                 "give its IPE table to -I");
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
		own[i] = NULL;
		if (follow && i == nfiles - 1)
			continue;
		own[i] = ipe_in_own(files[i]);
		if (own[i]) {
			uint64_t d = ipe_in_merge(own[i], itab);
			any = 1;
			if (d > 0)
				hpt_data_warn(files[i], 0, "%llu info tables of "
				              "-I differ from the eventlog's own "
				              "IPE events: its own kept",
				              (unsigned long long)d);
		}
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
		/* a log cut short: the RTS writes these events late */
		if (((!cc && n == 0) || (cc && t.ncc == had)) && t.cut_at)
			hpt_data_warn(in.name, 0, "no %s events in the "
			              "eventlog up to its cut at offset %llu (the "
			              "RTS writes them late: a run stopped early "
			              "may have written none)", cc ?
			              "cost-centre" : "IPE",
			              (unsigned long long)(t.cut_at - 1));
		else if (!cc && n == 0)
			hpt_data_warn(in.name, 0, "no IPE events in the "
			              "eventlog (GHC 9.2 or later writes them "
			              "for code built with -finfo-table-map)");
		else if (cc && t.ncc == had)
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

/* The command line: -o's format (an index in formats), -S, -f, the
 * tables of -I in order, the chart's -m, -t and -Y (chart_opt: the
 * last of them given, 0 for none). */
struct cat_opts {
	int fmt, strict, follow, ntables;
	const char **tables;
	size_t tables_cap;
	struct hp_svg_opts svg;
	int chart_opt;
};

static const char *const formats[] = {"hp", "tsv", "wide", "ipe", "cc",
                                      "svg", NULL};
enum { F_HP, F_TSV, F_WIDE, F_IPE, F_CC, F_SVG };

/* The options into o, each checked once: usage errors exit 2. */
static void parse_opts(int argc, char **argv, struct cat_opts *o)
{
	int c;
	memset(o, 0, sizeof *o);
	hp_svg_opts_init(&o->svg);
	while ((c = hpt_getopt(argc, argv, "fSqo:I:m:t:Y:X:")) != -1) {
		switch (c) {
		case 'f': o->follow = 1; break;
		case 'S': o->strict = 1; break;
		case 'q': hpt_quiet = 1; break;
		case 'o':
			o->fmt = hpt_keyword('o', "output format", optarg,
			                     formats);
			break;
		case 'I':
			o->tables = hpt_xgrow(o->tables, &o->tables_cap,
			                      o->ntables + 1,
			                      sizeof *o->tables);
			o->tables[o->ntables++] = optarg;
			break;
		/* the chart's options (hp_svg.h) */
		case 'm':
			o->svg.max_bands = hpt_opt_u64('m', "band count",
			                               optarg, 1, HP_SVG_BANDS,
			                               0);
			o->chart_opt = c;
			break;
		case 't':
			o->svg.percent = hpt_opt_decimal('t', "percentage",
			                                 optarg, 100);
			o->chart_opt = c;
			break;
		case 'Y':
			o->svg.ymax = hpt_opt_size('Y', optarg);
			if (o->svg.ymax == 0)
				hpt_usage_error("-Y: the size axis needs a "
				                "maximum above 0");
			o->chart_opt = c;
			break;
		case 'X':
			o->svg.tmax = hpt_opt_decimal('X', "time", optarg, -1);
			if (!(o->svg.tmax > 0))
				hpt_usage_error("-X: the time axis needs a "
				                "maximum above 0");
			o->chart_opt = c;
			break;
		}
	}
	if (o->chart_opt && o->fmt != F_SVG)
		hpt_usage_error("-%c is an option of the chart: it needs "
		                "-o svg", o->chart_opt);
	if (o->follow && o->fmt == F_WIDE)
		hpt_usage_error("-o wide cannot follow a file (-f)");
	if (o->follow && (o->fmt == F_IPE || o->fmt == F_CC))
		hpt_usage_error("-o %s reads whole eventlogs: it cannot "
		                "follow a file (-f)", formats[o->fmt]);
	if (o->ntables > 0 && (o->fmt == F_IPE || o->fmt == F_CC))
		hpt_usage_error("-I names the bands of a profile: not with "
		                "-o %s", formats[o->fmt]);
}

/* Standard input named by -I and also as a file, or by two -I. */
static void check_stdin_once(const struct cat_opts *o, char **files,
                             int nfiles)
{
	int i, j;
	for (i = 0; i < o->ntables; i++) {
		if (strcmp(o->tables[i], "-") != 0)
			continue;
		for (j = 0; j < nfiles; j++)
			if (strcmp(files[j], "-") == 0)
				hpt_usage_error("standard input can be read "
				                "only once");
		for (j = i + 1; j < o->ntables; j++)
			if (strcmp(o->tables[j], "-") == 0)
				hpt_usage_error("standard input can be read "
				                "only once");
	}
}

/* What the tables of -I hold: their info tables, in itab; the one
 * .prof among them, in prof (prof_name: its name, or NULL); ipe_name:
 * the first table that is not a .prof (NULL: none). */
struct tables {
	struct ipe_table itab;
	struct prof_report prof;
	const char *ipe_name, *prof_name;
};

/* Read the tables of -I into t, warning of one that names no band.
 * A second .prof is a usage error. */
static void load_tables(const struct cat_opts *o, struct tables *t)
{
	int i;
	memset(t, 0, sizeof *t);
	ipe_table_init(&t->itab);
	prof_init(&t->prof);
	for (i = 0; i < o->ntables; i++) {
		const char *name = o->tables[i];
		struct prof_report r;
		uint64_t entries;
		enum ipe_in_kind kind;
		prof_init(&r);
		/* a table whose ids an earlier one named adds none: it is
		 * not empty for that */
		kind = ipe_in_load(name, &t->itab, &r, o->strict, &entries);
		if (kind == IPE_IN_EVENTLOG && entries == 0)
			hpt_data_warn(name, 0, "no IPE events in the "
			              "eventlog (GHC 9.2 or later writes them "
			              "for code built with -finfo-table-map): "
			              "it names no band");
		else if (kind == IPE_IN_TSV && entries == 0)
			hpt_data_warn(name, 0, "no info tables in the IPE "
			              "table (a header only): it names no band");
		if (kind == IPE_IN_PROF) {
			if (t->prof_name)
				hpt_usage_error("-I: one .prof only (%s and "
				                "%s)", t->prof_name, name);
			prof_free(&t->prof);
			t->prof = r;
			t->prof_name = name;
		} else {
			prof_free(&r);
			if (!t->ipe_name)
				t->ipe_name = name;
		}
	}
}

/* How the bands of the inputs are named (struct naming): by the tables
 * t of -I and each eventlog file's own IPE table; out is the band table
 * of renamed names. */
static void start_naming(struct naming *nm, const struct cat_opts *o,
                         char **files, int nfiles, struct tables *t,
                         struct hpt_intern *out)
{
	int i;
	memset(nm, 0, sizeof *nm);
	nm->own = hpt_xcalloc((size_t)nfiles, sizeof *nm->own);
	nm->own_any = own_tables(files, nfiles, o->follow, nm->own,
	                         &t->itab);
	hpt_intern_init(out);
	for (i = 0; i < nfiles; i++)
		if (nm->own[i])
			nm->out = out;
	nm->have_ipe = t->itab.nipe > 0;
	if (t->prof_name) {
		nm->prof = &t->prof;
		nm->prof_name = t->prof_name;
	}
	if (o->ntables > 0) {
		nm->out = out;
		nm->rn = hp_names_new(t->ipe_name ? &t->itab : NULL,
		                      t->prof_name ? &t->prof : NULL, out);
	}
}

/* The renaming's last warnings, then everything start_naming and
 * load_tables kept. */
static void end_naming(struct naming *nm, int nfiles, struct tables *t,
                       struct hpt_intern *out)
{
	int i;
	if (nm->rn) {
		/* (a table merged into an eventlog's own named its bands) */
		if (t->ipe_name && !nm->own_any && hp_names_ipe_idle(nm->rn))
			hpt_data_warn(t->ipe_name, 0, "nothing to name: no band "
			              "is an info-table address (-hi): names kept "
			              "as they are");
		hp_names_warn(nm->rn, t->ipe_name, t->prof_name);
		hp_names_free(nm->rn);
	}
	for (i = 0; i < nfiles; i++)
		if (nm->own[i]) {
			ipe_table_free(nm->own[i]);
			free(nm->own[i]);
		}
	free(nm->own);
	ipe_table_free(&t->itab);
	prof_free(&t->prof);
	hpt_intern_free(out);
}

/* The sink of output format fmt (one of hp, tsv, wide, svg; the chart
 * with the options svg). */
static void choose_sink(int fmt, const struct hp_svg_opts *svg,
                        struct hp_sink *sink)
{
	if (fmt == F_HP)
		hp_sink_hp(sink);
	else if (fmt == F_TSV)
		hp_sink_tsv(sink);
	else if (fmt == F_SVG)
		hp_sink_svg(sink, svg);
	else
		hp_sink_wide(sink);
}

int main(int argc, char **argv)
{
	struct cat_opts o;
	struct tables t;
	struct naming nm;
	struct hpt_intern bands, out;
	struct hp_sample s;
	struct hp_sink sink;
	struct first first;
	char **files, *offset = NULL;
	int i, nfiles;

	hpt_init("hpcat", usage);
	parse_opts(argc, argv, &o);
	files = hpt_operands(argc, argv, &nfiles, 0, NULL);
	check_stdin_once(&o, files, nfiles);
	if (o.fmt == F_IPE || o.fmt == F_CC) {
		write_tables(files, nfiles, o.strict, o.fmt == F_CC);
		free(o.tables);
		hpt_out_close();
		return 0;
	}
	load_tables(&o, &t);
	start_naming(&nm, &o, files, nfiles, &t, &out);
	if (o.follow)
		catch_signals();
	choose_sink(o.fmt, &o.svg, &sink);
	hpt_out_units(1);
	/* Output stopped by an error must not pass for a profile: this line
	 * makes hp2ps and hptools reject it. */
	hpt_fail_trailer = "hpcat: error: output incomplete, see the "
	                   "messages of hpcat\n";

	hpt_intern_init(&bands);
	memset(&s, 0, sizeof s);
	memset(&first, 0, sizeof first);
	for (i = 0; i < nfiles; i++)
		if (!cat_file(files[i], &first, o.strict,
		              o.follow && i == nfiles - 1, &bands, &s, &sink,
		              &offset, &nm, i))
			break;

	/* A signal before the only input appeared: nothing to end. */
	if (sink.end && first.name)
		sink.end(sink.arg, nm.out ? nm.out : &bands);
	end_naming(&nm, nfiles, &t, &out);
	free(o.tables);
	free(first.h.job);
	free(first.h.sample_unit);
	free(first.h.value_unit);
	free(offset);
	hp_sample_free(&s);
	hpt_intern_free(&bands);
	hpt_out_close();
	return 0;
}
