/*
 * hpstat: the figures of a heap profile, for people, scripts and CI
 * gates.  See man/hpstat.1.
 *
 * The options are checked once and choose the writer once; each input
 * is read by the heap reader of its format (heap_in.h) into streaming
 * statistics (hp_stats.h), which are written as soon as the input ends
 * (with -d, once both inputs have been read).  The gates (-L, -G) only
 * decide the exit status: the figures are written either way.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "escape.h"
#include "heap_in.h"
#include "hp_names.h"
#include "hp_read.h"
#include "ipe.h"
#include "ipe_in.h"
#include "hp_stats.h"
#include "hp_stats_write.h"
#include "num.h"
#include "output.h"
#include "prog.h"

static const char usage[] =
    "usage: hpstat [-s START] [-e END] [-b]"
    " [-S max|sum|integral|slope|growth|name]\n"
    "              [-n N] [-L LIMIT] [-d] [-G PERCENT] [-C]"
    " [-o text|tsv|json] [-q]\n"
    "              [file ...]";

/* What the options ask for, checked once. */
struct opts {
	const char *start, *end; /* -s, -e: seconds, as given; NULL: none */
	int show_bands;
	enum hp_stats_key key;
	int has_key;             /* -S given */
	uint64_t keep;           /* -n: at most this many bands */
	int has_limit;
	uint64_t limit;          /* -L, bytes */
	int diff;                /* -d */
	int has_growth;
	double growth;           /* -G, percent */
	const char *growth_text;
	int complete;            /* -C: a run without its exit census
	                          * fails */
	int fmt;                 /* 0 text, 1 tsv, 2 json */
};

/* A copy of h's JOB, units and clock into c (what -d compares). */
static void keep_header(struct hp_header *c, const struct hp_header *h)
{
	memset(c, 0, sizeof *c);
	c->job = hpt_xmemdup(h->job, h->job_len);
	c->job_len = h->job_len;
	c->sample_unit = hpt_xmemdup(h->sample_unit, h->sample_unit_len);
	c->sample_unit_len = h->sample_unit_len;
	c->value_unit = hpt_xmemdup(h->value_unit, h->value_unit_len);
	c->value_unit_len = h->value_unit_len;
	c->elapsed_clock = h->elapsed_clock;
}

static void free_header(struct hp_header *c)
{
	free(c->job);
	free(c->sample_unit);
	free(c->value_unit);
	memset(c, 0, sizeof *c);
}

/* The bands of st (those with a row) named by a bare info-table
 * address (ipe_band_id, ipe.h). */
static uint64_t bare_bands(const struct hpt_intern *bands,
                           const struct hp_stats *st)
{
	uint64_t n = 0, addr;
	size_t id;
	for (id = 0; id < st->nb; id++)
		if (st->b[id].samples > 0 &&
		    ipe_band_id(bands->name[id], bands->len[id], &addr))
			n++;
	return n;
}

/* A SAMPLE_UNIT other than "seconds" (GHC always writes seconds): the
 * figures are in it, but the text labels them s (and rates /s). */
static void sample_unit_warn(const char *name, const struct hp_header *h)
{
	if (h->sample_unit_len == 7 && memcmp(h->sample_unit, "seconds", 7) == 0)
		return;
	hpt_data_warn(name, 0, "SAMPLE_UNIT \"%s\", not seconds: times "
	              "are in that unit, though labelled s",
	              hpt_quote(0, h->sample_unit, h->sample_unit_len));
}

/* One input into st: every census, then the figures that need them all,
 * with a warning for each figure the samples leave undefined.  hdr (NULL:
 * not wanted) gets a copy of the header. */
