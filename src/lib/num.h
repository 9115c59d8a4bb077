/*
 * num.h: exact, locale-free numbers.  Byte counts and ticks are uint64_t
 * parsed with range checks; times are kept as their decimal text and
 * added exactly (hpt_dec_add), converted to double only to compute.
 */
#ifndef HPT_NUM_H
#define HPT_NUM_H

#include <stddef.h>
#include <stdint.h>

/* Parse n bytes of decimal digits into *v.  Returns 0, or -1 when the text
 * is empty or not all digits, -2 when it exceeds 2^64-1. */
int hpt_parse_u64(const char *s, size_t n, uint64_t *v);
/* The exact sum of two non-negative decimals "digits[.digits]", as a new
 * string (caller frees) with as many decimals as the longer of the two
 * (and no leading zeros but one). */
char *hpt_dec_add(const char *a, const char *b);
/* Compare two non-negative decimals "digits[.digits]" exactly (so that
 * "2" equals "2.000" and "10.5" is above "9.75"): returns <0, 0 or >0
 * as a is below, equal to or above b. */
int hpt_dec_cmp(const char *a, const char *b);
/* The exact difference a - b of two such decimals, a >= b (otherwise
 * the result is "0" with as many decimals), as a new string (caller
 * frees) with as many decimals as the longer of the two. */
char *hpt_dec_sub(const char *a, const char *b);
/* Format d with prec digits after the '.' into buf (size >= 64). */
void hpt_fmt_double(char *buf, size_t size, double d, int prec);
/* Format v in decimal at p; returns the number of bytes (at most 20). */
size_t hpt_fmt_u64(char *p, uint64_t v);
/* A size for people in the project's one family of units, binary
 * (powers of 1024; hptools.5 "Sizes"), into buf (at least 32 bytes):
 * "0 B", "512 B", then one decimal and the unit whose figure stays
 * below 1024: "1.5 KiB", "12.3 MiB" .. "YiB"; a negative size (a
 * difference) with its "-". */
void hpt_bytes_text(char *buf, double bytes);
/* Format v in decimal ending just before end: the digits take
 * end[-n] .. end[-1]; returns n (at most 20).  For right-aligned
 * columns: no count of the digits first, as hpt_fmt_u64 makes. */
size_t hpt_fmt_u64_back(char *end, uint64_t v);
/* The most bytes hpt_fmt_fixed writes: "%.9f" of -DBL_MAX. */
#define HPT_FIXED_MAX 320
/* What printf("%.*f", prec, d) writes (0 <= prec <= 9), as
 * hpt_fmt_double does, at p (room for HPT_FIXED_MAX bytes) without a
 * NUL; returns the number of bytes.  For hot loops that format
 * straight into the output buffer (hpt_out_space). */
size_t hpt_fmt_fixed(char *p, double d, int prec);
/* What hpt_fmt_fixed(p, x, prec) writes, x being a percentage of two
 * counts: (100.0 * (double)v) / (double)tot, or anything as close to
 * 100 * v / tot (within a relative 2^-52), such as (double)v / 10.0
 * for tot 1000.  Found from the integers, with two integer divisions
 * instead of hpt_fmt_fixed's floating-point work, unless they are too
 * large (v * 100 or tot not below 2^53) or x's rounding too close to
 * call: then from x.  0 <= prec <= 9; p has room for HPT_FIXED_MAX
 * bytes; returns the number of bytes. */
size_t hpt_fmt_pct(char *p, uint64_t v, uint64_t tot, double x, int prec);

/* hpt_fmt_pct's integer method, written right to left for the columns
 * of a table: what printf("%.*f", prec, x) writes for every double x
 * within a relative 2^-51 of num / den, its last byte at end[-1];
 * returns its length n (end[-n] .. end[-1]), or 0, having written
 * nothing, when the integers cannot tell (den 0, a quotient of 2^40 /
 * 10^prec or more, num / den * 10^prec too close to a half): the
 * caller then formats x itself (hpt_fmt_fixed).  0 <= prec <= 9; the
 * text is at most 1 + 13 + prec bytes. */
size_t hpt_fmt_quot_back(char *end, uint64_t num, uint64_t den, int prec);

#endif
