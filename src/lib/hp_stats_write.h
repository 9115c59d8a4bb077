/*
 * hp_stats_write.h: the writers of heap-profile statistics (hp_stats.h),
 * for people (text), scripts (TSV) and programs (JSON); man/hpstat.1
 * shows each layout.
 *
 *   text  the summary (job, date, samples, bands, max cost, max total,
 *         mean and final total, a sparkline of the total over time),
 *         then with show_bands a band table (max, integral, share,
 *         growth, slope); aligned for 80 columns,
 *         sizes in binary units (12.3 MiB), names longer than their
 *         column cut with a mark
 *   tsv   a header row, then one row per band: [file] band samples max
 *         max_time mean sum integral share first last slope growth
 *   json  one object per profile (several: an array of them), with the
 *         summary and per_band objects named as the TSV columns
 *
 * In TSV and JSON bytes are exact integers; times have as many decimals
 * as the input's most precise time; other figures 6 decimals.  Names
 * are escaped for each format (escape.h).  All output goes through
 * output.h.
 */
#ifndef HPT_HP_STATS_WRITE_H
#define HPT_HP_STATS_WRITE_H

#include <stddef.h>
#include <stdint.h>

#include "hp_stats.h"
#include "intern.h"

/* One profile's figures as a writer shows them: file is the operand's
 * name (JSON always gives it; text and TSV only when several is set);
 * order[0..n) the bands to list (hp_stats_order, cut to -n). */
struct hp_stats_view {
	const char *file;
	int several;             /* one of several profiles */
	const struct hpt_intern *bands;
	const struct hp_stats *st;
	const uint32_t *order;
	size_t n;
	int show_bands;          /* text: the band table too */
};

/* bytes in binary units, "0 B", "512 B", "1.5 KiB" .. "YiB", with one
 * decimal, into buf (at least 32 bytes). */
void hp_stats_readable(char *buf, double bytes);
/* A figure of a profile for people, into buf (at least 32 bytes): with
 * in_bytes (VALUE_UNIT "bytes", hp_stats.h) as hp_stats_readable does;
 * in any other unit a count in powers of 1000, "512", "1.5k", "12.3M"
 * .. "Y", without the unit's name. */
void hp_stats_value(char *buf, double v, int in_bytes);

/* A block of the summary (and band table); several profiles: blocks
 * separated by an empty line, each led by its file name (index counts
 * from 0). */
void hp_stats_write_text(const struct hp_stats_view *v, size_t index);
/* The header row; with_file adds the leading file column. */
void hp_stats_write_tsv_header(int with_file);
void hp_stats_write_tsv(const struct hp_stats_view *v);
/* Profile index of count: one object, or with count > 1 or several (one
 * of several files named, the others unread) the element of
 * an array that the first opens and the last closes. */
void hp_stats_write_json(const struct hp_stats_view *v, size_t index,
                         size_t count);

/* Two profiles compared (hpstat -d): old and new (their order unused),
 * d[0..n) the band differences (hp_stats_diff, cut to -n). */
void hp_stats_write_diff_text(const struct hp_stats_view *old,
                              const struct hp_stats_view *new_,
                              const struct hp_band_diff *d, size_t n);
/* band old_integral new_integral delta_integral old_max new_max
 * delta_max old_slope new_slope delta_slope old_growth new_growth
 * delta_growth, with a header row; band is each row's name shown
 * (struct hp_band_diff). */
void hp_stats_write_diff_tsv(const struct hp_stats_view *old,
                             const struct hp_stats_view *new_,
                             const struct hp_band_diff *d, size_t n);
/* {"old": summary, "new": summary, "per_band": [rows as the TSV's]}. */
void hp_stats_write_diff_json(const struct hp_stats_view *old,
                              const struct hp_stats_view *new_,
                              const struct hp_band_diff *d, size_t n);

#endif
