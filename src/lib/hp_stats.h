/*
 * hp_stats.h: the figures of a heap profile, computed while its samples
 * stream by (hpstat; man/hpstat.1 defines every figure).  Memory grows
 * with the number of bands, never with the number of samples.
 *
 * Samples come from any heap input (heap_in.h) as struct hp_sample
 * (hp.h): times in seconds, values in bytes, as GHC's rts/ProfHeap.c
 * writes them (formats.md section 1; a VALUE_UNIT other than "bytes",
 * which GHC never writes, is kept: the figures are then in that unit).
 * Over the samples of an interval START <= time <= END (compared
 * exactly, as decimals), a band absent from a sample counting 0 there:
 *
 *   samples    samples that have a row for the band
 *   max        its largest value (bytes); max_time the time (seconds) of
 *              the first sample with it
 *   sum        the plain sum of its values (bytes; hp2any's "integral")
 *   integral   the trapezoid rule over consecutive samples (hp_integral,
 *              hp.h), in byte-seconds
 *   mean       integral / duration (bytes), where the duration is the
 *              time the trapezoids cover: the sum of the steps forward
 *              in time between consecutive samples (last - first when
 *              times only grow, as GHC's do; a step back covers
 *              nothing, as it adds nothing to the integral); with a
 *              duration of 0 (one sample, or all at one time) the plain
 *              average of the samples' values
 *   share      integral / the sum of all integrals, in percent (0 when
 *              that sum is 0)
 *   first,last times of the first and last sample with a row for it
 *   slope      least-squares slope of its values against time, in bytes
 *              per second, over the samples from its first appearance to
 *              the end of the interval, less GHC's exit census (0 with
 *              fewer than two such samples, or when they all have the
 *              same time)
 *   growth     the fitted line's rise over those samples, in bytes: the
 *              slope times the time from the band's first sample to the
 *              last sample the slope counts (0 when the slope is 0)
 *
 * GHC's exit census is the empty sample that rts/ProfHeap.c writes when
 * the program ends (formats.md 1.1), and ev_heap.h gives an eventlog
 * that ended: the last sample of the input, when it has no rows and is
 * not its first.  It says that the program ended, not that its heap was
 * empty: counting it would pull every band's slope down (a band of one
 * size in every census would shrink).  Only the slopes leave it out:
 * the integrals, means and the final total count it.  An empty sample
 * that another follows is a census like any other.  A band starts at
 * its first sample because it did not exist before (a stack not yet
 * entered): zeros there would make every late band a grower.
 *
 * Byte sums are exact (128 bits); times are kept as the input's text
 * (the duration is computed exactly, as a decimal); the other figures
 * are doubles.
 */
#ifndef HPT_HP_STATS_H
#define HPT_HP_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "hp.h"
#include "intern.h"

/* An exact unsigned 128-bit number of bytes. */
struct hp_u128 {
	uint64_t hi, lo;
};

/* Its decimal digits at buf (at least 40 bytes), NUL-terminated;
 * returns their number. */
size_t hp_u128_fmt(char *buf, struct hp_u128 v);
/* Its value, rounded to a double. */
double hp_u128_double(struct hp_u128 v);

/* A sample's time, in seconds: its text as the input wrote it (struct
 * hp_sample's time_text, hp.h), for output, and its value, to compute.
 * text is NULL until the time is set. */
struct hp_stats_time {
	double v;
	char *text;
	size_t len, cap;
};

/* The figures of one band (valid after hp_stats_finish; the times
 * first, max_time and last are set while the samples stream by). */
