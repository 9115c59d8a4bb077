/*
 * eventlog.h: the generic reader of GHC's binary eventlog, one event at
 * a time (a pull interface), for every tool that reads eventlogs.
 *
 * The format is written by GHC's rts/eventlog/EventLog.c (postHeader-
 * Events, postEventType, postEventHeader, printAndClearEventBuf) with
 * the ids of includes/rts/EventLogFormat.h; formats.md section 4 (4.6
 * first) describes it, and the grammar with every check heads
 * eventlog.c.  The reader consumes the header and the event-type table,
 * the block markers and the final DATA_END itself, and returns every
 * other event with its payload.  Memory does not grow with the log:
 * the input buffer holds one event, or one block while a damaged block
 * is searched for its next good event.
 *
 * Diagnostics name byte offsets from the start of the file:
 * "FILE: offset N: message" (hpt_offset_error, hpt_offset_warn).
 */
#ifndef HPT_EVENTLOG_H
#define HPT_EVENTLOG_H

#include <stddef.h>
#include <stdint.h>

#include "input.h"

/* Event ids used by the readers above this one (EventLogFormat.h). */
enum {
	EV_BLOCK_MARKER = 18,
	EV_PROGRAM_ARGS = 30,
	EV_WALL_CLOCK_TIME = 43,
	EV_USER_MARKER = 58,
	EV_HEAP_PROF_BEGIN = 160,
	EV_HEAP_PROF_COST_CENTRE = 161,
	EV_HEAP_PROF_SAMPLE_BEGIN = 162,
	EV_HEAP_PROF_SAMPLE_COST_CENTRE = 163,
	EV_HEAP_PROF_SAMPLE_STRING = 164,
	EV_HEAP_PROF_SAMPLE_END = 165,
	EV_HEAP_BIO_PROF_SAMPLE_BEGIN = 166,
	EV_PROF_SAMPLE_COST_CENTRE = 167,
	EV_PROF_BEGIN = 168,
	EV_IPE = 169,
	EV_DATA_END = 0xFFFF
};

/* One event.  The payload (p, len bytes: for a fixed-size type the size
 * the header declares, for a variable-size type the bytes after its
 * u16 length) is valid until the next ev_next. */
struct ev_event {
	uint16_t type;
	uint64_t time;           /* nanoseconds since the RTS started */
	const unsigned char *p;
	size_t len;              /* payload bytes */
	uint64_t offset;         /* of the event's first byte in the file */
	uint16_t cap;            /* capability of its block (0xFFFF: the
	                          * global buffer; also outside blocks) */
	int after_damage;        /* bytes were skipped just before it (a
	                          * torn event, see ev_next) */
};

struct ev_reader; /* private to eventlog.c */

/*
 * A reader of the eventlog on in (opened by the caller, who closes it
 * after ev_reader_free), reading its header and event-type table.
 * strict makes each repair (a torn event skipped, a log cut off) an
 * error.  Errors (exit 2), all "FILE: offset N: ...": "not an eventlog
 * (no header magic)", "eventlog cut off in its header", "malformed
 * event-type table: ...".
 */
struct ev_reader *ev_reader_new(struct hpt_input *in, int strict);

/*
 * The next event into *e: returns 1, or 0 at the end of the log.  The
 * end is DATA_END (inside the last block or after it), or the end of
 * the file: a log cut off (no DATA_END) is read up to its last complete
 * event, with the warning "eventlog cut off (no end-of-data marker):
 * last complete event ends at offset N" (an error when strict).
 * Unknown event types are skipped by the size they declare.  Inside a
 * block, an event that is malformed (a type the header does not
 * declare, a size past the block's end, a time outside the block's
 * times) is damage: the reader resumes at the first offset from which
 * well-formed events run exactly to the block's end, with the warning
 * "offset N: torn event: bytes up to offset M skipped" (an error when
 * strict), and marks the next event after_damage.
 */
int ev_next(struct ev_reader *r, struct ev_event *e);

/* Non-zero when the log ended at the end of the file, without
 * DATA_END (valid after ev_next returned 0). */
int ev_reader_cut(const struct ev_reader *r);
/* The offset (bytes from the file's start) where such a log was cut:
 * that of its "eventlog cut off here" warning. */
uint64_t ev_reader_cut_offset(const struct ev_reader *r);

/* The largest time (ns) seen so far in events and block markers: about
 * when the program stopped, once the log has been read. */
uint64_t ev_reader_last_time(const struct ev_reader *r);

/* Non-zero when the header declares event type t. */
int ev_reader_declares(const struct ev_reader *r, uint16_t t);

/* Big-endian integers from a payload (the caller checks the length);
 * inline, as the heap readers take one from every event. */
static inline uint16_t ev_u16(const unsigned char *p)
{
	return (uint16_t)((unsigned)p[0] << 8 | p[1]);
}

static inline uint32_t ev_u32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static inline uint64_t ev_u64(const unsigned char *p)
{
	return (uint64_t)ev_u32(p) << 32 | ev_u32(p + 4);
}

/* Release the reader (not the input). */
void ev_reader_free(struct ev_reader *r);

/* The length in bytes of the NUL-terminated string at p, which has at
 * most n bytes (the rest of a payload): n when the NUL is missing. */
size_t ev_str_len(const unsigned char *p, size_t n);

/*
 * The date of a wall-clock event (43, postWallClockTime in
 * rts/eventlog/EventLog.c: u32 capset, u64 seconds since the epoch,
 * u32 nanoseconds) as .hp and .prof reports show one, in UTC:
 * "Sun Jan  1 00:00 2024", allocated.  NULL when the payload is shorter
 * than 16 bytes or gmtime cannot convert the seconds.
 */
char *ev_wall_clock_date(const struct ev_event *e);

/* A string field of a payload: its bytes (in the event's payload, valid
 * as long as it is) and length, without the NUL. */
struct ev_str {
	const char *s;
	size_t n;
};

/*
 * The fields of a HEAP_PROF_COST_CENTRE event (161, traceHeapProf-
 * CostCentre in rts/eventlog/EventLog.c; formats.md 4.3): u32 id,
 * label, module, srcloc (NUL-terminated), u8 flags (0 or 'c' for a
 * CAF).  A string runs to its NUL or to the payload's end, a field the
 * payload lacks is empty (or a flag 0).  Returns 0, with nothing set,
 * when the payload is shorter than 7 bytes (the id and three NULs).
 */
struct ev_cost_centre {
	uint32_t id;
	struct ev_str label, module, src;
	int is_caf;
};
int ev_cost_centre(const struct ev_event *e, struct ev_cost_centre *cc);

/*
 * The fields of an IPE event (169, traceIPE in rts/eventlog/
 * EventLog.c, GHC 9.2 and later; formats.md 4.3 and 4.6): u64
 * info-table address, then table name, closure description (the
 * closure type's number, as decimal text), type description, label,
 * module, source location ("file:span", or a bare ":" for none), each
 * NUL-terminated.  The reader (ev_next) has already ended the event
 * where GHC 9.6's overstated length says one byte more.  Returns 0 when
 * the payload is shorter than the address or a string has no NUL
 * before the payload's end (a malformed event).
 */
struct ev_ipe {
	uint64_t id;
	struct ev_str name, desc, type, label, module, src;
};
int ev_ipe(const struct ev_event *e, struct ev_ipe *ipe);

#endif
