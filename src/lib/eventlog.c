/*
 * eventlog.c: the one eventlog parser of hptools.  See eventlog.h.
 *
 * Byte layout (all integers big-endian; rts/eventlog/EventLog.c):
 *
 *   log      := header event* [DATA_END]
 *   header   := "hdrb" "hetb" evtype* "hete" "hdre" "datb"
 *   evtype   := "etb\0" u16 id, i16 size (-1: variable), u32 n, n bytes
 *               of description, u32 m, m extra bytes, "ete\0"
 *   event    := u16 id, u64 time (ns), payload
 *   payload  := size bytes (fixed) | u16 n, n bytes (variable)
 *   DATA_END := u16 0xFFFF (no time)
 *   BLOCK_MARKER (id 18, 14 bytes): u32 block size counted from the
 *               marker's first byte, u64 end time, u16 capability
 *
 * Checks and repairs (a repair is a warning, or an error when strict):
 *   - a header cut off or malformed: an error, at its offset;
 *   - GHC 6.12.1 declares thread events as 8 and 10 bytes and STARTUP
 *     as 0, and writes 4, 6 and 2 (formats.md 4.6): recognised by that
 *     table (STARTUP 0, CREATE_THREAD 8, no id above 19) and corrected;
 *   - event types the header declares but this reader does not know:
 *     skipped by their declared size (the readers above pick the
 *     events they know);
 *   - IPE (169) events of GHC 9.6 declare one byte more than they
 *     write: when the address and six NUL-terminated strings end one byte before
 *     the declared end and a declared type (or DATA_END, or the block's
 *     end) follows there, the event ends there (formats.md 4.5, 4.6);
 *   - DATA_END inside the last block (9.2 and later: the block ends two
 *     bytes after it) or after it (9.0 and before): the end;
 *   - damage inside a block (an undeclared type, an event past the
 *     block's end, a time outside the block's start and end times, a
 *     block marker or DATA_END out of place): a torn event of the
 *     non-threaded RTS (formats.md 4.6).  An event whose only fault is
 *     its time, followed by well-formed events to the block's end, is
 *     kept (old logs have a few); otherwise reading resumes at the
 *     first offset from which well-formed events run exactly to the
 *     block's end, with a warning giving both offsets;
 *   - an undeclared type outside any block: an error (its size is
 *     unknown);
 *   - a block marker declaring fewer bytes than the marker itself: its
 *     events are read as outside any block, with a warning;
 *   - a log cut off (no DATA_END: a killed program, a log still being
 *     written): read up to its last complete event, with a warning.
 */
#include "eventlog.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alloc.h"
#include "diag.h"

#define NTYPES 65536
#define UNDECLARED (-2)
#define VARIABLE (-1)
/* A description or extra field longer than this is not a real header. */
#define HEADER_FIELD_MAX (1u << 20)
/* At most this much of a damaged block is searched at once. */
#define SCAN_WINDOW ((size_t)16 << 20)

enum ext { EXT_OK, EXT_MORE, EXT_BAD, EXT_BADTIME };

/* Reader state: everything about one input lives here, nothing global. */
struct ev_reader {
	struct hpt_input *in;     /* the caller's */
	int strict;              /* repairs are errors */
	int32_t *size;           /* size[id]: declared size, VARIABLE or
	                          * UNDECLARED */
	int in_block;            /* inside a block (its marker was read) */
	uint64_t block_end;      /* offset just past the block */
	uint64_t block_t0, block_t1; /* its start and end times (ns) */
	int block_timed;         /* t0 <= t1: times can be checked */
	uint16_t block_cap;
	int damaged;             /* bytes skipped since the last event */
	int done;                /* the end was reached */
	int cut;                 /* ... without DATA_END */
	uint64_t cut_at;         /* the offset where it was cut */
	uint64_t last_time;      /* largest time seen */
};

/* Big-endian integers (eventlog.h), by shorter names. */
#define get16 ev_u16
#define get32 ev_u32
#define get64 ev_u64

/* n header bytes at the current position, or the error "cut off in its
 * header". */
static const unsigned char *need(struct ev_reader *r, size_t n)
{
	const char *p;
	if (hpt_input_peek(r->in, n, &p) < n)
		hpt_offset_error(r->in->name, hpt_input_pos(r->in),
		                 "eventlog cut off in its header");
	return (const unsigned char *)p;
}

static void expect_magic(struct ev_reader *r, const char *magic,
                         const char *what)
{
	const unsigned char *p = need(r, 4);
	if (memcmp(p, magic, 4) != 0)
		hpt_offset_error(r->in->name, hpt_input_pos(r->in),
		                 "malformed event-type table: expected %s", what);
	hpt_input_skip(r->in, 4);
}

