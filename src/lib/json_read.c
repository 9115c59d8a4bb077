/*
 * json_read.c: the streaming JSON tokenizer.  See json.h.
 *
 * Grammar (RFC 8259), token by token; white space is SPACE, TAB, CR and
 * LF between tokens:
 *
 *   token   := '{' | '}' | '[' | ']' | ':' | ',' | string | number
 *            | "true" | "false" | "null"
 *   string  := '"' (char | '\' escape)* '"'
 *   escape  := '"' | '\' | '/' | 'b' | 'f' | 'n' | 'r' | 't'
 *            | 'u' HEX HEX HEX HEX     (UTF-16; a surrogate pair makes one
 *                                      code point, a lone surrogate is
 *                                      read as U+FFFD: a repair)
 *   number  := ['-'] ('0' | [1-9][0-9]*) ['.' [0-9]+]
 *              [('e'|'E') ['+'|'-'] [0-9]+]
 *
 * Strings are decoded to bytes (UTF-8 for \u escapes); bytes that are
 * not UTF-8 are kept as they are.  The structure (objects, arrays,
 * commas) is checked by json_member, json_element and json_skip, and by
 * the schema reader above, not here.
 *
 * Repairs (GHC's invalid JSON, formats.md 3.2 and 7), each an error
 * under strict:
 *   - a '"' inside a string that is not followed (after white space) by
 *     ',', ':', '}', ']' or the end of input is part of the string:
 *     GHC writes a label such as say"hi without escaping the quote.  In
 *     valid JSON a string's closing quote is always so followed, so this
 *     never misreads valid JSON;
 *   - a '\' that does not start one of the escapes above is a backslash
 *     (GHC before 8.10.2 writes src\Main.hs raw);
 *   - a raw control character (below 0x20) is part of the string.
 * One warning after the document (json_warn_repairs) gives their counts
 * and the position of the first.
 */
#include "json.h"

#include "alloc.h"
#include "diag.h"
#include "escape.h"

#include <stdlib.h>
#include <string.h>

#define CHUNK 65536

void json_open(struct json_reader *j, struct hpt_input *in, int strict)
{
	memset(j, 0, sizeof *j);
	j->in = in;
	j->file = in->name;
	j->strict = strict;
	j->line = j->col = 1;
	j->cap = 64;
	j->text = hpt_xmalloc(j->cap);
	j->text[0] = '\0';
}

void json_sync(struct json_reader *j)
{
	if (j->p)
		hpt_input_skip(j->in, (size_t)(j->p - j->base));
	j->base = j->p = j->e = NULL;
}

void json_close(struct json_reader *j)
{
	json_sync(j);
	free(j->text);
	free(j->where);
	free(j->open);
	free(j->fresh);
	memset(j, 0, sizeof *j);
}

/* The window base..e is what hpt_input_peek last returned; p has
 * advanced into it, and what lies before p is skipped at the refill.
 * Make at least need bytes available at p if the input has them;
 * returns how many are. */
static size_t fill(struct json_reader *j, size_t need)
{
	size_t have = (size_t)(j->e - j->p);
	const char *b;
	if (have >= need)
		return have;
	if (j->p)
		hpt_input_skip(j->in, (size_t)(j->p - j->base));
	have = hpt_input_peek(j->in, need > CHUNK ? need : CHUNK, &b);
	j->base = b;
	j->p = b;
	j->e = b + have;
	return have;
}

/* The next byte, or -1 at the end of input, keeping line and column. */
static int getb(struct json_reader *j)
{
	int c;
	if (j->p == j->e && fill(j, 1) == 0)
		return -1;
	c = (unsigned char)*j->p++;
	if (c == '\n') {
		j->line++;
		j->col = 1;
	} else {
		j->col++;
	}
	return c;
}

/* The byte at p + k without consuming it, or -1. */
static int peekb(struct json_reader *j, size_t k)
{
	if ((size_t)(j->e - j->p) <= k && fill(j, k + 1) <= k)
		return -1;
	return (unsigned char)j->p[k];
}

static void put(struct json_reader *j, int c)
{
	if (j->len + 2 > j->cap)
		j->text = hpt_xgrow(j->text, &j->cap, j->len + 2, 1);
	j->text[j->len++] = (char)c;
}

