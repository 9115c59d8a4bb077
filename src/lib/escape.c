/*
 * escape.c: quoting and escaping.  See escape.h.
 */
#include "escape.h"

#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "output.h"

size_t hpt_cps(const char *s, size_t n)
{
	size_t i, c = 0;
	for (i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	return c;
}

/* The code points a terminal shows two columns wide: East Asian Wide
 * and Fullwidth (Unicode 14 EastAsianWidth.txt, W and F), neighbouring
 * ranges joined across unassigned code points; sorted, for a binary
 * search. */
static const unsigned long wide_cps[][2] = {
	{0x1100, 0x115f}, {0x231a, 0x231b}, {0x2329, 0x232a},
	{0x23e9, 0x23ec}, {0x23f0, 0x23f0}, {0x23f3, 0x23f3},
	{0x25fd, 0x25fe}, {0x2614, 0x2615}, {0x2648, 0x2653},
	{0x267f, 0x267f}, {0x2693, 0x2693}, {0x26a1, 0x26a1},
	{0x26aa, 0x26ab}, {0x26bd, 0x26be}, {0x26c4, 0x26c5},
	{0x26ce, 0x26ce}, {0x26d4, 0x26d4}, {0x26ea, 0x26ea},
	{0x26f2, 0x26f3}, {0x26f5, 0x26f5}, {0x26fa, 0x26fa},
	{0x26fd, 0x26fd}, {0x2705, 0x2705}, {0x270a, 0x270b},
	{0x2728, 0x2728}, {0x274c, 0x274c}, {0x274e, 0x274e},
	{0x2753, 0x2755}, {0x2757, 0x2757}, {0x2795, 0x2797},
	{0x27b0, 0x27b0}, {0x27bf, 0x27bf}, {0x2b1b, 0x2b1c},
	{0x2b50, 0x2b50}, {0x2b55, 0x2b55}, {0x2e80, 0x303e},
	{0x3041, 0x3247}, {0x3250, 0x4dbf}, {0x4e00, 0xa4c6},
	{0xa960, 0xa97c}, {0xac00, 0xd7a3}, {0xf900, 0xfad9},
	{0xfe10, 0xfe19}, {0xfe30, 0xfe6b}, {0xff01, 0xff60},
	{0xffe0, 0xffe6}, {0x16fe0, 0x1b2fb}, {0x1f004, 0x1f004},
	{0x1f0cf, 0x1f0cf}, {0x1f18e, 0x1f18e}, {0x1f191, 0x1f19a},
	{0x1f200, 0x1f320}, {0x1f32d, 0x1f335}, {0x1f337, 0x1f37c},
	{0x1f37e, 0x1f393}, {0x1f3a0, 0x1f3ca}, {0x1f3cf, 0x1f3d3},
	{0x1f3e0, 0x1f3f0}, {0x1f3f4, 0x1f3f4}, {0x1f3f8, 0x1f43e},
	{0x1f440, 0x1f440}, {0x1f442, 0x1f4fc}, {0x1f4ff, 0x1f53d},
	{0x1f54b, 0x1f54e}, {0x1f550, 0x1f567}, {0x1f57a, 0x1f57a},
	{0x1f595, 0x1f596}, {0x1f5a4, 0x1f5a4}, {0x1f5fb, 0x1f64f},
	{0x1f680, 0x1f6c5}, {0x1f6cc, 0x1f6cc}, {0x1f6d0, 0x1f6d2},
	{0x1f6d5, 0x1f6df}, {0x1f6eb, 0x1f6ec}, {0x1f6f4, 0x1f6fc},
	{0x1f7e0, 0x1f7f0}, {0x1f90c, 0x1f93a}, {0x1f93c, 0x1f945},
	{0x1f947, 0x1f9ff}, {0x1fa70, 0x1faf6}, {0x20000, 0x3fffd},
};

size_t hpt_cp_cols(unsigned long cp)
{
	size_t lo = 0, hi = sizeof wide_cps / sizeof wide_cps[0];
	if (cp < wide_cps[0][0])
		return 1;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cp < wide_cps[mid][0])
			hi = mid;
		else if (cp > wide_cps[mid][1])
			lo = mid + 1;
		else
			return 2;
	}
	return 1;
}