/* GHC 6.12.1's wrong fixed sizes (see the grammar above). */
static void fix_612_sizes(struct ev_reader *r, unsigned max_id)
{
	unsigned t;
	if (max_id > 19 || r->size[17] != 0 || r->size[0] != 8)
		return;
	for (t = 0; t <= 15; t++) {
		if (r->size[t] == 8)
			r->size[t] = 4;
		else if (r->size[t] == 10)
			r->size[t] = 6;
	}
	r->size[17] = 2;
}

struct ev_reader *ev_reader_new(struct hpt_input *in, int strict)
{
	struct ev_reader *r = hpt_xcalloc(1, sizeof *r);
	const unsigned char *p;
	unsigned max_id = 0;
	size_t i;
	r->in = in;
	r->strict = strict;
	r->size = hpt_xmalloc(NTYPES * sizeof *r->size);
	for (i = 0; i < NTYPES; i++)
		r->size[i] = UNDECLARED;
	p = need(r, 8);
	if (memcmp(p, "hdrbhetb", 8) != 0)
		hpt_offset_error(in->name, 0, "not an eventlog (no header "
		                 "magic)");
	hpt_input_skip(in, 8);
	for (;;) {
		uint32_t dlen, xlen;
		uint16_t id;
		int16_t sz;
		p = need(r, 4);
		if (memcmp(p, "hete", 4) == 0) {
			hpt_input_skip(in, 4);
			break;
		}
		if (memcmp(p, "etb\0", 4) != 0)
			hpt_offset_error(in->name, hpt_input_pos(in),
			                 "malformed event-type table: expected "
			                 "an event type or its end");
		p = need(r, 12);
		id = get16(p + 4);
		sz = (int16_t)get16(p + 6);
		dlen = get32(p + 8);
		if (dlen > HEADER_FIELD_MAX || sz < VARIABLE)
			hpt_offset_error(in->name, hpt_input_pos(in),
			                 "malformed event-type table: type %u "
			                 "declares size %d and a description of "
			                 "%lu bytes", (unsigned)id, (int)sz,
			                 (unsigned long)dlen);
		p = need(r, 12 + (size_t)dlen + 4);
		xlen = get32(p + 12 + dlen);
		if (xlen > HEADER_FIELD_MAX)
			hpt_offset_error(in->name, hpt_input_pos(in),
			                 "malformed event-type table: type %u "
			                 "has %lu extra bytes", (unsigned)id,
			                 (unsigned long)xlen);
		/* the extra bytes too: skipping what was not read would run
		 * past the buffer */
		need(r, 12 + (size_t)dlen + 4 + xlen);
		hpt_input_skip(in, 12 + (size_t)dlen + 4 + xlen);
		expect_magic(r, "ete", "the end of an event type");
		if (id == EV_DATA_END)
			hpt_offset_error(in->name, hpt_input_pos(in),
			                 "malformed event-type table: type "
			                 "65535 is the end-of-data marker");
		r->size[id] = sz;
		if (id > max_id)
			max_id = id;
	}
	expect_magic(r, "hdre", "the end of the header");
	expect_magic(r, "datb", "the start of the data");
	fix_612_sizes(r, max_id);
	return r;
}

/* An IPE payload (u64 address, then 6 NUL-terminated strings: seven
 * fields) of n bytes whose last NUL is its second-last byte: GHC 9.6's
 * length overstated by one. */
static int ipe_one_short(const unsigned char *p, size_t n)
{
	size_t i, nul = 0;
	if (n < 8 + 6 + 1)
		return 0;
	for (i = 8; i < n && nul < 6; i++)
		if (p[i] == '\0')
			nul++;
	return nul == 6 && i == n - 1;
}

/*
 * The extent of the event at p (avail bytes there, room bytes to the
 * end of its block, or UINT64_MAX outside blocks): EXT_OK with *total
 * its size in bytes, EXT_MORE with *need the bytes to look at, EXT_BAD
 * for an undeclared type or an event past room, EXT_BADTIME (with
 * *total) for a time outside the block's times when check_time.
 */
