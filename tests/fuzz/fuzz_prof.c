/*
 * fuzz_prof.c: libFuzzer harness of the .prof reader (prof_read.h), read
 * as proftree reads it (the sniffer first; JSON is fuzz_json's).
 *
 * Properties, beyond "no crash, no hang, no leak, no undefined
 * behaviour":
 *   - what -o prof writes (prof_sort as proftree orders it, then
 *     prof_write) reads back to the same header, tree (labels, modules,
 *     SRC, no., entries, individual and inherited figures) and SET list
 *     (a SET list without a tree is written alone, without the header,
 *     as proftree.1 says), unless prof_write warned that it would not
 *     ("-o prof: ...": a label, module, SRC, date or command a .prof
 *     cannot hold, a label with a line like a column header or title,
 *     an empty label whose figures its parent's cannot hold:
 *     proftree.1, DIAGNOSTICS and BUGS), or a node has two children
 *     with an empty label (the second may read back under the first:
 *     the ambiguity proftree.1 names under -o prof, unwarned);
 *   - what prof2json writes (prof_json_write) reads back, through the
 *     JSON reader, to the same first tree (labels, modules, entries;
 *     SRC when the report has it; ticks and bytes when it is exact),
 *     names compared as the JSON writer keeps them (a byte that is not
 *     UTF-8 becomes the code point of its value, prof2json.1);
 *   - a writer's only error is a sum out of range.
 */
#include "prof.h"
#include "fuzz.h"

#include "prof_json.h"
#include "prof_read.h"
#include "prof_tree.h"
#include "prof_write.h"
#include "sniff.h"

static struct hpt_input in;
static struct prof_report r, back;
static struct fz_buf d1, d2;
static int text;

/* A writer's error: the sum of the flat table, or fail. */
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

/* Has a node (or the list of roots) two children with an empty label? */
static int empty_twins(const struct prof_report *r)
{
	uint32_t x, y, e;
	for (x = 0; x < r->n; x++) {
		for (e = 0, y = r->first_child[x]; y != PROF_NONE;
		     y = r->next_sibling[y])
			if (prof_len(r, r->label[y]) == 0 && ++e == 2)
				return 1;
	}
	for (e = 0, y = r->first_root; y != PROF_NONE; y = r->next_sibling[y])
		if (prof_len(r, r->label[y]) == 0 && ++e == 2)
			return 1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int what;
	size_t before;

	fz_init("fuzz_prof");
	fz_start();
	fz_latin1 = 0;

	text = 0;
	FZ_TRY {
		enum hpt_format f;
		double *key;
		fz_open(&in, data, size, "in.prof");
		f = hpt_sniff(&in);
		if (f == HPT_FMT_EMPTY || f == HPT_FMT_JSON ||
		    f == HPT_FMT_HP || f == HPT_FMT_EVENTLOG) {
			hpt_input_close(&in);
			break;
		}
		text = 1;
		prof_init(&r);
		prof_read(&r, &in);
		hpt_input_close(&in);
		key = prof_keys(&r, PROF_W_TICKS);
		prof_sort(&r, key, 1);
		free(key);
	} FZ_CATCH {
		close(in.fd);
		return 0;
	}
	if (!text)
		return 0;

	/* -o prof: what it writes without a warning of its own ("-o
	 * prof: ...": a name, date or command a .prof cannot hold, a
	 * label like a header, an empty label its parent cannot hold)
	 * reads back the same; the one ambiguity it does not warn of, two
	 * empty-label siblings (proftree.1), is left out */
	if (empty_twins(&r))
		goto json;
	/* a report with no tree but a SET list is written as the list
	 * alone, as GHC writes it (proftree.1): no header then */
	what = FZ_NO | FZ_FIGURES | FZ_SETS | (r.has_src ? FZ_SRC : 0) |
	       (r.first_root == PROF_NONE && r.sets ? 0 : FZ_HEADER);
	fz_dump_tree(&d1, &r, what);
	fz_output_begin();
	before = fz_diag_len();
	FZ_TRY {
		prof_write(&r);
	} FZ_CATCH {
		writer_failed("prof_write");
		prof_free(&r);
		fz_buf_free(&d1);
		return 0;
	}
	fz_diag[fz_diag_len()] = '\0';
	if (strstr(fz_diag + before, "-o prof: ")) {
		fz_buf_free(&d1);
		goto json;
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

json:
	/* prof2json */
	if (r.first_root != PROF_NONE) {
		what = FZ_FIRST_ROOT | (r.has_src ? FZ_SRC : 0) |
		       (r.exact ? FZ_FIGURES : 0);
		fz_latin1 = 1;
		fz_dump_tree(&d1, &r, what);
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
			fz_dump_tree(&d2, &back, what);
			prof_free(&back);
		} FZ_CATCH {
			read_back_failed("prof2json");
		}
		fz_latin1 = 0;
		if (!fz_same(&d1, &d2))
			FZ_FAIL_DUMPS("prof2json read back", &d1, &d2);
		fz_buf_free(&d1);
		fz_buf_free(&d2);
	}
	prof_free(&r);
	return 0;
}
