/*
 * ev_prof.c: eventlog time-profile samples as a cost-centre tree.  See
 * ev_prof.h.
 *
 * Events used (payloads as EventLog.c posts them, formats.md 4.3):
 *   30  PROGRAM_ARGS      u32 capset, NUL-separated argv (RTS options
 *                         included, as given)
 *   43  WALL_CLOCK_TIME   u32 capset, u64 seconds, u32 nanoseconds
 *   161 HEAP_PROF_COST_CENTRE  u32 id, label, module, srcloc, u8 flags
 *   167 PROF_SAMPLE_COST_CENTRE u32 capability, u64 tick number, u8
 *                         depth, depth x u32 ids, innermost first, MAIN
 *                         left out, depth capped at 255
 *   168 PROF_BEGIN        u64 tick interval (ns)
 * Every payload is read by its known prefix: later GHCs may add fields.
 *
 * Checks and repairs: see ev_prof.h.  The stacks are a trie: node k+1
 * is the k-th distinct (parent node, cost centre) pair, so a sample's
 * stack costs one hash per level, and a parent comes before its
 * children as prof.h wants.  Names are given once the log is read, so
 * that a definition that comes after a sample still names it.
 */
#include "ev_prof.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "diag.h"
#include "eventlog.h"
#include "prof_tree.h"

#define NOT_DEFINED UINT32_MAX
#define DEPTH_CAP 255 /* the RTS writes at most this many ids */

/* Reader state: everything about one input lives here, nothing global. */
/* A cost centre of the log's table, by its slot. */
struct log_cc {
	uint32_t label, module, src; /* ids in r->names, or NOT_DEFINED
	                          * (label) */
	uint64_t used;           /* offset of the first sample naming it
	                          * + 1 (0: none) */
};

struct ev_prof {
	struct hpt_input *in;    /* the caller's */
	struct ev_reader *ev;
	struct prof_report *r;   /* the caller's */
	int strict;
	/* the cost-centre table: ids (4 bytes, big-endian) to slots */
	struct hpt_intern ccid;
	struct log_cc *ccs;     /* by slot */
	size_t cc_cap;
	/* the stacks: (parent node, slot) pairs; node = pair id + 1 */
	struct hpt_intern pairs;
	uint32_t *node_cc;       /* slot of each node (root: unused) */
	size_t node_cap;
	struct hpt_intern caps;  /* capabilities named by samples */
	uint64_t samples;        /* samples read (not skipped) */
	int began;               /* PROF_BEGIN seen */
	uint64_t interval;       /* its tick interval, ns */
	int capped_warned;       /* the 255 warning was given */
};

static uint32_t name_id(struct ev_prof *h, const void *s, size_t n)
{
	return hpt_intern(&h->r->names, s, n, NULL);
}

/* Append a space and the k bytes at s to the string *b of *n bytes. */
static void add_word(char **b, size_t *n, size_t *cap, const char *s,
                     size_t k)
{
	*b = hpt_xgrow(*b, cap, *n + k + 2, 1);
	(*b)[(*n)++] = ' ';
	memcpy(*b + *n, s, k);
	*n += k;
	(*b)[*n] = '\0';
}

/* The .prof's command line (rts/ProfilerReport.c): the program's name,
 * " +RTS", the RTS options, " -RTS", the program's arguments; argv is
 * split by "+RTS", "-RTS" and "--RTS" as rts/RtsFlags.c splits it. */
