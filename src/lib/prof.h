/*
 * prof.h: GHC's .prof time and allocation report, read into a cost-centre
 * tree held in flat arrays, and written back in GHC's own layout.
 *
 * Who writes the format (formats.md section 2):
 *   rts/Profiling.c        the report up to GHC 8.0 (6.x/7.0 fixed
 *                          widths, 7.2 byte widths, 7.4-7.10 code-point
 *                          widths with no. glued to the module, 8.0.1)
 *   rts/ProfilerReport.c   the report from 8.2 (SRC column from 8.0.2,
 *                          entries glued to no. until 8.8, every field
 *                          separated from 8.10)
 *   rts/RetainerSet.c      the "Retainer sets created during profiling:"
 *                          SET list that +RTS -hr appends (or is the whole
 *                          file when -hr is given without -p)
 *
 * Units.  A report is either exact or not:
 *   exact (the -P/-pa ticks and bytes columns are present): ind_time and
 *     inh_time are clock ticks, ind_alloc and inh_alloc are bytes, and
 *     every percentage is recomputed from them;
 *   not exact (-p): the four figures are tenths of a percent, as printed
 *     by GHC ("%5.1f"), and inherited figures are the report's own.
 * Entries and no. are plain counts.  Node arrays are indexed 0..n-1;
 * PROF_NONE marks "no node".  A node's parent always has a smaller index
 * than the node (preorder of the input), which lets every bottom-up sum
 * run as one reverse loop instead of a recursion.
 */
#ifndef HPT_PROF_H
#define HPT_PROF_H

#include <stddef.h>
#include <stdint.h>

#include "intern.h"
#include "util.h"

#define PROF_NONE UINT32_MAX

struct prof_report {
	/* Header block; a field is NULL or 0 when the report lacks it
	 * (hand-cut reports often start at the tree). */
	char *date;            /* "Mon Nov 30 14:21 2026" (time_str) */
	char *command;         /* "leak +RTS -P -RTS 200000" */
	char *total_secs;      /* "0.33": the report's text, in seconds */
	uint64_t total_ticks;  /* ticks in the "total time" line */
	unsigned tick_interval;/* in tick_unit */
	char tick_unit[3];     /* "us" (7.4 and later) or "ms" (up to 7.2) */
	unsigned processors;   /* 0: not given (up to 7.2) */
	uint64_t total_alloc;  /* bytes, "total alloc" (commas removed) */
	int has_time, has_alloc;

	int has_src;           /* the tree has a SRC column (8.0.2 and later) */
	int exact;             /* ticks and bytes columns (-P, -pa) */

	struct hpt_intern names; /* labels, modules and SRC strings */

	size_t n, cap;         /* nodes */
	uint32_t *parent, *first_child, *next_sibling, *depth;
	uint32_t *label, *module, *src; /* ids in names */
	uint64_t *no, *entries;
	uint64_t *ind_time, *ind_alloc, *inh_time, *inh_alloc;
	uint32_t first_root;   /* head of the roots' sibling list */

	/* The name of the file read, for diagnostics ("<stdin>"); NULL
	 * when the report was built, not read. */
	char *file;
	/* Made by prof_invert: a node's entries count the calls of its
	 * root cost centre through the node's chain of callers, so they
	 * are inherited figures, not individual ones. */
	int inverted;

	/* The retainer-set list, verbatim (each line with its '\n'), from
	 * its "Retainer sets created during profiling:" line on; NULL if
	 * none. */
	char *sets;
	size_t sets_len;
};

/* An empty report (no header, no nodes). */
void prof_init(struct prof_report *r);
/* Free everything the report holds. */
void prof_free(struct prof_report *r);