static void stat_file(const char *path, const struct opts *o,
                      struct hpt_intern *bands, struct hp_sample *s,
                      struct hp_stats *st, struct hp_header *hdr)
{
	struct hpt_input in;
	struct heap_in *h;
	enum hp_item it;
	/* an eventlog file's -hi bands named by its own IPE table, as
	 * hpcat names them: read into rd, renamed into bands */
	struct ipe_table *own = ipe_in_own(path);
	struct hp_names *rn = NULL;
	struct hpt_intern rd;
	hpt_open_input(&in, path);
	if (own) {
		hpt_intern_init(&rd);
		rn = hp_names_new(own, NULL, bands);
	}
	h = heap_in_new(&in, own ? &rd : bands, 0, NULL);
	hp_stats_init(st, o->start, o->end);
	hp_stats_header(st, heap_in_header(h));
	sample_unit_warn(in.name, heap_in_header(h));
	if (hdr)
		keep_header(hdr, heap_in_header(h));
	while ((it = heap_in_next(h, s)) != HP_EOF)
		if (it == HP_SAMPLE) {
			if (rn)
				hp_names_sample(rn, &rd, s);
			hp_stats_add(st, s);
		}
	hp_stats_finish(st);
	if (rn) {
		hp_names_warn(rn, in.name, NULL);
		hp_names_free(rn);
	}
	/* standard input or a pipe: no own table read (ipe_in_own), its
	 * -hi bands stay bare, as hpcat warns */
	if (!own && heap_in_header(h)->elapsed_clock)
		ipe_in_bare_warn(in.name, path, 0, bare_bands(bands, st),
		                 "name the file instead, or its bands with "
		                 "hpcat -I first");
	if (heap_in_samples(h) == 0)
		hpt_data_warn(in.name, 0, "no complete samples: every "
		              "figure is 0");
	else if (st->samples == 0)
		hpt_data_warn(in.name, 0, "no sample in the interval: every "
		              "figure is 0");
	else if (st->samples == 1 && st->nbands > 0)
		hpt_data_warn(in.name, 0, "one sample: integrals, shares and "
		              "slopes are 0, means are its values");
	else if (st->time_lost && st->nbands > 0)
		hpt_data_warn(in.name, 0, "sample times too close for their "
		              "size (about 16 digits are kept): integrals, "
		              "means, slopes and growth are not reliable");
	else if (st->duration == 0 && st->nbands > 0)
		hpt_data_warn(in.name, 0, "%llu samples, all at one time: "
		              "integrals, shares and slopes are 0, means are "
		              "plain averages", (unsigned long long)st->samples);
	else if (st->total_integral == 0 && st->nbands > 0)
		hpt_data_warn(in.name, 0, "total integral is 0: every share "
		              "is 0");
	heap_in_free(h);
	if (own) {
		hpt_intern_free(&rd);
		ipe_table_free(own);
		free(own);
	}
	hpt_input_close(&in);
}

