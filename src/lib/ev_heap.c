/*
 * ev_heap.c: eventlog heap events as .hp samples.  See ev_heap.h.
 *
 * Events used (payloads as EventLog.c posts them, formats.md 4.3):
 *   30  PROGRAM_ARGS      u32 capset, NUL-separated argv (RTS options
 *                         included, as given)
 *   43  WALL_CLOCK_TIME   u32 capset, u64 seconds, u32 nanoseconds
 *   58  USER_MARKER       the marker's text
 *   160 HEAP_PROF_BEGIN   u8 profile, u64 period, u32 breakdown, filters
 *   161 HEAP_PROF_COST_CENTRE  u32 id, label, module, srcloc, u8 flags
 *   162 HEAP_PROF_SAMPLE_BEGIN u64 era (always 0 but under -hb)
 *   163 HEAP_PROF_SAMPLE_COST_CENTRE u8 profile, u64 bytes, u8 depth,
 *                         depth x u32 ids, innermost first, MAIN left out
 *   164 HEAP_PROF_SAMPLE_STRING u8 profile, u64 bytes, the band's name
 *   165 HEAP_PROF_SAMPLE_END u64 era
 *   166 HEAP_BIO_PROF_SAMPLE_BEGIN u64 era, u64 census time (ns)
 * Every payload is read by its known prefix: later GHCs may add fields.
 */
#include "ev_heap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "diag.h"
#include "eventlog.h"
#include "num.h"

/* Marks waiting for the first census after their time; past this many
 * they go out at once, so that memory stays bounded. */
#define MARKS_MAX 1024
#define STACK_CACHE 1024 /* a power of two */

struct mark {
	uint64_t time;
	size_t len;              /* its text (traceMarker's), cut */
	char text[HP_MARK_TEXT_MAX];
};

/* Reader state: everything about one input lives here, nothing global. */
/* A cost centre of the log's table, by its slot. */
struct log_cc {
	char *label, *module;    /* allocated when defined */
	size_t label_len, module_len;
	unsigned char defined;   /* its definition event was read */
	unsigned char warned;    /* its undefined use was warned of */
};

struct ev_heap {
	struct hpt_input *in;    /* the caller's */
	struct ev_reader *ev;
	struct hpt_intern *bands; /* the caller's band table */
	struct hp_header hdr;
	int strict;
	char *offset;            /* time_offset, or NULL */
	char *end_text;          /* ev_heap_end_time's result */
	size_t end_cap;
	int have_end;            /* a sample was delivered */
	uint64_t nsamples;
	/* the cost-centre table: ids (4 bytes, big-endian) to entries */
	struct hpt_intern ccid;
	struct log_cc *ccs;     /* by slot */
	size_t cc_cap;
	/* -hc stacks: the raw id bytes to band ids */
	struct hpt_intern stacks;
	uint32_t *stack_band;
	size_t stack_cap;
	struct hpt_intern claimed; /* band names a stack of ours took */
	uint32_t cache[STACK_CACHE]; /* a stack id + 1 (0: none), by its
	                          * innermost id and depth: a guess */
	char *name;              /* a name being built */
	size_t name_cap;
	int newline_said;        /* a sample name's newline was repaired */
	/* the census being read */
	struct hp_sample cur;
	int open;                /* a census is open */
	int damaged;             /* it overlaps damage */
	uint64_t census_time;    /* ns */
	uint64_t census_offset;
	uint64_t stamp;          /* number of the census (from 1) */
	uint64_t *seen;          /* seen[band]: stamp of its last census */
	uint32_t *slot;          /* slot[band]: its index there */
	size_t seen_cap;
	int has_end;             /* the header declares 165 */
	int began;               /* HEAP_PROF_BEGIN seen */
	uint64_t begin_time;
	int first_due;           /* the empty first sample is due */
	int ready;               /* cur holds a complete census to deliver */
	int finished;            /* the log has been read */
	int final_done;          /* the final empty sample was delivered */
	struct ev_event held;    /* an event read ahead (held_ok) */
	int held_ok;
	struct mark *marks;      /* queued marks, marks[mhead..mtail) */
	size_t mhead, mtail, mcap;
};

