/*
 * prof_svg.c: the flame graph.  See prof_svg.h for what is drawn and
 * the bounds.
 *
 * Over the linked nodes in preorder (prof_preorder, so a parent comes
 * before its children and no recursion is needed): the width of every
 * box (flame_widths), the boxes that fit in the budget, widest first
 * (flame_select), their places (flame_place); then the drawing.
 */
#include "prof_svg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "escape.h"
#include "num.h"
#include "output.h"
#include "prof_tree.h"
#include "svg.h"

#define WIDTH 1200
#define MARGIN 10
#define PLOT_W (WIDTH - 2 * MARGIN)
#define ROW 17          /* height of a level */
#define TOP 64          /* height of the title lines */
#define LEGEND_ROW 18   /* height of a row of the colour legend */
#define LEGEND_PER 6    /* entries in a row of the legend */
#define LABEL_MIN 4     /* code points of a cut label, at least */
#define FEW_TICKS 100   /* fewer ticks than this: widths are noise */
#define TIP_MAX 512     /* bytes of a name in a tooltip */
#define BUDGET 800000   /* bytes of boxes at most */
#define LABELS_MAX 800  /* labels drawn at most */


/*
 * The script of the flame graph in a browser (see prof_svg.h), one
 * line a string, in two parts around the line that gives it the
 * chart's x and width and the shortest cut label (MARGIN, PLOT_W,
 * LABEL_MIN).  It moves and relabels the boxes drawn, from their own
 * attributes and tooltips; nothing of it shows in a picture drawn
 * without script.
 */
