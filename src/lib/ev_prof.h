/*
 * ev_prof.h: the time profile in an eventlog (+RTS -l -p), as the
 * cost-centre tree of a .prof report (prof.h), so that every writer of
 * proftree and prof2json takes an eventlog as it takes a .prof.
 *
 * The events are written by GHC's rts/Proftimer.c and rts/Profiling.c
 * through rts/eventlog/EventLog.c (traceProfBegin, traceProfSample-
 * CostCentre, traceHeapProfCostCentre; formats.md 4.3 and 4.6), GHC
 * 8.10 and later, read one at a time by eventlog.h:
 *
 *   command      PROGRAM_ARGS (30) in the .prof's form: the program's
 *                name (argv[0] without its folder), "+RTS", the RTS
 *                options given on the command line, "-RTS", the
 *                program's arguments
 *   date         WALL_CLOCK_TIME (43): its minute, in UTC, in the
 *                .prof's form "Www Mmm dd hh:mm yyyy"
 *   tick         PROF_BEGIN (168): the tick interval in nanoseconds,
 *                given in the header in microseconds
 *   names        HEAP_PROF_COST_CENTRE (161): label, module and SRC of
 *                each cost-centre id
 *   ticks        PROF_SAMPLE_COST_CENTRE (167), one per capability per
 *                tick: one tick to the stack it names (ids innermost
 *                first, MAIN left out: depth 0 is MAIN itself)
 *
 * The tree is MAIN with every stack some sample named below it.  As
 * GHC's .prof (without -pa) does, the samples of the RTS's own stacks
 * (GC, SYSTEM, IDLE, OVERHEAD_of, DONT_CARE alone below MAIN) are left
 * out of the ticks and counted in rts_ticks, so that the total is the
 * .prof's total ticks.  The processors are the capabilities that
 * samples name; the total time is ticks x interval / processors, as
 * GHC computes it.  Entries and allocation are not in an eventlog: they
 * are 0, the report is exact (ticks) and marked eventlog.  Memory grows
 * with the cost centres and the distinct stacks, not with the samples.
 */
#ifndef HPT_EV_PROF_H
#define HPT_EV_PROF_H

#include "input.h"
#include "prof.h"

/*
 * Read the eventlog on in (opened, nothing consumed) into r (which
 * prof_init made empty).  On return r is linked, summed, ordered by
 * inherited ticks (then label, module, SRC) and numbered 1.. in
 * preorder.
 *
 * Errors (exit 2): those of ev_reader_new and ev_next (eventlog.h);
 * "FILE: no time profile in the eventlog (run the program with +RTS -l
 * -p)" (no PROF_BEGIN and no sample), "FILE: no time profile in the
 * eventlog: its GHC writes none (GHC 8.10 and later do, under +RTS -l
 * -p)" (the header declares no sample event).
 * Repairs, warnings "FILE: offset N: warning: ..." (errors when
 * strict): a sample too short for its fixed fields, or for the ids its
 * depth gives, is skipped (its tick is lost); a cost-centre definition
 * too short is skipped; a cost-centre id with no definition is named
 * <ccN>, module and SRC <unknown>; a stack of 255 cost centres (the
 * RTS's cap) has lost its outer part: it is placed below MAIN as it
 * stands (one warning); samples without PROF_BEGIN: the tick interval
 * and total time are unknown (has_time 0); PROF_BEGIN without samples:
 * the tree is MAIN alone with no ticks.
 */
void ev_prof_read(struct prof_report *r, struct hpt_input *in, int strict);

#endif