static void set_job(struct ev_heap *h, const struct ev_event *e)
{
	const unsigned char *p = e->p + 4, *end = e->p + e->len;
	size_t n = 0, cap = 0, k;
	char *job = NULL;
	int first = 1;
	if (e->len < 4 || h->hdr.job_len > 0)
		return;
	while (p < end) {
		k = ev_str_len(p, (size_t)(end - p));
		if (first) {
			/* argv[0] without its folder, as the .hp's JOB */
			const unsigned char *b = p, *q;
			for (q = p; q < p + k; q++)
				if (*q == '/')
					b = q + 1;
			k -= (size_t)(b - p);
			p = b;
		}
		job = hpt_xgrow(job, &cap, n + k + 2, 1);
		if (!first)
			job[n++] = ' ';
		memcpy(job + n, p, k);
		n += k;
		first = 0;
		p += k + 1;
	}
	if (!job)
		return;
	job[n] = '\0';
	free(h->hdr.job);
	h->hdr.job = job;
	h->hdr.job_len = n;
}

static void set_date(struct ev_heap *h, const struct ev_event *e)
{
	char *date;
	if (h->hdr.date_len > 0 || !(date = ev_wall_clock_date(e)))
		return;
	free(h->hdr.date);
	h->hdr.date = date;
	h->hdr.date_len = strlen(date);
}

/* The entry of the cost-centre id whose 4 bytes are at key, made (not
 * yet defined) if new: the table grows as needed. */
static uint32_t cc_slot(struct ev_heap *h, const unsigned char *key,
                        int *added)
{
	uint32_t i = hpt_intern(&h->ccid, (const char *)key, 4, added);
	if (i >= h->cc_cap) {
		static const struct log_cc none;
		size_t old = h->cc_cap;
		h->ccs = hpt_xgrow(h->ccs, &h->cc_cap, (size_t)i + 1,
		                   sizeof *h->ccs);
		while (old < h->cc_cap)
			h->ccs[old++] = none;
	}
	return i;
}

/* s[0..*n) as a new string (NUL-terminated, *n its new length), each
 * newline written as the two characters \n, as in the SCC pragma that
 * made it.  A band name is one line of a .hp row (hpcat's output, which
 * the .hp reader would read otherwise, or refuse) and hp2ps splits
 * names at white space: GHC's SCC labels with a newline are not kept
 * so in an eventlog's names. */
static char *one_line(const char *s, size_t *n)
{
	size_t i, k = 0, nl = 0;
	char *t;
	for (i = 0; i < *n; i++)
		nl += s[i] == '\n';
	t = hpt_xmalloc(*n + nl + 1);
	for (i = 0; i < *n; i++) {
		if (s[i] == '\n') {
			t[k++] = '\\';
			t[k++] = 'n';
		} else {
			t[k++] = s[i];
		}
	}
	t[k] = '\0';
	*n = k;
	return t;
}

/* A cost centre's label or module s[0..n) as kept (one_line's, when it
 * holds a newline: *nl set then), in *len. */
static char *cc_text(const char *s, size_t n, size_t *len, int *nl)
{
	*len = n;
	if (!memchr(s, '\n', n))
		return hpt_xmemdup(s, n);
	*nl = 1;
	return one_line(s, len);
}

static void define_cc(struct ev_heap *h, const struct ev_event *e)
{
	struct ev_cost_centre cc;
	uint32_t i;
	int added, nl = 0;
	if (!ev_cost_centre(e, &cc)) {
		hpt_offset_repair(h->in->name, h->strict, e->offset,
		                  "cost-centre event too short", "skipped");
		return;
	}
	i = cc_slot(h, e->p, &added);
	if (h->ccs[i].defined)
		return; /* re-posted (9.2: at each restart of the log) */
	h->ccs[i].label = cc_text(cc.label.s, cc.label.n,
	                          &h->ccs[i].label_len, &nl);
	h->ccs[i].module = cc_text(cc.module.s, cc.module.n,
	                           &h->ccs[i].module_len, &nl);
	h->ccs[i].defined = 1;
	if (nl)
		hpt_offset_repair(h->in->name, h->strict, e->offset,
		                  "cost centre with a newline in its name",
		                  "read with \\n for it");
}

