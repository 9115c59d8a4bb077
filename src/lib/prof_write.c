/*
 * prof_write.c: the one .prof writer, in the layout of GHC 8.10 and
 * later (rts/ProfilerReport.c): every column padded to its widest value
 * counted in code points and followed by one space, so that this reader
 * and the others (ghc-prof, profiteur, inferno) read it back.
 */
#include "prof_write.h"

#include "alloc.h"
#include "escape.h"
#include "num.h"
#include "output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* s padded with spaces to w code points (never cut). */
static void padded(const char *s, size_t n, size_t w)
{
	size_t c = hpt_cps(s, n);
	if (n)
		hpt_out_write(s, n);
	if (c < w)
		hpt_out_spaces(w - c);
}

/* indent spaces, the name id (c code points long) padded to w code
 * points, and the space after the column: one piece of the output
 * buffer, as most of a row is padding. */
static void padded_name(const struct prof_report *r, size_t indent,
                        uint32_t id, size_t c, size_t w)
{
	size_t n = prof_len(r, id), pad = c < w ? w - c : 0;
	char *o = hpt_out_space(indent + n + pad + 1);
	memset(o, ' ', indent);
	if (n)
		memcpy(o + indent, prof_name(r, id), n);
	memset(o + indent + n, ' ', pad + 1);
	hpt_out_commit(indent + n + pad + 1);
}

/* The k bytes at b right-justified in w columns (never cut). */
static void rjust(const char *b, size_t k, size_t w)
{
	size_t pad = k < w ? w - k : 0;
	char *o = hpt_out_space(pad + k);
	memset(o, ' ', pad);
	memcpy(o + pad, b, k);
	hpt_out_commit(pad + k);
}

static void rjust_u64(uint64_t v, size_t w)
{
	char b[24];
	rjust(b, hpt_fmt_u64(b, v), w);
}

static size_t digits(uint64_t v)
{
	size_t d = 1;
	while (v >= 10) {
		v /= 10;
		d++;
	}
	return d;
}

/* A percentage as "%5.1f" (or wider); tenths (not exact) as "%3llu.%llu". */
static void pct(const struct prof_report *r, uint64_t v, int which)
{
	char b[64];
	if (r->exact) {
		hpt_fmt_double(b, sizeof b, prof_percent(r, v, which), 1);
		rjust(b, strlen(b), 5);
	} else {
		rjust_u64(v / 10, 3);
		hpt_out_char('.');
		hpt_out_char('0' + (int)(v % 10));
	}
}

static void commas(uint64_t v, char *b)
{
	char t[32];
	int n = snprintf(t, sizeof t, "%llu", (unsigned long long)v), i, o = 0;
	for (i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			b[o++] = ',';
		b[o++] = t[i];
	}
	b[o] = '\0';
}

/* What a pruned tree's total alloc line says (prof_read knows it). */
#define PRUNED "; tree pruned by proftree, totals of the whole run"

/* The header block.  What the report lacks is written as unknown, in
 * words prof_read recognises (and maps back to "absent"), never as
 * made-up figures: "(date unknown)", "(command unknown)", "unknown secs",
 * "unknown bytes"; totals of an exact report without a header are the
 * sums of the tree, marked "sum of the tree". */
static void header(const struct prof_report *r)
{
	char b[48];
	/* an empty date or command (a -pj "end_time" of "", prof2json of
	 * a report without one) is unknown too: the title must not start
	 * with the space that no report's date starts with */
	hpt_out_printf("\t%s Time and Allocation Profiling Report  (Final)\n\n",
	               r->date && r->date[0] ? r->date : "(date unknown)");
	hpt_out_printf("\t   %s\n\n", r->command && r->command[0] ?
	               r->command : "(command unknown)");
	if (r->has_time && r->total_secs) {
		hpt_out_printf("\ttotal time  = %11s secs   ", r->total_secs);
		if (strcmp(r->tick_unit, "ms") == 0)
			hpt_out_printf("(%llu ticks @ %u ms)\n",
			               (unsigned long long)r->total_ticks,
			               r->tick_interval);
		else
			hpt_out_printf("(%llu ticks @ %u us, %u processor%s)\n",
			               (unsigned long long)r->total_ticks,
			               r->tick_interval,
			               r->processors ? r->processors : 1,
			               r->processors > 1 ? "s" : "");
	} else if (r->exact) {
		hpt_out_printf("\ttotal time  = %11s secs   (%llu ticks, sum of "
		               "the tree)\n",
		               "unknown", (unsigned long long)r->total_ticks);
	} else {
		hpt_out_printf("\ttotal time  = %11s secs   (unknown ticks)\n",
		               "unknown");
	}
	if (r->eventlog) {
		hpt_out_printf("\ttotal alloc = %11s bytes  (not in an eventlog"
		               "%s)\n\n", "unknown", r->pruned ? PRUNED : "");
	} else if (r->has_alloc) {
		commas(r->total_alloc, b);
		hpt_out_printf("\ttotal alloc = %11s bytes  (excludes profiling "
		               "overheads%s)\n\n",
		               b, r->pruned ? PRUNED : "");
	} else if (r->exact) {
		commas(r->total_alloc, b);
		hpt_out_printf("\ttotal alloc = %11s bytes  (sum of the tree%s)"
		               "\n\n",
		               b, r->pruned ? PRUNED : "");
	} else {
		hpt_out_printf("\ttotal alloc = %11s bytes%s\n\n", "unknown",
		               r->pruned ? "  (tree pruned by proftree)" : "");
	}
}

