/*
 * proftree: cost-centre trees from GHC's .prof time and allocation
 * reports: print, prune, fold for flame graphs, flatten, invert, compare,
 * and write back as a .prof.  See man/proftree.1.
 *
 * The work is in the library: prof_read.c reads, prof_tree.c prunes,
 * inverts, flattens and compares, prof_text.c and prof_write.c write.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prof.h"
#include "util.h"

enum out { O_TREE, O_TSV, O_FOLDED, O_PROF };

static const char usage[] =
    "usage: proftree [-aiz] [-d DEPTH] [-m PERCENT] [-f NAME] [-x NAME]\n"
    "                [-w ticks|alloc|entries|time] [-o tree|tsv|folded|prof]"
    " [file]\n"
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

static void read_one(struct prof_report *r, const char *path)
{
	struct hpt_input in;
	hpt_input_open(&in, path);
	prof_init(r);
	prof_read(r, &in);
	hpt_input_close(&in);
}

/* -d: any count of levels; one beyond 2^32 levels cuts nothing. */
static long parse_depth(const char *s)
{
	uint64_t v;
	int e = hpt_parse_u64(s, strlen(s), &v);
	if (e == -1)
		hpt_usage_error("-d: not a depth: \"%s\"",
		                hpt_quote(0, s, strlen(s)));
	if (e == -2 || v > UINT32_MAX)
		v = UINT32_MAX;
	return (long)v;
}

static double parse_percent(const char *s)
{
	char *end;
	double v;
	size_t i, n = strlen(s);
	/* digits with at most one '.', so no locale, sign or exponent */
	for (i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
			break;
	v = n ? strtod(s, &end) : 0;
	if (!n || i != n || *end || v > 100)
		hpt_usage_error("-m: not a percentage: \"%s\"",
		                hpt_quote(0, s, n));
	return v;
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
			         files[0], files[1]);
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
		hpt_warn("no totals in the report: weights are tenths of a "
		         "percent");
}

/* An operand that looks like an option: getopt stopped at the first
 * operand, so options given after a file were not read. */
static void operands_check(int argc, char **argv)
{
	int i;
	for (i = 0; i < argc; i++)
		if (argv[i][0] == '-' && argv[i][1] != '\0')
			hpt_usage_error("options must come before files: "
			                "\"%s\"",
			                hpt_quote(0, argv[i], strlen(argv[i])));
}

static void diff_main(int argc, char **argv)
{
	struct prof_report a, b, *both[2];
	struct prof_diff d;
	if (argc != 2)
		hpt_usage_error("-D needs two files, OLD and NEW");
	read_one(&a, argv[0]);
	read_one(&b, argv[1]);
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
	read_one(&r, path);
	one[0] = &r;
	select_all(one, 1);
	if (o.flat) {
		cut(&r);
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
	key = prof_keys(out, o.weight);
	prof_sort(out, key, o.out == O_PROF);
	free(key);
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
	default:
		prof_write_tree(out);
		break;
	}
	if (o.inverted)
		prof_free(&t);
	prof_free(&r);
}

int main(int argc, char **argv)
{
	int c;

	hpt_init("proftree", usage);
	o.out = O_TREE;
	o.weight = PROF_W_TICKS;
	o.prune.depth = -1;
	o.prune.min_pct = -1;
	o.keep = hpt_xmalloc((size_t)argc * sizeof *o.keep);
	o.drop = hpt_xmalloc((size_t)argc * sizeof *o.drop);
	o.prune.keep = o.keep;
	o.prune.drop = o.drop;
	opterr = 0; /* our own messages, without argv[0] */
	while ((c = getopt(argc, argv, ":ad:Df:him:o:Vw:x:z")) != -1) {
		switch (c) {
		case 'a':
			o.flat = 1;
			break;
		case 'd':
			o.prune.depth = parse_depth(optarg);
			break;
		case 'D':
			o.diff = 1;
			break;
		case 'f':
			o.keep[o.prune.nkeep++] = optarg;
			break;
		case 'h':
			hpt_out_str(usage);
			hpt_out_char('\n');
			hpt_out_close();
			return 0;
		case 'i':
			o.inverted = 1;
			break;
		case 'm':
			o.prune.min_pct = parse_percent(optarg);
			break;
		case 'o':
			if (strcmp(optarg, "tree") == 0)
				o.out = O_TREE;
			else if (strcmp(optarg, "tsv") == 0)
				o.out = O_TSV;
			else if (strcmp(optarg, "folded") == 0)
				o.out = O_FOLDED;
			else if (strcmp(optarg, "prof") == 0)
				o.out = O_PROF;
			else
				hpt_usage_error("-o: unknown output format "
				                "\"%s\"",
				                hpt_quote(0, optarg,
				                          strlen(optarg)));
			break;
		case 'V':
			hpt_out_str("proftree " HPT_VERSION "\n");
			hpt_out_close();
			return 0;
		case 'w':
			if (strcmp(optarg, "ticks") == 0)
				o.weight = PROF_W_TICKS;
			else if (strcmp(optarg, "alloc") == 0)
				o.weight = PROF_W_ALLOC;
			else if (strcmp(optarg, "entries") == 0)
				o.weight = PROF_W_ENTRIES;
			else if (strcmp(optarg, "time") == 0)
				o.weight = PROF_W_TIME;
			else
				hpt_usage_error("-w: unknown weight \"%s\"",
				                hpt_quote(0, optarg,
				                          strlen(optarg)));
			break;
		case 'x':
			o.drop[o.prune.ndrop++] = optarg;
			break;
		case 'z':
			o.prune.zero = 1;
			break;
		case ':':
			hpt_usage_error("option -%c needs an argument", optopt);
		default:
			if (optopt == '-') {
				/* "--help": getopt stops inside the word */
				const char *w = argv[optind - 1];
				if (optind < argc &&
				    strncmp(argv[optind], "--", 2) == 0)
					w = argv[optind];
				hpt_usage_error("unknown option \"%s\" (long "
				                "options are not supported; -h "
				                "prints the usage)",
				                hpt_quote(0, w, strlen(w)));
			}
			hpt_usage_error("unknown option -%c", optopt);
		}
	}
	argc -= optind;
	argv += optind;
	operands_check(argc, argv);
	if (o.flat + o.inverted + o.diff > 1)
		hpt_usage_error("-a, -i and -D exclude each other");
	if (o.out == O_PROF && (o.flat || o.inverted || o.diff))
		hpt_usage_error("-o prof cannot show -a, -i or -D");
	if (o.out == O_FOLDED && o.flat)
		hpt_usage_error("-o folded cannot show -a");
	if (o.diff) {
		diff_main(argc, argv);
	} else {
		if (argc > 1)
			hpt_usage_error("too many files (one report, or -D OLD "
			                "NEW)");
		one_main(argc == 1 ? argv[0] : "-");
	}
	free(o.keep);
	free(o.drop);
	hpt_out_close();
	return 0;
}
