/*
 * hp_select.h: choosing parts of a heap profile, sample by sample: which
 * samples (a time interval, a range of sample numbers, every Nth), which
 * bands (by name), and which bands keep their names when the others are
 * summed into one band OTHER (hp2ps's -m and -t, ranked by the time
 * integral of hp.h).  hpslice is built on it; hpstat's -s/-e and the SVG
 * chart's twenty bands use the same functions.
 *
 * Everything works on the struct hp_sample the readers deliver (hp.h,
 * formats.md section 1): one sample at a time, in memory that grows with
 * the number of bands only.  Times are compared as the decimal text they
 * were written in (hpt_dec_cmp, num.h), never through a rounded double.
 */
#ifndef HPT_HP_SELECT_H
#define HPT_HP_SELECT_H

#include <stddef.h>
#include <stdint.h>

#include "hp.h"
#include "intern.h"

/*
 * Sample selection, in the order of a pipeline of three filters, each
 * counting only what the one before it kept:
 *   start, end   keep samples with start <= time <= end (seconds, as
 *                non-negative decimal text; NULL: no bound);
 *   first, last  of those, keep the first-th to the last-th (1-based,
 *                inclusive; 0 and UINT64_MAX: all);
 *   step         of those, keep the 1st, the step+1-th, ... (1: all).
 * Fill the public fields after hp_samplesel_init; the counters are
 * private.
 */
struct hp_samplesel {
	const char *start, *end;
	uint64_t first, last, step;
	/* private */
	uint64_t in_range;       /* samples the time interval kept */
	uint64_t in_step;        /* samples the number range kept */
};
/* No selection (every sample). */
void hp_samplesel_init(struct hp_samplesel *q);
/* Forget the samples counted, to read the input again. */
void hp_samplesel_rewind(struct hp_samplesel *q);
/* Whether the sample s (the next of the input, in order) is kept. */
int hp_samplesel_take(struct hp_samplesel *q, const struct hp_sample *s);
/* Whether a MARK at s->time_text, coming after the samples given to
 * hp_samplesel_take so far, is kept: its time lies in the interval, and
 * (with a number range) it comes after the range's first sample and
 * before its last.  A step drops no mark. */
int hp_samplesel_mark(const struct hp_samplesel *q,
                      const struct hp_sample *s);

/*
 * Band selection by name (hpslice -k/-x): a band is kept when some keep
 * pattern matches its name (or there is none) and no drop pattern does.
 * A pattern matches a name that contains it (bytes, case counts), or,
 * with ere, that matches it as a POSIX extended regular expression
 * (regcomp(3), REG_EXTENDED).  Decisions are remembered per band id, so
 * each name is matched once.
 */
struct hp_bandsel; /* private to hp_select.c */
struct hp_bandsel *hp_bandsel_new(int ere);
/* Add a keep (keep != 0) or drop pattern.  Returns NULL, or for a bad
 * regular expression regerror(3)'s text (the caller frees it). */
char *hp_bandsel_add(struct hp_bandsel *q, int keep, const char *pattern);
/* Whether any pattern was added. */
int hp_bandsel_any(const struct hp_bandsel *q);
/* Whether band b of bands is kept. */
int hp_bandsel_band(struct hp_bandsel *q, const struct hpt_intern *bands,
                    uint32_t b);
/* Drop the values of s whose band is not kept, in place (the others
 * keep their order and their text). */
void hp_bandsel_apply(struct hp_bandsel *q, const struct hpt_intern *bands,
                      struct hp_sample *s);
void hp_bandsel_free(struct hp_bandsel *q);

/*
 * The bands that keep their names when all the others are summed into
 * one band OTHER: the max_bands bands with the largest time integral in
 * a (hp_integral, in byte-seconds; ties broken by name, bytes in
 * ascending order, so the choice is deterministic), and of those only
 * the ones whose integral is at least percent per cent of a->total
 * (percent 0: no such bound).  Only bands with present[b] != 0 compete
 * (the bands that appear in the samples integrated); the band other
 * (the id of "OTHER" in bands, or -1) never keeps its name, so that a
 * band already called OTHER is summed with the rest.
 * Sets keep[b] to 1 or 0 for every b < bands->count; returns how many
 * are 1.
 */
/* The ranking itself: the bands b < bands->count with present[b] != 0
 * (present NULL: every band), other excepted, into order, largest
 * integral in a first, ties by name as above.  order has room for
 * bands->count ids; returns how many it holds.  hp_svg.c draws the
 * first ones of this order. */
size_t hp_rank_order(const struct hp_integral *a,
                     const struct hpt_intern *bands,
                     const unsigned char *present, long other,
                     uint32_t *order);
size_t hp_rank_keep(const struct hp_integral *a,
                    const struct hpt_intern *bands,
                    const unsigned char *present, uint64_t max_bands,
                    double percent, long other, unsigned char *keep);

/* hp2ps's -t rule (GHC's utils/hp2ps): as hp_rank_keep, but percent
 * bounds the bands summed together, not each: the smallest bands are
 * summed, smallest first, while their integrals together stay below
 * percent per cent of a->total, so that no band of percent or more is
 * ever summed and what is summed is too small to see; then at most
 * max_bands of the others keep their names.  The heap chart's key
 * (hpcat -t). */
size_t hp_rank_keep_sum(const struct hp_integral *a,
                        const struct hpt_intern *bands,
                        const unsigned char *present, uint64_t max_bands,
                        double percent, long other, unsigned char *keep);

/* Sum the values of s whose band is not kept (b >= nkeep or keep[b] ==
 * 0) into one value of band other, written last; kept values keep their
 * order and text.  A sample with no such value gets no OTHER value.
 * Returns 0, or -1 when the sum does not fit in 64 bits (the readers
 * check each value, not the sample's total): s is then unchanged and
 * the caller reports the error. */
int hp_fold_other(struct hp_sample *s, const unsigned char *keep,
                  size_t nkeep, uint32_t other);

#endif