static void name_add(struct ev_heap *h, size_t *n, const char *s, size_t k)
{
	h->name = hpt_xgrow(h->name, &h->name_cap, *n + k + 1, 1);
	memcpy(h->name + *n, s, k);
	*n += k;
}

/*
 * The name of the stack of depth ids at ids: as the .hp writer joins
 * it (rts/ProfHeap.c fprint_ccs, without its truncation), or with
 * every label qualified by its module (qualify).  Its length.
 */
static size_t stack_name(struct ev_heap *h, const unsigned char *ids,
                         unsigned depth, int qualify, uint64_t off)
{
	size_t n = 0;
	unsigned d;
	if (depth == 0) {
		name_add(h, &n, "MAIN", 4);
		return n;
	}
	for (d = 0; d < depth; d++) {
		int added;
		uint32_t i = cc_slot(h, ids + 4 * d, &added);
		int caf;
		if (!h->ccs[i].defined) {
			uint32_t id = ev_u32(ids + 4 * d);
			char buf[32];
			int k = snprintf(buf, sizeof buf, "<cc%lu>",
			                 (unsigned long)id);
			name_add(h, &n, buf, (size_t)k);
			if (!h->ccs[i].warned) {
				h->ccs[i].warned = 1;
				hpt_offset_warn(h->in->name, off, "cost centre "
				                "%lu has no definition: named "
				                "%s", (unsigned long)id, buf);
			}
			if (d + 1 < depth)
				name_add(h, &n, "/", 1);
			continue;
		}
		caf = h->ccs[i].label_len == 3 &&
		      memcmp(h->ccs[i].label, "CAF", 3) == 0;
		if (caf || qualify) {
			name_add(h, &n, h->ccs[i].module, h->ccs[i].module_len);
			name_add(h, &n, ".", 1);
		}
		name_add(h, &n, h->ccs[i].label, h->ccs[i].label_len);
		if (!caf && d + 1 < depth)
			name_add(h, &n, "/", 1);
	}
	return n;
}

/* Are the len bytes of a stack's ids at a and b the same?  memcmp,
 * inline for stacks of 1 to 4 ids (4 to 16 bytes), as most are. */
static inline int same_ids(const char *a, const unsigned char *b,
                           size_t len)
{
	uint64_t x, y, z, w;
	if (len == 4)
		return memcmp(a, b, 4) == 0;
	if (len < 8 || len > 16)
		return memcmp(a, b, len) == 0;
	memcpy(&x, a, 8);
	memcpy(&y, b, 8);
	memcpy(&z, a + len - 8, 8);
	memcpy(&w, b + len - 8, 8);
	return ((x ^ y) | (z ^ w)) == 0;
}

static uint32_t stack_band_slow(struct ev_heap *h, const unsigned char *ids,
                                unsigned depth, uint64_t off, size_t c);

/* The band of a -hc stack: its name (see ev_heap.h), claimed for it.
 * A stack is usually one seen before: a small cache indexed by its
 * innermost id and its depth saves most hashes (inline: every row of
 * every census asks); stack_band_slow finds or adds the others. */
static inline uint32_t stack_band(struct ev_heap *h, const unsigned char *ids,
                                  unsigned depth, uint64_t off)
{
	size_t len = (size_t)depth * 4;
	size_t c = ((depth ? (size_t)ids[3] | (size_t)ids[2] << 8 : 0) * 31u +
	            depth) & (STACK_CACHE - 1);
	uint32_t sid = h->cache[c];
	if (sid != 0 && h->stacks.len[sid - 1] == len &&
	    same_ids(h->stacks.name[sid - 1], ids, len))
		return h->stack_band[sid - 1];
	return stack_band_slow(h, ids, depth, off, c);
}

