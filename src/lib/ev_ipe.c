/*
 * ev_ipe.c: the IPE and cost-centre events of an eventlog.  See
 * ev_ipe.h.
 */
#include "ev_ipe.h"

#include <stdio.h>

#include "diag.h"
#include "eventlog.h"

static void add_ipe(struct ipe_table *t, struct hpt_input *in, int strict,
                    const struct ev_event *e)
{
	struct ev_ipe ipe;
	const char *f[IPE_NFIELDS];
	size_t n[IPE_NFIELDS], i;
	if (!ev_ipe(e, &ipe)) {
		hpt_offset_repair(in->name, strict, e->offset,
		                  "IPE event malformed (a field without its NUL)",
		                  "skipped");
		return;
	}
	f[IPE_NAME] = ipe.name.s, n[IPE_NAME] = ipe.name.n;
	f[IPE_DESC] = ipe.desc.s, n[IPE_DESC] = ipe.desc.n;
	f[IPE_TYPE] = ipe.type.s, n[IPE_TYPE] = ipe.type.n;
	f[IPE_LABEL] = ipe.label.s, n[IPE_LABEL] = ipe.label.n;
	f[IPE_MODULE] = ipe.module.s, n[IPE_MODULE] = ipe.module.n;
	f[IPE_SRC] = ipe.src.s, n[IPE_SRC] = ipe.src.n;
	/* GHC writes a bare ':' for no location (formats.md 4.6) */
	if (n[IPE_SRC] == 1 && f[IPE_SRC][0] == ':')
		n[IPE_SRC] = 0;
	if (!ipe_add(t, ipe.id, f, n, &i) && !ipe_same(t, i, f, n)) {
		char what[64];
		snprintf(what, sizeof what, "info table 0x%llx posted again "
		         "with other fields", (unsigned long long)ipe.id);
		hpt_offset_repair(in->name, strict, e->offset,
		                  what, "the first kept");
	}
}

static void add_cc(struct ipe_table *t, struct hpt_input *in, int strict,
                   const struct ev_event *e)
{
	struct ev_cost_centre cc;
	const char *f[IPE_CC_NFIELDS];
	size_t n[IPE_CC_NFIELDS], i;
	if (!ev_cost_centre(e, &cc)) {
		hpt_offset_repair(in->name, strict, e->offset,
		                  "cost-centre event too short", "skipped");
		return;
	}
	f[IPE_CC_LABEL] = cc.label.s, n[IPE_CC_LABEL] = cc.label.n;
	f[IPE_CC_MODULE] = cc.module.s, n[IPE_CC_MODULE] = cc.module.n;
	f[IPE_CC_SRC] = cc.src.s, n[IPE_CC_SRC] = cc.src.n;
	if (!ipe_cc_add(t, cc.id, f, n, cc.is_caf, &i) &&
	    !ipe_cc_same(t, i, f, n, cc.is_caf)) {
		char what[64];
		snprintf(what, sizeof what, "cost centre %lu posted again "
		         "with other fields", (unsigned long)cc.id);
		hpt_offset_repair(in->name, strict, e->offset,
		                  what, "the first kept");
	}
}

uint64_t ev_ipe_read(struct ipe_table *t, struct hpt_input *in, int strict)
{
	struct ev_reader *r = ev_reader_new(in, strict);
	struct ev_event e;
	uint64_t n = 0;
	while (ev_next(r, &e)) {
		if (e.type == EV_IPE) {
			add_ipe(t, in, strict, &e);
			n++;
		} else if (e.type == EV_HEAP_PROF_COST_CENTRE) {
			add_cc(t, in, strict, &e);
		}
	}
	t->cut_at = ev_reader_cut(r) ? ev_reader_cut_offset(r) + 1 : 0;
	ev_reader_free(r);
	return n;
}

int ev_ipe_declared(struct hpt_input *in)
{
	struct ev_reader *r = ev_reader_new(in, 0);
	int yes = ev_reader_declares(r, EV_IPE);
	ev_reader_free(r);
	return yes;
}