/* The code point of the l-byte UTF-8 sequence at u (hpt_utf8_len). */
static unsigned long utf8_cp(const unsigned char *u, size_t l)
{
	unsigned long cp = u[0] & (0x7f >> l);
	size_t i;
	for (i = 1; i < l; i++)
		cp = cp << 6 | (u[i] & 0x3f);
	return cp;
}

const char *hpt_quote(int slot, const char *s, size_t n)
{
	static char bufs[4][HPT_QUOTE_MAX + 16];
	char *b = bufs[slot & 3];
	size_t o = 0, i = 0, w;
	while (i < n && o < HPT_QUOTE_MAX) {
		i += hpt_quote_unit(b + o, s + i, n - i, &w);
		o += w;
	}
	if (i < n) {
		memcpy(b + o, "...", 3);
		o += 3;
	}
	b[o] = '\0';
	return b;
}

/*
 * One unit of TSV or text output at u (n > 0 bytes left): the bytes it
 * takes (returned), its escape into esc (NUL-terminated, at least 12
 * bytes; esc[0] == '\0' when the bytes go out as they are) and the
 * columns it shows as on a terminal in *cols.  Both escape TAB, LF, CR
 * and NUL, and sep (if not 0) becomes '_'.  TSV escapes the backslash
 * and leaves every other byte alone (a script reads it).  Text is for
 * a terminal, where a control byte would act instead of showing (ESC
 * starts a sequence that can recolour, retitle or clear the screen):
 * every other C0 control byte and DEL, the C1 controls U+0080..U+009F
 * as UTF-8, and the bytes 0x80..0x9f that are not part of a UTF-8
 * character (C1 controls on an 8-bit terminal) become \xNN, so that
 * what shows is always the bytes, never their effect.  A UTF-8
 * character shows as hpt_cp_cols columns (two if East Asian wide); a
 * byte that goes out as it is, as hpt_cps counts it.
 */
static size_t out_unit(const unsigned char *u, size_t n, int sep, int tsv,
                       char *esc, size_t *cols)
{
	unsigned char c = u[0];
	size_t l;
	esc[0] = '\0';
	switch (c) {
	case '\t': strcpy(esc, "\\t"); break;
	case '\n': strcpy(esc, "\\n"); break;
	case '\r': strcpy(esc, "\\r"); break;
	case '\0': strcpy(esc, "\\0"); break;
	case '\\':
		if (tsv)
			strcpy(esc, "\\\\");
		break;
	default:
		if (sep && c == (unsigned char)sep) {
			strcpy(esc, "_");
		} else if (tsv) {
			break;
		} else if (c < 0x20 || c == 0x7f) {
			snprintf(esc, 12, "\\x%02x", c);
		} else if (c >= 0x80) {
			l = hpt_utf8_len(u, n);
			if (l == 2 && c == 0xc2 && u[1] < 0xa0) {
				snprintf(esc, 12, "\\xc2\\x%02x", u[1]);
				*cols = strlen(esc);
				return 2;
			}
			if (l) {
				*cols = hpt_cp_cols(utf8_cp(u, l));
				return l;
			}
			if (c < 0xa0)
				snprintf(esc, 12, "\\x%02x", c);
		}
		break;
	}
	/* a byte that is not UTF-8 and not escaped (0xA0 to 0xFF) shows
	 * as one character, U+FFFD in a UTF-8 terminal: one column,
	 * 0xA0 to 0xBF too (hpt_cps, counting code points, skips them) */
	*cols = esc[0] ? strlen(esc) : 1;
	return 1;
}

/* The one escaping loop of TSV and text: the units of u[0..n) that
 * start before stop, written to o (room for HPT_ESC_MAX * (stop + 3)
 * bytes: a unit starting before stop ends at most 3 bytes after it).
 * Returns the bytes taken (stop or up to 3 more) and sets *used to
 * the bytes written.  Printable ASCII (the common case) is decided
 * here, without a call. */