static const char *const script_head[] = {
	"// The flame graph in a browser: a click on a box zooms to it (it then\n",
	"// spans the chart; the boxes above it widen with it, its ancestors stay\n",
	"// below it, shaded, to click back); a click on a root or on \"reset\n",
	"// zoom\" zooms out; \"search\" (or the key / or Ctrl-F) highlights the\n",
	"// boxes whose names match a regular expression and says their share of\n",
	"// the whole width.  Without script the picture is as drawn.\n",
	"(function () {\n",
	"\tvar NS = 'http://www.w3.org/2000/svg';\n",
	NULL
};
static const char *const script_body[] = {
	"\tvar svg = document.documentElement;\n",
	"\tvar boxes = [], zoomed = null, found = null;\n",
	"\tvar bottom = -Infinity;\n",
	"\tvar groups = document.querySelectorAll(\n",
	"\t\t'#flame > g, #cut-marks > g');\n",
	"\tvar i;\n",
	"\tfor (i = 0; i < groups.length; i++) {\n",
	"\t\tvar g = groups[i], r = g.querySelector('rect');\n",
	"\t\tvar t = g.querySelector('text'), tip = g.querySelector('title');\n",
	"\t\tvar b = {g: g, rect: r, text: t, drawn: !!t,\n",
	"\t\t\tx: +r.getAttribute('x'), y: +r.getAttribute('y'),\n",
	"\t\t\tw: +r.getAttribute('width'), fill: r.getAttribute('fill'),\n",
	"\t\t\tlabel: t ? t.cloneNode(true) :\n",
	"\t\t\t\tg.getAttribute('class') === 'node' ? unlabelled(r) : null,\n",
	"\t\t\tname: g.getAttribute('class') === 'node' ?\n",
	"\t\t\t\ttip.textContent.split('\\n')[0] : ''};\n",
	"\t\tif (b.y > bottom)\n",
	"\t\t\tbottom = b.y;\n",
	"\t\tboxes.push(b);\n",
	"\t\tg.style.cursor = 'pointer';\n",
	"\t\tg.addEventListener('click', click.bind(null, b));\n",
	"\t}\n",
	"\n",
	"\t// the label of a box drawn too narrow for one, to fill in when\n",
	"\t// zoomed: empty, with its share of the whole width\n",
	"\tfunction unlabelled(r) {\n",
	"\t\tvar t = document.createElementNS(NS, 'text');\n",
	"\t\tvar s = document.createElementNS(NS, 'tspan');\n",
	"\t\tvar pct = +r.getAttribute('width') / W * 100;\n",
	"\t\tvar v = parseInt(r.getAttribute('fill').slice(1), 16);\n",
	"\t\tt.setAttribute('y', +r.getAttribute('y') + 12);\n",
	"\t\t// white on a dark box, as drawn\n",
	"\t\tif (0.299 * (v >> 16) + 0.587 * (v >> 8 & 255) +\n",
	"\t\t    0.114 * (v & 255) < 127.5)\n",
	"\t\t\tt.setAttribute('fill', '#ffffff');\n",
	"\t\ts.setAttribute('class', 'suffix');\n",
	"\t\ts.textContent = ' ' + pct.toFixed(pct >= 9.95 ? 0 : 1) + ' %';\n",
	"\t\tt.appendChild(s);\n",
	"\t\treturn t;\n",
	"\t}\n",
	"\n",
	"\t// the width of s in pixels in the labels' font, measured on a\n",
	"\t// canvas (no layout of the picture for each label), else on a\n",
	"\t// text element of the picture\n",
	"\tvar ctx = null, probe = null;\n",
	"\tif (boxes.length && boxes[0].label) {\n",
	"\t\tvar c = document.createElementNS('http://www.w3.org/1999/xhtml',\n",
	"\t\t\t'canvas');\n",
	"\t\tvar style = window.getComputedStyle(boxes[0].text ||\n",
	"\t\t\tdocument.getElementById('flame'));\n",
	"\t\tctx = c.getContext ? c.getContext('2d') : null;\n",
	"\t\tif (ctx)\n",
	"\t\t\tctx.font = '11px ' + style.fontFamily;\n",
	"\t}\n",
	"\tfunction measure(s) {\n",
	"\t\tif (ctx)\n",
	"\t\t\treturn ctx.measureText(s).width;\n",
	"\t\tif (!probe) {\n",
	"\t\t\tprobe = document.createElementNS(NS, 'text');\n",
	"\t\t\tprobe.setAttribute('font-size', '11');\n",
	"\t\t\tprobe.setAttribute('visibility', 'hidden');\n",
	"\t\t\tsvg.appendChild(probe);\n",
	"\t\t}\n",
	"\t\tprobe.textContent = s;\n",
	"\t\treturn probe.getComputedTextLength();\n",
	"\t}\n",
	"\n",
	"\t// the box b spans [x, x + w]: within the span of a, to a tenth of\n",
	"\t// a pixel (the coordinates have one decimal)\n",
	"\tfunction within(b, a) {\n",
	"\t\treturn b.x >= a.x - 0.15 && b.x + b.w <= a.x + a.w + 0.15;\n",
	"\t}\n",
	"\n",
	"\t// the label of box b at width w: as drawn when unzoomed; else its\n",
	"\t// name with the share (as drawn: of the whole width) when they fit,\n",
	"\t// the name alone, the name cut with \"…\" (at least MINCHARS\n",
	"\t// characters before it), or nothing\n",
	"\tfunction relabel(b, w) {\n",
	"\t\tif (!b.label)\n",
	"\t\t\treturn;\n",
	"\t\tif (b.text && !b.drawn) {\n",
	"\t\t\tb.g.removeChild(b.text);\n",
	"\t\t\tb.text = null;\n",
	"\t\t}\n",
	"\t\tif (w === b.w && !b.drawn)\n",
	"\t\t\treturn;\n",
	"\t\tvar t = b.label.cloneNode(true);\n",
	"\t\tif (b.text)\n",
	"\t\t\tb.g.replaceChild(t, b.text);\n",
	"\t\telse\n",
	"\t\t\tb.g.appendChild(t);\n",
	"\t\tb.text = t;\n",
	"\t\tt.setAttribute('x', +b.rect.getAttribute('x') + 3);\n",
	"\t\tif (!b.name || w === b.w)\n",
	"\t\t\treturn;\n",
	"\t\tvar suffix = t.querySelector('tspan'), s = b.name, room = w - 6;\n",
	"\t\tvar whole = measure(s);\n",
	"\t\tt.textContent = s;\n",
	"\t\tif (suffix && whole + measure(suffix.textContent) <= room) {\n",
	"\t\t\tt.appendChild(suffix);\n",
	"\t\t\treturn;\n",
	"\t\t}\n",
	"\t\tif (whole <= room)\n",
	"\t\t\treturn;\n",
	"\t\troom -= measure('\\u2026');\n",
	"\t\tfor (var n = s.length - 1; n >= MINCHARS; n--) {\n",
	"\t\t\tif (/[\\ud800-\\udbff]/.test(s.charAt(n - 1)))\n",
	"\t\t\t\tcontinue;\n",
	"\t\t\tif (measure(s.slice(0, n)) <= room) {\n",
	"\t\t\t\tt.textContent = s.slice(0, n) + '\\u2026';\n",
	"\t\t\t\treturn;\n",
	"\t\t\t}\n",
	"\t\t}\n",
	"\t\tt.textContent = '';\n",
	"\t}\n",
	"\n",
	"\tfunction place(b, x, w, shaded) {\n",
	"\t\tb.g.style.display = '';\n",
	"\t\tb.g.style.opacity = shaded ? '0.5' : '';\n",
	"\t\tb.rect.setAttribute('x', Math.round(x * 10) / 10);\n",
	"\t\tb.rect.setAttribute('width', Math.round(w * 10) / 10);\n",
	"\t\trelabel(b, w);\n",
	"\t}\n",
	"\n",
	"\t// zoom to box z (null: out)\n",
	"\tfunction zoom(z) {\n",
	"\t\tvar k, b;\n",
	"\t\tzoomed = z && z.y < bottom ? z : null;\n",
	"\t\tfor (k = 0; k < boxes.length; k++) {\n",
	"\t\t\tb = boxes[k];\n",
	"\t\t\tif (!zoomed) {\n",
	"\t\t\t\tplace(b, b.x, b.w, false);\n",
	"\t\t\t} else if (b.y <= zoomed.y && within(b, zoomed)) {\n",
	"\t\t\t\tplace(b, X0 + (b.x - zoomed.x) * W / zoomed.w,\n",
	"\t\t\t\t      b.w * W / zoomed.w, false);\n",
	"\t\t\t} else if (b.y > zoomed.y && within(zoomed, b)) {\n",
	"\t\t\t\tplace(b, X0, W, true);\n",
	"\t\t\t} else {\n",
	"\t\t\t\tb.g.style.display = 'none';\n",
	"\t\t\t}\n",
	"\t\t}\n",
	"\t\treset.style.display = zoomed ? '' : 'none';\n",
	"\t}\n",
	"\n",
	"\tfunction click(b) {\n",
	"\t\tzoom(b);\n",
	"\t}\n",
	"\n",
	"\t// highlight the boxes whose names match re (null: none), and say\n",
	"\t// the share of the whole width they hold (their spans, each counted\n",
	"\t// once: a match inside a match adds nothing)\n",
	"\tfunction search(re) {\n",
	"\t\tvar spans = [], k, b, sum = 0, end = -Infinity;\n",
	"\t\tfound = re;\n",
	"\t\tfor (k = 0; k < boxes.length; k++) {\n",
	"\t\t\tb = boxes[k];\n",
	"\t\t\tif (re && b.name && re.test(b.name)) {\n",
	"\t\t\t\tb.rect.setAttribute('fill', '#ee3377');\n",
	"\t\t\t\tb.g.setAttribute('data-match', '1');\n",
	"\t\t\t\tspans.push([b.x, b.x + b.w]);\n",
	"\t\t\t} else {\n",
	"\t\t\t\tb.rect.setAttribute('fill', b.fill);\n",
	"\t\t\t\tb.g.removeAttribute('data-match');\n",
	"\t\t\t}\n",
	"\t\t}\n",
	"\t\tspans.sort(function (p, q) { return p[0] - q[0]; });\n",
	"\t\tfor (k = 0; k < spans.length; k++) {\n",
	"\t\t\tif (spans[k][1] <= end)\n",
	"\t\t\t\tcontinue;\n",
	"\t\t\tsum += spans[k][1] - Math.max(spans[k][0], end);\n",
	"\t\t\tend = spans[k][1];\n",
	"\t\t}\n",
	"\t\ttell(re ? 'matched ' + re.source + ': ' +\n",
	"\t\t\tspans.length + ' box' + (spans.length === 1 ? '' : 'es') +\n",
	"\t\t\t', ' + (sum / W * 100).toFixed(1) + ' % of the whole' : '');\n",
	"\t\tclear.style.display = re ? '' : 'none';\n",
	"\t}\n",
	"\n",
	"\t// say s on the footer's line, the footer hidden while s is there\n",
	"\tfunction tell(s) {\n",
	"\t\tmatched.textContent = s;\n",
	"\t\tif (foot)\n",
	"\t\t\tfoot.style.display = s ? 'none' : '';\n",
	"\t}\n",
	"\n",
	"\tfunction ask() {\n",
	"\t\tvar s = window.prompt('Search: a regular expression of names',\n",
	"\t\t\tfound ? found.source : '');\n",
	"\t\tif (s === null)\n",
	"\t\t\treturn;\n",
	"\t\ttry {\n",
	"\t\t\tsearch(s === '' ? null : new RegExp(s));\n",
	"\t\t} catch (e) {\n",
	"\t\t\ttell('not a regular expression: ' + s);\n",
	"\t\t}\n",
	"\t}\n",
	"\n",
	"\t// the controls, left on the footer's line\n",
	"\tvar foot = document.getElementById('footer');\n",
	"\tvar y = foot ? foot.getAttribute('y') : 20;\n",
	"\tfunction control(x, text, tip, act) {\n",
	"\t\tvar c = document.createElementNS(NS, 'text');\n",
	"\t\tc.setAttribute('x', x);\n",
	"\t\tc.setAttribute('y', y);\n",
	"\t\tc.setAttribute('font-size', '11');\n",
	"\t\tc.setAttribute('fill', '#225599');\n",
	"\t\tc.setAttribute('text-decoration', 'underline');\n",
	"\t\tc.style.cursor = 'pointer';\n",
	"\t\tc.textContent = text;\n",
	"\t\tvar tt = document.createElementNS(NS, 'title');\n",
	"\t\ttt.textContent = tip;\n",
	"\t\tc.appendChild(tt);\n",
	"\t\tc.addEventListener('click', act);\n",
	"\t\tsvg.appendChild(c);\n",
	"\t\treturn c;\n",
	"\t}\n",
	"\tvar search_c = control(X0, 'search', 'highlight the names that ' +\n",
	"\t\t'match a regular expression (key / or Ctrl-F; Escape clears)',\n",
	"\t\task);\n",
	"\tsearch_c.id = 'search';\n",
	"\tvar clear = control(X0 + 45, 'clear', 'clear the search',\n",
	"\t\tfunction () { search(null); });\n",
	"\tclear.id = 'clear';\n",
	"\tvar reset = control(X0 + 80, 'reset zoom', 'show the whole tree ' +\n",
	"\t\t'(or click a root)', function () { zoom(null); });\n",
	"\treset.id = 'reset';\n",
	"\tvar matched = document.createElementNS(NS, 'text');\n",
	"\tmatched.id = 'matched';\n",
	"\tmatched.setAttribute('x', X0 + 150);\n",
	"\tmatched.setAttribute('y', y);\n",
	"\tmatched.setAttribute('font-size', '11');\n",
	"\tsvg.appendChild(matched);\n",
	"\tclear.style.display = reset.style.display = 'none';\n",
	"\n",
	"\tdocument.addEventListener('keydown', function (e) {\n",
	"\t\tif (e.key === '/' || ((e.ctrlKey || e.metaKey) && e.key === 'f')) {\n",
	"\t\t\te.preventDefault();\n",
	"\t\t\task();\n",
	"\t\t} else if (e.key === 'Escape') {\n",
	"\t\t\tsearch(null);\n",
	"\t\t}\n",
	"\t});\n",
	"})();\n",
	NULL
};

