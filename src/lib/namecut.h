/*
 * namecut.h: cutting a band or cost-centre name to the room a picture
 * or a table gives it, so that what tells names apart stays.  One rule
 * for every place a name is cut: the heap chart's key (hp_svg.c, room
 * in pixels) and hpstat's text table (hp_stats_write.c, room in
 * terminal columns).
 *
 * A name that fits is kept whole.  Else it is cut in the middle, shown
 * as its head, "…" and its tail, keeping its distinguishing end whole
 * when there is room for it and for a head of at least 3 units:
 *   - a -hi band named from its IPE table ("WHAT{KIND::TYPE}@SRC#0x4a8b"):
 *     from the "#" of its "#0x" address to the end, the part that tells
 *     two bands of one description apart (ipe.h);
 *   - a cost-centre stack ("inner/.../outer", -hc and -hr names): its
 *     last "/" and the outermost cost centre after it; the head keeps
 *     the innermost (not a stack GHC cut to its -L length, ending in
 *     "...");
 * and otherwise, or when the end does not fit, the head and the tail
 * get half of the room each.  The head then takes whatever room the
 * tail leaves.  Names are measured in units (a character, or the escape
 * of a byte, as the caller's writer shows them) by the caller's width
 * function, so a cut never splits one.
 */
#ifndef HPT_NAMECUT_H
#define HPT_NAMECUT_H

#include <stddef.h>

/* The width of the unit of s (n bytes) that starts at s[i], in the
 * caller's measure (pixels, columns), and its length in bytes (at
 * least 1) into *len.  arg is the caller's. */
typedef double (*hpt_unit_width)(const char *s, size_t n, size_t i,
                                 size_t *len, void *arg);

/* A name as shown: s[0..head) then, when cut, "…" and s[n-tail..n).
 * cut is 0 for a name kept whole (head n, tail 0). */
struct hpt_cut {
	size_t head, tail;
	int cut;
	double width;            /* of what is shown, the "…" included */
};

/* Cut s (n bytes) to room (in the width function's measure), the "…"
 * being ell wide, by the rule above.  Never fails: a room too small
 * for one unit each side keeps one each anyway (the caller checks
 * width). */
void hpt_cut_name(const char *s, size_t n, double room, double ell,
                  hpt_unit_width w, void *arg, struct hpt_cut *out);

/* Cut count names (s[i], n[i] bytes) to room each, into out[i], then
 * lengthen those whose shown labels read the same (equal heads and
 * tails) by step at a time, each group until its labels differ or are
 * whole: no two labels of distinct names read the same.  Returns the
 * widest label's width. */
double hpt_cut_unique(const char *const *s, const size_t *n, size_t count,
                      double room, double step, double ell,
                      hpt_unit_width w, void *arg, struct hpt_cut *out);

#endif