static size_t esc_run(char *o, const unsigned char *u, size_t n,
                      size_t stop, int sep, int tsv, size_t *used)
{
	size_t i = 0, w = 0, len, cols, k;
	char esc[12];
	while (i < stop) {
		unsigned char c = u[i];
		if ((c >= 0x20 && c < 0x7f && c != '\\' &&
		     c != (unsigned char)sep) || (tsv && c >= 0x80 &&
		                                  c != (unsigned char)sep)) {
			o[w++] = (char)c;
			i++;
			continue;
		}
		len = out_unit(u + i, n - i, sep, tsv, esc, &cols);
		if (esc[0]) {
			for (k = 0; esc[k]; k++)
				o[w++] = esc[k];
		} else {
			memcpy(o + w, u + i, len);
			w += len;
		}
		i += len;
	}
	*used = w;
	return i;
}

/* Names of any length go out in pieces of this many bytes, so that the
 * room asked of the output buffer stays small. */
#define ESC_CHUNK 4096

static void out_escaped(const char *s, size_t n, int sep, int tsv)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		size_t m = n - i < ESC_CHUNK ? n - i : ESC_CHUNK, used;
		char *o = hpt_out_space(HPT_ESC_MAX * (m + 3));
		i += esc_run(o, u + i, n - i, m, sep, tsv, &used);
		hpt_out_commit(used);
	}
}

void hpt_out_tsv(const char *s, size_t n)
{
	out_escaped(s, n, 0, 1);
}

void hpt_out_text(const char *s, size_t n, int sep)
{
	out_escaped(s, n, sep, 0);
}

size_t hpt_esc_tsv(char *o, const char *s, size_t n)
{
	size_t used;
	esc_run(o, (const unsigned char *)s, n, n, 0, 1, &used);
	return used;
}

size_t hpt_esc_text(char *o, const char *s, size_t n, int sep)
{
	size_t used;
	esc_run(o, (const unsigned char *)s, n, n, sep, 0, &used);
	return used;
}

size_t hpt_text_unit(const char *s, size_t n, size_t *cols)
{
	char esc[12];
	return out_unit((const unsigned char *)s, n, 0, 0, esc, cols);
}

size_t hpt_text_cols(const char *s, size_t n)
{
	size_t i = 0, w = 0, cols;
	while (i < n) {
		i += hpt_text_unit(s + i, n - i, &cols);
		w += cols;
	}
	return w;
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
 * number (U+0080 to U+00FF), as a Latin-1 reading would give, so the
 * output stays valid and no byte is lost from sight; it is written as
 * that character read back would be (escaped C1 control, or UTF-8). */
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
			if (c == 0xc2 && u[i + 1] < 0xa0) {
				/* a C1 control: escaped, as the byte that
				 * reads back as it is (below) */
				snprintf(esc, sizeof esc, "\\u%04x", u[i + 1]);
				hpt_out_write(s + run, i - run);
				hpt_out_str(esc);
				run = i += 2;
				continue;
			}
			i += l;
			continue;
		}
		if (c >= 0xa0) {
			/* not UTF-8: the character U+00A0..U+00FF, as UTF-8,
			 * which is what the JSON reads back as, so that the
			 * output of the output is the same bytes */
			char ch[2];
			ch[0] = (char)(0xc0 | c >> 6);
			ch[1] = (char)(0x80 | (c & 0x3f));
			hpt_out_write(s + run, i - run);
			hpt_out_write(ch, 2);
			run = ++i;
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

size_t hpt_xml_char_len(const unsigned char *s, size_t n)
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
		} else if (c >= 0x80 &&
		           (l = hpt_xml_char_len(u + i, n - i)) != 0) {
			i += l;
			continue;
		} else if (c == '\t' || c == '\n' || c == '\r' || c == 0) {
			/* as hpt_out_text and hpt_out_tsv write them */
			esc = c == '\t' ? "\\t" : c == '\n' ? "\\n"
			    : c == '\r' ? "\\r" : "\\0";
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