static void set_command(struct ev_prof *h, const struct ev_event *e)
{
	const unsigned char *p = e->p + 4, *end = e->p + e->len, *b, *q;
	char *cmd = NULL, *args = NULL;
	size_t k, n = 0, cap = 0, na = 0, acap = 0;
	int rts = 0, rest = 0;
	if (e->len < 5 || h->r->command)
		return;
	k = ev_str_len(p, (size_t)(end - p));
	for (b = q = p; q < p + k; q++)
		if (*q == '/')
			b = q + 1;
	cmd = hpt_xmemdup((const char *)b, (size_t)(p + k - b));
	n = cap = (size_t)(p + k - b);
	add_word(&cmd, &n, &cap, "+RTS", 4);
	/* each argument ends in a NUL, the last perhaps in the payload's
	 * end */
	for (p += k < (size_t)(end - p) ? k + 1 : k; p < end;
	     p += k < (size_t)(end - p) ? k + 1 : k) {
		const char *arg = (const char *)p;
		k = ev_str_len(p, (size_t)(end - p));
		if (!rest && k == 5 && memcmp(arg, "--RTS", 5) == 0)
			rest = 1;
		else if (!rest && k == 4 && memcmp(arg, "+RTS", 4) == 0)
			rts = 1;
		else if (!rest && k == 4 && memcmp(arg, "-RTS", 4) == 0)
			rts = 0;
		else if (rts && !rest)
			add_word(&cmd, &n, &cap, arg, k);
		else
			add_word(&args, &na, &acap, arg, k);
	}
	add_word(&cmd, &n, &cap, "-RTS", 4);
	if (args)
		add_word(&cmd, &n, &cap, args + 1, na - 1);
	free(args);
	h->r->command = cmd;
}

static void set_date(struct ev_prof *h, const struct ev_event *e)
{
	if (!h->r->date)
		h->r->date = ev_wall_clock_date(e);
}

/* The slot of the cost-centre id whose 4 bytes are at key, made (not
 * yet defined) if new: the table grows as needed. */
static uint32_t cc_slot(struct ev_prof *h, const unsigned char *key)
{
	uint32_t i = hpt_intern(&h->ccid, (const char *)key, 4, NULL);
	if (i >= h->cc_cap) {
		size_t old = h->cc_cap;
		h->ccs = hpt_xgrow(h->ccs, &h->cc_cap, (size_t)i + 1,
		                   sizeof *h->ccs);
		for (; old < h->cc_cap; old++) {
			h->ccs[old].label = NOT_DEFINED;
			h->ccs[old].used = 0;
		}
	}
	return i;
}

static void define_cc(struct ev_prof *h, const struct ev_event *e)
{
	struct ev_cost_centre cc;
	uint32_t i;
	if (!ev_cost_centre(e, &cc)) {
		hpt_offset_repair(h->in->name, h->strict, e->offset,
		                  "cost-centre event too short", "skipped");
		return;
	}
	i = cc_slot(h, e->p);
	if (h->ccs[i].label != NOT_DEFINED)
		return; /* re-posted (9.2: at each restart of the log) */
	h->ccs[i].label = name_id(h, cc.label.s, cc.label.n);
	h->ccs[i].module = name_id(h, cc.module.s, cc.module.n);
	h->ccs[i].src = name_id(h, cc.src.s, cc.src.n);
}

/* The child of node parent for cost-centre slot cc, made if new. */
static uint32_t child(struct ev_prof *h, uint32_t parent, uint32_t cc)
{
	uint32_t key[2] = {parent, cc}, id, x;
	int added = 0;
	id = hpt_intern(&h->pairs, (const char *)key, sizeof key, &added);
	x = id + 1;
	if (added) {
		/* names come at the end (name_nodes); each new pair makes
		 * one node, so the node is number x */
		prof_add(h->r, parent, 0, 0, 0);
		h->node_cc = hpt_xgrow(h->node_cc, &h->node_cap,
		                       (size_t)x + 1, sizeof *h->node_cc);
		h->node_cc[x] = cc;
	}
	return x;
}

