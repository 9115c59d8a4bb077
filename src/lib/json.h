/*
 * json.h: a streaming JSON (RFC 8259) tokenizer, with the repairs that
 * GHC's -pj reports need (rts/ProfilerReportJson.c writes labels,
 * arguments and, before 8.10.2, source locations without escaping '"'
 * or control characters, and before 8.10.2 without escaping '\\':
 * formats.md sections 3.2 and 7).  json_read.c; the grammar it accepts
 * heads that file.
 *
 * The reader hands out one token at a time and keeps no tree: a reader
 * of a schema (prof_json.c) walks the document with its own explicit
 * stack, so nesting depth costs heap memory, never C stack.  Positions
 * are LINE:COLUMN of the token's first byte, both from 1, the column
 * counted in bytes.  Errors are "PROG: FILE:LINE:COLUMN: message",
 * exit 2: the reader's own (lexical) ones, and the schema reader's,
 * made with hpt_data_error(json_where(j), json_col(j), ...).
 */
#ifndef HPT_JSON_H
#define HPT_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "input.h"

enum json_tok {
	JSON_END,       /* end of input */
	JSON_OBJ,       /* { */
	JSON_OBJ_END,   /* } */
	JSON_ARR,       /* [ */
	JSON_ARR_END,   /* ] */
	JSON_COLON,     /* : */
	JSON_COMMA,     /* , */
	JSON_STRING,    /* text: the decoded bytes (may hold NUL) */
	JSON_NUMBER,    /* text: the number as written */
	JSON_TRUE,
	JSON_FALSE,
	JSON_NULL
};

struct json_reader {
	struct hpt_input *in;
	const char *file;      /* for diagnostics */
	int strict;            /* refuse GHC's invalid JSON (-S) */
	const char *base;      /* the input's bytes, as last peeked */
	const char *p, *e;     /* the unread part of them */
	long line, col;        /* position of *p */
	long tok_line, tok_col; /* position of the last token */
	enum json_tok tok;     /* the last token */
	int back;              /* json_unget: hand tok out again */
	char *text;            /* the last string or number, NUL-ended */
	size_t len, cap;       /* its length in bytes; text's size */
	char *where;           /* json_where's string */
	unsigned char *open;   /* json_skip: the open '{' (1) and '[' (0), */
	unsigned char *fresh;  /* whether each has no member yet, */
	size_t open_cap;       /* and their room */
	/* repairs of GHC's invalid JSON: how many of each kind, and where
	 * the first one was */
	unsigned long quotes, backslashes, controls;
	long fix_line, fix_col;
	/* \u escapes of a lone UTF-16 surrogate, read as U+FFFD */
	unsigned long surrogates;
	long sur_line, sur_col;
};

/* Start reading in (opened, nothing consumed) for file's diagnostics;
 * strict refuses the repairs (the errors "unescaped '\"' inside a
 * string", "invalid escape \"\\x\"" and "raw control character 0xNN
 * in a string"). */
void json_open(struct json_reader *j, struct hpt_input *in, int strict);
/* Free what the reader holds (not the input). */
void json_close(struct json_reader *j);

/* The next token.  Lexical errors: "unexpected end of input inside a
 * string", "unexpected character "x"", "malformed number "TEXT"",
 * "malformed \\u escape", and the strict errors above. */
enum json_tok json_next(struct json_reader *j);
/* Make the next json_next return the last token again. */
void json_unget(struct json_reader *j);
/* The next token, which must be t: else "expected WHAT, found ...". */
void json_expect(struct json_reader *j, enum json_tok t, const char *what);
/* A token for messages: "end of input", "'{'", "a string", ... */
const char *json_tok_name(enum json_tok t);

/* Objects and arrays, after their '{' or '[': returns 1 when a member
 * follows (the key in j->text, its ':' consumed) or an element follows
 * (its first token still to be read), 0 at the closing '}' or ']'.
 * *first is 1 before the first member and is cleared.  Errors: "expected
 * a key (a string), found ...", "expected ':' ...", "expected ',' or
 * '}' ...". */
int json_member(struct json_reader *j, int *first);
int json_element(struct json_reader *j, int *first);

/* Skip one whole value, whatever its nesting, checking its syntax. */
void json_skip(struct json_reader *j);

/* "FILE:LINE" of the last token (valid until the next call), and its
 * column, for hpt_data_error and hpt_data_warn. */
const char *json_where(struct json_reader *j);
long json_col(const struct json_reader *j);

/* After the document: one warning, at the first repair, saying what
 * was repaired and how often ("invalid JSON as GHC writes it, read as
 * meant: ..."), if anything was; and one, at the first, for \u escapes
 * of lone UTF-16 surrogates ("N lone UTF-16 surrogates (\\uD800 to
 * \\uDFFF without their pair): read as U+FFFD (the first here)"), which
 * under strict are the error "lone UTF-16 surrogate \\uXXXX in a
 * string". */
void json_warn_repairs(struct json_reader *j);

/* After the value: 1 if only white space follows (consumed), else 0
 * (the position of the first other byte is then the last token's). */
int json_at_end(struct json_reader *j);

/* Give the input back the bytes read ahead but not used, so that its
 * next byte is the reader's next (to read on past the document). */
void json_sync(struct json_reader *j);

#endif