/* An operand as diagnostics name it. */
static const char *shown(const char *path)
{
	return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

/* A gate on a profile that does not end with GHC's exit census
 * (hp_stats.h): under -C it fails (returns 1) with a message; else
 * (-L, -G) a warning that names it, as the gate judges a run that was
 * killed or has not ended.  Either is written under -q too: it says
 * what the exit status is worth. */
static int unfinished(const struct opts *o, const char *file,
                      const struct hp_stats *st)
{
	if (st->exit_census)
		return 0;
	if (o->complete && st->seen == 0) {
		/* not a killed run: no heap profile at all */
		hpt_say("%s: no census at all (no +RTS -h, or stopped before "
		        "its first): the gate -C fails", shown(file));
		return 1;
	}
	if (o->complete) {
		hpt_say("%s: no final empty sample (GHC's exit census): the "
		        "run was killed or is still running: the gate -C "
		        "fails", shown(file));
		return 1;
	}
	if (st->seen > 0)
		hpt_say("%s: warning: no final empty sample (GHC's exit "
		        "census): the run was killed or is still running, "
		        "and the gate saw only part of it", shown(file));
	return 0;
}

/* st's time t with the decimals of its most precise time (as the
 * writers show it), as a new string. */
static char *time_shown(const struct hp_stats *st, const char *t)
{
	const char *dot = strchr(t, '.');
	size_t n = strlen(t), dec = dot ? strlen(dot + 1) : 0, k = n;
	size_t want = (size_t)st->time_decimals;
	char *r = hpt_xmalloc(n + 2 + (want > dec ? want - dec : 0));
	memcpy(r, t, n);
	if (!dot && want > 0)
		r[k++] = '.';
	for (; dec < want; dec++)
		r[k++] = '0';
	r[k] = '\0';
	return r;
}

/* -L: 1 when st's largest total is above the limit, or st has no
 * sample (nothing was measured), with a message.
 * The limit is in the profile's unit (bytes for every GHC profile). */
static int over_limit(const struct opts *o, const char *file,
                      const struct hp_stats *st)
{
	char sz[40], lim[40], exact[48];
	char *t;
	const char *unit = st->in_bytes ? "bytes"
	                   : hpt_quote(0, st->value_unit, st->value_unit_len);
	if (o->has_limit && st->samples == 0) {
		/* nothing measured (a -p eventlog, a killed run, an interval
		 * without samples) must not pass the gate */
		hp_stats_value(lim, (double)o->limit, st->in_bytes);
		hpt_say("%s: no heap sample%s to check against the limit %s "
		        "(%llu %s): the gate fails", hpt_name(shown(file)),
		        o->start || o->end ? " in the interval" : "", lim,
		        (unsigned long long)o->limit, unit);
		return 1;
	}
	if (!o->has_limit || (st->max_total.hi == 0 &&
	                      st->max_total.lo <= o->limit))
		return 0;
	hp_stats_value(sz, hp_u128_double(st->max_total), st->in_bytes);
	hp_stats_value(lim, (double)o->limit, st->in_bytes);
	hp_u128_fmt(exact, st->max_total);
	t = time_shown(st, st->max_total_time.text);
	hpt_say("%s: max total %s (%s %s) at %s s exceeds the limit %s "
	        "(%llu %s)", hpt_name(shown(file)), sz, exact, unit, t, lim,
	        (unsigned long long)o->limit, unit);
	free(t);
	return 1;
}

/* -G: 1 when new's figure is above old's by more than the percentage,
 * with a message; what names the figure, unit its unit's suffix, and
 * in_bytes says how to show it (hp_stats_value). */
static int grown(const struct opts *o, const char *old_file,
                 const char *new_file, const char *what, const char *unit,
                 int in_bytes, double old, double new_)
{
	char a[48], b[48];
	if ((long double)new_ * 100 <= (long double)old * (100 + o->growth))
		return 0;
	hp_stats_value(a, old, in_bytes);
	hp_stats_value(b, new_, in_bytes);
	if (old > 0)
		hpt_say("%s: %s %s%s is %.1f%% above %s's %s%s, more than "
		        "%s%%", hpt_name(shown(new_file)), what, b, unit,
		        (new_ - old) * 100 / old, hpt_name(shown(old_file)),
		        a, unit, o->growth_text);
	else
		hpt_say("%s: %s %s%s is above %s's %s%s: any growth from 0 is "
		        "more than %s%%", hpt_name(shown(new_file)), what, b,
		        unit, hpt_name(shown(old_file)), a, unit,
		        o->growth_text);
	return 1;
}

/* The bands to list, in order, cut to -n. */
static uint32_t *band_order(const struct opts *o, const struct hp_stats *st,
                            const struct hpt_intern *bands, size_t *n)
{
	uint32_t *ids = hp_stats_order(st, bands, o->key, n);
	if ((uint64_t)*n > o->keep)
		*n = (size_t)o->keep;
	return ids;
}

/* Each file's figures, written as soon as it is read.  A file that
 * cannot be read (access(2): missing, not permitted) is named when its
 * turn comes, as wc(1) does, and skipped: returns 2 then, else 1 when a
 * gate failed, else 0. */
static int stat_each(const struct opts *o, char **files, int nfiles,
                     struct hpt_intern *bands, struct hp_sample *s)
{
	struct hp_stats st;
	struct hp_stats_view v;
	int i, fail = 0, missing = 0, nread = 0, ok = 0;
	int *errs = hpt_xcalloc((size_t)nfiles, sizeof *errs);
	/* known first, so that the JSON array ends with the last read */
	for (i = 0; i < nfiles; i++) {
		struct stat sb;
		if (strcmp(files[i], "-") == 0)
			nread++;
		else if (access(files[i], R_OK) != 0)
			errs[i] = errno;
		else if (stat(files[i], &sb) == 0 && S_ISDIR(sb.st_mode))
			errs[i] = EISDIR; /* as wc(1) says it, and goes on */
		else
			nread++;
	}
	if (o->fmt == 1)
		hp_stats_write_tsv_header(nfiles > 1);
	/* several files, none readable: still the array, as TSV still has
	 * its header */
	if (o->fmt == 2 && nfiles > 1 && nread == 0)
		hpt_out_str("[]\n");
	for (i = 0; i < nfiles; i++) {
		if (errs[i]) {
			hpt_say("%s: %s", hpt_name(files[i]),
			        strerror(errs[i]));
			missing = 1;
			continue;
		}
		stat_file(files[i], o, bands, s, &st, NULL);
		memset(&v, 0, sizeof v);
		v.file = shown(files[i]);
		v.several = nfiles > 1;
		v.bands = bands;
		v.st = &st;
		v.show_bands = o->show_bands;
		v.order = band_order(o, &st, bands, &v.n);
		if (o->fmt == 0)
			hp_stats_write_text(&v, (size_t)ok);
		else if (o->fmt == 1)
			hp_stats_write_tsv(&v);
		else
			hp_stats_write_json(&v, (size_t)ok, (size_t)nread);
		ok++;
		/* Out now, so that an error in a later file leaves these
		 * figures before its trailer (output.h), not nothing. */
		hpt_out_flush();
		if (o->has_limit || o->complete)
			fail |= unfinished(o, files[i], &st);
		fail |= over_limit(o, files[i], &st);
		free((void *)v.order);
		hp_stats_free(&st);
	}
	free(errs);
	return missing ? 2 : fail;
}

/* -d: does NEW (header hb) measure what OLD (ha) does?  A warning for
 * each difference that hpcat warns about when it joins two profiles
 * (hp_header_mismatch, hp_read.h; the clock, hp.h): another breakdown
 * or sample unit, or another clock.  (Another value unit is an error,
 * in stat_diff.) */
static void check_pair(char **files, const struct hp_header *ha,
                       const struct hp_header *hb)
{
	char *m;
	if (ha->elapsed_clock != hb->elapsed_clock)
		hpt_data_warn(shown(files[1]), 0, "sample times are %s "
		              "seconds, those of %s %s seconds: integrals, "
		              "means and slopes are on two clocks: compared "
		              "anyway", hp_clock_name(hb), shown(files[0]),
		              hp_clock_name(ha));
	if ((m = hp_header_mismatch(ha, hb)) == NULL)
		return;
	hpt_data_warn(shown(files[1]), 0, "%s in %s: compared anyway", m,
	              shown(files[0]));
	free(m);
}

/* -d OLD NEW: the band differences, then the gates on NEW. */
static int stat_diff(const struct opts *o, char **files,
                     struct hpt_intern *bands, struct hp_sample *s)
{
	struct hp_stats a, b;
	struct hp_stats_view va, vb;
	struct hp_band_diff *d;
	struct hp_header ha, hb;
	size_t n;
	int fail = 0;
	stat_file(files[0], o, bands, s, &a, &ha);
	stat_file(files[1], o, bands, s, &b, &hb);
	if (a.in_bytes != b.in_bytes || (!a.in_bytes &&
	    (a.value_unit_len != b.value_unit_len ||
	     memcmp(a.value_unit, b.value_unit, a.value_unit_len) != 0))) {
		hpt_data_error(shown(files[1]), 0, "values in \"%s\", but %s's "
		               "in \"%s\": -d compares profiles of one unit",
		               hpt_quote(1, b.value_unit, b.value_unit_len),
		               shown(files[0]),
		               hpt_quote(0, a.value_unit, a.value_unit_len));
	}
	check_pair(files, &ha, &hb);
	free_header(&ha);
	free_header(&hb);
	d = hp_stats_diff(&a, &b, bands, &n);
	if ((uint64_t)n > o->keep)
		n = (size_t)o->keep;
	memset(&va, 0, sizeof va);
	va.file = shown(files[0]);
	va.bands = bands;
	va.st = &a;
	vb = va;
	vb.file = shown(files[1]);
	vb.st = &b;
	if (o->fmt == 0)
		hp_stats_write_diff_text(&va, &vb, d, n);
	else if (o->fmt == 1)
		hp_stats_write_diff_tsv(&va, &vb, d, n);
	else
		hp_stats_write_diff_json(&va, &vb, d, n);
	if (o->has_growth || o->complete)
		fail |= unfinished(o, files[0], &a);
	if (o->has_limit || o->has_growth || o->complete)
		fail |= unfinished(o, files[1], &b);
	fail |= over_limit(o, files[1], &b);
	if (o->has_growth && (a.samples == 0 || b.samples == 0)) {
		hpt_say("%s: no heap sample%s to compare: the gate -G fails",
		        hpt_name(shown(files[a.samples == 0 ? 0 : 1])),
		        o->start || o->end ? " in the interval" : "");
		fail = 1;
	} else if (o->has_growth) {
		fail |= grown(o, files[0], files[1], "max total", "",
		              b.in_bytes, hp_u128_double(a.max_total),
		              hp_u128_double(b.max_total));
		fail |= grown(o, files[0], files[1], "total integral",
		              "\xc2\xb7s", b.in_bytes, a.total_integral,
		              b.total_integral);
	}
	free(d);
	hp_stats_free(&a);
	hp_stats_free(&b);
	return fail;
}

/* The options into o, each checked once: usage errors exit 2. */
static void parse_opts(int argc, char **argv, struct opts *o)
{
	static const char *const formats[] = {"text", "tsv", "json", NULL};
	static const char *const keys[] = {"max", "sum", "integral", "slope",
	                                   "name", "growth", NULL};
	int c;
	memset(o, 0, sizeof *o);
	o->key = HP_KEY_INTEGRAL;
	o->keep = UINT64_MAX;
	while ((c = hpt_getopt(argc, argv, "s:e:bS:n:L:dG:Co:q")) != -1) {
		switch (c) {
		case 's':
			hpt_opt_decimal('s', "time in seconds", optarg, -1);
			o->start = optarg;
			break;
		case 'e':
			hpt_opt_decimal('e', "time in seconds", optarg, -1);
			o->end = optarg;
			break;
		case 'q': hpt_quiet = 1; break;
		case 'b': o->show_bands = 1; break;
		case 'S':
			o->key = (enum hp_stats_key)hpt_keyword('S', "sort key",
			                                        optarg, keys);
			o->has_key = 1;
			break;
		case 'n':
			o->keep = hpt_opt_u64('n', "number of bands", optarg, 0,
			                      UINT64_MAX, 1);
			break;
		case 'L':
			o->has_limit = 1;
			o->limit = hpt_opt_size('L', optarg);
			break;
		case 'd': o->diff = 1; break;
		case 'G':
			o->has_growth = 1;
			o->growth = hpt_opt_decimal('G', "percentage", optarg,
			                            -1);
			o->growth_text = optarg;
			break;
		case 'C': o->complete = 1; break;
		case 'o':
			o->fmt = hpt_keyword('o', "output format", optarg,
			                     formats);
			break;
		}
	}
	hpt_opt_interval(o->start, o->end);
	/* people read the text from the top: the bands that grew most
	 * first; scripts keep the order by integral */
	if (!o->has_key && o->fmt == 0)
		o->key = HP_KEY_GROWTH;
	if (o->has_growth && !o->diff)
		hpt_usage_error("-G compares two profiles: it needs -d");
	if (o->has_key && o->diff)
		hpt_usage_error("-S does not apply to -d, whose bands are "
		                "sorted by their change in integral");
}

int main(int argc, char **argv)
{
	struct opts o;
	struct hpt_intern bands;
	struct hp_sample s;
	char **files;
	int nfiles, fail;

	hpt_init("hpstat", usage);
	parse_opts(argc, argv, &o);
	files = hpt_operands(argc, argv, &nfiles, o.diff ? 2 : 0,
	                     "-d compares two");
	if (o.diff && nfiles != 2)
		hpt_usage_error("-d needs two files: OLD NEW");

	hpt_out_units(1);
	/* Figures cut short by an error must not pass for complete ones:
	 * no TSV or JSON reader takes this line for data. */
	hpt_fail_trailer = "hpstat: error: output incomplete, see the "
	                   "messages of hpstat\n";
	hpt_intern_init(&bands);
	memset(&s, 0, sizeof s);
	if (o.diff)
		fail = stat_diff(&o, files, &bands, &s);
	else
		fail = stat_each(&o, files, nfiles, &bands, &s);
	hp_sample_free(&s);
	hpt_intern_free(&bands);
	hpt_out_close();
	return fail;
}