static void sample(struct ev_prof *h, const struct ev_event *e)
{
	const unsigned char *p = e->p;
	unsigned depth, d;
	uint32_t x = 0;
	if (e->len < 13) {
		hpt_offset_repair(h->in->name, h->strict, e->offset,
		                  "time-profile sample event too short",
		                  "skipped (one tick lost)");
		return;
	}
	depth = p[12];
	if (e->len < 13 + 4 * (size_t)depth) {
		char why[96];
		snprintf(why, sizeof why, "time-profile sample of %u cost "
		         "centres holds only %lu", depth,
		         (unsigned long)((e->len - 13) / 4));
		hpt_offset_repair(h->in->name, h->strict, e->offset,
		                  why, "skipped (one tick lost)");
		return;
	}
	if (depth == DEPTH_CAP && !h->capped_warned) {
		h->capped_warned = 1;
		hpt_offset_warn(h->in->name, e->offset, "a stack of %u cost "
		                "centres, the most the RTS writes: its outer "
		                "part is lost, and it is placed below MAIN as "
		                "it stands", DEPTH_CAP);
	}
	hpt_intern(&h->caps, (const char *)p, 4, NULL);
	for (d = depth; d-- > 0;) {
		uint32_t cc = cc_slot(h, p + 13 + 4 * (size_t)d);
		if (!h->ccs[cc].used)
			h->ccs[cc].used = e->offset + 1;
		x = child(h, x, cc);
	}
	h->r->ind_time[x]++;
	h->samples++;
}

/* Is slot cc one of the RTS's own cost centres whose lone stack GHC's
 * .prof leaves out (rts/Profiling.c ignoreCCS)? */
static int rts_cc(const struct ev_prof *h, uint32_t cc)
{
	static const char *const names[] = {"GC", "SYSTEM", "IDLE",
	                                    "OVERHEAD_of", "DONT_CARE", NULL};
	const struct prof_report *r = h->r;
	size_t i;
	uint32_t s = h->ccs[cc].src, l = h->ccs[cc].label;
	if (l == NOT_DEFINED || prof_len(r, s) != 10 ||
	    memcmp(prof_name(r, s), "<built-in>", 10) != 0)
		return 0;
	for (i = 0; names[i]; i++)
		if (prof_len(r, l) == strlen(names[i]) &&
		    memcmp(prof_name(r, l), names[i], prof_len(r, l)) == 0)
			return 1;
	return 0;
}

/* Name every node, warning once for each undefined cost centre. */
static void name_nodes(struct ev_prof *h)
{
	struct prof_report *r = h->r;
	uint32_t unknown = name_id(h, "<unknown>", 9);
	size_t x;
	for (x = 1; x < r->n; x++) {
		uint32_t cc = h->node_cc[x];
		if (h->ccs[cc].label == NOT_DEFINED) {
			uint32_t id = ev_u32((const unsigned char *)
			                     h->ccid.name[cc]);
			char buf[32], why[64], act[48];
			int k = snprintf(buf, sizeof buf, "<cc%lu>",
			                 (unsigned long)id);
			snprintf(why, sizeof why, "cost centre %lu has no "
			         "definition", (unsigned long)id);
			snprintf(act, sizeof act, "named %s", buf);
			hpt_offset_repair(h->in->name, h->strict, h->ccs[cc].used - 1,
			                  why, act);
			h->ccs[cc].label = name_id(h, buf, (size_t)k);
			h->ccs[cc].module = h->ccs[cc].src = unknown;
		}
		r->label[x] = h->ccs[cc].label;
		r->module[x] = h->ccs[cc].module;
		r->src[x] = h->ccs[cc].src;
	}
}

/* The header: totals as GHC's .prof gives them (rts/ProfilerReport.c). */
static void set_header(struct ev_prof *h)
{
	struct prof_report *r = h->r;
	unsigned caps = h->caps.count ? (unsigned)h->caps.count : 1;
	r->total_ticks = r->n ? r->inh_time[0] : 0;
	r->processors = caps;
	memcpy(r->tick_unit, "us", 3);
	r->has_time = h->began;
	if (h->began) {
		r->tick_interval = (unsigned)((h->interval + 500) / 1000);
		r->total_secs = hpt_xasprintf("%.2f", (double)r->total_ticks *
		                              (double)h->interval /
		                              (1e9 * caps));
	}
	r->has_alloc = 0;
	r->has_src = 1;
	r->exact = 1;
	r->eventlog = 1;
}