static enum ext extent(const struct ev_reader *r, const unsigned char *p,
                       size_t avail, uint64_t room, int check_time,
                       size_t *total, size_t *need_)
{
	uint16_t t;
	int32_t sz;
	size_t tot;
	if (avail < 2) {
		*need_ = 2;
		return EXT_MORE;
	}
	t = get16(p);
	if (t == EV_DATA_END) {
		*total = 2;
		return EXT_OK;
	}
	sz = r->size[t];
	if (sz == UNDECLARED)
		return EXT_BAD;
	if (sz >= 0) {
		tot = 10 + (size_t)sz;
	} else {
		if (avail < 12) {
			*need_ = 12;
			return EXT_MORE;
		}
		tot = 12 + (size_t)get16(p + 10);
	}
	if (t == EV_IPE && sz == VARIABLE && tot <= room + 1) {
		if (avail < tot) {
			*need_ = tot;
			return EXT_MORE;
		}
		if (ipe_one_short(p + 12, tot - 12)) {
			if (tot - 1 == room) {
				tot--;
			} else if (avail < tot + 1) {
				*need_ = tot + 1;
				return EXT_MORE;
			} else {
				uint16_t next = get16(p + tot - 1);
				if (next == EV_DATA_END ||
				    r->size[next] != UNDECLARED)
					tot--;
			}
		}
	}
	if (tot > room)
		return EXT_BAD;
	if (avail < tot) {
		*need_ = tot;
		return EXT_MORE;
	}
	*total = tot;
	if (check_time && t != EV_BLOCK_MARKER) {
		uint64_t ts = get64(p + 2);
		if (ts < r->block_t0 || ts > r->block_t1)
			return EXT_BADTIME;
	}
	return EXT_OK;
}

/*
 * From o, do well-formed events run exactly to end (the block's end,
 * relative to b), with n bytes of the block available at b?  Events
 * that run past n when n < end (the window or the file ends first)
 * count as well-formed.  seen (a bit per offset) marks the offsets
 * that a walk passed through: a walk that fails fails from each of
 * them too, and a walk that succeeds ends the search, so a marked
 * offset is a failure, and a search over the block is linear.
 */
static int walk_good(const struct ev_reader *r, const unsigned char *b,
                     size_t n, size_t o, size_t end, unsigned char *seen)
{
	while (o < end) {
		size_t tot = 0, nd;
		enum ext st;
		if (o < n) {
			if (seen[o / 8] & (1u << (o % 8)))
				return 0;
			seen[o / 8] |= (unsigned char)(1u << (o % 8));
		}
		st = extent(r, b + o, n - o, end - o, r->block_timed, &tot,
		            &nd);
		if (st == EXT_MORE)
			return n < end;
		if (st != EXT_OK)
			return 0;
		if (get16(b + o) == EV_DATA_END)
			return end - o == 2;
		if (get16(b + o) == EV_BLOCK_MARKER)
			return 0;
		o += tot;
	}
	return o == end;
}

/*
 * Damage at pos, inside a block: either keep the event there (its only
 * fault is its time and good events follow it: returns 1), or skip to
 * where good events resume (returns 0).
 */
static int damage(struct ev_reader *r, uint64_t pos, enum ext st,
                  size_t tot)
{
	const char *q;
	const unsigned char *b;
	uint64_t left = r->block_end - pos;
	size_t window = left < SCAN_WINDOW ? (size_t)left : SCAN_WINDOW;
	size_t n = hpt_input_peek(r->in, window, &q), o;
	unsigned char *seen = hpt_xcalloc(n / 8 + 1, 1);
	b = (const unsigned char *)q;
	if (st == EXT_BADTIME && walk_good(r, b, n, tot, (size_t)left, seen)) {
		free(seen);
		return 1;
	}
	for (o = 1; o < n; o++)
		if (walk_good(r, b, n, o, (size_t)left, seen))
			break;
	free(seen);
	if (r->strict)
		hpt_offset_error(r->in->name, pos, "torn event: bytes up to "
		                 "offset %llu are not events",
		                 (unsigned long long)(pos + o));
	hpt_offset_warn(r->in->name, pos, "torn event: bytes up to offset "
	                "%llu skipped", (unsigned long long)(pos + o));
	hpt_input_skip(r->in, o);
	r->damaged = 1;
	return 0;
}

static void cut_off(struct ev_reader *r, uint64_t pos)
{
	r->done = r->cut = 1;
	r->cut_at = pos;
	if (r->strict)
		hpt_offset_error(r->in->name, pos, "eventlog cut off here "
		                 "(no end-of-data marker)");
	hpt_offset_warn(r->in->name, pos, "eventlog cut off here (no "
	                "end-of-data marker): the events before it are read");
}

/* Event p (tot bytes at offset pos, its payload after a header of hl
 * bytes) into *e, and past it. */
