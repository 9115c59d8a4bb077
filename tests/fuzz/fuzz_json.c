/*
 * fuzz_json.c: libFuzzer harness of the JSON tokenizer (json.h) and the
 * -pj schema reader (prof_json.h).
 *
 * Properties, beyond "no crash, no hang, no leak, no undefined
 * behaviour":
 *   - strict mode (-S) accepts a document only if it reads it as the
 *     default mode does;
 *   - what prof2json writes (prof_json_write) reads back, in strict mode
 *     (it must be valid JSON), to the same program, arguments, totals,
 *     cost-centre table and first tree (ids, labels, modules, SRC,
 *     entries, ticks, bytes), names as the JSON writer keeps them (a
 *     byte that is not UTF-8 becomes the code point of its value) and
 *     without the -hr SET list (both as prof2json.1 says);
 *   - the tree proftree reads (PROF_JSON_TEXT) written with -o prof
 *     (prof_sort, prof_write) reads back, through the .prof reader, to
 *     the same tree, when text can hold it (text_can_hold);
 *   - a writer's only error is a sum out of range.
 */
#include "prof.h"
#include "fuzz.h"

#include "prof_json.h"
#include "prof_read.h"
#include "prof_tree.h"
#include "prof_write.h"

static struct hpt_input in;
static struct prof_report r, back;
static struct fz_buf d1, d2, ds;
static int strict_ok;

/* What only a -pj report holds, and its first tree with cost-centre
 * ids. */
static void dump_json(struct fz_buf *d, const struct prof_report *p)
{
	size_t i;
	uint32_t it = p->first_root, depth, x;
	fz_name(d, p, p->program);
	fz_u64(d, p->nargs);
	for (i = 0; i < p->nargs; i++)
		fz_name(d, p, p->args[i]);
	fz_u64(d, p->nrts_args);
	for (i = 0; i < p->nrts_args; i++)
		fz_name(d, p, p->rts_args[i]);
	fz_u64(d, p->init_caps);
	fz_str(d, p->date);
	fz_str(d, p->total_secs);
	fz_u64(d, p->total_ticks);
	fz_u64(d, p->tick_interval);
	fz_u64(d, p->total_alloc);
	fz_u64(d, p->nccs);
	for (i = 0; i < p->nccs; i++) {
		fz_u64(d, p->ccs[i].id);
		fz_name(d, p, p->ccs[i].label);
		fz_name(d, p, p->ccs[i].module);
		fz_name(d, p, p->ccs[i].src);
		fz_u64(d, (uint64_t)p->ccs[i].is_caf);
	}
	/* the -hr SET list after the object: prof2json leaves it out
	 * (prof2json.1) */
	while ((x = prof_next(p, &it, &depth)) != PROF_NONE) {
		if (depth == 0 && x != p->first_root)
			break;
		if (p->cc[x] >= p->nccs)
			FZ_FAIL("node %u: cost centre %u of %zu", (unsigned)x,
			        (unsigned)p->cc[x], p->nccs);
		fz_u64(d, p->ccs[p->cc[x]].id);
	}
	fz_dump_tree(d, p, FZ_FIRST_ROOT | FZ_SRC | FZ_FIGURES);
}

/* Does the label l[0..n) have more than 5 lines, or a line before its
 * last that is blank (spaces and TABs, or none)?  Written raw, that
 * line ends the tree, and the reader joins at most 5 lines into a row
 * (proftree.1 BUGS). */
static int label_too_many_lines(const char *l, size_t n)
{
	const char *e = l + n, *nl;
	int lines = 1;
	while ((nl = memchr(l, '\n', (size_t)(e - l))) != NULL) {
		const char *q = l;
		while (q < nl && (*q == ' ' || *q == '\t'))
			q++;
		if (q == nl || ++lines > 5)
			return 1;
		l = nl + 1;
	}
	return 0;
}

/* Can a .prof hold r's text as it is?  Not a name with a space or TAB
 * at either end (indentation and padding), nor a module that is empty
 * or holds a space (a Haskell module name never does: the reader splits
 * rows at the module), nor a module or SRC with a line break (GHC writes
 * none; proftree.1 BUGS), nor a label of more than 5 lines or with a
 * blank line (label_too_many_lines), nor a CR (CRLF lines), nor a date
 * or command with a line break: the text format has no way to tell them
 * (GHC's own report neither), so the -o prof round trip is not asked of
 * them. */
