/*
 * namecut.c: cutting names so that they stay apart.  See namecut.h.
 */
#include "namecut.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"

#define HEAD_MIN 3 /* units the head keeps beside a distinguishing end */

/* The width of s[from..to) (a run of whole units). */
static double run_width(const char *s, size_t n, size_t from, size_t to,
                        hpt_unit_width w, void *arg)
{
	double acc = 0;
	size_t len;
	while (from < to) {
		acc += w(s, n, from, &len, arg);
		from += len;
	}
	return acc;
}

/* The start of the distinguishing end of s (n bytes), n when none. */
static size_t distinct_end(const char *s, size_t n)
{
	size_t i = n;
	/* "#0x" and hex digits to the end, after a "{" */
	while (i > 0 && s[i - 1] != '\0' &&
	       strchr("0123456789abcdefABCDEF", s[i - 1]) != NULL)
		i--;
	if (i < n && i >= 3 && s[i - 1] == 'x' && s[i - 2] == '0' &&
	    s[i - 3] == '#' && memchr(s, '{', i - 3) != NULL)
		return i - 3;
	/* the last "/" of a stack, with something after it, unless GHC
	 * cut the stack there ("...": its outermost is gone anyway) */
	if (n >= 3 && memcmp(s + n - 3, "...", 3) == 0)
		return n;
	for (i = n; i-- > 1;)
		if (s[i] == '/')
			return i + 1 < n ? i : n;
	return n;
}

/* The units of s from its start that fit in room: their bytes, and
 * their width into *wd; at least one unit when min1. */
static size_t head_fit(const char *s, size_t n, size_t end, double room,
                       int min1, hpt_unit_width w, void *arg, double *wd)
{
	size_t i = 0, len;
	double acc = 0;
	while (i < end) {
		double uw = w(s, n, i, &len, arg);
		if (acc + uw > room && !(min1 && i == 0))
			break;
		acc += uw;
		i += len;
	}
	*wd = acc;
	return i;
}

/* The units of s[from..n) from its end that fit in room: the byte where
 * they start (n for none), and their width into *wd; at least the last
 * unit when min1. */
static size_t tail_fit(const char *s, size_t n, size_t from, double room,
                       int min1, hpt_unit_width w, void *arg, double *wd)
{
	size_t i = from, len, last = from;
	double acc = run_width(s, n, from, n, w, arg), lw = 0;
	while (i < n) {
		double uw;
		if (acc <= room) {
			*wd = acc;
			return i;
		}
		uw = w(s, n, i, &len, arg);
		last = i;
		lw = uw;
		acc -= uw;
		i += len;
	}
	*wd = min1 ? lw : 0;
	return min1 ? last : n;
}

/* hpt_cut_name, the head keeping at least its first hmin bytes (whole
 * units; 0: no such bound) when that leaves room for a unit of tail. */
static void cut_name(const char *s, size_t n, double room, double ell,
                     size_t hmin, hpt_unit_width w, void *arg,
                     struct hpt_cut *out)
{
	double full = run_width(s, n, 0, n, w, arg), hw, tw, left;
	size_t end, hb, tb;
	out->cut = 0;
	out->head = n;
	out->tail = 0;
	out->width = full;
	if (full <= room)
		return;
	left = room - ell;
	end = distinct_end(s, n);
	tb = n;
	tw = 0;
	if (hmin > 0 && hmin < n) {
		double mw = run_width(s, n, 0, hmin, w, arg);
		tb = tail_fit(s, n, hmin, left - mw, 0, w, arg, &tw);
		if (tb >= n)
			tb = n; /* no room: the rule below */
	}
	if (tb == n && end < n) {
		/* room for the end and a head of HEAD_MIN units */
		double ew = run_width(s, n, end, n, w, arg), h3 = 0;
		size_t k = 0, len, i = 0;
		while (i < end && k < HEAD_MIN) {
			h3 += w(s, n, i, &len, arg);
			i += len;
			k++;
		}
		if (ew + h3 <= left) {
			tb = end;
			tw = ew;
		}
	}
	if (tb == n)
		tb = tail_fit(s, n, 0, left / 2, 1, w, arg, &tw);
	hb = head_fit(s, n, tb, left - tw, 1, w, arg, &hw);
	if (hb >= tb) {
		/* the head reached the tail: nothing is cut after all */
		out->width = full;
		return;
	}
	out->cut = 1;
	out->head = hb;
	out->tail = n - tb;
	out->width = hw + ell + tw;
}

void hpt_cut_name(const char *s, size_t n, double room, double ell,
                  hpt_unit_width w, void *arg, struct hpt_cut *out)
{
	cut_name(s, n, room, ell, 0, w, arg, out);
}

/* The bytes of s (n bytes) up to and including the unit where it first
 * differs from t (m bytes). */
static size_t past_common(const char *s, size_t n, const char *t, size_t m,
                          hpt_unit_width w, void *arg)
{
	size_t i = 0, len;
	while (i < n) {
		w(s, n, i, &len, arg);
		if (i + len > m || memcmp(s + i, t + i, len) != 0)
			return i + len;
		i += len;
	}
	return n;
}

/* Whether labels a and b (of names sa, sb) read the same. */
static int same_label(const char *sa, size_t na, const struct hpt_cut *a,
                      const char *sb, size_t nb, const struct hpt_cut *b)
{
	if (a->cut != b->cut || a->head != b->head || a->tail != b->tail)
		return 0;
	return memcmp(sa, sb, a->head) == 0 &&
	       memcmp(sa + na - a->tail, sb + nb - b->tail, a->tail) == 0;
}

double hpt_cut_unique(const char *const *s, const size_t *n, size_t count,
                      double room, double step, double ell,
                      hpt_unit_width w, void *arg, struct hpt_cut *out)
{
	double *r = hpt_xcalloc(count + 1, sizeof *r), widest = 0;
	size_t *hmin = hpt_xcalloc(count + 1, sizeof *hmin);
	unsigned char *dup = hpt_xcalloc(count + 1, 1);
	size_t i, j;
	int again = 1, round = 0;
	for (i = 0; i < count; i++) {
		r[i] = room;
		cut_name(s[i], n[i], room, ell, 0, w, arg, &out[i]);
	}
	/* first the heads of labels that read as another's are kept to
	 * past where their names differ; labels that still do are
	 * lengthened each round; a label stops once whole, so this ends */
	while (again && step > 0) {
		again = 0;
		memset(dup, 0, count);
		for (i = 0; i < count; i++)
			for (j = i + 1; j < count; j++) {
				size_t k;
				if ((n[i] == n[j] &&
				     memcmp(s[i], s[j], n[i]) == 0) ||
				    !same_label(s[i], n[i], &out[i], s[j],
				                n[j], &out[j]))
					continue;
				dup[i] = dup[j] = 1;
				if (round > 0)
					continue;
				k = past_common(s[i], n[i], s[j], n[j], w, arg);
				if (k > hmin[i])
					hmin[i] = k;
				k = past_common(s[j], n[j], s[i], n[i], w, arg);
				if (k > hmin[j])
					hmin[j] = k;
			}
		for (i = 0; i < count; i++) {
			if (!dup[i] || !out[i].cut)
				continue;
			if (round > 0)
				r[i] += step;
			cut_name(s[i], n[i], r[i], ell, hmin[i], w, arg,
			         &out[i]);
			again = 1;
		}
		round++;
	}
	for (i = 0; i < count; i++)
		if (out[i].width > widest)
			widest = out[i].width;
	free(r);
	free(hmin);
	free(dup);
	return widest;
}
