/*
 * prof_text.h: a cost-centre tree as text for people, TSV, and folded
 * stacks for flame graphs (flamegraph.pl, inferno, speedscope), to
 * standard output through output.h.  prof_text.c.
 */
#ifndef HPT_PROF_TEXT_H
#define HPT_PROF_TEXT_H

#include "prof.h"
#include "prof_tree.h"

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
