/*
 * hp_read.h: the .hp reader.
 *
 * The format is written by GHC's rts/ProfHeap.c (every version from 6.x
 * on; formats.md section 1) and read by utils/hp2ps/HpFile.c; the full
 * grammar, with every check and repair, heads hp_read.c.  The reader
 * streams: memory grows with the number of distinct band names (kept in
 * the caller's struct hpt_intern), never with the number of samples.
 * Every repair is a warning "FILE:LINE: warning: ...", or an error
 * under strict mode; a kind of repair is warned about once, at its
 * first line, and at the end of the input a kind seen more than once
 * gets "FILE: warning: KIND: N times in all, the first at line L".
 */
#ifndef HPT_HP_READ_H
#define HPT_HP_READ_H

#include <stdint.h>

#include "hp.h"
#include "input.h"

struct hp_reader; /* private to hp_read.c */

/*
 * A reader of the input in (opened by the caller, which closes it after
 * hp_reader_free), reading up to the end of the header.  bands is the
 * band-name table to intern into.  strict makes every repair an error.
 * time_offset (NULL: none) is a decimal number of seconds added, exactly,
 * to every time read: the time a joined input continues after (a sum is
 * always written with a decimal point).  When in follows a file
 * (in->follow), the reader tells the input where the profile may end
 * (after an empty sample that is not the first; input.h decides).
 * Errors (exit 2): "FILE: empty input", "FILE:LINE: not a heap profile:
 * expected JOB, found '...'", "FILE:LINE: no complete line", "FILE:LINE:
 * NUL byte in line: not a heap profile", malformed header strings.
 */
struct hp_reader *hp_reader_new(struct hpt_input *in,
                                struct hpt_intern *bands, int strict,
                                const char *time_offset);

/* The header read (missing lines filled in with their defaults). */
const struct hp_header *hp_reader_header(const struct hp_reader *r);

/*
 * Read the next item into s (whose buffers are reused between calls).
 * Returns HP_SAMPLE for a complete census, HP_MARK for a MARK line (only
 * s->time, s->time_text and s->line are set), HP_EOF at the end.
 * A trailing sample without END_SAMPLE is dropped with a warning naming
 * the line where it began; malformed rows are errors "FILE:LINE: ..."
 * (in that trailing sample too when the next BEGIN_SAMPLE cuts it).
 * A band name may span lines (an SCC label with a newline; hp_read.c).
 * In strict mode, an input whose last sample is not empty is the error
 * "FILE: no final empty sample: the program was killed or is still
 * running" (GHC ends every profile with an empty sample at exit,
 * rts/ProfHeap.c).
 */
enum hp_item hp_read(struct hp_reader *r, struct hp_sample *s);

/* Complete samples returned so far. */
uint64_t hp_reader_samples(const struct hp_reader *r);

/* The time text of the last complete sample, time_offset included: what
 * a later input joined to this one continues after.  NULL before the
 * first sample.  Valid until the next hp_read or hp_reader_free. */
const char *hp_reader_end_time(struct hp_reader *r);

/* Release the reader (not the input, not the band table). */
void hp_reader_free(struct hp_reader *r);

/*
 * Does the profile with header later measure what the one with header
 * first does, so that joining them makes sense?  NULL if so; else the
 * first difference, as a new string (caller frees): "SAMPLE_UNIT 'x'
 * differs from 'y'", the same for VALUE_UNIT, or "breakdown '-hm'
 * differs from '-hc'", the breakdown being the last -h option after
 * " +RTS" in JOB (-h alone is -hc; a restriction such as -hcNAME is
 * not a breakdown; a JOB without one is not compared).  The reader uses
 * it for a second profile in one input, hpcat for joined files.  (A
 * header comparison belongs to the model, hp.h, once another heap
 * reader needs it.)
 */
char *hp_header_mismatch(const struct hp_header *first,
                         const struct hp_header *later);

#endif
