/*
 * row.h: pieces of a line formatted in place in the output buffer
 * (output.h, hpt_out_space), for the hot loops of the writers: runs of
 * spaces, short copies and numbers done 16 bytes at a time, where a
 * call to memset or memcpy each would cost more than the piece.
 *
 * Both may write up to ROW_SLACK bytes past the bytes they return.  The
 * caller asks hpt_out_space for ROW_SLACK bytes more than the line can
 * take, writes the line's pieces left to right, each where the last one
 * ended (so each overwrites the excess of the one before), and commits
 * only the bytes returned: the excess never goes out.
 */
#ifndef HPT_ROW_H
#define HPT_ROW_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "num.h"

#define ROW_SLACK 16

/* k spaces at o; returns k. */
static inline size_t row_spaces(char *o, size_t k)
{
	if (k <= ROW_SLACK)
		memcpy(o, "                ", ROW_SLACK);
	else
		memset(o, ' ', k);
	return k;
}

/* The n bytes at s, at o; returns n.  s must have ROW_SLACK bytes to
 * read whatever n (a buffer of the caller's, not a name). */
static inline size_t row_copy(char *o, const char *s, size_t n)
{
	if (n <= ROW_SLACK)
		memcpy(o, s, ROW_SLACK);
	else
		memcpy(o, s, n);
	return n;
}

/* v in decimal at o; returns its length (at most 20).  Formatted from
 * the right in a buffer of its own (hpt_fmt_u64_back: no count of the
 * digits first), then copied with row_copy. */
static inline size_t row_u64(char *o, uint64_t v)
{
	char t[20 + ROW_SLACK];
	size_t n = hpt_fmt_u64_back(t + 20, v);
	return row_copy(o, t + 20 - n, n);
}

#endif