static uint32_t stack_band_slow(struct ev_heap *h, const unsigned char *ids,
                                unsigned depth, uint64_t off, size_t c)
{
	int added;
	uint32_t sid;
	size_t n, len = (size_t)depth * 4;
	unsigned long k;
	sid = hpt_intern(&h->stacks, (const char *)ids, len, &added);
	h->cache[c] = sid + 1;
	if (!added)
		return h->stack_band[sid];
	n = stack_name(h, ids, depth, 0, off);
	if (hpt_intern_find(&h->claimed, h->name, n) >= 0) {
		n = stack_name(h, ids, depth, 1, off);
		for (k = 2; hpt_intern_find(&h->claimed, h->name, n) >= 0;
		     k++) {
			char buf[32];
			size_t base = stack_name(h, ids, depth, 1, off);
			int m = snprintf(buf, sizeof buf, "#%lu", k);
			n = base;
			name_add(h, &n, buf, (size_t)m);
		}
	}
	hpt_intern(&h->claimed, h->name, n, NULL);
	h->stack_band = hpt_xgrow(h->stack_band, &h->stack_cap,
	                          (size_t)sid + 1, sizeof *h->stack_band);
	h->stack_band[sid] = hpt_intern(h->bands, h->name, n, NULL);
	return h->stack_band[sid];
}

/* Add bytes to band b of the open census (summing a band named twice);
 * a sum past 2^64 - 1 is an error at the event's offset off, as the .hp
 * reader's "sum of band values out of range" (it wrapped silently). */
static inline void census_add(struct ev_heap *h, uint32_t b, uint64_t bytes,
                              uint64_t off)
{
	struct hp_sample *s = &h->cur;
	if (b >= h->seen_cap) {
		size_t old = h->seen_cap, c = old;
		h->seen = hpt_xgrow(h->seen, &c, (size_t)b + 1,
		                    sizeof *h->seen);
		memset(h->seen + old, 0, (c - old) * sizeof *h->seen);
		h->slot = hpt_xgrow(h->slot, &old, (size_t)b + 1,
		                    sizeof *h->slot);
		h->seen_cap = c;
	}
	if (h->seen[b] == h->stamp) {
		if (s->v[h->slot[b]].bytes > UINT64_MAX - bytes)
			hpt_offset_error(h->in->name, off,
			                 "sum of band values out of range");
		s->v[h->slot[b]].bytes += bytes;
		return;
	}
	h->seen[b] = h->stamp;
	h->slot[b] = (uint32_t)s->n;
	if (s->n >= s->cap)
		s->v = hpt_xgrow(s->v, &s->cap, s->n + 1, sizeof *s->v);
	s->v[s->n].band = b;
	s->v[s->n].bytes = bytes;
	s->v[s->n].text_off = 0;
	s->v[s->n].text_len = 0;
	s->n++;
}

/* Set s's time to ns nanoseconds (plus the time offset), as seconds
 * with nine decimals: exact, and formatted by hand (this runs once per
 * sample). */
static void set_time(struct ev_heap *h, struct hp_sample *s, uint64_t ns)
{
	char buf[48];
	char *t = NULL;
	const char *text = buf;
	size_t n = hpt_fmt_u64(buf, ns / 1000000000u), k;
	buf[n++] = '.';
	/* nine decimals: the digits of the nanoseconds from the right,
	 * zeros before them */
	k = hpt_fmt_u64_back(buf + n + 9, ns % 1000000000u);
	memset(buf + n, '0', 9 - k);
	n += 9;
	buf[n] = '\0';
	if (h->offset) {
		text = t = hpt_dec_add(h->offset, buf);
		n = strlen(text);
		s->time = strtod(text, NULL);
	} else {
		s->time = (double)ns / 1e9;
	}
	s->time_text = hpt_xgrow(s->time_text, &s->time_cap, n + 1, 1);
	memcpy(s->time_text, text, n + 1);
	s->line = 0;
	free(t);
}

