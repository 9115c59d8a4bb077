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
#include "hp_read.h"
#include "hp_svg.h"
#include "hp_write.h"
#include "output.h"
#include "prog.h"

static const char usage[] =
    "usage: hpcat [-fSq] [-o hp|tsv|wide|svg] [file ...]";

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
	struct hp_header h;      /* its JOB and units */
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
		return;
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
static int cat_file(const char *path, struct first *first, int strict,
                     int follow, struct hpt_intern *bands,
                     struct hp_sample *s, const struct hp_sink *k,
                     char **offset)
{
	struct hpt_input in;
	struct heap_in *h;
	enum hp_item it;
	const char *end;
	if (follow && strcmp(path, "-") != 0) {
		if (!hpt_input_open_wait(&in, path, stop_following,
		                         flush_output, NULL))
			return 0;
	} else
		hpt_open_input(&in, path);
	if (follow)
		hpt_input_follow(&in, stop_following, flush_output, NULL);
	h = heap_in_new(&in, bands, strict, *offset);
	if (!first->name && k->header)
		k->header(k->arg, heap_in_header(h));
	check_join(first, in.name, strict, heap_in_header(h));
	while ((it = heap_in_next(h, s)) != HP_EOF) {
		if (it == HP_MARK) {
			if (k->mark)
				k->mark(k->arg, s);
		} else if (k->sample) {
			k->sample(k->arg, bands, s);
		}
	}
	if (heap_in_samples(h) == 0) {
		if (strict)
			hpt_data_error(in.name, 0, "no complete samples");
		hpt_data_warn(in.name, 0, "no complete samples");
	}
	if ((end = heap_in_end_time(h)) != NULL) {
		free(*offset);
		*offset = hpt_xstrdup(end);
	}
	heap_in_free(h);
	hpt_input_close(&in);
	return 1;
}

int main(int argc, char **argv)
{
	static const char *const formats[] = {"hp", "tsv", "wide", "ipe",
	                                      "cc", "svg", NULL};
	struct hpt_intern bands;
	struct hp_sample s;
	struct hp_sink sink;
	struct first first;
	int fmt = 0, strict = 0, follow = 0, c, i, nfiles;
	char **files, *offset = NULL;

	hpt_init("hpcat", usage);
	while ((c = hpt_getopt(argc, argv, "fSqo:I:")) != -1) {
		switch (c) {
		case 'f': follow = 1; break;
		case 'S': strict = 1; break;
		case 'q': hpt_quiet = 1; break;
		case 'o':
			fmt = hpt_keyword('o', "output format", optarg, formats);
			if (fmt == 3 || fmt == 4)
				hpt_usage_error("-o %s (the IPE and cost-centre "
				                "tables) is not supported yet",
				                optarg);
			break;
		case 'I':
			hpt_usage_error("-I (band names from an IPE table) "
			                "is not supported yet");
		}
	}
	if (follow && fmt == 2)
		hpt_usage_error("-o wide cannot follow a file (-f)");
	files = hpt_operands(argc, argv, &nfiles, 0, NULL);
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
		              &offset))
			break;
	/* A signal before the only input appeared: nothing to end. */
	if (sink.end && first.name)
		sink.end(sink.arg, &bands);
	free(first.h.job);
	free(first.h.sample_unit);
	free(first.h.value_unit);
	free(offset);
	hp_sample_free(&s);
	hpt_intern_free(&bands);
	hpt_out_close();
	return 0;
}
