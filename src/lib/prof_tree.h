/*
 * prof_tree.h: transformations of a cost-centre tree (prof.h): pruning
 * (-f -x -z -m -d), sort keys and self weights (-w), the inverted tree
 * (-i) and the difference of two trees (-D).  prof_tree.c.
 */
#ifndef HPT_PROF_TREE_H
#define HPT_PROF_TREE_H

#include "prof.h"

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
 * Prune r in place, in this order, then relink it (prof_link); nodes an
 * earlier call left out stay out (so -f and -x, then -z, -m and -d):
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

/* The per-node counts that are prof_keys' keys as they stand (for
 * prof_sort_counts: r->inh_time, r->inh_alloc, or an inverted tree's
 * entries), or NULL when the keys are sums (the entries of a tree's
 * subtrees): then prof_keys. */
const uint64_t *prof_key_counts(const struct prof_report *r,
                                enum prof_weight w);

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
/* For weights taken from a report's percentages (a -p report: ticks,
 * bytes or -w time from the individual %time or %alloc, which GHC
 * rounds to 0.1): the sum of the linked nodes' individual percentages
 * over the sum of the roots' inherited ones (the whole tree): 1 when
 * they agree, much less when most individual figures round to 0.0.
 * Returns 1 for exact weights (a -P report, entries) and an empty
 * tree. */
double prof_weights_share(const struct prof_report *r, enum prof_weight w);
/* 1 when prof_self_weight falls back to tenths of a percent. */
int prof_weight_estimated(const struct prof_report *r, enum prof_weight w);

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


/* A linked node that has a sibling of the same label and module, or
 * PROF_NONE.  GHC gives one cost centre one stack per parent, so two
 * such siblings are distinct cost centres: only their SRC tells them
 * apart, and without a SRC column prof_flat sums them as one. */
uint32_t prof_twin(const struct prof_report *r);

#endif