/* The flat table: one row per (label, module, SRC) above 1 % of the
 * time or the allocation, by individual ticks descending (prof_flat). */
static void flat_table(const struct prof_report *r)
{
	struct prof_cc *f;
	size_t nf = prof_flat(r, PROF_W_TICKS, &f), i, kept = 0;
	size_t wl = 11, wm = 6, ws = 3;

	for (i = 0; i < nf; i++)
		if (prof_percent(r, f[i].ind_time, 0) > 1.0 ||
		    prof_percent(r, f[i].ind_alloc, 1) > 1.0)
			f[kept++] = f[i];
	for (i = 0; i < kept; i++) {
		uint32_t x = f[i].node;
		size_t c = hpt_cps(prof_name(r, r->label[x]), prof_len(r, r->label[x]));
		if (c > wl)
			wl = c;
		c = hpt_cps(prof_name(r, r->module[x]), prof_len(r, r->module[x]));
		if (c > wm)
			wm = c;
		c = hpt_cps(prof_name(r, r->src[x]), prof_len(r, r->src[x]));
		if (c > ws)
			ws = c;
	}
	padded("COST CENTRE", 11, wl);
	hpt_out_char(' ');
	padded("MODULE", 6, wm);
	if (r->has_src) {
		hpt_out_char(' ');
		padded("SRC", 3, ws);
	}
	hpt_out_str("  %time %alloc");
	if (r->exact)
		hpt_out_str("  ticks     bytes");
	hpt_out_str("\n\n");
	for (i = 0; i < kept; i++) {
		uint32_t x = f[i].node;
		padded(prof_name(r, r->label[x]), prof_len(r, r->label[x]), wl);
		hpt_out_char(' ');
		padded(prof_name(r, r->module[x]), prof_len(r, r->module[x]),
		       wm);
		if (r->has_src) {
			hpt_out_char(' ');
			padded(prof_name(r, r->src[x]), prof_len(r, r->src[x]),
			       ws);
		}
		hpt_out_str("  ");
		pct(r, f[i].ind_time, 0);
		hpt_out_str("  ");
		pct(r, f[i].ind_alloc, 1);
		if (r->exact) {
			hpt_out_str("  ");
			rjust_u64(f[i].ind_time, 5);
			hpt_out_char(' ');
			rjust_u64(f[i].ind_alloc, 9);
		}
		hpt_out_char('\n');
	}
	hpt_out_str("\n\n");
	free(f);
}

/* The tree's two heading lines and the blank line under them, for
 * label, module, SRC and no. columns of those widths. */
static void column_header(const struct prof_report *r, size_t wl, size_t wm,
                          size_t ws, size_t wn)
{
	hpt_out_spaces(wl + 1 + wm + 1 + (r->has_src ? ws + 1 : 0) + wn + 1 +
	               11 + 4);
	hpt_out_str("individual      inherited\n");
	padded("COST CENTRE", 11, wl);
	hpt_out_char(' ');
	padded("MODULE", 6, wm);
	hpt_out_char(' ');
	if (r->has_src) {
		padded("SRC", 3, ws);
		hpt_out_char(' ');
	}
	hpt_out_spaces(wn - 3);
	hpt_out_str("no.     entries  %time %alloc   %time %alloc");
	if (r->exact)
		hpt_out_str("  ticks     bytes");
	hpt_out_str("\n\n");
}

void prof_write(const struct prof_report *r)
{
	size_t wl = 11, wm = 6, ws = 3, wn = 3, *lc;
	uint32_t it, d, x;

	if (r->first_root == PROF_NONE && r->sets) {
		/* +RTS -hr without -p: the file is the list alone */
		hpt_out_write(r->sets, r->sets_len);
		return;
	}
	header(r);
	flat_table(r);

	/* Code-point widths of every name once, then the column widths. */
	lc = hpt_xmalloc((r->names.count ? r->names.count : 1) * sizeof *lc);
	for (x = 0; x < r->names.count; x++)
		lc[x] = hpt_cps(r->names.name[x], r->names.len[x]);
	it = r->first_root;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		if (d + lc[r->label[x]] > wl)
			wl = d + lc[r->label[x]];
		if (lc[r->module[x]] > wm)
			wm = lc[r->module[x]];
		if (lc[r->src[x]] > ws)
			ws = lc[r->src[x]];
		if (digits(r->no[x]) > wn)
			wn = digits(r->no[x]);
	}
	column_header(r, wl, wm, ws, wn);

	it = r->first_root;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		padded_name(r, d, r->label[x], lc[r->label[x]], wl - d);
		padded_name(r, 0, r->module[x], lc[r->module[x]], wm);
		if (r->has_src)
			padded_name(r, 0, r->src[x], lc[r->src[x]], ws);
		rjust_u64(r->no[x], wn);
		hpt_out_char(' ');
		rjust_u64(r->entries[x], 11);
		hpt_out_str("  ");
		pct(r, r->ind_time[x], 0);
		hpt_out_str("  ");
		pct(r, r->ind_alloc[x], 1);
		hpt_out_str("   ");
		pct(r, r->inh_time[x], 0);
		hpt_out_str("  ");
		pct(r, r->inh_alloc[x], 1);
		if (r->exact) {
			hpt_out_str("  ");
			rjust_u64(r->ind_time[x], 5);
			hpt_out_char(' ');
			rjust_u64(r->ind_alloc[x], 9);
		}
		hpt_out_char('\n');
	}
	free(lc);
	if (r->sets) {
		hpt_out_char('\n');
		hpt_out_write(r->sets, r->sets_len);
	}
}
