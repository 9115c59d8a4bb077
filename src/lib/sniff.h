/*
 * sniff.h: the one format detector.  Every program asks it what an
 * input holds before choosing a reader, from the first bytes only:
 *
 *   eventlog   the magic "hdrb" (EVENT_HEADER_BEGIN, rts/eventlog/
 *              EventLog.c; formats.md section 4.1)
 *   JSON       '{' as the first byte that is not white space
 *              (rts/ProfilerReportJson.c, +RTS -pj; formats.md 3)
 *   .hp        a first line that starts with JOB, DATE, SAMPLE_UNIT,
 *              VALUE_UNIT, BEGIN_SAMPLE or MARK (rts/ProfHeap.c;
 *              formats.md 1.2)
 *   .prof      a first line holding "Time and Allocation Profiling
 *              Report", or starting "COST CENTRE", "total time",
 *              "total alloc" or "Retainer sets created", or
 *              starting "Retainer Profiling: " (the census lines
 *              that +RTS -hr without -p writes before its SET list)
 *              (rts/ProfilerReport.c, rts/RetainerSet.c,
 *              rts/RetainerProfile.c; formats.md 2)
 *   binary     none of the above, with a NUL byte in the first line
 *              that is not blank (or in the first 4 KiB of one
 *              without a newline): so that 100 MB of NULs or an
 *              endless binary stream is refused after 4 KiB, not read
 *              whole
 *   empty      no byte, or only white space
 *   unknown    anything else: the reader the program expects decides
 *              (and says what is wrong with the first line)
 *
 * Nothing is consumed, but for a UTF-8 byte-order mark before a .prof
 * report or JSON (GHC never writes one; editors do): it is skipped, with
 * the warning "FILE:1: UTF-8 byte-order mark skipped" (a program's -S
 * refuses it by its warning count).  Before anything else it stays, and
 * the input is unknown.  The sniffer reads ahead only as far as the end
 * of the first line (at most 4 KiB), so a profile being followed is
 * recognised as soon as its first line is written.
 */
#ifndef HPT_SNIFF_H
#define HPT_SNIFF_H

#include "input.h"

enum hpt_format {
	HPT_FMT_EMPTY,
	HPT_FMT_UNKNOWN,
	HPT_FMT_HP,
	HPT_FMT_PROF,
	HPT_FMT_JSON,
	HPT_FMT_EVENTLOG,
	HPT_FMT_BINARY
};

/* What the input holds, from its first bytes (none consumed).  Data
 * compressed by gzip, xz, zstd or bzip2 (their magic bytes) is refused
 * first, by hpt_refuse_compressed(in, 0). */
enum hpt_format hpt_sniff(struct hpt_input *in);

/* Exit with status 2 and one line, "PROG: FILE: gzip-compressed data:
 * uncompress it first (zcat FILE | PROG)" ("zcat | PROG" for standard
 * input; xzcat, zstdcat, bzcat for the others), when the input starts
 * with the magic bytes of one of those compressors; for a table
 * (table != 0: given to hpcat -I), "(-I <(zcat FILE))".  Else return,
 * nothing consumed. */
void hpt_refuse_compressed(struct hpt_input *in, int table);

/* The first line that is not blank, as the sniffer saw it (at most 4
 * KiB of it, nothing consumed): returns its length in bytes (0: none),
 * *s its bytes and *lineno its line number, for the message that
 * refuses binary data ("FILE:LINE: not a .prof report: ..."). */
size_t hpt_sniff_line(struct hpt_input *in, const char **s, long *lineno);

/* The format as a noun phrase for messages: "a heap profile (.hp)",
 * "a .prof report", "a -pj JSON profile", "an eventlog", "empty input",
 * "binary data (a NUL byte in its first line)", "unknown data". */
const char *hpt_format_name(enum hpt_format f);

#endif
