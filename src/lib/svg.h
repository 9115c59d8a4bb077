/*
 * svg.h: the one SVG writer of hptools, shared by the heap chart
 * (hp_svg.h) and the flame graph (prof_svg.h): a standalone SVG 1.1
 * document (no external script, font, image or style sheet) made of
 * groups, rectangles, paths, text and tooltips (<title>), written to
 * standard output through output.h.  Every byte that comes from the
 * input goes through hpt_out_xml (escape.h), so the document is
 * well-formed XML whatever the names hold.
 *
 * Coordinates and lengths are in pixels (user units, y downwards),
 * written with at most one decimal.  attrs arguments are more
 * attributes written as they are (say "fill=\"#332288\""): they are the
 * caller's own constant text, never input bytes; NULL or "" for none.
 * Elements that get a tooltip are left open (has_tip != 0): write the
 * tooltip with svg_tip_begin, svg_tip (and plain svg_raw text), then
 * close the element with svg_tip_end.
 */
#ifndef HPT_SVG_H
#define HPT_SVG_H

#include <stddef.h>
#include <stdint.h>

#include "namecut.h"

/* The fonts the document names, in order (svg_begin): the two whose
 * advance widths svg_text_width knows, then the generic family. */
#define SVG_FONTS "DejaVu Sans, Liberation Sans, sans-serif"

/* The XML declaration and the <svg> element of a width x height
 * picture, with a white background and the font (SVG_FONTS, 12 px)
 * that svg_text uses. */
void svg_begin(double width, double height);
/* Close the document and end the output unit (hpt_out_mark). */
void svg_end(void);

/* <g attrs> ... </g>. */
void svg_group(const char *attrs);
void svg_group_end(void);

/* A rectangle. */
void svg_rect(double x, double y, double w, double h, const char *attrs,
              int has_tip);
/* A line from (x1, y1) to (x2, y2). */
void svg_line(double x1, double y1, double x2, double y2,
              const char *attrs);

/* A path: svg_path_begin, then its points (cmd 'M' to move, 'L' for a
 * line to the point), then svg_path_end.  'Z' closes the outline (the
 * point is ignored). */
void svg_path_begin(void);
void svg_path_pt(char cmd, double x, double y);
void svg_path_end(const char *attrs, int has_tip);

/* Text at (x, y) (the baseline): the n bytes of s, escaped.  With
 * max_cps > 0, a text longer than max_cps code points is cut to
 * max_cps - 1 of them (at a character boundary) and ended with "…"
 * (U+2026); max_cps of 0 writes it whole. */
void svg_text(double x, double y, const char *attrs, const char *s,
              size_t n, size_t max_cps);
/* Text from the program's own constant (or printf-made) string,
 * escaped all the same. */
void svg_text_str(double x, double y, const char *attrs, const char *s);

/* The width in pixels of the n bytes of s, as hpt_out_xml writes them
 * (a byte that is not UTF-8 as its escape "\xNN"), in SVG_FONTS at
 * size px: the sum of each character's advance in whichever of DejaVu
 * Sans and Liberation Sans has it wider (a table of printable ASCII,
 * Latin-1, Latin Extended-A, punctuation, super- and subscripts,
 * arrows, mathematical operators and geometric shapes, made from the
 * fonts by tests/glyph_widths.py), a full em for any other character.
 * Kerning only narrows text, so text measured so fits in either font
 * as rsvg-convert and browsers draw it.  The _bold form measures
 * font-weight="bold". */
double svg_text_width(const char *s, size_t n, double px);
double svg_text_width_bold(const char *s, size_t n, double px);

/* A measure for namecut.h: text in SVG_FONTS at size px, bold or not.
 * svg_unit_width is its hpt_unit_width (arg a struct svg_measure *):
 * a character or an escaped byte, in pixels, as svg_text_width. */
struct svg_measure {
	double px;
	int bold;
};
double svg_unit_width(const char *s, size_t n, size_t i, size_t *len,
                      void *arg);
