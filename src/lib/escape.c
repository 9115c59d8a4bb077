/*
 * escape.c: quoting and escaping.  See escape.h.
 */
#include "escape.h"

#include <stdio.h>
#include <string.h>

#include "output.h"

size_t hpt_utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

size_t hpt_cps(const char *s, size_t n)
{
	size_t i, c = 0;
	for (i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	return c;
}

const char *hpt_quote(int slot, const char *s, size_t n)
{
	static char bufs[4][256];
	char *b = bufs[slot & 3];
	const unsigned char *u = (const unsigned char *)s;
	size_t o = 0, i = 0;
	while (i < n && o < 200) {
		unsigned char c = u[i];
		size_t l;
		if (c == '\t') {
			b[o++] = '\\';
			b[o++] = 't';
		} else if (c == '\\') {
			b[o++] = '\\';
			b[o++] = '\\';
		} else if (c < 0x20 || c == 0x7f) {
			o += (size_t)snprintf(b + o, 8, "\\x%02x", c);
		} else if (c < 0x80) {
			b[o++] = (char)c;
		} else if ((l = hpt_utf8_len(u + i, n - i)) != 0 &&
		           !(l == 3 && u[i] == 0xef && u[i + 1] == 0xbb &&
		             u[i + 2] == 0xbf)) {
			/* UTF-8 is shown as such; a byte-order mark, which
			 * would be invisible, and bytes that are not UTF-8
			 * are shown as \xNN. */
			memcpy(b + o, u + i, l);
			o += l;
			i += l;
			continue;
		} else {
			o += (size_t)snprintf(b + o, 8, "\\x%02x", c);
		}
		i++;
	}
	if (i < n) {
		memcpy(b + o, "...", 3);
		o += 3;
	}
	b[o] = '\0';
	return b;
}

/* The one escaping loop of TSV and text: runs of plain bytes go out
 * whole, each special byte as its escape. */
static void out_escaped(const char *s, size_t n, int sep, int tsv)
{
	size_t i, run = 0;
	for (i = 0; i < n; i++) {
		const char *esc = NULL;
		switch (s[i]) {
		case '\t':
			esc = "\\t";
			break;
		case '\n':
			esc = "\\n";
			break;
		case '\r':
			esc = "\\r";
			break;
		case '\0':
			esc = "\\0";
			break;
		case '\\':
			if (tsv)
				esc = "\\\\";
			break;
		default:
			if (sep && s[i] == sep)
				esc = "_";
			break;
		}
		if (esc) {
			hpt_out_write(s + run, i - run);
			hpt_out_write(esc, strlen(esc));
			run = i + 1;
		}
	}
	hpt_out_write(s + run, n - run);
}

void hpt_out_tsv(const char *s, size_t n)
{
	out_escaped(s, n, 0, 1);
}

void hpt_out_text(const char *s, size_t n, int sep)
{
	out_escaped(s, n, sep, 0);
}

/* hpt_utf8_len, refusing also what a strict decoder refuses: overlong
 * forms (E0 80..9F, F0 80..8F), surrogates (ED A0..BF) and code points
 * above U+10FFFF (F4 90..BF). */
static size_t utf8_strict_len(const unsigned char *s, size_t n)
{
	size_t l = hpt_utf8_len(s, n);
	if ((l == 3 && s[0] == 0xe0 && s[1] < 0xa0) ||
	    (l == 3 && s[0] == 0xed && s[1] > 0x9f) ||
	    (l == 4 && s[0] == 0xf0 && s[1] < 0x90) ||
	    (l == 4 && s[0] == 0xf4 && s[1] > 0x8f))
		return 0;
	return l;
}

/* JSON (RFC 8259) allows any UTF-8 in a string but '"', '\\' and the
 * control characters, which need escapes.  Bytes that are not UTF-8
 * cannot be written at all: each becomes the code point of the same
 * number (\u0080 to \u00ff), as a Latin-1 reading would give, so the
 * output stays valid and no byte is lost from sight. */
void hpt_out_json_string(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, run = 0;
	char esc[8];
	hpt_out_char('"');
	while (i < n) {
		unsigned char c = u[i];
		size_t l;
		const char *e = NULL;
		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
			i++;
			continue;
		}
		if (c >= 0x80 && (l = utf8_strict_len(u + i, n - i)) != 0) {
			i += l;
			continue;
		}
		switch (c) {
		case '"':
			e = "\\\"";
			break;
		case '\\':
			e = "\\\\";
			break;
		case '\b':
			e = "\\b";
			break;
		case '\f':
			e = "\\f";
			break;
		case '\n':
			e = "\\n";
			break;
		case '\r':
			e = "\\r";
			break;
		case '\t':
			e = "\\t";
			break;
		default:
			snprintf(esc, sizeof esc, "\\u%04x", c);
			e = esc;
			break;
		}
		hpt_out_write(s + run, i - run);
		hpt_out_str(e);
		run = ++i;
	}
	hpt_out_write(s + run, n - run);
	hpt_out_char('"');
}

/* ---- XML ---- */

/* The length of the UTF-8 sequence at s (at most n bytes) if it is one
 * character that XML 1.0 allows (shortest form, not a surrogate, not
 * U+FFFE or U+FFFF), else 0.  ASCII is not asked here. */
static size_t xml_char_len(const unsigned char *s, size_t n)
{
	size_t len = hpt_utf8_len(s, n);
	if (len == 3) {
		if (s[0] == 0xe0 && s[1] < 0xa0)
			return 0;  /* overlong */
		if (s[0] == 0xed && s[1] >= 0xa0)
			return 0;  /* surrogate */
		if (s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe)
			return 0;  /* U+FFFE, U+FFFF */
	} else if (len == 4) {
		if (s[0] == 0xf0 && s[1] < 0x90)
			return 0;  /* overlong */
		if (s[0] == 0xf4 && s[1] >= 0x90)
			return 0;  /* above U+10FFFF */
	}
	return len;
}

void hpt_out_xml(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, run = 0;
	while (i < n) {
		unsigned char c = u[i];
		const char *esc = NULL;
		char hex[8];
		size_t l;
		if (c >= 0x20 && c < 0x7f) {
			switch (c) {
			case '&': esc = "&amp;"; break;
			case '<': esc = "&lt;"; break;
			case '>': esc = "&gt;"; break;
			case '"': esc = "&quot;"; break;
			case '\'': esc = "&#39;"; break;
			default: i++; continue;
			}
		} else if (c >= 0x80 && (l = xml_char_len(u + i, n - i)) != 0) {
			i += l;
			continue;
		} else if (c == '\t') {
			esc = "\\t";
		} else {
			snprintf(hex, sizeof hex, "\\x%02x", c);
			esc = hex;
		}
		hpt_out_write(s + run, i - run);
		hpt_out_str(esc);
		run = ++i;
	}
	hpt_out_write(s + run, n - run);
}
