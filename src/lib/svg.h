/*
 * svg.h: the one SVG writer of hptools, shared by the heap chart
 * (hp_svg.h) and the flame graph (prof_svg.h): a standalone SVG 1.1
 * document (no script, no external font, image or style sheet) made of
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

/* The XML declaration and the <svg> element of a width x height
 * picture, with a white background and the font (sans-serif, 12 px)
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

/* The width in pixels of the n bytes of s in the sans-serif font at
 * size px, estimated from DejaVu Sans's advance widths (the font
 * rsvg-convert and most Linux browsers use; Arial and Helvetica are
 * narrower, so the estimate errs on the wide side): a table for
 * printable ASCII, a full em for any other code point. */
double svg_text_width(const char *s, size_t n, double px);

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

/* A number as SVG wants it: at most one decimal, no trailing ".0", no
 * "-0" (written to standard output). */
void svg_num(double v);

#endif