/* Colours for modules, by name (svg_colour_assign, svg.h): the shared
 * palette of the heap chart.  Every module of the report takes a slot,
 * those of pruned nodes too, so a module has the same colour in a
 * report and in any part of it (-f, -m, -d, -x), and in every run,
 * build and GHC version, unless another module of the report, earlier
 * in name order, has the same home (then it takes the next free one):
 * no two modules share a colour while the report has at most
 * SVG_PALETTE_N.  GHC's MAIN is grey.  Labels are black, white on the
 * dark colours.  The legend names the LEGEND_MODS widest modules
 * drawn. */
#define MOD_COLOURS SVG_PALETTE_N
#define mod_colour(k) (svg_palette[k])
#define LEGEND_MODS 11
static const char main_colour[] = "#dddddd";

/* With one module (besides MAIN) colour says nothing about modules, so
 * it gives the node's individual share of the whole instead, in these
 * steps (percent, lower bounds), from pale to hot. */
static const double heat_from[] = {0, 0.5, 2, 10, 30};
static const char *const heat_colour[] = {
	"#fff5d6", "#fde0a0", "#fdb863", "#f4813b", "#d7301f",
};
#define HEAT_STEPS (sizeof heat_from / sizeof heat_from[0])

/* How the boxes are coloured: by module (col[module id] a slot of
 * mod_colour, MOD_COLOURS for MAIN) or by heat (individual share by
 * the measure of time or allocation). */
struct colours {
	int heat;
	int alloc;              /* heat by allocation, not time */
	uint32_t *col;          /* per name id, modules only */
	uint32_t *legend;       /* module ids in colour order */
	size_t nlegend;
};

/* A byte figure as the picture shows it, into buf (at least 64
 * bytes): in binary units, and past 1023 bytes with the exact count
 * after sep ("13.7 MiB = 14400016 bytes"; "16 B"). */
static void bytes_text(char *buf, uint64_t v, const char *sep,
                       const char *end)
{
	hpt_bytes_text(buf, (double)v);
	if (v >= 1024)
		snprintf(buf + strlen(buf), 32, "%s%llu bytes%s", sep,
		         (unsigned long long)v, end);
}

/* What the widths measure, and their sum over the roots (total, in
 * the unit of prof_keys) in that unit. */
static char *weight_text(enum prof_weight w, int exact, uint64_t total)
{
	unsigned long long t = total;
	switch (w) {
	case PROF_W_ENTRIES:
		return hpt_xasprintf("entries of the subtree (%llu entries in "
		                     "all)", t);
	case PROF_W_ALLOC:
		if (exact) {
			char b[64];
			bytes_text(b, total, " = ", "");
			return hpt_xasprintf("inherited allocation (%s in all)",
			                     b);
		}
		return hpt_xasprintf("inherited %% of allocation (%llu.%llu %% "
		                     "in all)", t / 10, t % 10);
	default:
		if (exact)
			return hpt_xasprintf("inherited time (%llu ticks in "
			                     "all)", t);
		return hpt_xasprintf("inherited %% of time (%llu.%llu %% in "
		                     "all)", t / 10, t % 10);
	}
}

/* The sum over the roots of what the widths of w measure (ticks,
 * bytes, tenths of a percent, entries), exactly: the keys are doubles,
 * whose sum is off from 2^53 on.  entries_all: the entries of a tree's
 * subtrees (subtree_entries), the counts prof_key_counts does not have.
 * Errors: a sum above 2^64-1 (prof_add_sum). */
static uint64_t roots_total(const struct prof_report *r, enum prof_weight w,
                            uint64_t entries_all)
{
	const uint64_t *c = prof_key_counts(r, w);
	const char *what = w == PROF_W_ENTRIES ? "entries"
	                   : w == PROF_W_ALLOC ? "bytes" : "ticks";
	uint64_t t = 0;
	uint32_t x;
	if (!c)
		return entries_all;
	for (x = r->first_root; x != PROF_NONE; x = r->next_sibling[x])
		t = prof_add_sum(r, t, c[x], what);
	return t;
}

/* The upper bound of the output of node x's box, in bytes: the
 * markup, and its names as escaped at worst (6 bytes a byte). */
static size_t box_bytes(const struct prof_report *r, uint32_t x)
{
	size_t a = prof_len(r, r->label[x]), b = prof_len(r, r->module[x]),
	       c = prof_len(r, r->src[x]);
	a = a > TIP_MAX ? TIP_MAX : a;
	b = b > TIP_MAX ? TIP_MAX : b;
	c = c > TIP_MAX ? TIP_MAX : c;
	return 420 + 6 * (2 * a + b + c);
}

