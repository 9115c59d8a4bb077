/*
 * output.h: buffered standard output with write-error checks.
 *
 * Write errors (full disk) are "PROG: write error: reason", exit 2; a
 * closed pipe (EPIPE) exits 0 quietly, as the reader asked for no more.
 * A program that dies after its output has begun (any hpt_die or
 * hpt_data_error) gets the complete units written and then
 * hpt_fail_trailer, so that what it leaves does not pass for complete.
 */
#ifndef HPT_OUTPUT_H
#define HPT_OUTPUT_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

/* A line (with its '\n') written to standard output when the program
 * stops on an error after output has begun, so that the output does not
 * look complete (a reader of the format rejects it).  NULL: none. */
extern const char *hpt_fail_trailer;

void hpt_out_write(const void *p, size_t n);
void hpt_out_str(const char *s);
void hpt_out_char(int c);
/* k spaces. */
void hpt_out_spaces(size_t k);
void hpt_out_u64(uint64_t v);
void hpt_out_i64(int64_t v);
void hpt_out_printf(const char *fmt, ...) HPT_PRINTF(1, 2);
/* Room for n bytes (any n: the buffer grows) in the output buffer,
 * flushing it first if needed: write at most n bytes there, then call
 * hpt_out_commit() with the number written.  For hot loops that format
 * rows in place. */
char *hpt_out_space(size_t n);
void hpt_out_commit(size_t used);
/* Units: with hpt_out_units(1), output goes out only in whole units
 * (a sample, a row), each ended by hpt_out_mark(), so that a program
 * stopped by an error in the middle of a unit has written complete units
 * only.  A unit larger than the buffer grows it. */
void hpt_out_units(int on);
void hpt_out_mark(void);
/* Write everything buffered to standard output now. */
void hpt_out_flush(void);
/* Flush and close standard output, checking for errors; call once before
 * exit(0). */
void hpt_out_close(void);

#endif