static void census_open(struct ev_heap *h, uint64_t time, uint64_t off)
{
	h->open = 1;
	h->damaged = 0;
	h->census_time = time;
	h->census_offset = off;
	h->stamp++;
	h->cur.n = 0;
}

/* Close the open census: keep it for delivery, or drop it (why). */
static void census_close(struct ev_heap *h, const char *why)
{
	h->open = 0;
	if (h->damaged)
		why = "census overlaps damaged bytes";
	if (why) {
		hpt_offset_repair(h->in->name, h->strict, h->census_offset,
		                  why, "dropped");
		return;
	}
	h->ready = 1;
}

/* The band of a -hd, -hy (...) sample's name s[0..n), from an event at
 * off: a newline in it is written \n (one_line), with one repair for
 * the whole log. */
static uint32_t string_band(struct ev_heap *h, const char *s, size_t n,
                            uint64_t off)
{
	char *t;
	uint32_t b;
	if (!memchr(s, '\n', n))
		return hpt_intern(h->bands, s, n, NULL);
	if (!h->newline_said) {
		h->newline_said = 1;
		hpt_offset_repair(h->in->name, h->strict, off,
		                  "heap sample name with a newline",
		                  "read with \\n for it (so in every name of "
		                  "the log)");
	}
	t = one_line(s, &n);
	b = hpt_intern(h->bands, t, n, NULL);
	free(t);
	return b;
}

/* One event of the log: a switch with one case per event type, which
 * reads better whole than split. */
static void handle(struct ev_heap *h, const struct ev_event *e)
{
	const unsigned char *p = e->p;
	if (e->after_damage && h->open)
		h->damaged = 1;
	switch (e->type) {
	case EV_PROGRAM_ARGS:
		set_job(h, e);
		break;
	case EV_WALL_CLOCK_TIME:
		set_date(h, e);
		break;
	case EV_USER_MARKER:
		if (h->mhead > 0 && 2 * h->mhead >= h->mtail) {
			memmove(h->marks, h->marks + h->mhead,
			        (h->mtail - h->mhead) * sizeof *h->marks);
			h->mtail -= h->mhead;
			h->mhead = 0;
		}
		h->marks = hpt_xgrow(h->marks, &h->mcap, h->mtail + 1,
		                     sizeof *h->marks);
		{
			struct mark *m = &h->marks[h->mtail++];
			size_t n = e->len;
			while (n > 0 && e->p[n - 1] == '\0')
				n--;
			m->time = e->time;
			m->len = n < HP_MARK_TEXT_MAX ? n : HP_MARK_TEXT_MAX;
			memcpy(m->text, e->p, m->len);
		}
		break;
	case EV_HEAP_PROF_BEGIN:
		if (!h->began) {
			h->began = 1;
			h->begin_time = e->time;
			h->first_due = 1;
		}
		break;
	case EV_HEAP_PROF_COST_CENTRE:
		define_cc(h, e);
		break;
	case EV_HEAP_PROF_SAMPLE_BEGIN:
	case EV_HEAP_BIO_PROF_SAMPLE_BEGIN:
		if (e->type == EV_HEAP_BIO_PROF_SAMPLE_BEGIN && e->len < 16) {
			hpt_offset_repair(h->in->name, h->strict, e->offset,
			                  "census event too short", "skipped");
			break;
		}
		if (h->open) {
			census_close(h, h->has_end ? "census without end "
			             "event" : NULL);
			if (h->ready) {
				/* this census begins after that one is
				 * delivered; its payload stays valid, as
				 * nothing is read before */
				if (e != &h->held)
					h->held = *e;
				h->held_ok = 1;
				break;
			}
		}
		census_open(h, e->type == EV_HEAP_BIO_PROF_SAMPLE_BEGIN ?
		            ev_u64(p + 8) : e->time, e->offset);
		break;
	case EV_HEAP_PROF_SAMPLE_COST_CENTRE:
		if (!h->open)
			break;
		if (e->len < 10 || e->len < 10 + 4 * (size_t)p[9]) {
			hpt_offset_repair(h->in->name, h->strict, e->offset,
			                  "heap sample event too short",
			                  "its census is dropped");
			h->damaged = 0;
			h->open = 0;
			break;
		}
		census_add(h, stack_band(h, p + 10, p[9], e->offset),
		           ev_u64(p + 1), e->offset);
		break;
	case EV_HEAP_PROF_SAMPLE_STRING:
		if (!h->open)
			break;
		if (e->len < 9) {
			hpt_offset_repair(h->in->name, h->strict, e->offset,
			                  "heap sample event too short",
			                  "its census is dropped");
			h->damaged = 0;
			h->open = 0;
			break;
		}
		census_add(h, string_band(h, (const char *)p + 9,
		                          ev_str_len(p + 9, e->len - 9),
		                          e->offset),
		           ev_u64(p + 1), e->offset);
		break;
	case EV_HEAP_PROF_SAMPLE_END:
		if (h->open)
			census_close(h, NULL);
		break;
	default:
		break;
	}
}