static void figures(const struct prof_report *r, const char *what,
                    uint64_t t, uint64_t a)
{
	char *s, b[64];
	if (r->exact) {
		bytes_text(b, a, " = ", "");
		s = hpt_xasprintf("\n%s: %.1f %% time (%llu ticks), %.1f %% "
		                  "alloc (%s)", what, prof_percent(r, t, 0),
		                  (unsigned long long)t, prof_percent(r, a, 1),
		                  b);
	} else
		s = hpt_xasprintf("\n%s: %.1f %% time, %.1f %% alloc", what,
		                  prof_percent(r, t, 0), prof_percent(r, a, 1));
	svg_raw(s);
	free(s);
}

/* A node's label, an empty one shown as "" (GHC's {-# SCC "" #-}), and
 * a CAF with its module ("Main.CAF", as heap profiles name it); *tofree
 * is what the caller frees (NULL or the made name). */
static void label(const struct prof_report *r, uint32_t x, const char **s,
                  size_t *n, char **tofree)
{
	*s = prof_name(r, r->label[x]);
	*n = prof_len(r, r->label[x]);
	*tofree = NULL;
	if (*n == 0) {
		*s = "\"\"";
		*n = 2;
	} else if (*n == 3 && memcmp(*s, "CAF", 3) == 0) {
		size_t m = prof_len(r, r->module[x]);
		char *t = hpt_xmalloc(m + 5);
		memcpy(t, prof_name(r, r->module[x]), m);
		memcpy(t + m, ".CAF", 5);
		*s = *tofree = t;
		*n = m + 4;
	}
}

/* The colour of node x's box. */
static const char *box_colour(const struct prof_report *r,
                              const struct colours *cl, uint32_t x)
{
	size_t i;
	double pct;
	if (!cl->heat) {
		uint32_t k = cl->col[r->module[x]];
		return k < MOD_COLOURS ? mod_colour(k) : main_colour;
	}
	pct = cl->alloc ? prof_percent(r, r->ind_alloc[x], 1)
	                : prof_percent(r, r->ind_time[x], 0);
	for (i = HEAT_STEPS; i-- > 1;)
		if (pct >= heat_from[i])
			break;
	return heat_colour[i];
}

/* The attributes of a label on a box of colour c ("#rrggbb"): white
 * on a dark one (brightness, 0.299 R + 0.587 G + 0.114 B, under half),
 * else none (black). */
static const char *label_attrs(const char *c)
{
	unsigned long v = strtoul(c + 1, NULL, 16);
	double y = 0.299 * (double)(v >> 16) +
	           0.587 * (double)(v >> 8 & 0xff) +
	           0.114 * (double)(v & 0xff);
	return y < 127.5 ? "fill=\"#ffffff\"" : NULL;
}

/* A node's share of the whole width, in percent, as its label says it:
 * whole percent from 10 up, else one decimal. */
static char *share_text(double bw)
{
	double pct = bw / PLOT_W * 100;
	return pct >= 9.95 ? hpt_xasprintf(" %.0f %%", pct)
	                   : hpt_xasprintf(" %.1f %%", pct);
}

static void box(const struct prof_report *r, const struct colours *cl,
                uint32_t x, double bx, double by, double bw)
{
	char *attrs, *s, *made;
	const char *l, *colour;
	size_t ln;
	colour = box_colour(r, cl, x);
	attrs = hpt_xasprintf("fill=\"%s\"", colour);
	svg_group("class=\"node\"");
	svg_tip_begin();
	label(r, x, &l, &ln, &made);
	svg_tip(l, ln, TIP_MAX);
	svg_raw("\nmodule: ");
	svg_tip(prof_name(r, r->module[x]), prof_len(r, r->module[x]),
	        TIP_MAX);
	if (r->has_src) {
		svg_raw("\nsrc: ");
		svg_tip(prof_name(r, r->src[x]), prof_len(r, r->src[x]),
		        TIP_MAX);
	}
	s = hpt_xasprintf("\nentries: %llu%s",
	                  (unsigned long long)r->entries[x],
	                  r->inverted ? " (along this chain of callers)" : "");
	svg_raw(s);
	free(s);
	figures(r, "individual", r->ind_time[x], r->ind_alloc[x]);
	figures(r, "inherited", r->inh_time[x], r->inh_alloc[x]);
	svg_tip_end(NULL);
	svg_rect(bx, by, bw, ROW - 1, attrs, 0);
	/* a label cut to less than LABEL_MIN characters says nothing */
	s = share_text(bw);
	svg_text_fit(bx + 3, by + 12, label_attrs(colour), l, ln, bw - 6, 11,
	             LABEL_MIN, s);
	free(s);
	svg_group_end();
	free(attrs);
	free(made);
}

static void title(const struct prof_report *r, enum prof_weight w,
                  uint64_t total)
{
	char *s;
	hpt_out_str("<text x=\"10\" y=\"24\" id=\"command\" font-size=\"16\" "
	            "font-weight=\"bold\">");
	if (r->command)
		hpt_out_xml(r->command, strlen(r->command));
	else
		hpt_out_str("(command unknown)");
	hpt_out_str("</text>\n<text x=\"10\" y=\"44\" id=\"totals\">");
	if (r->date) {
		hpt_out_xml(r->date, strlen(r->date));
		hpt_out_str(" \xe2\x80\x94 ");
	}
	if (r->total_secs) {
		hpt_out_str("total time ");
		hpt_out_xml(r->total_secs, strlen(r->total_secs));
		hpt_out_printf(" secs (%llu ticks), ",
		               (unsigned long long)r->total_ticks);
	}
	if (r->has_alloc) {
		char b[64];
		bytes_text(b, r->total_alloc, " (", ")");
		hpt_out_printf("total alloc %s, ", b);
	}
	s = weight_text(w, r->exact, total);
	hpt_out_str("width: ");
	hpt_out_str(s);
	free(s);
	/* GHC samples time at 50 Hz by default (rts -V): a short run
	 * gives a handful of ticks, and widths by time are noise */
	if ((w == PROF_W_TICKS || w == PROF_W_TIME) && r->total_secs &&
	    r->total_ticks < FEW_TICKS)
		hpt_out_printf("; only %llu ticks: widths are rough (-w alloc "
		               "is exact)", (unsigned long long)r->total_ticks);
	hpt_out_str("</text>\n");
}

/* A module drawn, for ordering the legend: drawn width, largest
 * first, ties by name (bytes, then length). */
struct drawn_mod {
	double w;
	const char *name;
	size_t len;
	uint32_t id;
};

static int drawn_mod_cmp(const void *pa, const void *pb)
{
	const struct drawn_mod *a = pa, *b = pb;
	size_t n = a->len < b->len ? a->len : b->len;
	int d;
	if (a->w != b->w)
		return a->w > b->w ? -1 : 1;
	d = memcmp(a->name, b->name, n);
	if (d)
		return d;
	return a->len < b->len ? -1 : a->len > b->len;
}

