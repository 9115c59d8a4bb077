/*
 * hpslice: cut a heap profile down by time, sample and band.
 * See man/hpslice.1.
 *
 * The options are checked once and the sink (hp_write.h) chosen once;
 * the input is read by the heap reader of its format (heap_in.h) and
 * every sample goes through the selections of hp_select.h in pipeline
 * order: samples (-s/-e, then -n, then -j), bands (-k/-x), then the
 * ranking into OTHER (-m/-t).  The ranking needs every band's time
 * integral before the first sample is written, so with -m or -t the
 * input is read twice: a regular file from where it began, anything
 * else (a pipe) from a spool file that is unlinked as soon as it is
 * made, so that no exit, not even a signal, leaves it behind.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "escape.h"
#include "heap_in.h"
#include "hp_names.h"
#include "hp_select.h"
#include "hp_write.h"
#include "ipe_in.h"
#include "num.h"
#include "output.h"
#include "prog.h"

static const char usage[] =
    "usage: hpslice [-Eqz] [-s START] [-e END] [-n FIRST[,LAST]] [-j N] "
    "[-k PATTERN]\n"
    "               [-x PATTERN] [-m BANDS] [-t PERCENT] [-o hp|tsv] [file]";

/* What one run does, and the state its passes share. */
struct slice {
	struct hp_samplesel samples;  /* -s -e -n -j */
	struct hp_bandsel *names;     /* -k -x, or NULL */
	int zero;                     /* -z */
	int rank;                     /* -m or -t given */
	uint64_t max_bands;           /* -m (UINT64_MAX: none) */
	double percent;               /* -t (0: none) */
	const char *start;            /* -s text, for an empty result */
	struct hp_sink sink;
	struct hpt_intern bands;
	struct hp_sample s;
	const char *path;             /* the operand ("-": standard input) */
	/* an eventlog file's -hi bands named by its own IPE table, as
	 * hpcat names them: read into raw, renamed into bands (own NULL:
	 * no table, the reader interns into bands) */
	struct ipe_table *own;
	struct hp_names *rn;
	struct hpt_intern raw;
	/* -m/-t: the first pass's integrals, then the bands kept */
	struct hp_integral integral;
	unsigned char *present;       /* present[b]: b was in a kept sample */
	size_t npresent, pcap;
	unsigned char *keep;          /* keep[b]: b keeps its name */
	size_t nkeep;
	uint32_t other;               /* the id of OTHER */
	/* -z: the time of the first kept sample */
	char *origin;
	double origin_time;
	struct hp_time_form written;  /* -z: the last time written */
};

/* -z: s's time less the first kept sample's (0 for a time before it,
 * which only input out of order, warned about by the reader, has). */
static void shift(struct slice *sl, struct hp_sample *s)
{
	char *t = hpt_dec_sub(s->time_text, sl->origin);
	size_t n = strlen(t);
	s->time_text = hpt_xgrow(s->time_text, &s->time_cap, n + 1, 1);
	memcpy(s->time_text, t, n + 1);
	free(t);
	/* 1.600 after 1.50, less 0.5: not 1.100 after 1.00, which a
	 * reader takes for GHC 6.x's carry (2.00) */
	hp_time_no_carry(s->time_text, &sl->written);
	s->time = s->time > sl->origin_time ? s->time - sl->origin_time : 0;
}

static void note_present(struct slice *sl, const struct hp_sample *s)
{
	size_t i;
	for (i = 0; i < s->n; i++) {
		uint32_t b = s->v[i].band;
		if (b >= sl->npresent) {
			sl->present = hpt_xgrow(sl->present, &sl->pcap,
			                        (size_t)b + 1, 1);
			memset(sl->present + sl->npresent, 0,
			       sl->pcap - sl->npresent);
			sl->npresent = sl->pcap;
		}
		sl->present[b] = 1;
	}
}

/* The time of the one empty sample written when nothing is kept: 0
 * under -z, else START, else 0; with a '.' so that hp2ps reads it. */
static char *empty_time(const struct slice *sl)
{
	const char *t = sl->zero || !sl->start ? "0" : sl->start;
	size_t n = strlen(t);
	if (!strchr(t, '.'))
		return hpt_xasprintf("%s.0", t);
	return hpt_xasprintf("%s%s%s", t[0] == '.' ? "0" : "", t,
	                     t[n - 1] == '.' ? "0" : "");
}