static int text_can_hold(const struct prof_report *p)
{
	size_t i;
	for (i = 0; i < p->n; i++) {
		const char *m = prof_name(p, p->module[i]);
		size_t n = prof_len(p, p->module[i]);
		if (n == 0 || memchr(m, ' ', n) || memchr(m, '\t', n) ||
		    memchr(m, '\n', n))
			return 0;
		if (memchr(prof_name(p, p->src[i]), '\n',
		           prof_len(p, p->src[i])))
			return 0; /* proftree.1 BUGS */
		if (label_too_many_lines(prof_name(p, p->label[i]),
		                         prof_len(p, p->label[i])))
			return 0; /* proftree.1 BUGS */
	}
	for (i = 0; i < p->names.count; i++) {
		const char *s = p->names.name[i];
		size_t n = p->names.len[i];
		if (n && (s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' ||
		          s[n - 1] == '\t'))
			return 0;
		if (memchr(s, '\r', n))
			return 0; /* a CR before a line break is CRLF */
	}
	if ((p->date && strpbrk(p->date, "\n\r")) ||
	    (p->command && strpbrk(p->command, "\n\r")))
		return 0;
	return 1;
}

static void writer_failed(const char *what)
{
	fz_diag[fz_diag_len()] = '\0';
	if (!strstr(fz_diag, "out of range"))
		FZ_FAIL("%s failed", what);
}

static void read_back_failed(const char *what)
{
	size_t n;
	char *out = fz_output(&n);
	FZ_FAIL("%s does not read back:\n%.*s", what,
	        (int)(n < 3000 ? n : 3000), out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int what;

	fz_init("fuzz_json");
	fz_start();
	fz_latin1 = 0;

	strict_ok = 0;
	FZ_TRY {
		fz_open(&in, data, size, "in.json");
		prof_init(&r);
		prof_json_read(&r, &in, PROF_JSON_STRICT);
		hpt_input_close(&in);
		dump_json(&ds, &r);
		prof_free(&r);
		strict_ok = 1;
	} FZ_CATCH {
		close(in.fd);
		memset(&ds, 0, sizeof ds);
	}

	FZ_TRY {
		fz_open(&in, data, size, "in.json");
		prof_init(&r);
		prof_json_read(&r, &in, 0);
		hpt_input_close(&in);
	} FZ_CATCH {
		close(in.fd);
		if (strict_ok)
			FZ_FAIL("strict read passed, default read failed");
		return 0;
	}
	dump_json(&d1, &r);
	if (strict_ok && !fz_same(&d1, &ds))
		FZ_FAIL_DUMPS("strict and default reads", &ds, &d1);
	fz_buf_free(&ds);
	fz_buf_free(&d1);
	fz_latin1 = 1;
	dump_json(&d1, &r);

	/* prof2json */
	fz_output_begin();
	FZ_TRY {
		prof_json_write(&r);
	} FZ_CATCH {
		writer_failed("prof_json_write");
		prof_free(&r);
		fz_buf_free(&d1);
		return 0;
	}
	FZ_TRY {
		fz_open_output(&in, "out.json");
		prof_init(&back);
		prof_json_read(&back, &in, PROF_JSON_STRICT);
		hpt_input_close(&in);
		dump_json(&d2, &back);
		prof_free(&back);
	} FZ_CATCH {
		read_back_failed("prof2json");
	}
	fz_latin1 = 0;
	if (!fz_same(&d1, &d2))
		FZ_FAIL_DUMPS("prof2json read back", &d1, &d2);
	fz_buf_free(&d1);
	fz_buf_free(&d2);
	prof_free(&r);

	/* proftree -o prof */
	FZ_TRY {
		double *key;
		fz_open(&in, data, size, "in.json");
		prof_init(&r);
		prof_json_read(&r, &in, PROF_JSON_TEXT);
		hpt_input_close(&in);
		key = prof_keys(&r, PROF_W_TICKS);
		prof_sort(&r, key, 1);
		free(key);
	} FZ_CATCH {
		/* the text view sums again: out of range is possible */
		close(in.fd);
		writer_failed("PROF_JSON_TEXT read");
		return 0;
	}
	if (!text_can_hold(&r)) {
		prof_free(&r);
		return 0;
	}
	what = FZ_NO | FZ_FIGURES | FZ_SRC;
	fz_dump_tree(&d1, &r, what);
	fz_output_begin();
	FZ_TRY {
		prof_write(&r);
	} FZ_CATCH {
		writer_failed("prof_write");
		prof_free(&r);
		fz_buf_free(&d1);
		return 0;
	}
	FZ_TRY {
		fz_open_output(&in, "out.prof");
		prof_init(&back);
		prof_read(&back, &in);
		hpt_input_close(&in);
		fz_dump_tree(&d2, &back, what);
		prof_free(&back);
	} FZ_CATCH {
		read_back_failed("-o prof");
	}
	if (!fz_same(&d1, &d2))
		FZ_FAIL_DUMPS("-o prof read back", &d1, &d2);
	fz_buf_free(&d1);
	fz_buf_free(&d2);
	prof_free(&r);
	return 0;
}
