/*
 * prof_write.c: the one .prof writer, in the layout of GHC 8.10 and
 * later (rts/ProfilerReport.c): every column padded to its widest value
 * counted in code points and followed by one space, so that this reader
 * and the others (ghc-prof, profiteur, inferno) read it back.
 */
#include "prof_write.h"

#include "alloc.h"
#include "diag.h"
#include "escape.h"
#include "num.h"
#include "output.h"
#include "row.h"

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

/* The k bytes at t (a buffer of ROW_SLACK bytes at least: row.h)
 * right-justified in w columns (never cut), at o (room for the larger
 * of k and w, and ROW_SLACK); returns the bytes written, the larger
 * of k and w. */
static size_t put_rjust(char *o, const char *t, size_t k, size_t w)
{
	size_t pad = k < w ? w - k : 0;
	row_spaces(o, pad);
	row_copy(o + pad, t, k);
	return pad + k;
}

/* v in decimal right-justified in w columns at o (room for the larger
 * of w and 20, and ROW_SLACK); returns the bytes written. */
static size_t put_rjust_u64(char *o, uint64_t v, size_t w)
{
	char t[20 + ROW_SLACK];
	size_t n = hpt_fmt_u64_back(t + 20, v);
	return put_rjust(o, t + 20 - n, n, w);
}

