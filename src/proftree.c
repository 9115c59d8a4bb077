/*
 * proftree: cost-centre trees from GHC's .prof time and allocation
 * reports: print, prune, fold for flame graphs, flatten, invert, compare,
 * and write back as a .prof.  See man/proftree.1.
 *
 * The work is in the library: prof_read.c reads (prof_json.c -pj JSON,
 * ev_prof.c an eventlog's time profile), prof_tree.c prunes,
 * inverts, flattens and compares, prof_text.c and prof_write.c write.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "escape.h"
#include "ev_prof.h"
#include "output.h"
#include "prof_json.h"
#include "prof_read.h"
#include "prof_svg.h"
#include "prof_text.h"
#include "prof_tree.h"
#include "prof_write.h"
#include "prog.h"
#include "sniff.h"

enum out { O_TREE, O_TSV, O_FOLDED, O_PROF, O_SVG };

static const char usage[] =
    "usage: proftree [-aiqz] [-d DEPTH] [-m PERCENT] [-f NAME] [-x NAME]\n"
    "                [-w ticks|alloc|entries|time]\n"
    "                [-o tree|tsv|folded|prof|svg] [file]\n"
    "       proftree -D [options] OLD NEW";

struct opts {
	enum out out;
	enum prof_weight weight;
	int flat, inverted, diff;
	struct prof_prune prune;
	const char **keep, **drop; /* -f, -x */
};

static struct opts o;

/* ---- main ---- */

static int last_eventlog; /* the last read_one read an eventlog */

static void read_one(struct prof_report *r, const char *path)
{
	struct hpt_input in;
	enum hpt_format f;
	hpt_open_input(&in, path);
	f = hpt_sniff(&in);
	last_eventlog = f == HPT_FMT_EVENTLOG;
	switch (f) {
	case HPT_FMT_EMPTY:
		hpt_data_error(in.name, 0, "empty input");
	case HPT_FMT_EVENTLOG:
		/* its time-profile samples (+RTS -l -p) */
		prof_init(r);
		ev_prof_read(r, &in, 0);
		hpt_input_close(&in);
		if (o.weight == PROF_W_ALLOC || o.weight == PROF_W_ENTRIES)
			hpt_data_warn(r->file, 0, "-w %s: an eventlog has no "
			              "%s (every weight is 0)",
			              o.weight == PROF_W_ALLOC ? "alloc" :
			              "entries", o.weight == PROF_W_ALLOC ?
			              "allocation" : "entries");
		return;
	case HPT_FMT_JSON:
		/* the tree a .prof of the same run would show */
		prof_init(r);
		prof_json_read(r, &in, PROF_JSON_TEXT);
		hpt_input_close(&in);
		return;
	case HPT_FMT_HP:
		hpt_data_error(in.name, 0, "%s, not a .prof report (hpcat "
		               "reads it)", hpt_format_name(f));
	default:
		break;
	}
	prof_init(r);
	prof_read(r, &in);
	hpt_input_close(&in);
}

/* A report with no tree (the retainer-set list of +RTS -hr alone) has
 * nothing to show but to -o prof, which writes its sets back: an error
 * elsewhere, in prof2json's words.  (A tree proftree pruned away is
 * shown empty.) */
static void need_tree(const struct prof_report *r)
{
	if (r->first_root == PROF_NONE && !r->pruned &&
	    !(o.out == O_PROF && !o.diff && !o.flat))
		hpt_data_error(r->file ? r->file : "<stdin>", 0,
		               "no cost-centre tree to write");
}

/* Names of -f (which "-f") that matched nowhere: files are the reports
 * searched (one, or OLD and NEW). */
static void unmatched(const char *opt, const char *const *names, size_t k,
                      const unsigned char *hit, const char *const *files,
                      int nfiles)
{
	size_t i;
	for (i = 0; i < k; i++) {
		if (hit[i])
			continue;
		if (nfiles == 1)
			hpt_data_warn(files[0], 0, "%s: no cost centre named "
			              "\"%s\"", opt,
			              hpt_quote(0, names[i], strlen(names[i])));
		else
			hpt_warn("%s: no cost centre named \"%s\" in %s or %s",
			         opt, hpt_quote(0, names[i], strlen(names[i])),
			         hpt_name(files[0]), hpt_name(files[1]));
	}
}

/* The selection (-f, -x) on every report, with one warning per name
 * found in none of them, and one when nothing is left. */