/*
 * One pass over the opened input: every item chosen as the options say,
 * then written (write) or added to the integrals (not write).  At most
 * limit samples of the input are read: the second pass stops where the
 * first one did, should a regular file grow in between.  quiet silences
 * the reader's warnings (the second pass repeats the first's).  Returns
 * the number of samples read.
 */
static uint64_t pass(struct slice *sl, struct hpt_input *in, int write,
                     uint64_t limit, int quiet)
{
	struct hp_sample *s = &sl->s;
	struct heap_in *h;
	enum hp_item it;
	uint64_t read = 0, kept = 0;
	int was_quiet = hpt_quiet;
	int final = 0;           /* the last sample read was a final one */
	char *last_out = NULL;   /* time of the last sample written */
	int last_empty = 0;      /* and whether it was empty */

	hp_samplesel_rewind(&sl->samples);
	hpt_quiet = hpt_quiet || quiet;
	h = heap_in_new(in, sl->own ? &sl->raw : &sl->bands, 0, NULL);
	if (write && sl->sink.header)
		sl->sink.header(sl->sink.arg, heap_in_header(h));
	while ((it = heap_in_next(h, s)) != HP_EOF) {
		if (it == HP_MARK) {
			if (!write || !hp_samplesel_mark(&sl->samples, s))
				continue;
			if (sl->zero) {
				if (!sl->origin)
					continue;
				shift(sl, s);
			}
			if (sl->sink.mark)
				sl->sink.mark(sl->sink.arg, s);
			continue;
		}
		if (read++ == limit)
			break;
		if (sl->rn)
			hp_names_sample(sl->rn, &sl->raw, s);
		/* GHC ends a complete run with an empty census. */
		final = read > 1 && s->n == 0;
		if (!hp_samplesel_take(&sl->samples, s))
			continue;
		kept++;
		if (sl->names)
			hp_bandsel_apply(sl->names, &sl->bands, s);
		if (!write) {
			hp_integral_add(&sl->integral, s);
			note_present(sl, s);
			continue;
		}
		if (sl->rank &&
		    hp_fold_other(s, sl->keep, sl->nkeep, sl->other) < 0)
			hpt_data_error(in->name, s->line, "sum of band values "
			               "out of range in OTHER");
		if (sl->zero) {
			if (!sl->origin) {
				sl->origin = hpt_xstrdup(s->time_text);
				sl->origin_time = s->time;
			}
			shift(sl, s);
		}
		if (sl->sink.sample)
			sl->sink.sample(sl->sink.arg, &sl->bands, s);
		free(last_out);
		last_out = hpt_xstrdup(s->time_text);
		last_empty = s->n == 0;
	}
	/* standard input or a pipe: no own table read (ipe_in_own), its
	 * -hi bands stay bare, as hpcat warns (once: not in the second
	 * pass of -m/-t) */
	if (!sl->own && heap_in_header(h)->elapsed_clock)
		ipe_in_bare_warn(in->name, sl->path, 0,
		                 hp_names_bare(&sl->bands, 0),
		                 "name the file instead, or its bands with "
		                 "hpcat -I first");
	hpt_quiet = was_quiet;
	if (write && kept > 0 && final && !last_empty) {
		/* The slice of a complete run stays one: it ends with an
		 * empty sample at its last time (no time passes, so no
		 * figure changes), as hpcat -S expects of a complete
		 * profile.  The slice of a killed run does not. */
		struct hp_sample e;
		memset(&e, 0, sizeof e);
		e.time_text = last_out;
		if (sl->sink.sample)
			sl->sink.sample(sl->sink.arg, &sl->bands, &e);
	}
	free(last_out);
	if (write && kept == 0) {
		/* Still a profile that hp2ps and hpcat -S accept. */
		struct hp_sample e;
		memset(&e, 0, sizeof e);
		e.time_text = empty_time(sl);
		if (heap_in_samples(h) == 0)
			hpt_data_warn(in->name, 0, "no complete samples: "
			              "written as one empty sample");
		else
			hpt_data_warn(in->name, 0, "no sample selected: "
			              "written as one empty sample");
		if (sl->sink.sample)
			sl->sink.sample(sl->sink.arg, &sl->bands, &e);
		free(e.time_text);
	}
	heap_in_free(h);
	return read;
}

/* One pass, streaming: every option but -m and -t. */
static void slice_once(struct slice *sl, const char *path)
{
	struct hpt_input in;
	hpt_open_input(&in, path);
	pass(sl, &in, 1, UINT64_MAX, 0);
	hpt_input_close(&in);
}

/*
 * Copy the rest of in to a new file in $TMPDIR (default /tmp), unlinked
 * at once, and return its descriptor.  Signals that end the program
 * wait while the file has a name, so none can leave it behind.
 */
