/*
 * escape.h: every way hptools shows bytes it did not choose: names in
 * diagnostics, TSV fields, names in text and folded stacks.  Names are
 * arbitrary bytes (NUL included) with explicit lengths.  The JSON and
 * XML escapers of the JSON and SVG writers belong here too.
 */
#ifndef HPT_ESCAPE_H
#define HPT_ESCAPE_H

#include <stddef.h>

#include "diag.h"

/* Quote n bytes of s for a diagnostic, into a static buffer: at most
 * about HPT_QUOTE_MAX bytes (then "..."), so that a message quoting
 * input fits one line of about 200 bytes; TAB as \t, backslash as \\,
 * other control bytes (C1 controls in UTF-8 too), a UTF-8 byte-order
 * mark and bytes that are not UTF-8 as \xNN; valid UTF-8 as it is.
 * Returns a string valid until the next call with the same slot (0-3). */
#define HPT_QUOTE_MAX 80
const char *hpt_quote(int slot, const char *s, size_t n);

/* hpt_utf8_len, the length of a UTF-8 sequence, is diag.h's (the base
 * of the library needs it for the names in messages). */

/* The number of code points in n bytes of UTF-8 (each byte that is not
 * a continuation byte counts one): the width GHC pads .prof columns to. */
size_t hpt_cps(const char *s, size_t n);

/* The terminal columns code point cp shows as: 2 for the East Asian
 * Wide and Fullwidth characters (CJK ideographs, kana, Hangul
 * syllables, fullwidth forms, most emoji; Unicode 14), else 1.  No
 * errors. */
size_t hpt_cp_cols(unsigned long cp);

/* Write a TSV field to standard output: '\\' as "\\\\", TAB as "\\t",
 * LF as "\\n", CR as "\\r", NUL as "\\0"; other bytes unchanged, so a
 * row is always one line with a fixed number of fields. */
void hpt_out_tsv(const char *s, size_t n);

/* Write a name for text output, for a person at a terminal (trees,
 * tables, folded stacks): TAB, LF, CR and NUL as \t \n \r \0; every
 * other control byte as \xNN, so that none reaches the terminal raw:
 * the C0 bytes and DEL, the C1 controls U+0080..U+009F written in UTF-8
 * (as \xc2\xNN), and the bytes 0x80..0x9f that are not part of a UTF-8
 * character; the byte sep (if not 0) as '_'.  Valid UTF-8 otherwise,
 * a backslash and every other byte stay as they are. */
void hpt_out_text(const char *s, size_t n, int sep);

/* The most bytes hpt_esc_tsv and hpt_esc_text write per byte of a
 * name ("\xNN" for one byte, "\xc2\xNN" for two). */
#define HPT_ESC_MAX 4

/* What hpt_out_tsv(s, n) writes, at o instead (room for HPT_ESC_MAX * n
 * bytes); returns the number of bytes.  For rows formatted in place in
 * the output buffer (hpt_out_space). */
size_t hpt_esc_tsv(char *o, const char *s, size_t n);

/* What hpt_out_text(s, n, sep) writes, at o instead (room for
 * HPT_ESC_MAX * n bytes); returns the number of bytes. */
size_t hpt_esc_text(char *o, const char *s, size_t n, int sep);

/* The next unit of hpt_out_text(s, n, 0) (n > 0): the bytes it takes
 * (a UTF-8 character, an escaped byte, or a byte), returned, and the
 * terminal columns it shows as in *cols (an escape its length, a
 * character its hpt_cp_cols, a byte that is not UTF-8 one, as a
 * terminal shows it: U+FFFD).  For
 * cutting a name to a column without splitting a character or an
 * escape. */
size_t hpt_text_unit(const char *s, size_t n, size_t *cols);

/* The terminal columns of hpt_out_text(s, n, 0): the sum of its units'
 * (hpt_text_unit).  What text layouts align names by. */
size_t hpt_text_cols(const char *s, size_t n);

/* Write n bytes as a JSON string, quotes included: valid UTF-8 as it
 * is; '"' and '\\' as \" and \\; BS, FF, LF, CR and TAB as \b \f \n
 * \r \t; every other byte below 0x20, DEL and the C1 controls U+0080..
 * U+009F as \u00XX.  Each byte that is not part of valid UTF-8
 * (overlong forms and surrogates are not) stands for the code point of
 * its value: 0x80..0x9F as \u0080..\u009f, 0xA0..0xFF as that
 * character in UTF-8.  Either way it reads back as the UTF-8 of that
 * code point, which this writes the same way again: the output of a
 * string read back from the output is the same bytes.
 * The result is always valid JSON (RFC 8259), whatever the bytes. */
void hpt_out_json_string(const char *s, size_t n);

/* ---- XML (the SVG writer, svg.h) ---- */

/* Write n bytes of s as XML character data, good in element content
 * and in a double- or single-quoted attribute: '&' '<' '>' '"' '\''
 * as entities; valid UTF-8 of characters that XML 1.0 allows as it
 * is; TAB, LF, CR and NUL as \t \n \r \0 (as hpt_out_text), other
 * control bytes, bytes that are not UTF-8
 * (overlong forms, surrogates, U+FFFE and U+FFFF included) as \xNN, as
 * hpt_quote shows them; a backslash stays as it is.  The result is
 * well-formed XML whatever the bytes. */
void hpt_out_xml(const char *s, size_t n);

/* The length of the UTF-8 sequence at s (at most n bytes) if it is one
 * character that XML 1.0 allows (shortest form, not a surrogate, not
 * U+FFFE or U+FFFF), else 0: the characters hpt_out_xml writes as they
 * are (svg.c measures the others as their escapes).  ASCII is not
 * asked here. */
size_t hpt_xml_char_len(const unsigned char *s, size_t n);

#endif