static inline void deliver(struct ev_reader *r, struct ev_event *e,
                           const unsigned char *p, size_t tot, size_t hl,
                           uint64_t pos)
{
	e->type = get16(p);
	e->time = get64(p + 2);
	e->p = p + hl;
	e->len = tot - hl;
	e->offset = pos;
	e->cap = r->in_block ? r->block_cap : 0xFFFF;
	e->after_damage = r->damaged;
	r->damaged = 0;
	if (e->time > r->last_time)
		r->last_time = e->time;
	r->in->start += tot; /* hpt_input_skip, inline */
}

/*
 * The extent of the event at the reader's position pos (room bytes left
 * in its block, UINT64_MAX outside blocks), as extent() gives it, with
 * *p at its bytes: from the buffer when it holds 64 bytes or more, else
 * peeking for as many as the event needs (little in follow mode, where
 * a peek waits until it has all the bytes it asked for).  Returns -1
 * when the input ends inside the event: cut off (said, r->done).
 */
static int event_extent(struct ev_reader *r, uint64_t pos, uint64_t room,
                        const unsigned char **p, size_t *tot)
{
	int timed = r->in_block && r->block_timed;
	size_t got = r->in->end - r->in->start, want, nd = 0;
	enum ext st = EXT_MORE;
	const char *q;
	*p = (const unsigned char *)r->in->buf + r->in->start;
	if (got >= 64)
		st = extent(r, *p, got, room, timed, tot, &nd);
	want = r->in->follow ? 2 : 64;
	while (st == EXT_MORE) {
		got = hpt_input_peek(r->in, want, &q);
		*p = (const unsigned char *)q;
		st = extent(r, *p, got, room, timed, tot, &nd);
		if (st != EXT_MORE)
			break;
		if (got < want || nd <= got) {
			cut_off(r, pos);
			return -1;
		}
		want = nd;
	}
	return (int)st;
}

/* The event at pos whose extent was st, not EXT_OK: outside a block,
 * the error of an undeclared type; inside, damage (damage()).  Returns
 * 1 when the event is kept after all (its only fault is its time), *p
 * at its tot bytes again, else 0: skipped. */
static int keep_damaged(struct ev_reader *r, uint64_t pos, int st,
                        size_t tot, const unsigned char **p)
{
	const char *q;
	if (!r->in_block)
		hpt_offset_error(r->in->name, pos, "event type %u not declared "
		                 "in the header", (unsigned)get16(*p));
	/* one look at the damage: a second from the same pos, after the
	 * first skipped, would skip good events as well */
	if (damage(r, pos, (enum ext)st, tot)) {
		hpt_input_peek(r->in, tot, &q);
		*p = (const unsigned char *)q;
		return 1;
	}
	return 0;
}

/* The block marker p (tot bytes at pos), outside any block: the block
 * it opens, its end and times, and past it.  One that declares fewer
 * bytes than its own opens none: an error under strict, else a
 * warning. */
static void open_block(struct ev_reader *r, const unsigned char *p,
                       size_t tot, uint64_t pos)
{
	uint64_t bsize = get32(p + 10);
	hpt_input_skip(r->in, tot);
	if (bsize < tot) {
		/* no block can end inside its own marker */
		if (r->strict)
			hpt_offset_error(r->in->name, pos, "block marker "
			                 "declares %llu bytes, fewer than its "
			                 "own %zu", (unsigned long long)bsize,
			                 tot);
		hpt_offset_warn(r->in->name, pos, "block marker declares %llu "
		                "bytes, fewer than its own %zu: its events are "
		                "read as outside any block",
		                (unsigned long long)bsize, tot);
		return;
	}
	r->in_block = 1;
	r->block_end = pos + bsize;
	r->block_t0 = get64(p + 2);
	r->block_t1 = get64(p + 14);
	r->block_timed = r->block_t0 <= r->block_t1;
	r->block_cap = get16(p + 22);
	if (r->block_t1 > r->last_time)
		r->last_time = r->block_t1;
}

/* The loop of the reader: one pass per event or block marker, until an
 * event to deliver (returns 1) or the end (0): the end-of-data marker,
 * or the input cut off. */
static int next_event(struct ev_reader *r, struct ev_event *e)
{
	for (;;) {
		const unsigned char *p;
		uint64_t pos, room;
		size_t tot = 0;
		uint16_t t;
		int st;
		if (r->done)
			return 0;
		pos = r->in->offset + r->in->start;
		if (r->in_block && pos >= r->block_end)
			r->in_block = 0;
		room = r->in_block ? r->block_end - pos : UINT64_MAX;
		if ((st = event_extent(r, pos, room, &p, &tot)) < 0)
			return 0;
		if (st != EXT_OK && !keep_damaged(r, pos, st, tot, &p))
			continue;
		t = get16(p);
		if (t == EV_DATA_END) {
			if (r->in_block && room != 2) {
				damage(r, pos, EXT_BAD, 0);
				continue;
			}
			r->done = 1;
			return 0;
		}
		if (t == EV_BLOCK_MARKER && r->size[t] >= 14) {
			if (r->in_block)
				damage(r, pos, EXT_BAD, 0);
			else
				open_block(r, p, tot, pos);
			continue;
		}
		deliver(r, e, p, tot, r->size[t] >= 0 ? 10 : 12, pos);
		return 1;
	}
}

