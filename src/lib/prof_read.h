/*
 * prof_read.h: the .prof reader (rts/Profiling.c up to GHC 8.0,
 * rts/ProfilerReport.c from 8.2, rts/RetainerSet.c for the -hr SET
 * list; formats.md section 2).  The grammar, with every check and
 * repair, heads prof_read.c.
 */
#ifndef HPT_PROF_READ_H
#define HPT_PROF_READ_H

#include "input.h"
#include "prof.h"

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
 * "FILE:LINE: not a .prof report: "TEXT"" (also for binary data, after
 * at most 4 KiB: hpt_sniff), "FILE:LINE: not a .prof
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


#endif