/* Pull events until a census is ready or the log ends. */
static void pull(struct ev_heap *h)
{
	struct ev_event e;
	while (!h->ready && !h->finished && !h->first_due &&
	       h->mtail - h->mhead <= MARKS_MAX) {
		if (h->held_ok) {
			h->held_ok = 0;
			handle(h, &h->held);
			continue;
		}
		if (!ev_next(h->ev, &e)) {
			h->finished = 1;
			if (h->open)
				census_close(h, ev_reader_cut(h->ev) ?
				             "census cut off" : h->has_end ?
				             "census without end event" : NULL);
			/* a log cut short may be of a -h run: the RTS
			 * writes its heap events late, from its buffers */
			if (!h->began && h->nsamples == 0 && !h->ready &&
			    ev_reader_cut(h->ev))
				hpt_data_warn(h->in->name, 0, "no census in the "
				              "eventlog up to its cut at offset "
				              "%llu (the RTS writes heap events "
				              "late: a run stopped early may have "
				              "written none)", (unsigned long long)
				              ev_reader_cut_offset(h->ev));
			else if (!h->began && h->nsamples == 0 && !h->ready)
				hpt_data_warn(h->in->name, 0, "no heap profile "
				              "in the eventlog (run the program "
				              "with +RTS -l -h...)");
			break;
		}
		/* most events are a row of the open census, which takes
		 * a band's id and a value: here, not through handle's
		 * switch (the same checks and work) */
		if (e.type == EV_HEAP_PROF_SAMPLE_COST_CENTRE && h->open &&
		    !e.after_damage && e.len >= 10 &&
		    e.len >= 10 + 4 * (size_t)e.p[9]) {
			census_add(h, stack_band(h, e.p + 10, e.p[9], e.offset),
			           ev_u64(e.p + 1), e.offset);
			continue;
		}
		handle(h, &e);
	}
}

struct ev_heap *ev_heap_new(struct hpt_input *in, struct hpt_intern *bands,
                            int strict, const char *time_offset)
{
	struct ev_heap *h = hpt_xcalloc(1, sizeof *h);
	struct ev_event e;
	h->in = in;
	h->bands = bands;
	h->strict = strict;
	h->offset = time_offset ? hpt_xstrdup(time_offset) : NULL;
	h->ev = ev_reader_new(in, strict);
	h->has_end = ev_reader_declares(h->ev, EV_HEAP_PROF_SAMPLE_END);
	hpt_intern_init(&h->ccid);
	hpt_intern_init(&h->stacks);
	hpt_intern_init(&h->claimed);
	/* Read ahead to the first census for the header's events; the
	 * census's first event is held for ev_heap_next.  Its payload
	 * stays valid: nothing is read until it is handled. */
	while (ev_next(h->ev, &e)) {
		if (e.type == EV_HEAP_PROF_SAMPLE_BEGIN ||
		    e.type == EV_HEAP_BIO_PROF_SAMPLE_BEGIN) {
			h->held = e;
			h->held_ok = 1;
			break;
		}
		handle(h, &e);
	}
	if (!h->hdr.job)
		h->hdr.job = hpt_xstrdup("");
	if (!h->hdr.date)
		h->hdr.date = hpt_xstrdup("");
	h->hdr.sample_unit = hpt_xstrdup("seconds");
	h->hdr.sample_unit_len = 7;
	h->hdr.elapsed_clock = 1;
	h->hdr.value_unit = hpt_xstrdup("bytes");
	h->hdr.value_unit_len = 5;
	return h;
}