/*
 * Read one .prof report from in into r (which prof_init made empty).
 * Accepts every layout listed at the top of this file, LF or CRLF,
 * a report cut to its tree, and a file holding only the -hr SET list
 * (an empty tree).  On return the nodes are in input order with parent
 * and depth set, linked (prof_link) and, for exact reports, inherited
 * ticks and bytes summed (prof_sum); totals missing from the header are
 * the sums of the tree.
 * A line that is not a row is joined with the next when together they
 * make one (a label holding a raw newline) and the next cannot be a row
 * where it stands; otherwise it is skipped with a warning.  In SRC
 * layouts a row that lines up with the header's MODULE and SRC columns
 * is split by them (labels with spaces).  A blank line inside the tree
 * does not end it when rows follow.
 * Errors (exit 2): "FILE: empty input", "FILE: JSON (-pj) input not
 * supported yet", "FILE: eventlog input not supported yet",
 * "FILE:LINE: not a .prof report: "TEXT"", "FILE:LINE: not a .prof
 * report: no header or cost-centre tree", "FILE:LINE: no cost-centre
 * tree after the header", "FILE:LINE: no cost-centre tree: no row after
 * the column header", "FILE:LINE: second root row "TEXT"",
 * "FILE:LINE: number out of range "TEXT"", "FILE: sum of ticks out of
 * range" (and bytes).  Warnings: malformed rows (skipped), an
 * unterminated last row (dropped), header lines not understood, blank
 * lines inside the tree, text after the tree, decimal commas, a second
 * report (it and the rest are ignored), a tree that looks cut short
 * (exact ticks or bytes against the header; printed inherited
 * percentages along the path to the last row).  The "unknown" marks
 * prof_write writes for a missing header read back as missing.
 */
void prof_read(struct prof_report *r, struct hpt_input *in);

/* Append a node under parent (PROF_NONE: a root) and return its index.
 * The caller must keep parents before children.  Figures are zero. */
uint32_t prof_add(struct prof_report *r, uint32_t parent, uint32_t label,
                  uint32_t module, uint32_t src);

/* Rebuild first_child/next_sibling/first_root from parent, in index
 * order, leaving out nodes with dead[i] != 0 (dead may be NULL), and set
 * depth.  A dead node's descendants must be dead too. */
void prof_link(struct prof_report *r, const unsigned char *dead);

/* Exact reports: inh_time/inh_alloc := individual + children's
 * inherited, over every node (dead or not).  A sum above 2^64-1 is
 * "FILE: sum of ticks out of range" (or bytes), exit 2. */
void prof_sum(struct prof_report *r);

/* a + b, or the error "FILE: sum of WHAT out of range" (exit 2), FILE
 * being r->file ("proftree: sum of ..." when r has none). */
uint64_t prof_add_sum(const struct prof_report *r, uint64_t a, uint64_t b,
                      const char *what);

/* A figure as a percentage of the whole run: v is ticks or bytes
 * (exact; divided by the total) or tenths of a percent.  which is 0 for
 * time, 1 for alloc.  A zero total gives 0. */
double prof_percent(const struct prof_report *r, uint64_t v, int which);

/* Order every node's children (and the roots) by key descending, then
 * label, module and SRC (bytes, ascending), then no., then index.  With
 * empty_first, children with an empty label come first among their
 * siblings (in that order among themselves): the order -o prof uses, as
 * an empty label hides its indentation and the reader places it under
 * the row above it when that row can hold it. */
void prof_sort(struct prof_report *r, const double *key, int empty_first);

/* Compare two interned names as bytes (memcmp, then length): <0, 0, >0. */
int prof_name_cmp(const struct prof_report *r, uint32_t a, uint32_t b);

/* Name bytes of an interned id. */
#define prof_name(r, id) ((r)->names.name[id])
#define prof_len(r, id) ((r)->names.len[id])

/* Walk the linked tree in preorder without recursion.  Start with
 * *it = r->first_root, *d = 0; each call returns the next node and its
 * depth, PROF_NONE at the end. */
uint32_t prof_next(const struct prof_report *r, uint32_t *it, uint32_t *d);

/*
 * Write r as a .prof report in GHC 8.10's layout (rts/ProfilerReport.c):
 * the header (what r lacks written as "(date unknown)", "(command
 * unknown)", "unknown secs", "unknown bytes", exact totals of a report
 * without a header as "sum of the tree"), a flat per-cost-centre table recomputed from the
 * tree (cost centres above 1 % of time or alloc, as GHC prints), the
 * tree in link order (SRC column only if r->has_src, ticks and bytes
 * only if r->exact), then the SET list if any.  A report with no node
 * but a SET list is written as that list alone, as GHC writes it under
 * +RTS -hr without -p.  Output goes through hpt_out_* (write errors
 * exit 2).
 */
