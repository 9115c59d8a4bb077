/*
 * prof_write.h: the .prof writer.
 */
#ifndef HPT_PROF_WRITE_H
#define HPT_PROF_WRITE_H

#include "prof.h"

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


#endif