/* Whether module id md is GHC's MAIN. */
static int is_main(const struct prof_report *r, uint32_t md)
{
	return prof_len(r, md) == 4 && memcmp(prof_name(r, md), "MAIN", 4) == 0;
}

/* The slot of every module of the report (all its nodes, pruned ones
 * too, so that a part of a report colours as the whole does) but MAIN
 * into cl->col, by name (svg_colour_assign). */
static void module_slots(const struct prof_report *r, struct colours *cl)
{
	size_t nn = r->names.count ? r->names.count : 1, na = 0, i;
	unsigned char *seen = hpt_xcalloc(nn, 1);
	const char **name = hpt_xcalloc(nn, sizeof *name);
	size_t *len = hpt_xcalloc(nn, sizeof *len);
	size_t *slot = hpt_xcalloc(nn, sizeof *slot);
	uint32_t *id = hpt_xcalloc(nn, sizeof *id);
	for (i = 0; i < r->n; i++) {
		uint32_t md = r->module[i];
		if (seen[md] || is_main(r, md))
			continue;
		seen[md] = 1;
		name[na] = prof_name(r, md);
		len[na] = prof_len(r, md);
		id[na++] = md;
	}
	svg_colour_assign(name, len, 0, na, MOD_COLOURS, slot);
	for (i = 0; i < na; i++)
		cl->col[id[i]] = (uint32_t)slot[i];
	free(seen);
	free(name);
	free(len);
	free(slot);
	free(id);
}

/* Choose the colours of the boxes drawn (drawn[x]): by module (by
 * name, module_slots), the legend's modules in order of their drawn
 * width, or by heat when only one module other than MAIN is drawn. */
static void choose_colours(const struct prof_report *r, enum prof_weight w,
                           const unsigned char *drawn, const double *bw,
                           struct colours *cl)
{
	size_t nn = r->names.count ? r->names.count : 1, nm = 0, i;
	double *mw = hpt_xcalloc(nn, sizeof *mw);
	struct drawn_mod *m;
	uint32_t it = r->first_root, d, x;
	cl->col = hpt_xcalloc(nn, sizeof *cl->col);
	cl->alloc = w == PROF_W_ALLOC;
	for (i = 0; i < nn; i++)
		cl->col[i] = MOD_COLOURS;
	module_slots(r, cl);
	while ((x = prof_next(r, &it, &d)) != PROF_NONE)
		if (drawn[x] && !is_main(r, r->module[x])) {
			uint32_t md = r->module[x];
			if (mw[md] == 0)
				nm++;
			mw[md] += bw[x];
		}
	m = hpt_xcalloc(nm + 1, sizeof *m);
	for (i = 0, nm = 0; i < nn; i++) {
		if (mw[i] == 0)
			continue;
		m[nm].w = mw[i];
		m[nm].name = prof_name(r, (uint32_t)i);
		m[nm].len = prof_len(r, (uint32_t)i);
		m[nm++].id = (uint32_t)i;
	}
	qsort(m, nm, sizeof *m, drawn_mod_cmp);
	cl->legend = hpt_xcalloc(nm + 1, sizeof *cl->legend);
	for (i = 0; i < nm; i++)
		cl->legend[i] = m[i].id;
	cl->nlegend = nm;
	cl->heat = nm <= 1;
	free(m);
	free(mw);
}

/* The rows of the legend. */
static size_t legend_rows(const struct colours *cl)
{
	size_t n = cl->nlegend <= LEGEND_MODS ? cl->nlegend : LEGEND_MODS + 1;
	if (cl->heat)
		return 1;
	return (n + 1 + LEGEND_PER - 1) / LEGEND_PER;
}

/* One swatch and its text at entry k of the legend. */
static void swatch(size_t k, const char *colour, const char *s, size_t n)
{
	double x = MARGIN + (double)(k % LEGEND_PER) * PLOT_W / LEGEND_PER;
	double y = 52 + (double)(k / LEGEND_PER) * LEGEND_ROW;
	char *attrs = hpt_xasprintf("fill=\"%s\" stroke=\"#999999\"",
	                            colour);
	svg_rect(x, y, 12, 12, attrs, 0);
	svg_text_fit(x + 17, y + 11, "class=\"legend-name\"", s, n,
	             (double)PLOT_W / LEGEND_PER - 24, 12, 1, NULL);
	free(attrs);
}

/* The legend of the colours, under the title lines. */
static void legend(const struct prof_report *r, const struct colours *cl)
{
	size_t i, k = 0;
	svg_group("id=\"legend\"");
	if (cl->heat) {
		static const char *const steps[HEAT_STEPS] = {
			"under 0.5 %", "0.5 to 2 %", "2 to 10 %", "10 to 30 %",
			"30 % or more",
		};
		const char *what = cl->alloc ? "colour: individual alloc"
		                             : "colour: individual time";
		svg_text_str(MARGIN, 63, "class=\"legend-name\"", what);
		for (i = 0; i < HEAT_STEPS; i++)
			swatch(i + 1, heat_colour[i], steps[i],
			       strlen(steps[i]));
		svg_group_end();
		return;
	}
	svg_text_str(MARGIN, 63, "class=\"legend-name\"", "colour: module");
	for (i = 0; i < cl->nlegend && i < LEGEND_MODS; i++) {
		uint32_t md = cl->legend[i];
		swatch(++k, mod_colour(cl->col[md]), prof_name(r, md),
		       prof_len(r, md));
	}
	if (cl->nlegend > LEGEND_MODS) {
		/* no swatch: their colours are their own */
		size_t more = cl->nlegend - LEGEND_MODS;
		char *s = hpt_xasprintf("%zu more module%s", more,
		                        more == 1 ? "" : "s");
		double x = MARGIN + (double)(++k % LEGEND_PER) * PLOT_W /
		           LEGEND_PER;
		svg_text_str(x + 17, 63 + (double)(k / LEGEND_PER) * LEGEND_ROW,
		             "class=\"legend-name\"", s);
		free(s);
	}
	svg_group_end();
}

/*
 * The entries of each linked node's subtree into key, counting linked
 * nodes only (prof_keys also adds those of nodes that pruning removed,
 * whose entries prof_prune has already given to their kept ancestor):
 * a reverse preorder adds each node to its parent after its children.
 * The sums are exact, the roots' total too: one above 2^64-1 is "sum of
 * entries out of range" (prof_add_sum), as in every other output.
 */
static uint64_t subtree_entries(const struct prof_report *r, double *key)
{
	uint32_t *order = hpt_xcalloc(r->n + 1, sizeof *order);
	uint64_t *sum = hpt_xcalloc(r->n + 1, sizeof *sum), all = 0;
	uint32_t it = r->first_root, d, x, p;
	size_t k = 0;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE) {
		sum[x] = r->entries[x];
		order[k++] = x;
	}
	while (k-- > 0) {
		x = order[k];
		p = r->parent[x];
		key[x] = (double)sum[x];
		if (p != PROF_NONE)
			sum[p] = prof_add_sum(r, sum[p], sum[x], "entries");
		else
			all = prof_add_sum(r, all, sum[x], "entries");
	}
	free(sum);
	free(order);
	return all;
}