/* ev_next: the usual event, whole in the buffer and inside its block,
 * of a declared type other than IPE and the block marker, timed within
 * the block's times, is delivered here, a function that is small (no
 * registers to save, no loop) because it is called for every event;
 * next_event, the loop, takes every other case. */
int ev_next(struct ev_reader *r, struct ev_event *e)
{
	const struct hpt_input *in = r->in;
	const unsigned char *p = (const unsigned char *)in->buf + in->start;
	uint64_t pos = in->offset + in->start, ts;
	size_t tot;
	int32_t sz;
	uint16_t t;
	if (in->end - in->start < 64 || !r->in_block || r->done)
		return next_event(r, e);
	t = get16(p);
	sz = r->size[t];
	if (sz == UNDECLARED || t == EV_IPE || t == EV_BLOCK_MARKER)
		return next_event(r, e);
	tot = sz >= 0 ? 10 + (size_t)sz : 12 + (size_t)get16(p + 10);
	ts = get64(p + 2);
	if (tot > in->end - in->start || pos + tot > r->block_end ||
	    (r->block_timed && (ts < r->block_t0 || ts > r->block_t1)))
		return next_event(r, e);
	deliver(r, e, p, tot, sz >= 0 ? 10 : 12, pos);
	return 1;
}

int ev_reader_cut(const struct ev_reader *r)
{
	return r->cut;
}

uint64_t ev_reader_cut_offset(const struct ev_reader *r)
{
	return r->cut_at;
}

uint64_t ev_reader_last_time(const struct ev_reader *r)
{
	return r->last_time;
}

int ev_reader_declares(const struct ev_reader *r, uint16_t t)
{
	return t != EV_DATA_END && r->size[t] != UNDECLARED;
}

void ev_reader_free(struct ev_reader *r)
{
	if (!r)
		return;
	free(r->size);
	free(r);
}

size_t ev_str_len(const unsigned char *p, size_t n)
{
	const unsigned char *z = memchr(p, '\0', n);
	return z ? (size_t)(z - p) : n;
}

char *ev_wall_clock_date(const struct ev_event *e)
{
	static const char days[] = "SunMonTueWedThuFriSat";
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	struct tm tm;
	time_t t;
	if (e->len < 16)
		return NULL;
	t = (time_t)get64(e->p + 4);
	if (!gmtime_r(&t, &tm))
		return NULL;
	return hpt_xasprintf("%.3s %.3s %2d %02d:%02d %d",
	                     days + 3 * tm.tm_wday, months + 3 * tm.tm_mon,
	                     tm.tm_mday, tm.tm_hour, tm.tm_min,
	                     tm.tm_year + 1900);
}

/* The NUL-terminated string at *p before end into *f, *p moved past
 * its NUL (to end when it has none: returns 0 then). */
static int str_field(const unsigned char **p, const unsigned char *end,
                     struct ev_str *f)
{
	const unsigned char *z = memchr(*p, '\0', (size_t)(end - *p));
	f->s = (const char *)*p;
	f->n = (size_t)((z ? z : end) - *p);
	*p = z ? z + 1 : end;
	return z != NULL;
}

int ev_cost_centre(const struct ev_event *e, struct ev_cost_centre *cc)
{
	const unsigned char *p = e->p + 4, *end = e->p + e->len;
	if (e->len < 4 + 3)
		return 0;
	cc->id = get32(e->p);
	str_field(&p, end, &cc->label);
	str_field(&p, end, &cc->module);
	str_field(&p, end, &cc->src);
	cc->is_caf = p < end && *p != 0;
	return 1;
}

int ev_ipe(const struct ev_event *e, struct ev_ipe *ipe)
{
	const unsigned char *p = e->p + 8, *end = e->p + e->len;
	if (e->len < 8 + 6)
		return 0;
	ipe->id = get64(e->p);
	return str_field(&p, end, &ipe->name) &&
	       str_field(&p, end, &ipe->desc) &&
	       str_field(&p, end, &ipe->type) &&
	       str_field(&p, end, &ipe->label) &&
	       str_field(&p, end, &ipe->module) &&
	       str_field(&p, end, &ipe->src);
}