static void rjust_u64(uint64_t v, size_t w)
{
	char *o = hpt_out_space(w + 20 + ROW_SLACK);
	hpt_out_commit(put_rjust_u64(o, v, w));
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

/* The most bytes put_pct writes. */
#define PCT_ROOM HPT_FIXED_MAX

/* A percentage as "%5.1f" (or wider); tenths (not exact) as
 * "%3llu.%llu": at o (room for PCT_ROOM and ROW_SLACK), returning the
 * bytes written. */
static size_t put_pct(char *o, const struct prof_report *r, uint64_t v,
                      int which)
{
	char t[HPT_FIXED_MAX];
	size_t n;
	if (v == 0) {
		/* most figures: 0.0 either way */
		memcpy(o, "  0.0", 5);
		return 5;
	}
	if (r->exact) {
		/* from the integers that prof_percent divides */
		uint64_t tot = which ? r->total_alloc : r->total_ticks;
		return put_rjust(o, t, hpt_fmt_pct(t, v, tot,
		                                   prof_percent(r, v, which), 1),
		                 5);
	}
	n = put_rjust_u64(o, v / 10, 3);
	o[n++] = '.';
	o[n++] = (char)('0' + (int)(v % 10));
	return n;
}

static void pct(const struct prof_report *r, uint64_t v, int which)
{
	char *o = hpt_out_space(PCT_ROOM + ROW_SLACK);
	hpt_out_commit(put_pct(o, r, v, which));
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
	 * with the space that no report's date starts with; so is a date
	 * of spaces alone (warn_header warns of it), whose title line
	 * "\t   Time and ..." would be no title at all */
	hpt_out_printf("\t%s Time and Allocation Profiling Report  (Final)\n\n",
	               r->date && r->date[strspn(r->date, " ")] ? r->date
	                                                        : "(date unknown)");
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
		/* the ticks of the RTS's own stacks left out, which the
		 * tree does not hold: prof_read takes them back */
		hpt_out_printf("\ttotal alloc = %11s bytes  (not in an eventlog"
		               "; %llu ticks of the RTS's own stacks left "
		               "out%s)\n\n", "unknown",
		               (unsigned long long)r->rts_ticks,
		               r->pruned ? PRUNED : "");
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

/*
 * Would the line that row x's label ends (at depth d: its indent, the
 * label's last line, the space after it, the module, a space and the
 * SRC) read back as a column header or another report's title, were
 * the label and module columns padded to nothing?  "COST" ending a label
 * before the module "CENTRE", or a label "\tDATE Time and Allocation
 * Profiling" before the module "Report", make one of a row (prof_read.c,
 * second_report); with one space more after each column the line is a
 * row again and reads back the same.  (A label holding such a line whole
 * is proftree.1's BUGS.)
 */
static int header_across(const struct prof_report *r, uint32_t x, uint32_t d)
{
	static const char title[] = " Time and Allocation Profiling Report";
	const char *l = prof_name(r, r->label[x]), *nl;
	size_t ln = prof_len(r, r->label[x]), mn = prof_len(r, r->module[x]);
	size_t sn = r->has_src ? prof_len(r, r->src[x]) : 0;
	size_t tl = sizeof title - 1, n, i;
	char *b;
	int hit = 0;
	while ((nl = memchr(l, '\n', ln)) != NULL) {
		ln -= (size_t)(nl + 1 - l);
		l = nl + 1;
		d = 0; /* a raw newline: the last line starts at column 0 */
	}
	if (d > 0)
		return 0; /* both need the line's first byte */
	b = hpt_xmalloc(ln + mn + sn + 3);
	memcpy(b, l, ln);
	n = ln;
	b[n++] = ' ';
	memcpy(b + n, prof_name(r, r->module[x]), mn);
	n += mn;
	if (r->has_src) {
		b[n++] = ' ';
		memcpy(b + n, prof_name(r, r->src[x]), sn);
		n += sn;
	}
	/* only a line the label's own does not make (that is BUGS, and
	 * written as it always was) */
	if (n >= 11 && memcmp(b, "COST CENTRE", 11) == 0 && ln < 11)
		hit = 1;
	if (n > tl && b[0] == '\t')
		for (i = 1; !hit && i + tl <= n; i++)
			hit = memcmp(b + i, title, tl) == 0 && i + tl > ln;
	free(b);
	return hit;
}

/* 1 if some row needs header_across's space more, else 0. */
static size_t more_room(const struct prof_report *r)
{
	uint32_t it = r->first_root, x, d;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE)
		if (header_across(r, x, d))
			return 1;
	return 0;
}

/* The flat table: one row per (label, module, SRC) above 1 % of the
 * time or the allocation, by individual ticks descending (prof_flat). */
static void flat_table(const struct prof_report *r, size_t more)
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
	wl += more;
	wm += more;
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

/* indent spaces, the name id (c code points long) padded to w code
 * points, and the space after the column, at o (with ROW_SLACK bytes
 * of room more); returns the bytes written (indent + its length + 1 +
 * the padding). */
static size_t put_name(char *o, const struct prof_report *r, size_t indent,
                       uint32_t id, size_t c, size_t w)
{
	size_t n = prof_len(r, id), pad = c < w ? w - c : 0;
	row_spaces(o, indent);
	if (n)
		memcpy(o + indent, prof_name(r, id), n);
	row_spaces(o + indent + n, pad + 1);
	return indent + n + pad + 1;
}

/*
 * One row of the tree at depth d, formatted in place in one piece of
 * the output buffer (row.h), as most of a row is padding.  lc holds the names'
 * code-point widths, wl, wm, ws and wn the widths of the label (with
 * its indent), module, SRC and no. columns.  The room asked for is what
 * the row can take at most: each name column its width plus the name's
 * bytes and the space after it (a label's indent is within wl), each
 * figure its column or its longest text and the spaces before it, and
 * ROW_SLACK.
 */
static void tree_row(const struct prof_report *r, uint32_t x, uint32_t d,
                     const size_t *lc, size_t wl, size_t wm, size_t ws,
                     size_t wn)
{
	uint32_t lab = r->label[x], mod = r->module[x], src = r->src[x];
	size_t room = wl + prof_len(r, lab) + 1 + wm + prof_len(r, mod) + 1 +
	              ws + prof_len(r, src) + 1 + wn + 20 + 1 + 20 + 2 +
	              4 * (PCT_ROOM + 3) + 2 + 20 + 1 + 20 + 1 + ROW_SLACK, n;
	char *o = hpt_out_space(room);
	n = put_name(o, r, d, lab, lc[lab], wl - d);
	n += put_name(o + n, r, 0, mod, lc[mod], wm);
	if (r->has_src)
		n += put_name(o + n, r, 0, src, lc[src], ws);
	n += put_rjust_u64(o + n, r->no[x], wn);
	o[n++] = ' ';
	n += put_rjust_u64(o + n, r->entries[x], 11);
	memcpy(o + n, "  ", 2);
	n += 2;
	n += put_pct(o + n, r, r->ind_time[x], 0);
	memcpy(o + n, "  ", 2);
	n += 2;
	n += put_pct(o + n, r, r->ind_alloc[x], 1);
	memcpy(o + n, "   ", 3);
	n += 3;
	n += put_pct(o + n, r, r->inh_time[x], 0);
	memcpy(o + n, "  ", 2);
	n += 2;
	n += put_pct(o + n, r, r->inh_alloc[x], 1);
	if (r->exact) {
		memcpy(o + n, "  ", 2);
		n += 2;
		n += put_rjust_u64(o + n, r->ind_time[x], 5);
		o[n++] = ' ';
		n += put_rjust_u64(o + n, r->ind_alloc[x], 9);
	}
	o[n++] = '\n';
	hpt_out_commit(n);
}

/* Non-zero if the n bytes at s begin or end with a space. */
static int space_at_end(const char *s, size_t n)
{
	return n && (s[0] == ' ' || s[n - 1] == ' ');
}

/* Could the line l[0..n) of a label, starting a line of the file, read
 * as something else than part of a row: a column header (it starts
 * "COST CENTRE"), another report's title (a TAB, then " Time and
 * Allocation Profiling Report" in it) or the start of the retainer-set
 * list (that title alone)?  Whether it does depends on the lines around
 * it (prof_read.c; proftree.1 BUGS), so this says only that it may. */
static int line_like_header(const char *l, size_t n)
{
	static const char title[] = " Time and Allocation Profiling Report";
	static const char sets[] = "Retainer sets created during profiling:";
	size_t k;
	if (n >= 11 && memcmp(l, "COST CENTRE", 11) == 0)
		return 1;
	if (n >= sizeof sets - 1 && memcmp(l, sets, sizeof sets - 1) == 0) {
		for (k = sizeof sets - 1; k < n; k++)
			if (l[k] != ' ' && l[k] != '\t')
				break;
		if (k == n)
			return 1;
	}
	if (n == 0 || l[0] != '\t')
		return 0;
	for (k = 1; k + sizeof title - 1 <= n; k++)
		if (memcmp(l + k, title, sizeof title - 1) == 0)
			return 1;
	return 0;
}

/* Can the label of n bytes at l not come back from a .prof?  1 when it cannot: spaces at its ends (the columns are
 * split at runs of spaces, and the leading ones are its depth), more
 * than 5 lines (the reader joins at most 5 into a row), or a line
 * before its last that is blank (spaces and TABs, or none: it ends the
 * tree) or ends in a CR (dropped with the line's end).  2 when it may
 * not: a line of it looks like a header (line_like_header; each starts
 * a line of the file, the first in the flat table).  0 otherwise. */
static int label_unwritable(const char *l, size_t n)
{
	const char *e = l + n, *nl, *q;
	int lines = 1, may = 0;
	if (space_at_end(l, n))
		return 1;
	for (; (nl = memchr(l, '\n', (size_t)(e - l))) != NULL; l = nl + 1) {
		for (q = l; q < nl && (*q == ' ' || *q == '\t'); q++)
			;
		if (q == nl || nl[-1] == '\r' || ++lines > 5)
			return 1;
		may |= line_like_header(l, (size_t)(nl - l));
	}
	may |= line_like_header(l, (size_t)(e - l));
	return may ? 2 : 0;
}

/*
 * The name of row x that GHC's layout cannot hold, as
 * "label" etc. in *what, or PROF_NONE: a label as label_unwritable
 * says (*may set when it only may not come back); a module that is
 * empty (the columns after it shift) or holds a space (it reads back as
 * two columns) or a line break; a SRC with spaces at its ends or a line
 * break (GHC writes neither: the text format has no way to mark one).
 */
static uint32_t unwritable_name(const struct prof_report *r, uint32_t x,
                                const char **what, int *may)
{
	uint32_t lab = r->label[x], mod = r->module[x], src = r->src[x];
	const char *m = prof_name(r, mod), *sr = prof_name(r, src);
	size_t mn = prof_len(r, mod), sn = prof_len(r, src);
	int u = label_unwritable(prof_name(r, lab), prof_len(r, lab));
	*may = 0;
	if (u == 1) {
		*what = "label";
		return lab;
	}
	if (mn == 0 || memchr(m, ' ', mn) || memchr(m, '\n', mn)) {
		*what = "module";
		return mod;
	}
	if (r->has_src && (space_at_end(sr, sn) || memchr(sr, '\n', sn))) {
		*what = "SRC";
		return src;
	}
	*may = u == 2;
	*what = "label";
	return u == 2 ? lab : PROF_NONE;
}

/* Has row x an empty label and inherited figures that, with its
 * parent's individual ones, exceed its parent's inherited ones?  An
 * empty label hides its indentation, and the reader places such a row
 * under a row higher up that can hold it (proftree.1, -o prof); GHC's
 * figures never are so. */
static int empty_misplaced(const struct prof_report *r, uint32_t x)
{
	uint32_t p = r->parent[x];
	if (prof_len(r, r->label[x]) != 0 || p == PROF_NONE)
		return 0;
	return r->inh_time[x] > r->inh_time[p] ||
	       r->inh_time[p] - r->inh_time[x] < r->ind_time[p] ||
	       r->inh_alloc[x] > r->inh_alloc[p] ||
	       r->inh_alloc[p] - r->inh_alloc[x] < r->ind_alloc[p];
}

/* Why the header field s (date: the date, else the command) cannot come
 * back from a .prof, or NULL: a line break (the rest of the field would
 * be a line of its own), the words of the title line (the title is
 * found by them), and for the date, which the title line holds between
 * a TAB and those words, a TAB or spaces at its ends. */
static const char *header_unwritable(const char *s, int date)
{
	size_t n = s ? strlen(s) : 0;
	if (!s)
		return NULL;
	if (strchr(s, '\n'))
		return "a line break";
	if (strstr(s, " Time and Allocation Profiling Report"))
		return "the words of the title";
	if (date && strchr(s, '\t'))
		return "a TAB";
	if (date && n && (s[0] == ' ' || s[n - 1] == ' '))
		return "spaces at its ends";
	return NULL;
}

/* One warning for each header field that does not read back. */
static void warn_header(const struct prof_report *r)
{
	const char *why;
	if ((why = header_unwritable(r->date, 1)) != NULL)
		hpt_warn("-o prof: the date holds %s, which a .prof cannot "
		         "hold (read back changed): \"%s\"", why,
		         hpt_quote(0, r->date, strlen(r->date)));
	if ((why = header_unwritable(r->command, 0)) != NULL)
		hpt_warn("-o prof: the command holds %s, which a .prof cannot "
		         "hold (read back changed): \"%s\"", why,
		         hpt_quote(0, r->command, strlen(r->command)));
}

/* One warning for the rows whose names do not read back as they are,
 * naming the first, one for the labels that may not, and one for the
 * empty labels that read back in another place, so that no change on
 * the way back goes unsaid. */
static void warn_unwritable(const struct prof_report *r)
{
	uint32_t it = r->first_root, x, d, id, first[2] = {0, 0};
	unsigned long rows[2] = {0, 0}, empty = 0;
	const char *what = "", *w;
	int may;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		empty += empty_misplaced(r, x);
		if ((id = unwritable_name(r, x, &w, &may)) == PROF_NONE)
			continue;
		if (rows[may]++ == 0) {
			first[may] = id;
			if (!may)
				what = w;
		}
	}
	if (rows[0])
		hpt_warn("-o prof: %lu row%s with names a .prof cannot hold "
		         "(read back changed), the first the %s \"%s\"",
		         rows[0], rows[0] == 1 ? "" : "s", what,
		         hpt_quote(0, prof_name(r, first[0]),
		                   prof_len(r, first[0])));
	if (rows[1])
		hpt_warn("-o prof: %lu label%s with a line like a column "
		         "header or title (read back may differ), the first "
		         "\"%s\"", rows[1], rows[1] == 1 ? "" : "s",
		         hpt_quote(0, prof_name(r, first[1]),
		                   prof_len(r, first[1])));
	if (empty)
		hpt_warn("-o prof: %lu row%s with an empty label and more "
		         "inherited cost than %s parent can hold (read back "
		         "under a row higher up)", empty,
		         empty == 1 ? "" : "s", empty == 1 ? "its" : "their");
}

void prof_write(const struct prof_report *r)
{
	size_t wl = 11, wm = 6, ws = 3, wn = 3, *lc, more;
	uint64_t maxno = 0;
	uint32_t it, d, x;

	if (r->first_root == PROF_NONE && r->sets) {
		/* +RTS -hr without -p: the file is the list alone */
		hpt_out_write(r->sets, r->sets_len);
		return;
	}
	warn_header(r);
	warn_unwritable(r);
	header(r);
	more = more_room(r);
	flat_table(r, more);

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
		if (r->no[x] > maxno)
			maxno = r->no[x];
	}
	if (digits(maxno) > wn)
		wn = digits(maxno); /* the widest no. is the largest's */
	wl += more;
	wm += more;
	column_header(r, wl, wm, ws, wn);

	it = r->first_root;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE)
		tree_row(r, x, d, lc, wl, wm, ws, wn);
	free(lc);
	if (r->sets) {
		hpt_out_char('\n');
		hpt_out_write(r->sets, r->sets_len);
	}
}