void ev_prof_read(struct prof_report *r, struct hpt_input *in, int strict)
{
	struct ev_prof h;
	struct ev_event e;
	unsigned char *dead;
	double *key;
	size_t x;
	memset(&h, 0, sizeof h);
	h.in = in;
	h.r = r;
	h.strict = strict;
	hpt_intern_init(&h.ccid);
	hpt_intern_init(&h.pairs);
	hpt_intern_init(&h.caps);
	free(r->file);
	r->file = hpt_xstrdup(in->name);
	h.ev = ev_reader_new(in, strict);
	prof_add(r, PROF_NONE, name_id(&h, "MAIN", 4), name_id(&h, "MAIN", 4),
	         name_id(&h, "<built-in>", 10));
	while (ev_next(h.ev, &e)) {
		switch (e.type) {
		case EV_PROGRAM_ARGS:
			set_command(&h, &e);
			break;
		case EV_WALL_CLOCK_TIME:
			set_date(&h, &e);
			break;
		case EV_HEAP_PROF_COST_CENTRE:
			define_cc(&h, &e);
			break;
		case EV_PROF_BEGIN:
			if (e.len < 8) {
				hpt_offset_repair(h.in->name, h.strict, e.offset,
				                  "time-profile start event too short",
				                  "skipped");
			} else if (!h.began) {
				h.began = 1;
				h.interval = ev_u64(e.p);
			}
			break;
		case EV_PROF_SAMPLE_COST_CENTRE:
			sample(&h, &e);
			break;
		default:
			break;
		}
	}
	if (!h.began && h.samples == 0) {
		if (!ev_reader_declares(h.ev, EV_PROF_SAMPLE_COST_CENTRE))
			hpt_data_error(in->name, 0, "no time profile in the "
			               "eventlog: its GHC writes none (GHC 8.10 "
			               "and later do, under +RTS -l -p)");
		/* a log cut short may be of a -p run: the RTS writes its
		 * samples late, from its buffers */
		if (ev_reader_cut(h.ev))
			hpt_data_error(in->name, 0, "no time profile in the "
			               "eventlog up to its cut at offset %llu "
			               "(the RTS writes profile events late: a "
			               "run stopped early may have written none)",
			               (unsigned long long)
			               ev_reader_cut_offset(h.ev));
		hpt_data_error(in->name, 0, "no time profile in the eventlog "
		               "(run the program with +RTS -l -p)");
	}
	if (!h.began)
		hpt_data_warn(in->name, 0, "time-profile samples without a "
		              "start event (PROF_BEGIN): the tick interval and "
		              "the total time are unknown");
	else if (h.samples == 0 && ev_reader_cut(h.ev))
		hpt_data_warn(in->name, 0, "no time-profile samples in the "
		              "eventlog up to its cut at offset %llu: a tree of "
		              "MAIN alone", (unsigned long long)
		              ev_reader_cut_offset(h.ev));
	else if (h.samples == 0)
		hpt_data_warn(in->name, 0, "no time-profile samples in the "
		              "eventlog: a tree of MAIN alone (a run shorter "
		              "than one tick)");
	name_nodes(&h);
	/* The RTS's own stacks go, as in the .prof. */
	dead = hpt_xcalloc(r->n ? r->n : 1, 1);
	for (x = 1; x < r->n; x++)
		if (r->parent[x] == 0 && rts_cc(&h, h.node_cc[x])) {
			r->rts_ticks += r->ind_time[x];
			r->ind_time[x] = 0;
			dead[x] = 1;
		}
	for (x = 1; x < r->n; x++)
		if (r->parent[x] != 0 && dead[r->parent[x]])
			dead[r->parent[x]] = 0; /* a stack above it lives on */
	prof_compact(r, dead);
	free(dead);
	prof_sum(r);
	key = hpt_xmalloc((r->n ? r->n : 1) * sizeof *key);
	for (x = 0; x < r->n; x++)
		key[x] = (double)r->inh_time[x];
	prof_sort(r, key, 0);
	free(key);
	prof_renumber(r);
	set_header(&h);
	ev_reader_free(h.ev);
	hpt_intern_free(&h.ccid);
	hpt_intern_free(&h.pairs);
	hpt_intern_free(&h.caps);
	free(h.ccs);
	free(h.node_cc);
}