void prof_write(const struct prof_report *r);

/* ---- tree transformations (prof_tree.c) ---- */

/* The measure of -w: individual ticks, bytes, entries, or %time. */
enum prof_weight { PROF_W_TICKS, PROF_W_ALLOC, PROF_W_ENTRIES, PROF_W_TIME };

/* What prof_prune removes.  Zeroed, it removes nothing. */
struct prof_prune {
	const char *const *keep; /* -f NAME...: "label" or "Module.label" */
	size_t nkeep;
	const char *const *drop; /* -x NAME... */
	size_t ndrop;
	unsigned char *keep_hit; /* if not NULL: keep_hit[i] set to 1 when */
	unsigned char *drop_hit; /* keep[i] (drop[i]) names some node */
	int zero;                /* -z */
	double min_pct;          /* -m, a percentage; < 0: none */
	long depth;              /* -d, levels below a root; < 0: none */
};

/*
 * Prune r in place, in this order, then relink it (prof_link):
 *   keep: only the subtrees rooted at a matching node stay, with their
 *     ancestors as context (individual figures and entries set to 0,
 *     inherited figures summed over what is kept);
 *   drop: matching subtrees go, taking their costs with them (the
 *     ancestors' inherited figures shrink);
 *   zero: subtrees with no entries, time or allocation anywhere go;
 *   min_pct, depth: subtrees whose inherited %time and %alloc are both
 *     below min_pct, or deeper than depth, go, and the sums of their
 *     individual ticks and bytes (tenths of a percent in a -p report:
 *     not the inherited ones, rounded on their own) and (except in an
 *     inverted tree, whose entries are already inherited) entries are
 *     added to the individual figures of
 *     the nearest kept ancestor, so that sums of individual figures stay
 *     true.  A root is never cut by depth; by min_pct only in an
 *     inverted tree (whose roots have no ancestor: their costs go).
 * Returns the number of nodes kept.  Errors: a sum of entries above
 * 2^64-1 (prof_add_sum).
 */
size_t prof_prune(struct prof_report *r, const struct prof_prune *p);

/* Inherited keys for prof_sort, one per node (n doubles, caller frees):
 * inherited ticks (W_TICKS, W_TIME) or bytes, or the entries of the
 * whole subtree (an inverted tree's own entries, already inherited). */
double *prof_keys(const struct prof_report *r, enum prof_weight w);

/* A node's individual weight in the unit of w, for folded stacks: ticks
 * or bytes (exact reports); from a -p report, percentage x total / 100,
 * rounded, or tenths of a percent when the total is missing (see
 * prof_weight_estimated); entries (in an inverted tree, the node's
 * entries less its children's: the calls whose caller chain ends
 * there).  W_TIME is not an integer: use prof_percent(r, ind_time, 0). */
uint64_t prof_self_weight(const struct prof_report *r, uint32_t x,
                          enum prof_weight w);
/* prof_self_weight of every linked node (n values, 0 for the others;
 * caller frees), except that estimated ticks and bytes (a -p report
 * with totals) are spread by a running sum over the nodes in index
 * order: each weight is what its tenths add to the rounded estimate of
 * the running total, so the weights add up to the sum of the individual
 * percentages x total / 100, rounded once, whatever -m, -d or -i did to
 * the tree (each weight is within one unit of its own rounding). */
uint64_t *prof_self_weights(const struct prof_report *r, enum prof_weight w);
/* 1 when prof_self_weight falls back to tenths of a percent. */
int prof_weight_estimated(const struct prof_report *r, enum prof_weight w);

/* One cost centre of the flat profile (label, module and SRC of node). */
struct prof_cc {
	uint32_t node;   /* the first node (preorder) with these names */
	uint64_t entries, ind_time, ind_alloc; /* summed over every node */
	uint64_t inh_time, inh_alloc; /* outermost node of each recursive
	                               * chain only */
};