/* Whether node x's box, bw pixels wide, gets a label (box draws it so). */
static int labelled(const struct prof_report *r, uint32_t x, double bw)
{
	const char *l;
	size_t ln;
	char *made;
	int fits;
	label(r, x, &l, &ln, &made);
	fits = svg_text_fits(l, ln, bw - 6, 11, LABEL_MIN);
	free(made);
	return fits;
}

/* The upper bound of the output of the box of node x's merged
 * children (or of the roots, x PROF_NONE), dashed or not, as
 * box_bytes. */
static size_t merged_bytes(const struct prof_report *r, uint32_t x)
{
	size_t a = x == PROF_NONE ? 0 : prof_len(r, r->label[x]);
	return 600 + 6 * (a > TIP_MAX ? TIP_MAX : a);
}

/*
 * The layout of one flame graph.  Per node (x < n; the roots' merged
 * box at slot n of rest, nrest and cut): its box's width bw (pixels,
 * a share of its parent's; set for every node whose ancestors are all
 * a pixel wide or more) and x; whether it is drawn; for a drawn node,
 * the width and count of its children not drawn, merged into one box
 * right of those drawn (rest, nrest, from cur), and whether one of
 * them is a pixel wide or more (cut: left out for the budget, so the
 * merged box is a dashed one saying how many levels go on).
 */
struct flame {
	const struct prof_report *r;
	size_t n;
	double *key;            /* the cost by -w (prof_keys) */
	double total;           /* the roots' costs added up */
	double *bx, *bw, *cur, *rest;
	uint32_t *nrest;
	unsigned char *drawn, *cut;
	uint32_t *order;        /* the linked nodes in preorder */
	size_t norder;
	uint32_t *cand;         /* nodes a pixel wide or more, ancestors too */
	size_t ncand, ndrawn;
	size_t levels;          /* levels drawn, merged boxes on top too */
	int budget_cut;         /* some box a pixel wide is not drawn */
	uint32_t *top;          /* the depth of each node's deepest
	                         * descendant, when budget_cut */
};

/*
 * The width of every box whose ancestors are all a pixel wide or more:
 * the roots share the whole width by their costs, a node its parent's
 * width by its cost over the parent's (or over its children's costs
 * added up, when rounding in a -p report makes that larger), so the
 * children never stick out.  The boxes a pixel wide or more are the
 * candidates to draw (each one's parent is one too).
 */
static void flame_widths(struct flame *f)
{
	const struct prof_report *r = f->r;
	double *kids = hpt_xcalloc(f->n, sizeof *kids);
	size_t i;
	for (i = 0; i < f->norder; i++) {
		uint32_t x = f->order[i], p = r->parent[x];
		if (p == PROF_NONE)
			f->total += f->key[x];
		else
			kids[p] += f->key[x];
	}
	for (i = 0; i < f->norder; i++) {
		uint32_t x = f->order[i], p = r->parent[x];
		if (p == PROF_NONE) {
			f->bw[x] = f->total > 0 ? f->key[x] / f->total * PLOT_W
			                        : 0;
		} else if (f->bw[p] >= 1) {
			double whole = f->key[p] > kids[p] ? f->key[p] : kids[p];
			f->bw[x] = whole > 0 ? f->bw[p] * f->key[x] / whole : 0;
		} else {
			continue;
		}
		if (f->bw[x] >= 1)
			f->cand[f->ncand++] = x;
	}
	free(kids);
}

/* The order in which boxes are drawn while the budget lasts: widest
 * first, then lowest, then in the report's order (node index); a box's
 * parent always comes before it. */
static const struct flame *sort_flame;

static int cand_cmp(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	const struct flame *f = sort_flame;
	if (f->bw[a] != f->bw[b])
		return f->bw[a] > f->bw[b] ? -1 : 1;
	if (f->r->depth[a] != f->r->depth[b])
		return f->r->depth[a] < f->r->depth[b] ? -1 : 1;
	return a < b ? -1 : a > b;
}

/*
 * Choose the boxes drawn: the candidates in cand_cmp's order while
 * their output and that of the merged boxes on top of them fit in
 * BUDGET bytes and LABELS_MAX labels (upper bounds, box_bytes).  A
 * drawn node with children not drawn has one merged box on top of it:
 * pend counts those children (slot n: the roots).  Equal boxes at
 * one level are drawn all or none.
 */
static void flame_select(struct flame *f)
{
	const struct prof_report *r = f->r;
	uint32_t *pend = hpt_xcalloc(f->n + 1, sizeof *pend);
	uint32_t *npos = hpt_xcalloc(f->n + 1, sizeof *npos);
	size_t bytes = 0, labels = 0, i;
	uint32_t x;
	for (i = 0; i < f->norder; i++) {
		uint32_t p = r->parent[f->order[i]];
		if (f->bw[f->order[i]] > 0)
			npos[p == PROF_NONE ? f->n : p]++;
	}
	pend[f->n] = npos[f->n];
	if (pend[f->n]) {
		bytes += merged_bytes(r, PROF_NONE);
		labels++;
	}
	sort_flame = f;
	qsort(f->cand, f->ncand, sizeof *f->cand, cand_cmp);
	for (i = 0; i < f->ncand; i++) {
		uint32_t p;
		size_t slot, b, l;
		x = f->cand[i];
		p = r->parent[x];
		slot = p == PROF_NONE ? f->n : p;
		b = bytes + box_bytes(r, x);
		l = labels + (size_t)labelled(r, x, f->bw[x]);
		if (npos[x]) {
			b += merged_bytes(r, x);
			l++;
		}
		if (pend[slot] == 1) {
			b -= merged_bytes(r, p);
			l--;
		}
		if (b > BUDGET || l > LABELS_MAX)
			break;
		bytes = b;
		labels = l;
		pend[slot]--;
		pend[x] = npos[x];
		f->drawn[x] = 1;
	}
	/* cut among equal boxes at a level, not in the middle of it: the
	 * stacks of the same width end at the same height (so the boxes
	 * of a pixel beside a wide stack are merged whole, not half of
	 * them drawn, each under a dashed box) */
	if (i < f->ncand) {
		uint32_t y = f->cand[i];
		while (i > 0 && f->bw[f->cand[i - 1]] == f->bw[y] &&
		       r->depth[f->cand[i - 1]] == r->depth[y])
			f->drawn[f->cand[--i]] = 0;
	}
	f->ndrawn = i;
	f->budget_cut = i < f->ncand;
	free(pend);
	free(npos);
}

/*
 * Place the boxes drawn: each node's drawn children side by side from
 * its x, in the tree's order, then the box of those not drawn, merged;
 * and count the levels.
 */