/* Put code point u as UTF-8. */
static void put_utf8(struct json_reader *j, unsigned long u)
{
	if (u < 0x80) {
		put(j, (int)u);
	} else if (u < 0x800) {
		put(j, (int)(0xc0 | (u >> 6)));
		put(j, (int)(0x80 | (u & 0x3f)));
	} else if (u < 0x10000) {
		put(j, (int)(0xe0 | (u >> 12)));
		put(j, (int)(0x80 | ((u >> 6) & 0x3f)));
		put(j, (int)(0x80 | (u & 0x3f)));
	} else {
		put(j, (int)(0xf0 | (u >> 18)));
		put(j, (int)(0x80 | ((u >> 12) & 0x3f)));
		put(j, (int)(0x80 | ((u >> 6) & 0x3f)));
		put(j, (int)(0x80 | (u & 0x3f)));
	}
}

/* Point the diagnostics at the byte about to be read. */
static void here(struct json_reader *j)
{
	j->tok_line = j->line;
	j->tok_col = j->col;
}

/* Note one repair at the current position; under strict, fail. */
static void repaired(struct json_reader *j, unsigned long *count, int c)
{
	if (j->strict) {
		here(j);
		if (count == &j->quotes)
			hpt_data_error(json_where(j), json_col(j),
			               "unescaped '\"' inside a string");
		if (count == &j->backslashes)
			hpt_data_error(json_where(j), json_col(j),
			               "invalid escape \"\\%s\"",
			               c < 0 ? "" : hpt_quote(0, (char[]){(char)c}, 1));
		hpt_data_error(json_where(j), json_col(j),
		               "raw control character 0x%02x in a string", c);
	}
	if (j->quotes + j->backslashes + j->controls == 0) {
		j->fix_line = j->line;
		j->fix_col = j->col;
	}
	(*count)++;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Four hex digits after "\u" (at p), consumed; -1 if malformed. */
static long hex4(struct json_reader *j)
{
	long v = 0;
	int k;
	for (k = 0; k < 4; k++) {
		int d = hexval(peekb(j, 0));
		if (d < 0)
			return -1;
		getb(j);
		v = v * 16 + d;
	}
	return v;
}

/* After a '"' inside a string: does (white space and) a byte that may
 * follow a string come next, or the end of input? */
static int ends_string(struct json_reader *j)
{
	size_t k;
	for (k = 0; k < 4096; k++) {
		int c = peekb(j, k);
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
			continue;
		return c < 0 || c == ',' || c == ':' || c == '}' || c == ']';
	}
	return 1;
}

/* A \u escape of a lone surrogate u (the position is that of its
 * "\u"): U+FFFD, a repair; under strict, an error. */
static void lone_surrogate(struct json_reader *j, long u, long line,
                           long col)
{
	if (j->strict) {
		j->tok_line = line;
		j->tok_col = col;
		hpt_data_error(json_where(j), json_col(j), "lone UTF-16 "
		               "surrogate \\u%04lx in a string", u);
	}
	if (j->surrogates++ == 0) {
		j->sur_line = line;
		j->sur_col = col;
	}
	put_utf8(j, 0xfffd);
}

static void read_escape(struct json_reader *j)
{
	int c = peekb(j, 0);
	long u, lo, line, col;
	const char *plain = "\"\\/bfnrt";
	const char *dec = "\"\\/\b\f\n\r\t";
	const char *q = c > 0 ? strchr(plain, c) : NULL;
	if (q) {
		getb(j);
		put(j, dec[q - plain]);
		return;
	}
	if (c != 'u') {
		/* not an escape: the backslash is one (the byte after it
		 * is read as usual) */
		j->col--;
		repaired(j, &j->backslashes, c);
		j->col++;
		put(j, '\\');
		return;
	}
	here(j);
	line = j->tok_line;
	col = j->tok_col - 1; /* at the backslash */
	getb(j);
	if ((u = hex4(j)) < 0)
		hpt_data_error(json_where(j), json_col(j),
		               "malformed \\u escape");
	if (u >= 0xd800 && u <= 0xdbff && peekb(j, 0) == '\\' &&
	    peekb(j, 1) == 'u') {
		long line2 = j->line, col2 = j->col;
		getb(j);
		getb(j);
		if ((lo = hex4(j)) < 0)
			hpt_data_error(json_where(j), json_col(j),
			               "malformed \\u escape");
		if (lo >= 0xdc00 && lo <= 0xdfff) {
			put_utf8(j, 0x10000 + (((unsigned long)u - 0xd800) << 10) +
			                (unsigned long)(lo - 0xdc00));
			return;
		}
		lone_surrogate(j, u, line, col);
		u = lo;
		line = line2;
		col = col2;
	}
	if (u >= 0xd800 && u <= 0xdfff)
		lone_surrogate(j, u, line, col);
	else
		put_utf8(j, (unsigned long)u);
}

static void read_string(struct json_reader *j)
{
	long line = j->tok_line, col = j->tok_col;
	for (;;) {
		int c;
		/* fast path: a run of plain bytes in the window */
		const char *s = j->p;
		while (s < j->e && *s != '"' && *s != '\\' &&
		       (unsigned char)*s >= 0x20)
			s++;
		if (s > j->p) {
			size_t k = (size_t)(s - j->p);
			if (j->len + k + 1 > j->cap)
				j->text = hpt_xgrow(j->text, &j->cap,
				                    j->len + k + 1, 1);
			memcpy(j->text + j->len, j->p, k);
			j->len += k;
			j->col += (long)k;
			j->p = s;
		}
		if (s + 1 < j->e && *s == '"' &&
		    (s[1] == ',' || s[1] == ':' || s[1] == '}' || s[1] == ']')) {
			/* the closing quote, and what follows it, in the
			 * window: the common end */
			j->p = s + 1;
			j->col++;
			break;
		}
		c = peekb(j, 0);
		if (c < 0) {
			j->tok_line = line;
			j->tok_col = col;
			hpt_data_error(json_where(j), json_col(j),
			               "unexpected end of input inside a string");
		}
		if (c == '"') {
			getb(j);
			if (ends_string(j))
				break;
			j->col--;
			repaired(j, &j->quotes, c);
			j->col++;
			put(j, '"');
		} else if (c == '\\') {
			getb(j);
			read_escape(j);
		} else if (c < 0x20) {
			repaired(j, &j->controls, c);
			getb(j);
			put(j, c);
		} else {
			getb(j);
			put(j, c);
		}
	}
	j->text[j->len] = '\0';
	j->tok_line = line;
	j->tok_col = col;
}

static int is_number(const char *s)
{
	if (*s == '-')
		s++;
	if (*s == '0')
		s++;
	else if (*s >= '1' && *s <= '9')
		while (*s >= '0' && *s <= '9')
			s++;
	else
		return 0;
	if (*s == '.') {
		s++;
		if (!(*s >= '0' && *s <= '9'))
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!(*s >= '0' && *s <= '9'))
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return *s == '\0';
}

/* One token.  Whole rather than split per token kind: the kinds share
 * the one switch on the first byte, and the two fast paths (white space
 * and digits scanned within the window) read best beside the slow
 * byte-by-byte ones they fall back to. */
/* Past white space, counting lines and columns: within the window
 * without a call per byte. */
static void skip_space(struct json_reader *j)
{
	for (;;) {
		const char *q = j->p;
		while (q < j->e && (*q == ' ' || *q == '\t' || *q == '\r'))
			q++;
		j->col += (long)(q - j->p);
		j->p = q;
		if (q < j->e && *q == '\n') {
			j->p++;
			j->line++;
			j->col = 1;
			continue;
		}
		if (q < j->e || fill(j, 1) == 0)
			break;
	}
}

/* The number whose first byte c ('-' or a digit) was read, into
 * j->text: the digits in the window at once, then byte by byte; the
 * error "malformed number" when it is not JSON's. */
static enum json_tok read_number(struct json_reader *j, int c)
{
	const char *q = j->p;
	put(j, c);
	while (q < j->e && *q >= '0' && *q <= '9')
		q++;
	if (j->len + (size_t)(q - j->p) + 2 > j->cap)
		j->text = hpt_xgrow(j->text, &j->cap,
		                    j->len + (size_t)(q - j->p) + 2, 1);
	memcpy(j->text + j->len, j->p, (size_t)(q - j->p));
	j->len += (size_t)(q - j->p);
	j->col += (long)(q - j->p);
	j->p = q;
	while ((c = peekb(j, 0)) >= 0 &&
	       ((c >= '0' && c <= '9') || c == '.' || c == 'e' ||
	        c == 'E' || c == '+' || c == '-'))
		put(j, getb(j));
	j->text[j->len] = '\0';
	if (!is_number(j->text))
		hpt_data_error(json_where(j), json_col(j),
		               "malformed number \"%s\"",
		               hpt_quote(0, j->text, j->len));
	return j->tok = JSON_NUMBER;
}

/* The word whose first byte c was read: true, false or null, or the
 * error "unexpected" with the word (at most 64 letters) or the
 * character c starts. */
static enum json_tok read_word(struct json_reader *j, int c)
{
	put(j, c);
	if (c >= 'a' && c <= 'z') {
		while ((c = peekb(j, 0)) >= 'a' && c <= 'z' && j->len < 64)
			put(j, getb(j));
		j->text[j->len] = '\0';
		if (strcmp(j->text, "true") == 0)
			return j->tok = JSON_TRUE;
		if (strcmp(j->text, "false") == 0)
			return j->tok = JSON_FALSE;
		if (strcmp(j->text, "null") == 0)
			return j->tok = JSON_NULL;
	} else {
		/* show a whole UTF-8 character, not its first byte */
		size_t l = c >= 0x80 ? hpt_utf8_len((const unsigned char *)
		                                    j->p - 1,
		                                    (size_t)(j->e - j->p) + 1)
		                     : 0;
		while (l-- > 1)
			put(j, getb(j));
	}
	j->text[j->len] = '\0';
	hpt_data_error(json_where(j), json_col(j), "unexpected \"%s\"",
	               hpt_quote(0, j->text, j->len));
}

enum json_tok json_next(struct json_reader *j)
{
	int c;
	if (j->back) {
		j->back = 0;
		return j->tok;
	}
	skip_space(j);
	here(j);
	if (j->p < j->e) {
		/* skip_space stopped at it: not a newline */
		c = (unsigned char)*j->p++;
		j->col++;
	} else {
		c = -1;
	}
	switch (c) {
	case -1:
		return j->tok = JSON_END;
	case '{':
		return j->tok = JSON_OBJ;
	case '}':
		return j->tok = JSON_OBJ_END;
	case '[':
		return j->tok = JSON_ARR;
	case ']':
		return j->tok = JSON_ARR_END;
	case ':':
		return j->tok = JSON_COLON;
	case ',':
		return j->tok = JSON_COMMA;
	case '"':
		j->len = 0;
		read_string(j);
		return j->tok = JSON_STRING;
	default:
		j->len = 0;
		if (c == '-' || (c >= '0' && c <= '9'))
			return read_number(j, c);
		return read_word(j, c);
	}
}

void json_unget(struct json_reader *j)
{
	j->back = 1;
}

const char *json_tok_name(enum json_tok t)
{
	static const char *const names[] = {
	    "end of input", "'{'", "'}'", "'['", "']'", "':'", "','",
	    "a string", "a number", "true", "false", "null"};
	return names[t];
}

void json_expect(struct json_reader *j, enum json_tok t, const char *what)
{
	enum json_tok g = json_next(j);
	if (g != t)
		hpt_data_error(json_where(j), json_col(j),
		               "expected %s, found %s", what, json_tok_name(g));
}

int json_member(struct json_reader *j, int *first)
{
	enum json_tok t = json_next(j);
	long line, col;
	if (t == JSON_OBJ_END)
		return *first = 0;
	if (!*first) {
		if (t != JSON_COMMA)
			hpt_data_error(json_where(j), json_col(j),
			               "expected ',' or '}', found %s",
			               json_tok_name(t));
		t = json_next(j);
	}
	*first = 0;
	if (t != JSON_STRING)
		hpt_data_error(json_where(j), json_col(j),
		               "expected a key (a string), found %s",
		               json_tok_name(t));
	/* the key stays in text: ':' does not touch it; messages about
	 * the key point at the key */
	line = j->tok_line;
	col = j->tok_col;
	if (j->p < j->e && *j->p == ':') {
		/* the common case, as json_next would read it */
		j->p++;
		j->col++;
		j->tok = JSON_COLON;
		return 1;
	}
	json_expect(j, JSON_COLON, "':' after the key");
	j->tok_line = line;
	j->tok_col = col;
	return 1;
}

int json_element(struct json_reader *j, int *first)
{
	enum json_tok t = json_next(j);
	if (t == JSON_ARR_END && *first)
		return *first = 0;
	if (!*first) {
		if (t == JSON_ARR_END)
			return 0;
		if (t != JSON_COMMA)
			hpt_data_error(json_where(j), json_col(j),
			               "expected ',' or ']', found %s",
			               json_tok_name(t));
	} else {
		json_unget(j);
	}
	*first = 0;
	return 1;
}

void json_skip(struct json_reader *j)
{
	size_t n = 0, cap = j->open_cap;
	enum json_tok t = json_next(j);
	for (;;) {
		if (t == JSON_OBJ || t == JSON_ARR) {
			if (n + 1 > cap) {
				/* only when the stack grows: a realloc per
				 * '[' made 10^6 of them quadratic where
				 * realloc copies (the sanitizers) */
				j->open = hpt_xgrow(j->open, &cap, n + 1, 1);
				j->fresh = hpt_xrealloc(j->fresh, cap);
				j->open_cap = cap;
			}
			j->open[n] = t == JSON_OBJ;
			j->fresh[n++] = 1;
		} else if (t < JSON_STRING) {
			hpt_data_error(json_where(j), json_col(j),
			               "expected a value, found %s",
			               json_tok_name(t));
		}
		/* the next value to read, or the end of this one */
		for (;;) {
			int first;
			if (n == 0)
				return;
			first = j->fresh[n - 1];
			j->fresh[n - 1] = 0;
			if (j->open[n - 1] ? json_member(j, &first)
			                   : json_element(j, &first))
				break;
			n--;
		}
		t = json_next(j);
	}
}

const char *json_where(struct json_reader *j)
{
	free(j->where);
	j->where = hpt_xasprintf("%s:%ld", j->file, j->tok_line);
	return j->where;
}

long json_col(const struct json_reader *j)
{
	return j->tok_col;
}

void json_warn_repairs(struct json_reader *j)
{
	char *a, *b, *c;
	if (j->surrogates > 0) {
		long l = j->tok_line, k = j->tok_col;
		j->tok_line = j->sur_line;
		j->tok_col = j->sur_col;
		hpt_data_warn(json_where(j), json_col(j), "%lu lone UTF-16 "
		              "surrogate%s (\\uD800 to \\uDFFF without their "
		              "pair): read as U+FFFD (the first here)",
		              j->surrogates, j->surrogates == 1 ? "" : "s");
		j->tok_line = l;
		j->tok_col = k;
	}
	if (j->quotes + j->backslashes + j->controls == 0)
		return;
	a = j->quotes ? hpt_xasprintf("%lu unescaped '\"'", j->quotes)
	              : hpt_xstrdup("");
	b = j->backslashes ? hpt_xasprintf("%s%lu '\\' not starting an "
	                                   "escape", *a ? ", " : "",
	                                   j->backslashes)
	                   : hpt_xstrdup("");
	c = j->controls ? hpt_xasprintf("%s%lu raw control characters",
	                                *a || *b ? ", " : "", j->controls)
	                : hpt_xstrdup("");
	j->tok_line = j->fix_line;
	j->tok_col = j->fix_col;
	hpt_data_warn(json_where(j), json_col(j),
	              "invalid JSON as GHC writes it, read as meant: %s%s%s "
	              "kept in their strings (the first here)", a, b, c);
	free(a);
	free(b);
	free(c);
}

int json_at_end(struct json_reader *j)
{
	int c;
	for (;;) {
		c = peekb(j, 0);
		if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
			break;
		getb(j);
	}
	here(j);
	return c < 0;
}