const struct hp_header *ev_heap_header(const struct ev_heap *h)
{
	return &h->hdr;
}

static void deliver_empty(struct ev_heap *h, struct hp_sample *s,
                          uint64_t ns)
{
	size_t n;
	s->n = 0;
	s->digits_len = 0;
	set_time(h, s, ns);
	n = strlen(s->time_text);
	h->end_text = hpt_xgrow(h->end_text, &h->end_cap, n + 1, 1);
	memcpy(h->end_text, s->time_text, n + 1);
	h->have_end = 1;
	h->nsamples++;
}

/* The item order: the empty first sample, then each census preceded by
 * the marks queued before its time, then the remaining marks and the
 * final empty sample. */
enum hp_item ev_heap_next(struct ev_heap *h, struct hp_sample *s)
{
	pull(h);
	if (h->first_due) {
		h->first_due = 0;
		deliver_empty(h, s, h->begin_time);
		return HP_SAMPLE;
	}
	if (h->mhead < h->mtail &&
	    (!h->ready || h->marks[h->mhead].time <= h->census_time ||
	     h->mtail - h->mhead > MARKS_MAX)) {
		const struct mark *m = &h->marks[h->mhead++];
		set_time(h, s, m->time);
		hp_sample_set_mark_text(s, m->text, m->len);
		if (h->mhead == h->mtail)
			h->mhead = h->mtail = 0;
		return HP_MARK;
	}
	if (h->ready) {
		/* The census's values go to s by swapping the arrays (both
		 * are hpt_x allocations that hp_sample_free frees). */
		struct hp_bandval *v = s->v;
		size_t cap = s->cap, n = h->cur.n;
		h->ready = 0;
		s->v = h->cur.v;
		s->cap = h->cur.cap;
		h->cur.v = v;
		h->cur.cap = cap;
		h->cur.n = 0;
		s->digits_len = 0;
		deliver_empty(h, s, h->census_time);
		s->n = n;
		return HP_SAMPLE;
	}
	if (h->finished && !h->final_done && h->began &&
	    !ev_reader_cut(h->ev)) {
		uint64_t t = ev_reader_last_time(h->ev);
		h->final_done = 1;
		if (t < h->census_time)
			t = h->census_time;
		deliver_empty(h, s, t);
		return HP_SAMPLE;
	}
	return HP_EOF;
}

uint64_t ev_heap_samples(const struct ev_heap *h)
{
	return h->nsamples;
}

const char *ev_heap_end_time(struct ev_heap *h)
{
	return h->have_end ? h->end_text : NULL;
}

void ev_heap_free(struct ev_heap *h)
{
	size_t i;
	if (!h)
		return;
	ev_reader_free(h->ev);
	for (i = 0; i < h->ccid.count; i++) {
		if (i < h->cc_cap && h->ccs[i].defined) {
			free(h->ccs[i].label);
			free(h->ccs[i].module);
		}
	}
	free(h->ccs);
	hpt_intern_free(&h->ccid);
	hpt_intern_free(&h->stacks);
	hpt_intern_free(&h->claimed);
	free(h->stack_band);
	free(h->name);
	hp_sample_free(&h->cur);
	free(h->seen);
	free(h->slot);
	free(h->marks);
	free(h->hdr.job);
	free(h->hdr.date);
	free(h->hdr.sample_unit);
	free(h->hdr.value_unit);
	free(h->offset);
	free(h->end_text);
	free(h);
}
