/*
 * ev_heap.h: the heap profile in an eventlog (+RTS -l -h...), as the
 * samples of a .hp (hp.h), so that every heap tool reads an eventlog
 * as it reads a .hp (through heap_in.h).
 *
 * The events are written by GHC's rts/ProfHeap.c and rts/eventlog/
 * EventLog.c (traceHeapProfBegin, traceHeapProfCostCentre,
 * traceHeapProfSampleBegin/CostCentre/String/End,
 * traceHeapBioProfSampleBegin; formats.md 4.3, 4.4 and 4.6), read one
 * at a time by eventlog.h:
 *
 *   JOB          the program's name (argv[0] without its folder) and
 *                arguments, from PROGRAM_ARGS (30), joined by spaces
 *   DATE         the wall-clock event (43): its second, in UTC, in the
 *                .hp's form "Www Mmm dd hh:mm yyyy"
 *   samples      each census, HEAP_PROF_SAMPLE_BEGIN (162; 166 under
 *                -hb, timed by its own time field) to
 *                HEAP_PROF_SAMPLE_END (165; before GHC 8.10, which has
 *                none, to the next census), at its time in seconds
 *                since the program started, with 9 decimals (exact
 *                nanoseconds)
 *   bands        -hc stacks (163): cost-centre labels innermost first,
 *                joined by '/', a CAF as MODULE.CAF, the empty stack
 *                MAIN, never truncated; a stack whose name another
 *                stack took first is named with MODULE.label elements,
 *                then with "#2", "#3" ... added; an id with no
 *                definition (161) is named <ccID>.  Every other
 *                breakdown (164): the string as it is, as bytes
 *   empty        a sample with no bands at HEAP_PROF_BEGIN's time
 *   samples      (160), and one at the log's last time when the log
 *                ends with DATA_END (the .hp's first and last samples)
 *   marks        user markers (58, traceMarker) as MARKs with their
 *                text (hp_sample.mark_text), each before
 *                the first census after its time
 *
 * Memory grows with the cost centres, the distinct stacks and the band
 * names, not with the samples.
 */
#ifndef HPT_EV_HEAP_H
#define HPT_EV_HEAP_H

#include <stdint.h>

#include "hp.h"
#include "input.h"

struct ev_heap; /* private to ev_heap.c */

/*
 * A reader of the eventlog on in (opened by the caller, who closes it
 * after ev_heap_free), reading up to its first census to learn the
 * header.  bands, strict and time_offset as for hp_reader_new
 * (hp_read.h).  Errors: those of ev_reader_new (eventlog.h).
 */
struct ev_heap *ev_heap_new(struct hpt_input *in, struct hpt_intern *bands,
                            int strict, const char *time_offset);
/* The header (JOB and DATE empty when the log lacks their events). */
const struct hp_header *ev_heap_header(const struct ev_heap *h);
/*
 * The next sample or mark into s, or HP_EOF (as hp_read; s->line is
 * 0).  Repairs, warnings "FILE: offset N: warning: ..." (errors when
 * strict): a census cut off by the end of the log, one that overlaps a
 * torn event or has a malformed event, or one with no end event where
 * the log has end events, is dropped; a log with no heap profile is
 * read as a header only, with the warning "no heap profile in the
 * eventlog (run the program with +RTS -l -h...)".
 */
enum hp_item ev_heap_next(struct ev_heap *h, struct hp_sample *s);
/* Complete samples returned so far. */
uint64_t ev_heap_samples(const struct ev_heap *h);
/* The last sample's time text (time_offset included), or NULL. */
const char *ev_heap_end_time(struct ev_heap *h);
/* Release the reader (not the input, not the band table). */
void ev_heap_free(struct ev_heap *h);

#endif
