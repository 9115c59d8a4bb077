/*
 * hpcat: read, check, repair, join and convert heap profiles.
 * See man/hpcat.1.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hp.h"

static const char usage[] =
    "usage: hpcat [-fSq] [-o hp|tsv|wide] [file ...]";

enum fmt { OUT_HP, OUT_TSV, OUT_WIDE };

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

/* Samples kept for -o wide, which needs every band name before the
 * first row. */
struct wide {
	char **time;
	size_t *first;           /* index of a sample's first value */
	size_t nsamples, tcap, fcap;
	struct hp_bandval *v;
	size_t nv, vcap;
};

static void wide_add(struct wide *w, const struct hp_sample *s,
                     const char *time_text)
{
	size_t c = w->tcap;
	w->time = hpt_xgrow(w->time, &c, w->nsamples + 1, sizeof *w->time);
	w->tcap = c;
	w->first = hpt_xgrow(w->first, &w->fcap, w->nsamples + 2,
	                     sizeof *w->first);
	w->time[w->nsamples] = hpt_xstrdup(time_text);
	w->first[w->nsamples] = w->nv;
	w->v = hpt_xgrow(w->v, &w->vcap, w->nv + s->n, sizeof *w->v);
	if (s->n)
		memcpy(w->v + w->nv, s->v, s->n * sizeof *s->v);
	w->nv += s->n;
	w->nsamples++;
	w->first[w->nsamples] = w->nv;
}

/* One row per sample, one column per band in order of first appearance;
 * a band absent from a sample is 0. */
static void wide_write(struct wide *w, const struct hpt_intern *bands)
{
	uint64_t *row = hpt_xcalloc(bands->count, sizeof *row);
	size_t i, j;
	hpt_out_str("time");
	for (j = 0; j < bands->count; j++) {
		hpt_out_char('\t');
		hpt_out_tsv(bands->name[j], bands->len[j]);
	}
	hpt_out_char('\n');
	for (i = 0; i < w->nsamples; i++) {
		for (j = w->first[i]; j < w->first[i + 1]; j++)
			row[w->v[j].band] = w->v[j].bytes;
		hpt_out_str(w->time[i]);
		for (j = 0; j < bands->count; j++) {
			hpt_out_char('\t');
			hpt_out_u64(row[j]);
			row[j] = 0;
		}
		hpt_out_char('\n');
		hpt_out_mark();
		free(w->time[i]);
	}
	free(row);
	free(w->time);
	free(w->first);
	free(w->v);
}

int main(int argc, char **argv)
{
	struct hpt_intern bands;
	struct hp_sample s;
	struct wide w;
	enum fmt fmt = OUT_HP;
	int strict = 0, follow = 0, c, i, nfiles;
	char **files;
	static char *stdin_only[] = {"-"};
	char *offset = NULL;     /* time added to the current file's times */

	hpt_init("hpcat", usage);
	opterr = 0;
	while ((c = getopt(argc, argv, ":fSqo:I:hV")) != -1) {
		switch (c) {
		case 'f': follow = 1; break;
		case 'S': strict = 1; break;
		case 'q': hpt_quiet = 1; break;
		case 'o':
			if (strcmp(optarg, "hp") == 0)
				fmt = OUT_HP;
			else if (strcmp(optarg, "tsv") == 0)
				fmt = OUT_TSV;
			else if (strcmp(optarg, "wide") == 0)
				fmt = OUT_WIDE;
			else if (strcmp(optarg, "ipe") == 0 ||
			         strcmp(optarg, "cc") == 0)
				hpt_usage_error("-o %s needs eventlog input, "
				                "not supported yet", optarg);
			else
				hpt_usage_error("unknown output format '%s'",
				                optarg);
			break;
		case 'I':
			hpt_usage_error("-I needs eventlog input, "
			                "not supported yet");
		case 'h':
			hpt_out_str(usage);
			hpt_out_char('\n');
			hpt_out_close();
			return 0;
		case 'V':
			hpt_out_str("hpcat " HPT_VERSION "\n");
			hpt_out_close();
			return 0;
		default:
			hpt_bad_option(c, optopt);
		}
	}
	if (follow && fmt == OUT_WIDE)
		hpt_usage_error("-o wide cannot follow a file (-f)");
	files = argv + optind;
	nfiles = argc - optind;
	for (i = 0; i < nfiles; i++)
		if (files[i][0] == '-' && files[i][1] != '\0')
			hpt_usage_error("options must come before files: '%s'",
			                hpt_quote(0, files[i], strlen(files[i])));
	if (nfiles == 0) {
		files = stdin_only;
		nfiles = 1;
	}
	if (follow) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGINT, &sa, NULL);
		sigaction(SIGTERM, &sa, NULL);
		sigaction(SIGHUP, &sa, NULL);
	}

	hpt_out_units(1);
	/* Output stopped by an error must not pass for a profile: this line
	 * makes hp2ps and hptools reject it. */
	hpt_fail_trailer = "hpcat: error: output incomplete, see the "
	                   "messages of hpcat\n";
	hpt_intern_init(&bands);
	memset(&s, 0, sizeof s);
	memset(&w, 0, sizeof w);
	for (i = 0; i < nfiles; i++) {
		struct hp_reader r;
		enum hp_item it;
		hp_reader_open(&r, files[i], &bands, strict,
		               follow && i == nfiles - 1, stop_following, NULL);
		if (i == 0) {
			if (fmt == OUT_HP)
				hp_write_header(&r.hdr);
			else if (fmt == OUT_TSV)
				hp_write_tsv_header();
			hpt_out_mark();
		}
		while ((it = hp_read(&r, &s)) != HP_EOF) {
			char *shifted = NULL;
			const char *tt = s.time_text;
			if (offset) {
				/* Joined files continue after the last time
				 * of the one before: exact decimal sums. */
				shifted = hpt_dec_add(offset, s.time_text);
				tt = shifted;
			}
			if (it == HP_MARK) {
				if (fmt == OUT_HP)
					hp_write_mark(tt);
			} else {
				if (fmt == OUT_HP)
					hp_write_sample(&bands, &s, tt);
				else if (fmt == OUT_TSV)
					hp_write_tsv_sample(&bands, &s, tt);
				else
					wide_add(&w, &s, tt);
			}
			hpt_out_mark();
			free(shifted);
		}
		if (r.nsamples == 0) {
			if (strict)
				hpt_data_error(r.in.name, 0,
				               "no complete samples");
			hpt_data_warn(r.in.name, 0, "no complete samples");
		}
		if (r.last_len > 0) {
			/* The next file starts after this one's last sample
			 * time, as written. */
			char *next = offset ? hpt_dec_add(offset, r.last_text)
			                    : hpt_xstrdup(r.last_text);
			free(offset);
			offset = next;
		}
		hp_reader_close(&r);
	}
	if (fmt == OUT_WIDE)
		wide_write(&w, &bands);
	free(offset);
	hp_sample_free(&s);
	hpt_intern_free(&bands);
	hpt_out_close();
	return 0;
}