/* The flat profile of r's linked nodes: sets *cc to a malloc'd array
 * and returns its length.  Ordered by individual w cost descending
 * (entries for W_ENTRIES, ticks for W_TICKS and W_TIME), then the
 * inherited one, then label, module and SRC (bytes, ascending).  Units
 * are r's (ticks and bytes, or tenths of a percent).  Serves both
 * proftree -a and the flat table of prof_write.  Errors: a sum of
 * entries above 2^64-1. */
size_t prof_flat(const struct prof_report *r, enum prof_weight w,
                 struct prof_cc **cc);

/*
 * The inverted tree of r (its linked nodes) into t (prof_init is done
 * here): each cost centre (label, module, SRC) with an individual cost
 * or entries is a root; its children are its callers, theirs their
 * callers, up to the root of r.  A node's inherited figures are the
 * individual cost of its root cost centre reached through that chain;
 * the cost sits as individual cost on the last node of each chain.
 * Entries are the root cost centre's entries along the chain
 * (t->inverted is set).  With depth >= 0 no chain goes deeper than
 * depth levels below its root: the cost of a longer chain sits on its
 * node at that depth (what prof_prune would do, without building the
 * rest).  Nodes are numbered 1.. in preorder of creation; call
 * prof_renumber after sorting.  Without depth, time and memory grow as
 * the number of costly nodes times their depth.
 */
void prof_invert(struct prof_report *t, const struct prof_report *r,
                 long depth);

/* Number the linked nodes 1.. in preorder (no. of built trees). */
void prof_renumber(struct prof_report *r);

/* One report's side of a node of a difference. */
struct prof_side {
	uint64_t entries, ticks, bytes; /* ticks, bytes: exact reports */
	double ind_t, ind_a, inh_t, inh_a; /* percentages of its run */
	uint64_t self;   /* prof_self_weight in the -w unit */
	double self_pct; /* individual %time (for W_TIME) */
	double sub_entries; /* entries over the subtree (sort key) */
};

struct prof_diff {
	struct prof_report m; /* the merged tree (names and SRC of NEW where
	                       * a node is in both), numbered 1.. */
	struct prof_side *side[2]; /* [0] OLD, [1] NEW, indexed like m */
	int exact;        /* both reports have ticks and bytes */
};

/*
 * The difference of two pruned reports: nodes matched by their path of
 * labels and modules from the root; nodes sharing a path in one report
 * added together; a node in only one report is zero in the other.  The
 * merged tree is sorted by the size of the change of the inherited w
 * figure (percentage points; entries: over the subtree) and numbered.
 * Errors: a sum above 2^64-1 (prof_add_sum).
 */
void prof_diff(struct prof_diff *d, const struct prof_report *old,
               const struct prof_report *new_, enum prof_weight w);
void prof_diff_free(struct prof_diff *d);

/* ---- text, TSV and folded output (prof_text.c) ---- */

/* Name escaping for text and folded output: TAB, LF, CR and NUL as
 * \t \n \r \0, sep (if not 0) as '_'; a backslash stays as it is. */
void prof_out_text(const char *s, size_t n, int sep);
/* The same for TSV, where a backslash is written "\\" too. */
void prof_out_tsv(const char *s, size_t n);

/* -o tree: a header (command, date, totals, where figures come from),
 * then one line per linked node, columns as wide as their widest value. */
void prof_write_tree(const struct prof_report *r);
/* -o tsv: a header row and one row per linked node. */
void prof_write_tsv(const struct prof_report *r);
/* -o folded: one line per linked node with a non-zero self weight. */
void prof_write_folded(const struct prof_report *r, enum prof_weight w);
/* -a as text (tsv 0) or TSV (tsv 1). */
void prof_write_flat(const struct prof_report *r, enum prof_weight w,
                     int tsv);
/* -D as text (fmt 0), TSV (1) or folded stacks, OLD then NEW (2). */
void prof_write_diff(const struct prof_diff *d, enum prof_weight w, int fmt);

#endif