static int spool(struct hpt_input *in)
{
	const char *dir = getenv("TMPDIR");
	char *name;
	sigset_t ends, old;
	const char *p;
	size_t n;
	int fd, e;
	if (!dir || !*dir)
		dir = "/tmp";
	name = hpt_xasprintf("%s/hpslice.XXXXXX", dir);
	sigemptyset(&ends);
	sigaddset(&ends, SIGINT);
	sigaddset(&ends, SIGTERM);
	sigaddset(&ends, SIGHUP);
	sigaddset(&ends, SIGQUIT);
	sigprocmask(SIG_BLOCK, &ends, &old);
	fd = mkstemp(name);
	e = errno;
	if (fd >= 0)
		unlink(name);
	sigprocmask(SIG_SETMASK, &old, NULL);
	free(name);
	errno = e;
	if (fd < 0)
		hpt_die_errno("cannot spool %s to %s", hpt_name(in->name),
		              hpt_name(dir));
	while ((n = hpt_input_peek(in, 256 * 1024, &p)) > 0) {
		size_t done = 0;
		while (done < n) {
			ssize_t w = write(fd, p + done, n - done);
			if (w < 0 && errno == EINTR)
				continue;
			if (w < 0)
				hpt_die_errno("cannot spool %s to %s",
				              hpt_name(in->name),
				              hpt_name(dir));
			done += (size_t)w;
		}
		hpt_input_skip(in, n);
	}
	return fd;
}

/* -m/-t: the integrals from a first pass, the bands kept, then the
 * pass that writes. */