static void select_all(struct prof_report **r, int nr)
{
	struct prof_prune sel;
	const char *files[2];
	int k;
	memset(&sel, 0, sizeof sel);
	sel.min_pct = -1;
	sel.depth = -1;
	sel.keep = o.prune.keep;
	sel.nkeep = o.prune.nkeep;
	sel.drop = o.prune.drop;
	sel.ndrop = o.prune.ndrop;
	sel.keep_hit = hpt_xcalloc(sel.nkeep + 1, 1);
	sel.drop_hit = hpt_xcalloc(sel.ndrop + 1, 1);
	for (k = 0; k < nr; k++) {
		files[k] = r[k]->file;
		if (!sel.nkeep && !sel.ndrop)
			continue;
		if (prof_prune(r[k], &sel) == 0 && r[k]->n > 0 &&
		    memchr(sel.drop_hit, 1, sel.ndrop))
			hpt_data_warn(r[k]->file, 0, "-x removes the whole tree");
	}
	unmatched("-f", sel.keep, sel.nkeep, sel.keep_hit, files, nr);
	unmatched("-x", sel.drop, sel.ndrop, sel.drop_hit, files, nr);
	free(sel.keep_hit);
	free(sel.drop_hit);
}

/* -z, -m and -d. */
static void cut(struct prof_report *r)
{
	struct prof_prune c;
	memset(&c, 0, sizeof c);
	c.zero = o.prune.zero;
	c.min_pct = o.prune.min_pct;
	c.depth = o.prune.depth;
	if (c.zero || c.min_pct >= 0 || c.depth >= 0)
		prof_prune(r, &c);
}

static void warn_estimated(const struct prof_report *r)
{
	if (o.out == O_FOLDED && prof_weight_estimated(r, o.weight))
		hpt_data_warn(r->file, 0, "no totals in the report: weights "
		              "are tenths of a percent");
}

/* -o folded of a report (as read: before -f, -x, -i, -m, -d and -z)
 * whose individual percentages, rounded to 0.1, most to 0.0, add up to
 * much less than the whole. */
static void warn_share(const struct prof_report *r)
{
	double share;
	if (o.out == O_FOLDED &&
	    (share = prof_weights_share(r, o.weight)) < 0.9)
		hpt_data_warn(r->file, 0, "-w %s: the report's individual %s "
		              "add up to %.1f %% of its total (each rounded to "
		              "0.1 %%): the weights written miss the rest; +RTS "
		              "-P gives exact %s", o.weight == PROF_W_ALLOC ?
		              "alloc" : o.weight == PROF_W_TIME ? "time" :
		              "ticks", o.weight == PROF_W_ALLOC ? "%alloc" :
		              "%time", share * 100, o.weight == PROF_W_ALLOC ?
		              "bytes" : "ticks");
}

/* -D with one side an eventlog, which has no entries and no allocation
 * (ev_prof.h): those figures of both sides become 0, so that their
 * differences are left out (0) rather than shown as losses or gains. */
static void diff_no_alloc(struct prof_diff *d, enum prof_weight w)
{
	uint32_t x;
	int k;
	for (k = 0; k < 2; k++)
		for (x = 0; x < d->m.n; x++) {
			struct prof_side *e = &d->side[k][x];
			e->entries = 0;
			e->bytes = 0;
			e->ind_a = 0;
			e->inh_a = 0;
			e->sub_entries = 0;
			if (w == PROF_W_ALLOC || w == PROF_W_ENTRIES)
				e->self = 0;
		}
}

static void diff_main(char **argv)
{
	struct prof_report a, b, *both[2];
	struct prof_diff d;
	int ev_a, ev_b;
	read_one(&a, argv[0]);
	need_tree(&a);
	ev_a = last_eventlog;
	read_one(&b, argv[1]);
	need_tree(&b);
	ev_b = last_eventlog;
	both[0] = &a;
	both[1] = &b;
	select_all(both, 2);
	cut(&a);
	cut(&b);
	warn_estimated(&a);
	if (prof_weight_estimated(&b, o.weight) !=
	    prof_weight_estimated(&a, o.weight))
		warn_estimated(&b);
	prof_diff(&d, &a, &b, o.weight);
	if (ev_a != ev_b) {
		hpt_data_warn(ev_a ? a.file : b.file, 0, "-D: an eventlog has "
		              "no entries or allocation: their differences "
		              "are left out (shown as 0)");
		diff_no_alloc(&d, o.weight);
	}
	prof_write_diff(&d, o.weight,
	                o.out == O_FOLDED ? 2 : o.out == O_TSV ? 1 : 0);
	prof_diff_free(&d);
	prof_free(&a);
	prof_free(&b);
}