struct hp_band_stats {
	uint64_t samples;        /* 0: the band has no row in the interval */
	uint64_t max;            /* bytes */
	struct hp_stats_time max_time, first, last;
	struct hp_u128 sum;      /* bytes */
	double integral;         /* byte-seconds */
	double mean;             /* bytes */
	double share;            /* percent */
	double slope;            /* bytes per second */
	double growth;           /* bytes */
	/* private: set at the band's first sample */
	long double n0, st0, stt0; /* the profile's count, sum of times and
	                          * of squared times before that sample */
	/* private: its sum of values (bytes) as the slope sums it, kept
	 * from the row where the exact sum passes 2^64 on (until then it
	 * is the exact sum, taken at finish) */
	long double sy;
};

/* private to hp_stats.c: the running figures of one band, read and
 * written by each of its rows */
struct hp_band_acc;

/* private to hp_stats.c: one row of a sample, its value (bytes) as a
 * double */
struct hp_stats_row {
	double y;
	uint32_t band;
};

/* Buckets of the sparkline: at most HP_STATS_SPARK characters, each the
 * mean total of a run of consecutive samples. */
#define HP_STATS_SPARK 64

struct hp_stats {
	/* the interval: samples with start <= time <= end (seconds, as
	 * decimal text; NULL: no bound), and the bounds' values */
	const char *start, *end;
	double start_v, end_v;
	/* the header (copies) */
	char *job, *date, *value_unit;
	size_t job_len, date_len, value_unit_len;
	int in_bytes;            /* value_unit is "bytes" */
	/* the summary */
	uint64_t samples;        /* samples in the interval */
	struct hp_stats_time first, last; /* the first and last sample's
	                          * time, in the input's order */
	double duration;         /* seconds covered (see mean above) */
	char *duration_text;     /* the same, exactly (after finish) */
	size_t nbands;           /* bands with a row in the interval */
	int has_max_cost;        /* some band has a row */
	uint32_t max_cost_band;  /* the band of the largest single value */
	uint64_t max_cost;       /* bytes */
	struct hp_stats_time max_cost_time; /* its first sample's */
	struct hp_u128 max_total;   /* the largest total of a sample (bytes) */
	struct hp_stats_time max_total_time; /* the first sample with it */
	struct hp_u128 final_total; /* the last sample's total (bytes) */
	struct hp_u128 sum_totals;  /* every sample's total, summed (bytes) */
	double total_integral;   /* sum of every band's integral (byte-s) */
	double mean_total;       /* total_integral / duration (bytes), or
	                          * the average total with a duration of 0 */
	int time_decimals;       /* most decimals of a time in the input */
	int time_lost;           /* two samples' times differ in the input
	                          * by less than their doubles can show
	                          * (under 2^-40 of their size, or not at
	                          * all): the figures that use time
	                          * differences are unreliable */
	int exit_census;         /* after finish: the input ends with GHC's
	                          * exit census (its last sample, not its
	                          * first, is empty); 0: the program was
	                          * killed or is still running */
	/* per band, indexed by band id; bands 0..nb-1 have an entry */
	struct hp_band_stats *b;
	size_t nb, bcap;
	/* the sparkline: spark[0..nspark) each the sum of the totals of
	 * run samples in a row (the last perhaps of fewer, in_run) */
	double spark[HP_STATS_SPARK];
	size_t nspark;
	uint64_t run, in_run;
	/* private */
	char *back;              /* the steps back in time, summed exactly
	                          * (NULL: none) */
	struct hp_band_acc *acc; /* acc[0..nb): each band's running figures */
	double *integral;        /* integral[0..nb): each band's so far,
	                          * byte-seconds */
	size_t acc_cap, integral_cap;
	double integral_total;   /* the sum of every trapezoid so far
	                          * (byte-seconds) */
	double prev_time;        /* the last sample's time (seconds) */
	/* the rows of the last sample, in order; cur the same for the
	 * sample being added (the two swap after each sample) */
	struct hp_stats_row *prev, *cur;
	size_t prev_n, prev_cap, cur_cap;
	uint32_t *upd;           /* room for the bands of a sample's rows */
	size_t upd_cap;
	long double n, st, stt;  /* count, sum of times, of squared times
	                          * (times less the first, for precision)
	                          * of the samples the slopes count */
	long double fit_end;     /* the time of the last of them (less the
	                          * first) */
	int pending_empty;       /* the last sample in the interval was
	                          * empty and is not yet counted: counted
	                          * when another sample follows */
	long double pending_tt;  /* its time less the first */
	uint64_t seen;           /* samples added, in the interval or not */
	int ended_empty;         /* the last of them was empty */
	int finished;
};