static void flame_place(struct flame *f)
{
	const struct prof_report *r = f->r;
	double root_x = MARGIN;
	size_t i;
	for (i = 0; i < f->norder; i++) {
		uint32_t x = f->order[i], p = r->parent[x];
		size_t slot = p == PROF_NONE ? f->n : p;
		if (p != PROF_NONE && !f->drawn[p])
			continue;
		if (!f->drawn[x]) {
			if (f->bw[x] > 0) {
				f->rest[slot] += f->bw[x];
				f->nrest[slot]++;
				if (f->bw[x] >= 1)
					f->cut[slot] = 1;
			}
			continue;
		}
		if (p == PROF_NONE) {
			f->bx[x] = root_x;
			root_x += f->bw[x];
		} else {
			f->bx[x] = f->cur[p];
			f->cur[p] += f->bw[x];
		}
		f->cur[x] = f->bx[x];
		if (r->depth[x] + 1 > f->levels)
			f->levels = r->depth[x] + 1;
	}
	f->cur[f->n] = root_x;
	for (i = 0; i <= f->n; i++) {
		size_t d = i == f->n ? 0 : r->depth[i] + 2;
		if ((i == f->n || f->drawn[i]) && f->rest[i] >= 1 &&
		    d > f->levels)
			f->levels = d;
	}
	if (f->rest[f->n] >= 1 && f->levels < 1)
		f->levels = 1;
}

/* The depth of each linked node's deepest descendant (itself for a
 * leaf), by a reverse preorder: a node's children come after it. */
static uint32_t *deepest(const struct flame *f)
{
	const struct prof_report *r = f->r;
	uint32_t *top = hpt_xcalloc(f->n, sizeof *top);
	size_t k;
	for (k = 0; k < f->norder; k++)
		top[f->order[k]] = r->depth[f->order[k]];
	while (k-- > 0) {
		uint32_t x = f->order[k], p = r->parent[x];
		if (p != PROF_NONE && top[x] > top[p])
			top[p] = top[x];
	}
	return top;
}

/* The inherited ticks and bytes of the children of x (the roots for
 * PROF_NONE) that are not drawn but have a width. */
static void merged_figures(const struct flame *f, uint32_t x, uint64_t *t,
                           uint64_t *a)
{
	const struct prof_report *r = f->r;
	uint32_t c = x == PROF_NONE ? r->first_root : r->first_child[x];
	*t = *a = 0;
	for (; c != PROF_NONE; c = r->next_sibling[c])
		if (!f->drawn[c] && f->bw[c] > 0) {
			*t = prof_add_sum(r, *t, r->inh_time[c], "ticks");
			*a = prof_add_sum(r, *a, r->inh_alloc[c], "bytes");
		}
}

/*
 * The dashed box on top of node x, for its children left out for the
 * budget (and those narrower than a pixel): as wide as they are
 * together (bw, from bx), at by, saying how many levels the stacks
 * above x go on (up to the deepest of them) and their share of the
 * whole width; the tooltip gives their time and allocation.
 */
static void mark(const struct flame *f, uint32_t x, double bx, double by,
                 double bw)
{
	const struct prof_report *r = f->r;
	uint64_t t, a;
	uint32_t c, d = r->depth[x], top = d + 1;
	size_t up;
	const char *l;
	size_t ln;
	char *made, *s, *share;
	for (c = r->first_child[x]; c != PROF_NONE; c = r->next_sibling[c])
		if (!f->drawn[c] && f->bw[c] > 0 && f->top[c] > top)
			top = f->top[c];
	up = (size_t)(top - d);
	merged_figures(f, x, &t, &a);
	svg_group("class=\"cut\"");
	svg_tip_begin();
	s = hpt_xasprintf("%zu more level%s above ", up, up == 1 ? "" : "s");
	svg_raw(s);
	free(s);
	label(r, x, &l, &ln, &made);
	svg_tip(l, ln, TIP_MAX);
	if (up == 1)
		s = hpt_xasprintf(", not drawn (depth %lu; the root is 0)",
		                  (unsigned long)top);
	else
		s = hpt_xasprintf(", not drawn (depth %lu to %lu; the root "
		                  "is 0)", (unsigned long)d + 1,
		                  (unsigned long)top);
	svg_raw(s);
	free(s);
	figures(r, "above", t, a);
	svg_raw("\nproftree -o tree or -o tsv lists them");
	svg_tip_end(NULL);
	svg_rect(bx, by, bw, ROW - 1, "fill=\"#eeeeee\" stroke=\"#333333\" "
	         "stroke-dasharray=\"4,2\"", 0);
	/* "▲ 41 levels 17 %", or shorter as room is short, down to "▲";
	 * never a cut number */
	share = share_text(bw);
	s = hpt_xasprintf("\xe2\x96\xb2 %zu level%s", up, up == 1 ? "" : "s");
	if (!svg_text_fit(bx + 3, by + 12, NULL, s, strlen(s), bw - 6, 11,
	                  hpt_cps(s, strlen(s)), share)) {
		char *u = strchr(s, ' ') + 1;
		*strchr(u, ' ') = '\0';
		if (!svg_text_fit(bx + 3, by + 12, NULL, s, strlen(s), bw - 6,
		                  11, hpt_cps(s, strlen(s)), NULL))
			svg_text_fit(bx + 3, by + 12, NULL, s, 3, bw - 6, 11, 1,
			             NULL);
	}
	svg_group_end();
	free(share);
	free(s);
	free(made);
}

/*
 * The box of the k children of node x (or of the k roots, x
 * PROF_NONE) that are each narrower than a pixel, merged: bwid pixels
 * wide from bx, at by, right of the children drawn; labelled "2159
 * more" and its share, or "…" as room is short; the tooltip gives
 * their count, their inherited figures together, and where to find
 * them.  Nothing is drawn on top of it.
 */
static void more(const struct flame *f, uint32_t x, uint32_t k, double bx,
                 double by, double bwid)
{
	const struct prof_report *r = f->r;
	uint64_t t, a;
	const char *l;
	size_t ln;
	char *made = NULL, *s, *share;
	merged_figures(f, x, &t, &a);
	svg_group("class=\"more\"");
	svg_tip_begin();
	if (x == PROF_NONE) {
		s = hpt_xasprintf("%lu root%s", (unsigned long)k,
		                  k == 1 ? "" : "s");
		svg_raw(s);
	} else {
		s = hpt_xasprintf("%lu stack%s above ", (unsigned long)k,
		                  k == 1 ? "" : "s");
		svg_raw(s);
		label(r, x, &l, &ln, &made);
		svg_tip(l, ln, TIP_MAX);
	}
	free(s);
	svg_raw(", each narrower than a pixel, merged into this box");
	figures(r, "inherited", t, a);
	svg_raw("\nproftree -o tree or -o tsv lists them");
	svg_tip_end(NULL);
	svg_rect(bx, by, bwid, ROW - 1, "fill=\"#e4e4e4\" stroke=\"#aaaaaa\"",
	         0);
	share = share_text(bwid);
	s = hpt_xasprintf("%lu more", (unsigned long)k);
	if (!svg_text_fit(bx + 3, by + 12, NULL, s, strlen(s), bwid - 6, 11,
	                  hpt_cps(s, strlen(s)), share) &&
	    !svg_text_fit(bx + 3, by + 12, NULL, s, strlen(s), bwid - 6, 11,
	                  hpt_cps(s, strlen(s)), NULL))
		svg_text_fit(bx + 3, by + 12, NULL, "\xe2\x80\xa6", 3, bwid - 6,
		             11, 1, NULL);
	svg_group_end();
	free(share);
	free(s);
	free(made);
}