static void slice_twice(struct slice *sl, const char *path)
{
	struct hpt_input in;
	struct stat st;
	const char *name;
	uint64_t n;
	off_t start = 0;
	int src;

	hpt_open_input(&in, path);
	name = in.name;
	if (fstat(in.fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (start = lseek(in.fd, 0, SEEK_CUR)) >= 0) {
		if ((src = dup(in.fd)) < 0)
			hpt_die_file_errno(name);
	} else {
		start = 0;
		src = spool(&in);
	}
	hpt_input_close(&in);

	hp_integral_init(&sl->integral);
	if (lseek(src, start, SEEK_SET) < 0)
		hpt_die_file_errno(name);
	hpt_input_fdopen(&in, dup(src), name);
	n = pass(sl, &in, 0, UINT64_MAX, 0);
	hpt_input_close(&in);

	sl->other = hpt_intern(&sl->bands, "OTHER", 5, NULL);
	if (sl->bands.count > sl->npresent) {
		/* hp_rank_keep reads present[] for every band */
		sl->present = hpt_xgrow(sl->present, &sl->pcap,
		                        sl->bands.count, 1);
		memset(sl->present + sl->npresent, 0,
		       sl->pcap - sl->npresent);
		sl->npresent = sl->pcap;
	}
	sl->nkeep = sl->bands.count;
	sl->keep = hpt_xmalloc(sl->nkeep ? sl->nkeep : 1);
	hp_rank_keep(&sl->integral, &sl->bands, sl->present, sl->max_bands,
	             sl->percent, (long)sl->other, sl->keep);

	if (lseek(src, start, SEEK_SET) < 0)
		hpt_die_file_errno(name);
	hpt_input_fdopen(&in, dup(src), name);
	pass(sl, &in, 1, n, 1);
	hpt_input_close(&in);
	close(src);
	hp_integral_free(&sl->integral);
}

/* -n FIRST[,LAST] */
static void sample_range(struct slice *sl, const char *arg)
{
	const char *comma = strchr(arg, ',');
	char *first = hpt_xmemdup(arg, comma ? (size_t)(comma - arg)
	                                     : strlen(arg));
	sl->samples.first = hpt_opt_u64('n', "sample number", first, 1,
	                                UINT64_MAX, 0);
	sl->samples.last = comma ? hpt_opt_u64('n', "sample number",
	                                       comma + 1, 1, UINT64_MAX, 0)
	                         : UINT64_MAX;
	if (sl->samples.last < sl->samples.first)
		hpt_usage_error("-n: last sample before the first: \"%s\"",
		                hpt_quote(0, arg, strlen(arg)));
	free(first);
}

/* The -k and -x patterns, in order (kinds[i]: 'k' or 'x'), and -E. */
struct patterns {
	const char **pat;
	char *kinds;
	size_t n, pcap, kcap;
	int ere;
};

/* The options into sl and p, each checked once: usage errors exit 2.
 * Returns the output format: 0 hp, 1 tsv. */
static int parse_opts(int argc, char **argv, struct slice *sl,
                      struct patterns *p)
{
	static const char *const formats[] = {"hp", "tsv", NULL};
	int c, fmt = 0;
	hp_samplesel_init(&sl->samples);
	sl->max_bands = UINT64_MAX;
	while ((c = hpt_getopt(argc, argv, "s:e:n:j:k:x:Em:t:zqo:")) != -1) {
		switch (c) {
		case 's':
			hpt_opt_decimal('s', "time", optarg, -1);
			sl->samples.start = sl->start = optarg;
			break;
		case 'e':
			hpt_opt_decimal('e', "time", optarg, -1);
			sl->samples.end = optarg;
			break;
		case 'n':
			sample_range(sl, optarg);
			break;
		case 'j':
			sl->samples.step = hpt_opt_u64('j', "step", optarg, 1,
			                               UINT64_MAX, 0);
			break;
		case 'k':
		case 'x':
			p->pat = hpt_xgrow(p->pat, &p->pcap, p->n + 1,
			                   sizeof *p->pat);
			p->kinds = hpt_xgrow(p->kinds, &p->kcap, p->n + 1, 1);
			p->pat[p->n] = optarg;
			p->kinds[p->n++] = (char)c;
			break;
		case 'E': p->ere = 1; break;
		case 'm':
			sl->max_bands = hpt_opt_u64('m', "band count", optarg,
			                            1, UINT32_MAX, 0);
			sl->rank = 1;
			break;
		case 't':
			sl->percent = hpt_opt_decimal('t', "percentage",
			                              optarg, 100);
			sl->rank = 1;
			break;
		case 'z': sl->zero = 1; break;
		case 'q': hpt_quiet = 1; break;
		case 'o':
			fmt = hpt_keyword('o', "output format", optarg,
			                  formats);
			break;
		}
	}
	hpt_opt_interval(sl->samples.start, sl->samples.end);
	return fmt;
}

/* The band selection of -k and -x (sl->names; NULL without them); a
 * pattern that is not a regular expression is a usage error. */
static void select_bands(struct slice *sl, const struct patterns *p)
{
	size_t i;
	char *err;
	if (!p->n)
		return;
	sl->names = hp_bandsel_new(p->ere);
	for (i = 0; i < p->n; i++)
		if ((err = hp_bandsel_add(sl->names, p->kinds[i] == 'k',
		                          p->pat[i])) != NULL)
			hpt_usage_error("-%c: bad regular expression \"%s\": %s",
			                p->kinds[i],
			                hpt_quote(0, p->pat[i],
			                          strlen(p->pat[i])), err);
}

int main(int argc, char **argv)
{
	static struct slice sl;
	struct patterns p;
	char **files;
	int fmt, nfiles;

	hpt_init("hpslice", usage);
	memset(&p, 0, sizeof p);
	fmt = parse_opts(argc, argv, &sl, &p);
	select_bands(&sl, &p);
	files = hpt_operands(argc, argv, &nfiles, 1, "one profile");
	if (fmt == 0)
		hp_sink_hp(&sl.sink);
	else
		hp_sink_tsv(&sl.sink);

	hpt_out_units(1);
	/* Output stopped by an error must not pass for a profile: this line
	 * makes hp2ps and hptools reject it. */
	hpt_fail_trailer = "hpslice: error: output incomplete, see the "
	                   "messages of hpslice\n";
	hpt_intern_init(&sl.bands);
	sl.written.dec = -1;
	sl.path = files[0];
	if ((sl.own = ipe_in_own(files[0])) != NULL) {
		hpt_intern_init(&sl.raw);
		sl.rn = hp_names_new(sl.own, NULL, &sl.bands);
	}
	if (sl.rank)
		slice_twice(&sl, files[0]);
	else
		slice_once(&sl, files[0]);
	if (sl.rn) {
		hp_names_warn(sl.rn, files[0], NULL);
		hp_names_free(sl.rn);
		hpt_intern_free(&sl.raw);
		ipe_table_free(sl.own);
		free(sl.own);
	}

	if (sl.sink.end)
		sl.sink.end(sl.sink.arg, &sl.bands);
	hp_bandsel_free(sl.names);
	hp_sample_free(&sl.s);
	hpt_intern_free(&sl.bands);
	free(sl.present);
	free(sl.keep);
	free(sl.origin);
	free(p.pat);
	free(p.kinds);
	hpt_out_close();
	return 0;
}
