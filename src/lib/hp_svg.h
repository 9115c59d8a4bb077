/*
 * hp_svg.h: a heap profile as a picture (hpcat -o svg): the stacked
 * area chart that hp2ps draws from a .hp (GHC's utils/hp2ps), as one
 * standalone SVG 1.1 document through svg.h.
 *
 * What is drawn (1080 x 600 pixels):
 *   - the JOB as title (cut to its measured width in the middle of
 *     the program's arguments, keeping the name and +RTS options),
 *     the DATE (with "UTC" for an eventlog) and the
 *     largest total (with its time) below it, and the number of samples
 *     (and of columns, when they were merged: see Bounds), and
 *     "incomplete" when the last sample is not empty (GHC ends a
 *     finished .hp with an empty sample: rts/ProfHeap.c);
 *   - the bands stacked over time, one filled outline each, the band
 *     with the largest time integral (hp_integral, hp.h) at the bottom,
 *     ties by name (bytes); the bands kept by hp2ps's -t and hpslice's
 *     -m (struct hp_svg_opts; by default 1 % and 20), every other band
 *     summed into one named OTHER on top;
 *     values between two samples are joined by straight lines (the
 *     trapezoid of the integral); a band absent from a sample is 0;
 *   - a size axis in B, KiB, MiB, GiB ... (powers of 1024, said on the
 *     axis) at ticks round in one unit (up to a fixed maximum: -Y),
 *     and a time axis in the SAMPLE_UNIT (seconds) at
 *     round ticks from "0", labelled with its clock (hp_header's
 *     elapsed_clock: mutator CPU or elapsed), each MARK as a small
 *     triangle under the time axis and a dotted line, with its text
 *     (hp_sample.mark_text) as a label; samples all at one time as a
 *     bar at that time; an axis that starts within a
 *     quarter of the span after 0 starts at 0;
 *   - a key, in the order of the stack (top band first), under column
 *     headings: each band's colour, name (cut in the middle to its
 *     measured room by namecut.h, no two alike), peak (largest value)
 *     and share of the total time integral
 *     in percent ("<0.1 %" for a small one);
 *   - tooltips (<title>) on every band and key entry: the full name (up
 *     to 2048 bytes, with a gloss of GHC's "*" and of its -L cut
 *     "..."), the peak and its time, and the share;
 *   - a footer saying what peak and share are (and what "..." is when a
 *     drawn name has it).
 *   - a script for browsers (hover, a band alone: chart_script), which
 *     changes nothing until an event comes.
 * Colours come from svg.h's palette by each band's identity
 * (hp_band_identity), the same in every chart of every run; no two
 * drawn bands share one; OTHER is grey.
 *
 * Bounds.  The chart is 620 pixels wide, and the samples are kept at
 * that resolution while they are read: consecutive samples that fall in
 * the same time cell are merged into one column holding each band's
 * largest value there (so every band's peaks stay), the cells widening
 * as the profile grows; at most 2 x 620 columns are held, and at most
 * 621 are drawn.  A profile of up to 620 samples is drawn exactly, one
 * column per sample, and the stacked top at each sample is its total.
 * Memory thus grows with the number of bands, never with the number
 * of samples; the output (at most 21 outlines of 621 points, a key and
 * tooltips) stays far under 1 MB.  A merged column's top is the sum of
 * its bands' maxima, which may lie above every total of its samples
 * when bands peak at different samples within one pixel.
 */
#ifndef HPT_HP_SVG_H
#define HPT_HP_SVG_H

#include "hp.h"

/* The most bands drawn on their own (the palette's colours, svg.h);
 * the others are summed into OTHER. */
#define HP_SVG_BANDS 20

/* What the chart shows (hpcat -m, -t, -Y, -X).  The bands that keep their
 * names are chosen by hp2ps's -t and hpslice's -m (hp_rank_keep_sum,
 * hp_select.h): the smallest bands summed while together under percent
 * per cent (0..100; 0: none) of the total, then at most max_bands
 * (1..HP_SVG_BANDS) of the largest time integrals; every other band is
 * summed into OTHER.  ymax is the size
 * axis' maximum in bytes (VALUE_UNIT), 0 for the largest stacked top
 * rounded up to a tick; what lies above a fixed maximum is cut off.
 * tmax (> 0) makes the time axis run from 0 to tmax (SAMPLE_UNIT,
 * seconds), what lies after it cut off; 0 fits the axis to the
 * samples. */
struct hp_svg_opts {
	uint64_t max_bands;
	double percent;
	uint64_t ymax;
	double tmax;
};
/* The defaults: HP_SVG_BANDS bands, 1 per cent (hp2ps's -t1), ymax 0,
 * tmax 0. */
void hp_svg_opts_init(struct hp_svg_opts *o);

/* The chart as a sink: header, samples and marks are gathered, and the
 * whole document is written (one output unit) by its end call, which
 * frees the sink's state.  The end call draws an empty frame saying
 * "no samples" when none came.  o: the options (copied; NULL for the
 * defaults). */
void hp_sink_svg(struct hp_sink *k, const struct hp_svg_opts *o);

#endif
