/*
 * ev_ipe.h: the IPE and cost-centre tables of an eventlog (ipe.h):
 * every IPE event (169, GHC 9.2 and later: traceIPE in GHC's
 * rts/eventlog/EventLog.c) and every HEAP_PROF_COST_CENTRE event (161,
 * traceHeapProfCostCentre), read one at a time by eventlog.h
 * (formats.md 4.3, 4.5, 4.6).
 */
#ifndef HPT_EV_IPE_H
#define HPT_EV_IPE_H

#include <stdint.h>

#include "input.h"
#include "ipe.h"

/*
 * Read the eventlog on in (opened by the caller) to its end, adding
 * its info tables and cost centres to t in the order of the log.  A
 * definition posted again with the same fields (GHC 9.2 and later post
 * them again when logging restarts) is added once; one posted again
 * with other fields keeps the first, with the warning "FILE: offset N:
 * warning: info table 0xADDR posted again with other fields: the first
 * kept" (cost centre ID likewise).  A malformed event is skipped with
 * the warning "IPE event malformed (a field without its NUL): skipped"
 * or "cost-centre event too short: skipped".  All warnings are errors
 * when strict, as are the reader's repairs (eventlog.h: torn events
 * are skipped, a log cut off is read to its last whole event).
 * Returns the number of IPE events read (duplicates included).
 */
uint64_t ev_ipe_read(struct ipe_table *t, struct hpt_input *in, int strict);

/*
 * Non-zero when the header of the eventlog on in (opened by the
 * caller, which closes it after) declares the IPE event (169): a log
 * that does not (GHC before 9.2, or a run without IPE data) has no info
 * table to name bands with, and need not be read twice.  Reads only the
 * header; a damaged header is reported as the eventlog reader does.
 */
int ev_ipe_declared(struct hpt_input *in);

#endif
