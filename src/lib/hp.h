/*
 * hp.h: the heap profile (.hp) reader and writer.
 *
 * The format is written by GHC's rts/ProfHeap.c (every version from 6.x
 * on; formats.md section 1) and read by utils/hp2ps/HpFile.c:
 *
 *   JOB "<job>"             header, four string lines, in this order
 *   DATE "<date>"
 *   SAMPLE_UNIT "seconds"
 *   VALUE_UNIT "bytes"
 *   BEGIN_SAMPLE <t>        one census: t in seconds of mutator CPU time
 *   <band>\t<bytes>         one row per band, split on the LAST tab
 *   END_SAMPLE <t>
 *   MARK <t>                (hp2ps only; kept)
 *
 * The reader streams: memory grows with the number of distinct band
 * names (kept in a struct hpt_intern, which several readers may share),
 * never with the number of samples.  Every repair it makes is a warning
 * (an error under strict mode); see hp_read.c for the full grammar.
 */
#ifndef HPT_HP_H
#define HPT_HP_H

#include <stddef.h>
#include <stdint.h>

#include "intern.h"
#include "util.h"

/* The four header strings, unescaped (a JOB's "" is one "), as bytes
 * with lengths: they may contain anything, a newline included. */
struct hp_header {
	char *job, *date, *sample_unit, *value_unit;
	size_t job_len, date_len, sample_unit_len, value_unit_len;
};

/* One band's value in one sample: the band is an id in the reader's
 * band table, bytes the residency in bytes.  text_len > 0 says that the
 * sample's digits[text_off..] hold the value's decimal text as read (the
 * writers copy it instead of formatting bytes again). */
struct hp_bandval {
	uint32_t band;
	uint32_t text_off;
	uint64_t bytes;
	uint8_t text_len;
};

/* One census, or a MARK.  time is in seconds; time_text is the time as
 * it should be written back (the input's own text, normalised: a decimal
 * comma becomes '.', a 6.x carry such as 13.100 becomes 14.00, and an
 * integer such as 0 gets ".0" so that hp2ps reads it as a float; in a
 * second profile of the same input, the time continues after the first
 * profile's last sample).  The
 * values are in order of first appearance in the sample, with rows that
 * name the same band summed. */
struct hp_sample {
	double time;
	char *time_text;
	size_t time_cap;
	long line;               /* line of BEGIN_SAMPLE (or MARK) */
	struct hp_bandval *v;
	size_t n, cap;
	char *digits;
	size_t digits_len, digits_cap;
};

enum hp_item { HP_EOF = 0, HP_SAMPLE, HP_MARK };

/* Reader state: everything about one input lives here, nothing global. */
struct hp_reader {
	struct hpt_input in;
	struct hpt_intern *bands;
	struct hp_header hdr;
	int strict;              /* repairs are errors */
	/* private */
	uint64_t stamp;          /* number of the sample being read */
	uint64_t *seen;          /* seen[band]: stamp of its last sample */
	uint32_t *slot;          /* slot[band]: its index in that sample */
	size_t seen_cap;
	long nsamples;           /* samples returned so far */
	int last_empty;          /* the last sample returned had no bands */
	double prev_time;
	int have_prev;
	char *pending;           /* a line read ahead, to handle next */
	long pending_len;
	int pending_unterm;
	char *begin_text;        /* BEGIN_SAMPLE time text as read */
	size_t begin_len, begin_cap;
	int have_begin;
	uint32_t *pred;          /* band ids of the last sample, in order: */
	size_t pred_n, pred_cap; /* rows usually repeat, saving a hash */
	double begin_raw;        /* BEGIN_SAMPLE time as read, unshifted */
	char *last_text;         /* time_text of the last complete sample */
	size_t last_len, last_cap;
	char *run_offset;        /* a second profile in the input: added */
	size_t run_cap;          /* to its times (NULL: none) */
	int new_run;             /* its header is being read */
	int prev_dec;            /* decimals of the last time read (-1: none) */
	uint64_t prev_int;       /* and its whole seconds */
	uint64_t *prev_stamp;    /* per band: stamp of the last sample */
	uint32_t *prev_slot;     /* per band: its index there */
};

/*
 * Open path ("-" is standard input) and read the header.  bands is the
 * band-name table to intern into (shared by readers whose samples are
 * written together).  strict makes every repair an error; follow makes
 * the reader wait at end of file for more data (tail -f) until the final
 * empty sample arrives or stop(arg) returns non-zero.
 * Errors (exit 2): "FILE: reason" (unreadable), "FILE: empty input",
 * "FILE: eventlog input not supported yet", "FILE:LINE: not a heap
 * profile ...", malformed header strings.
 */
void hp_reader_open(struct hp_reader *r, const char *path,
                    struct hpt_intern *bands, int strict, int follow,
                    int (*stop)(void *), void *arg);

/*
 * Read the next item into s (whose buffers are reused between calls).
 * Returns HP_SAMPLE for a complete census, HP_MARK for a MARK line (only
 * s->time, s->time_text and s->line are set), HP_EOF at the end.
 * A trailing sample without END_SAMPLE is dropped with a warning naming
 * the line where it began; malformed rows are errors "FILE:LINE: ...".
 */
enum hp_item hp_read(struct hp_reader *r, struct hp_sample *s);

/* Release the reader (not the band table). */
void hp_reader_close(struct hp_reader *r);

/* Release a sample's buffers. */
void hp_sample_free(struct hp_sample *s);

/*
 * Writers, to standard output through hpt_out_*.
 */
/* The four header lines; every '"' in a string is written as '""' (the
 * GHC 8.8+ escaping that hp2ps 8.8+ reads). */
void hp_write_header(const struct hp_header *h);
/* One sample: BEGIN_SAMPLE, one row per band value, END_SAMPLE, with
 * time_text (normally s->time_text) on both sample lines. */
void hp_write_sample(const struct hpt_intern *bands,
                     const struct hp_sample *s, const char *time_text);
/* A MARK line. */
void hp_write_mark(const char *time_text);
/* TSV: the header row "time\tband\tbytes", then one row per band value
 * of a sample, names escaped as in hpt_out_tsv(). */
void hp_write_tsv_header(void);
void hp_write_tsv_sample(const struct hpt_intern *bands,
                         const struct hp_sample *s, const char *time_text);

#endif