/* An empty set of figures over the interval from start to end, each a
 * non-negative decimal "digits[.digits]" in seconds or NULL for no
 * bound (kept, not copied). */
void hp_stats_init(struct hp_stats *st, const char *start, const char *end);
/* Keep a copy of the profile's job, date and value unit. */
void hp_stats_header(struct hp_stats *st, const struct hp_header *h);
/* Add one census (not a MARK); a sample outside the interval is
 * skipped (but tells whether the one before it was the last). */
void hp_stats_add(struct hp_stats *st, const struct hp_sample *s);
/* Compute the figures that need the whole interval (integral, mean,
 * share, slope, duration, mean total).  Call once, after the last
 * sample. */
void hp_stats_finish(struct hp_stats *st);
void hp_stats_free(struct hp_stats *st);
/* Bucket i (< nspark) of the sparkline: the mean total, in bytes, of
 * its run of consecutive samples. */
double hp_stats_spark(const struct hp_stats *st, size_t i);

/* The figure a band list is sorted by (hpstat -S). */
enum hp_stats_key {
	HP_KEY_MAX, HP_KEY_SUM, HP_KEY_INTEGRAL, HP_KEY_SLOPE, HP_KEY_NAME,
	HP_KEY_GROWTH
};

/* The ids of the bands with a row in the interval, sorted by key
 * (descending; HP_KEY_NAME ascending by bytes; HP_KEY_GROWTH equal
 * growths by integral, descending), ties by name; *n is set to their number.  The
 * caller frees the array. */
uint32_t *hp_stats_order(const struct hp_stats *st,
                         const struct hpt_intern *bands,
                         enum hp_stats_key key, size_t *n);

/* No band: a band of one profile only has this as its band in the
 * other. */
#define HP_NO_BAND UINT32_MAX

/* One band in two profiles (hpstat -d): a band absent from one counts
 * 0 there.  name[0..len) is the name to show (a pointer into the band
 * table: the band's identity, or its whole name, below); old_band and
 * new_band the band in each (HP_NO_BAND: none).  Integrals in
 * byte-seconds, max and growth in bytes, slopes in bytes per second;
 * delta is new - old. */
struct hp_band_diff {
	const char *name;
	size_t len;
	uint32_t old_band, new_band;
	double old_integral, new_integral, delta_integral;
	uint64_t old_max, new_max;
	double old_slope, new_slope, delta_slope;
	double old_growth, new_growth, delta_growth;
};

/*
 * Every band with a row in either profile (finished, over one band
 * table), a band of one matched with a band of the other by their
 * identity (hp_band_identity, hp.h: the name without GHC's "(N)", so
 * that a stack renumbered by a rebuild is one band).  Bands of one
 * profile with one identity (two stacks that differ only by their
 * numbers) pair in the order of the numbers taken off, smallest first,
 * the first of the old with the first of the new; a band left over is
 * in one profile only.  The name shown is the identity, but for an
 * identity of several bands in either profile, whose bands show their
 * whole names (the new profile's band's, else the old's), and for an
 * empty identity ("(7)", a stack of one empty label), shown whole too.  Sorted by
 * the absolute change in integral, largest first; equal changes by the
 * larger of the two integrals, largest first, then by the name shown;
 * *n is set to their number.  The caller frees it (not the names).
 */
struct hp_band_diff *hp_stats_diff(const struct hp_stats *old,
                                   const struct hp_stats *new_,
                                   const struct hpt_intern *bands,
                                   size_t *n);

#endif
