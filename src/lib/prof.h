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

#define PROF_NONE UINT32_MAX

/* One cost centre of a -pj report's "cost_centres" table
 * (rts/ProfilerReportJson.c; formats.md 3.1). */
struct prof_ccdef {
	uint64_t id;           /* GHC's cost-centre id (cc->ccID) */
	uint32_t label, module, src; /* ids in names */
	int is_caf;
};

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
	int estimated;         /* JSON with "hptools_estimated": true:
	                        * ticks and bytes prof2json estimated from
	                        * a -p report's percentages */
	int whole;             /* JSON with "hptools_whole": true: prof2json
	                        * wrote a text report's tree that holds
	                        * nodes GHC's JSON has and its text report
	                        * hides (empty leaves, built-in stacks):
	                        * read as it is, nothing hidden */

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
	/* Nodes were removed (prof_prune): the header's totals are of
	 * the whole run, not of this tree, which may even be empty.
	 * prof_write marks its totals so, and prof_read reads the mark
	 * back, skipping the checks for a cut report. */
	int pruned;

	/* Built from the time-profile samples of an eventlog (ev_prof.c):
	 * ticks are exact, but entries and allocation are not in an
	 * eventlog (all 0), and no. is the preorder number.  rts_ticks
	 * counts the samples left out as GHC's .prof leaves them out:
	 * those of the RTS's own stacks (GC, SYSTEM, IDLE, OVERHEAD_of,
	 * DONT_CARE). */
	int eventlog;
	uint64_t rts_ticks;

	/* The retainer-set list, verbatim (each line with its '\n'), from
	 * its "Retainer sets created during profiling:" line on; NULL if
	 * none. */
	char *sets;
	size_t sets_len;

	/* What only a -pj report carries (prof_json.c); all 0 and NULL
	 * for a report read from text.  With json set, the command is
	 * also in command, in the text report's form. */
	int json;
	uint32_t program;      /* id in names: "program" */
	uint32_t *args, *rts_args; /* ids in names: "arguments" (from
	                        * argv[0]) and "rts_arguments" */
	size_t nargs, nrts_args;
	uint64_t init_caps;    /* "initial_capabilities" (the -N value) */
	struct prof_ccdef *ccs; /* the "cost_centres" table, in its order */
	size_t nccs;
	uint32_t *cc;          /* per node (n of them): its index in ccs */
};

/* An empty report (no header, no nodes). */
void prof_init(struct prof_report *r);
/* Free everything the report holds. */
void prof_free(struct prof_report *r);

/* Append a node under parent (PROF_NONE: a root) and return its index.
 * The caller must keep parents before children.  Figures are zero. */
uint32_t prof_add(struct prof_report *r, uint32_t parent, uint32_t label,
                  uint32_t module, uint32_t src);

/* Rebuild first_child/next_sibling/first_root from parent, in index
 * order, leaving out nodes with dead[i] != 0 (dead may be NULL), and set
 * depth.  A dead node's descendants must be dead too. */
void prof_link(struct prof_report *r, const unsigned char *dead);

/* Remove the nodes with dead[i] != 0 (a dead node's descendants must be
 * dead too) from the arrays, keeping the others in their order, then
 * link them (prof_link).  Unlike prof_link with dead, this frees the
 * room: prof_sum and loops over 0..n-1 no longer see the dead. */
void prof_compact(struct prof_report *r, const unsigned char *dead);

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

/* prof_sort by counts (one per node: ticks, bytes or entries), each
 * taken as the double prof_sort would be given: the same order, with
 * no array of keys to fill. */
void prof_sort_counts(struct prof_report *r, const uint64_t *key,
                      int empty_first);

/* Compare two interned names as bytes (memcmp, then length): <0, 0, >0. */
int prof_name_cmp(const struct prof_report *r, uint32_t a, uint32_t b);

/* Name bytes of an interned id. */
#define prof_name(r, id) ((r)->names.name[id])
#define prof_len(r, id) ((r)->names.len[id])

/* Walk the linked tree in preorder without recursion.  Start with
 * *it = r->first_root, *d = 0; each call returns the next node and its
 * depth, PROF_NONE at the end. */
uint32_t prof_next(const struct prof_report *r, uint32_t *it, uint32_t *d);
/* The same walk in one loop, for writers that go over the nodes more
 * than once: the linked nodes in preorder into order (room for r->n),
 * returning their count; a node's depth is r->depth[x]. */
size_t prof_preorder(const struct prof_report *r, uint32_t *order);

/*
 * Retainer set no of the report's SET list (r->sets; its lines are
 * "SET <n> = {<ccs>, <ccs>, ...}", rts/RetainerSet.c
 * outputAllRetainerSet, formats.md 2.6): returns 1 with *elems and
 * *len the bytes between its braces, each <ccs> being "<Mod.label,...>"
 * innermost first ("<>" for MAIN); 0 when the list has no such line.
 */
int prof_retainer_set(const struct prof_report *r, uint64_t no,
                      const char **elems, size_t *len);

/* The measure of -w: individual ticks, bytes, entries, or %time. */
enum prof_weight { PROF_W_TICKS, PROF_W_ALLOC, PROF_W_ENTRIES, PROF_W_TIME };

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

#endif