/* The width of "…" in measure m. */
double svg_ellipsis_width(const struct svg_measure *m);
/* The bytes of the longest run of whole units from the start of s (n
 * bytes) that fits in room pixels in measure m, and its width into *w. */
size_t svg_fit_bytes(const char *s, size_t n, double room,
                     const struct svg_measure *m, double *w);
/* Text at (x, y): the n bytes of s as cut (namecut.h): its head, and
 * when cut "…" and its tail. */
void svg_text_cut(double x, double y, const char *attrs, const char *s,
                  size_t n, const struct hpt_cut *cut);

/* Text at (x, y) that fits in max_w pixels at font size px: the n bytes
 * of s whole when they fit (with the suffix after them, when that fits
 * too), else cut at a character boundary and ended with "…" when at
 * least min_cps code points remain before it.  The suffix (the caller's
 * own text, NULL for none) goes in a <tspan class="suffix"> after the
 * name, and is dropped first when room is short.  Returns 0 (and writes
 * nothing) when not even that fits, else 1. */
int svg_text_fit(double x, double y, const char *attrs, const char *s,
                 size_t n, double max_w, double px, size_t min_cps,
                 const char *suffix);

/* Whether svg_text_fit would write s (n bytes) in max_w pixels at font
 * size px with min_cps (1 when it would, else 0), writing nothing: for
 * counting the labels of a picture before drawing it. */
int svg_text_fits(const char *s, size_t n, double max_w, double px,
                  size_t min_cps);

/* The tooltip of the element left open: <title>, then its text (svg_tip
 * for input bytes, cut after max bytes with "…" at a character
 * boundary when max > 0; svg_raw for the caller's own text, which must
 * hold no '<' or '&'), then svg_tip_end closes the title and the
 * element named tag ("rect", "path"); NULL closes the title only (the
 * tooltip of a group, given first in it, as browsers want it). */
void svg_tip_begin(void);
void svg_tip(const char *s, size_t n, size_t max);
void svg_raw(const char *s);
void svg_tip_end(const char *tag);

/* A script (the caller's own text, holding no "]]>") in a CDATA
 * section: what a browser runs; renderers without script skip it. */
void svg_script(const char *js);

/* A number as SVG wants it: at most one decimal, no trailing ".0", no
 * "-0" (written to standard output). */
void svg_num(double v);

/*
 * Colours by name, the same for a name in every picture: a name's home
 * is a slot of a palette of k colours chosen by a hash of its first
 * prefix bytes (FNV-1a, 32 bits, mod k; prefix 0: every byte),
 * independent of rank, size or what else is drawn.  Within one picture
 * no two names share a slot while there are slots free: names take
 * their slots in name order (bytes, a prefix first; equal names by
 * their index); a name whose home is taken tries the home of its whole
 * name, then the slots after it (+ 1, + 2, ... mod k).  A name's
 * colour thus changes only when a name before it in name order takes
 * its home.
 */
/* A palette of SVG_PALETTE_N colours, apart for colour-blind readers:
 * Paul Tol's muted scheme and Okabe and Ito's orange, then the same ten
 * hues lighter; no grey (SVG_OTHER_COLOUR is for "the rest").  The
 * heap chart's (hp_svg.h). */
#define SVG_PALETTE_N 20
extern const char *const svg_palette[SVG_PALETTE_N];
#define SVG_OTHER_COLOUR "#bbbbbb"
/* The home slot of the n bytes of s in a palette of k colours (0 when
 * k is 0). */
size_t svg_colour_home(const char *s, size_t n, size_t k);
/* Slots in a palette of k colours for n names (name[i], len[i] bytes)
 * into slot[i], by the rule above: distinct while n <= k; past k names
 * (in name order) each gets its home. */
void svg_colour_assign(const char *const *name, const size_t *len,
                       size_t prefix, size_t n, size_t k, size_t *slot);

#endif