static void one_main(const char *path)
{
	struct prof_report r, t, *out = &r, *one[1];
	double *key;
	const uint64_t *counts;
	read_one(&r, path);
	need_tree(&r);
	warn_share(&r);
	one[0] = &r;
	select_all(one, 1);
	if (o.flat) {
		uint32_t x;
		cut(&r);
		if (!r.has_src && (x = prof_twin(&r)) != PROF_NONE)
			hpt_data_warn(r.file, 0, "-a: distinct cost centres "
			              "\"%s\" of %s are summed as one (the report "
			              "has no SRC column to tell them apart)",
			              hpt_quote(0, prof_name(&r, r.label[x]),
			                        prof_len(&r, r.label[x])),
			              hpt_quote(1, prof_name(&r, r.module[x]),
			                        prof_len(&r, r.module[x])));
		prof_write_flat(&r, o.weight, o.out == O_TSV);
		prof_free(&r);
		return;
	}
	if (o.inverted) {
		/* -z, -m and -d apply to the inverted tree; -d also bounds
		 * its building */
		prof_invert(&t, &r, o.prune.depth);
		out = &t;
	}
	cut(out);
	if ((counts = prof_key_counts(out, o.weight)) != NULL) {
		prof_sort_counts(out, counts, o.out == O_PROF);
	} else {
		key = prof_keys(out, o.weight);
		prof_sort(out, key, o.out == O_PROF);
		free(key);
	}
	if (o.inverted)
		prof_renumber(out);
	warn_estimated(out);
	switch (o.out) {
	case O_TSV:
		prof_write_tsv(out);
		break;
	case O_FOLDED:
		prof_write_folded(out, o.weight);
		break;
	case O_PROF:
		prof_write(out);
		break;
	case O_SVG:
		prof_write_svg(out, o.weight);
		break;
	default:
		prof_write_tree(out);
		break;
	}
	if (o.inverted)
		prof_free(&t);
	prof_free(&r);
}

/* Parse and check the options into o; returns the operands (*nfiles of
 * them).  Every usage error is found here, before any input is read. */
static char **options(int argc, char **argv, int *nfiles)
{
	static const char *const out_words[] = {"tree", "tsv", "folded",
	                                        "prof", "svg", NULL};
	static const char *const weight_words[] = {"ticks", "alloc",
	                                           "entries", "time", NULL};
	char **files;
	int c;

	o.out = O_TREE;
	o.weight = PROF_W_TICKS;
	o.prune.depth = -1;
	o.prune.min_pct = -1;
	o.keep = hpt_xmalloc((size_t)argc * sizeof *o.keep);
	o.drop = hpt_xmalloc((size_t)argc * sizeof *o.drop);
	o.prune.keep = o.keep;
	o.prune.drop = o.drop;
	while ((c = hpt_getopt(argc, argv, "ad:Df:im:o:qw:x:z")) != -1) {
		switch (c) {
		case 'a':
			o.flat = 1;
			break;
		case 'd':
			/* any count of levels; one beyond 2^32 cuts nothing */
			o.prune.depth = (long)hpt_opt_u64('d', "depth", optarg,
			                                  0, UINT32_MAX, 1);
			break;
		case 'D':
			o.diff = 1;
			break;
		case 'f':
			o.keep[o.prune.nkeep++] = optarg;
			break;
		case 'i':
			o.inverted = 1;
			break;
		case 'm':
			o.prune.min_pct = hpt_opt_decimal('m', "percentage",
			                                  optarg, 100);
			break;
		case 'o':
			o.out = (enum out)hpt_keyword('o', "output format",
			                              optarg, out_words);
			break;
		case 'q':
			hpt_quiet = 1;
			break;
		case 'w':
			o.weight = (enum prof_weight)hpt_keyword(
			    'w', "weight", optarg, weight_words);
			break;
		case 'x':
			o.drop[o.prune.ndrop++] = optarg;
			break;
		case 'z':
			o.prune.zero = 1;
			break;
		}
	}
	files = hpt_operands(argc, argv, nfiles, 0, NULL);
	if (o.flat + o.inverted + o.diff > 1)
		hpt_usage_error("-a, -i and -D exclude each other");
	if (o.out == O_PROF && (o.flat || o.inverted || o.diff))
		hpt_usage_error("-o prof cannot show -a, -i or -D");
	if (o.out == O_SVG && (o.flat || o.diff))
		hpt_usage_error("-o svg cannot show -a or -D");
	if (o.out == O_FOLDED && o.flat)
		hpt_usage_error("-o folded cannot show -a");
	/* -d and -m fold a cut subtree's costs into the node above it,
	 * which would give them to another cost centre */
	if (o.flat && (o.prune.depth >= 0 || o.prune.min_pct >= 0))
		hpt_usage_error("-a cannot be used with -d or -m (they move "
		                "costs to other cost centres)");
	if (o.diff && (*nfiles != 2 || argc == optind))
		hpt_usage_error("-D needs two files, OLD and NEW");
	if (!o.diff && *nfiles > 1)
		hpt_usage_error("too many files (one report, or -D OLD NEW)");
	return files;
}

int main(int argc, char **argv)
{
	char **files;
	int nfiles;

	hpt_init("proftree", usage);
	files = options(argc, argv, &nfiles);
	if (o.diff)
		diff_main(files);
	else
		one_main(files[0]);
	free(o.keep);
	free(o.drop);
	hpt_out_close();
	return 0;
}