/* The note on a picture where boxes a pixel wide are left out, under
 * the legend. */
static void cut_note(double y, const struct flame *f)
{
	char *s = hpt_xasprintf("The widest %zu boxes are drawn, of %zu a "
	                        "pixel wide or more (more would be too many "
	                        "to draw); each dashed box stands for the "
	                        "stacks above it: how many levels, and their "
	                        "share", f->ndrawn, f->ncand);
	svg_text_str(MARGIN, y, "id=\"cut\"", s);
	free(s);
}

/* The boxes drawn and the merged boxes, the floor of the picture at
 * floor_y (the bottom of the roots' level). */
static void draw_flame(const struct flame *f, const struct colours *cl,
                       double floor_y)
{
	const struct prof_report *r = f->r;
	size_t i;
	svg_group("id=\"flame\" font-size=\"11\"");
	for (i = 0; i < f->norder; i++) {
		uint32_t x = f->order[i];
		if (f->drawn[x])
			box(r, cl, x, f->bx[x],
			    floor_y - (double)(r->depth[x] + 1) * ROW, f->bw[x]);
	}
	if (f->rest[f->n] >= 1)
		more(f, PROF_NONE, f->nrest[f->n], f->cur[f->n], floor_y - ROW,
		     f->rest[f->n]);
	for (i = 0; i < f->norder; i++) {
		uint32_t x = f->order[i];
		if (f->drawn[x] && f->rest[x] >= 1 && !f->cut[x])
			more(f, x, f->nrest[x], f->cur[x],
			     floor_y - (double)(r->depth[x] + 2) * ROW,
			     f->rest[x]);
	}
	svg_group_end();
	if (!f->budget_cut)
		return;
	svg_group("id=\"cut-marks\" font-size=\"11\"");
	for (i = 0; i < f->norder; i++) {
		uint32_t x = f->order[i];
		if (f->drawn[x] && f->cut[x])
			mark(f, x, f->cur[x],
			     floor_y - (double)(r->depth[x] + 2) * ROW,
			     f->rest[x]);
	}
	svg_group_end();
}

/* The footer, for a reader of a static rendering: what the picture
 * measures; and the text of an empty picture. */
static void footer(const struct prof_report *r, enum prof_weight w,
                   uint64_t total, double height, double y0, int empty)
{
	char *s = weight_text(w, r->exact, total);
	char *foot = hpt_xasprintf("box width: %s; label: cost centre and its "
	                           "share of the whole width; the tooltips "
	                           "hold module, source, entries and figures",
	                           s);
	svg_text_str(WIDTH - 10, height - 8, "id=\"footer\" fill=\"#666666\" "
	             "font-size=\"10\" text-anchor=\"end\"", foot);
	free(foot);
	free(s);
	if (empty)
		svg_text_str(WIDTH / 2, y0 + 12,
		             "id=\"empty\" text-anchor=\"middle\"",
		             "nothing to draw: no cost centre has a cost by "
		             "this measure");
}

/* The script, in a CDATA section (it holds no "]]>"). */
static void script(void)
{
	size_t i;
	hpt_out_str("<script type=\"text/ecmascript\"><![CDATA[\n");
	for (i = 0; script_head[i]; i++)
		hpt_out_str(script_head[i]);
	hpt_out_printf("\tvar X0 = %d, W = %d, MINCHARS = %d;\n", MARGIN,
	               PLOT_W, LABEL_MIN);
	for (i = 0; script_body[i]; i++)
		hpt_out_str(script_body[i]);
	hpt_out_str("]]></script>\n");
}

static void flame_free(struct flame *f)
{
	free(f->key);
	free(f->bx);
	free(f->bw);
	free(f->cur);
	free(f->rest);
	free(f->nrest);
	free(f->drawn);
	free(f->cut);
	free(f->order);
	free(f->cand);
	free(f->top);
}

/* Lay out (widths, the boxes that fit, their places), then draw: the
 * title lines, the legend, the note of a cut, the boxes, the footer. */
void prof_write_svg(const struct prof_report *r, enum prof_weight w)
{
	struct flame f;
	struct colours cl;
	size_t n = r->n ? r->n : 1;
	uint64_t entries_all = 0, exact_total;
	double height, floor_y, y0;

	memset(&f, 0, sizeof f);
	f.r = r;
	f.n = n;
	f.key = prof_keys(r, w);
	if (w == PROF_W_ENTRIES && !r->inverted)
		entries_all = subtree_entries(r, f.key);
	exact_total = roots_total(r, w, entries_all);
	f.bx = hpt_xcalloc(n + 1, sizeof *f.bx);
	f.bw = hpt_xcalloc(n, sizeof *f.bw);
	f.cur = hpt_xcalloc(n + 1, sizeof *f.cur);
	f.rest = hpt_xcalloc(n + 1, sizeof *f.rest);
	f.nrest = hpt_xcalloc(n + 1, sizeof *f.nrest);
	f.drawn = hpt_xcalloc(n, 1);
	f.cut = hpt_xcalloc(n + 1, 1);
	f.order = hpt_xcalloc(n, sizeof *f.order);
	f.cand = hpt_xcalloc(n, sizeof *f.cand);
	f.norder = prof_preorder(r, f.order);
	flame_widths(&f);
	flame_select(&f);
	flame_place(&f);
	if (f.budget_cut)
		f.top = deepest(&f);
	choose_colours(r, w, f.drawn, f.bw, &cl);
	y0 = TOP + (double)legend_rows(&cl) * LEGEND_ROW;
	/* the note, the levels drawn (at least the row of the "nothing
	 * to draw" text), and the footer */
	height = y0 + (f.budget_cut ? ROW : 0) +
	         (double)(f.levels ? f.levels : 1) * ROW + 26;
	floor_y = height - 26;

	svg_begin(WIDTH, height);
	title(r, w, exact_total);
	legend(r, &cl);
	if (f.budget_cut)
		cut_note(y0 + 12, &f);
	draw_flame(&f, &cl, floor_y);
	footer(r, w, exact_total, height, y0, f.levels == 0);
	script();
	svg_end();
	flame_free(&f);
	free(cl.col);
	free(cl.legend);
}
