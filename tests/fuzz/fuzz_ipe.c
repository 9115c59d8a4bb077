/*
 * fuzz_ipe.c: libFuzzer harness of the IPE TSV reader (ipe_tsv.h), read
 * as hpcat -I reads a table file (ipe_in.h: the sniffer first; an input
 * it names an eventlog or a .prof is another harness's, and one it names
 * .hp, JSON or empty is refused before the reader).
 *
 * Properties, beyond "no crash, no hang, no leak, no undefined
 * behaviour":
 *   - the reader warns about nothing: its every complaint is an error,
 *     so strict mode (hpcat -S, which refuses by the warning count) reads
 *     what the default mode reads;
 *   - every entry is found by its id (ipe_find), and its band name
 *     (ipe_band_name) holds no white space and ends in "#0x" and the id
 *     in lowercase hex, which ipe_band_id reads back;
 *   - what -o ipe writes of the table (ipe_tsv_write) is an IPE table to
 *     the sniffer and reads back, with no diagnostic, to the same
 *     entries in the same order (id and the six fields as bytes);
 *   - reading it again into the table that holds it changes nothing (an
 *     id an earlier table holds keeps that entry, as hpcat -I with two
 *     tables);
 *   - hpcat -I end to end: a .hp with one band per entry named by its
 *     bare address ("0x..." as -hi writes it), renamed through the table
 *     (hp_names.h) and written by the .hp writer, reads back through the
 *     .hp reader, with no diagnostic, to one band per entry, named by
 *     its ipe_band_name, with its value.
 */
#include "fuzz.h"

#include "hp_names.h"
#include "hp_read.h"
#include "hp_write.h"
#include "ipe.h"
#include "ipe_tsv.h"
#include "sniff.h"

static struct hpt_input in;
static struct ipe_table t, back;
static struct fz_buf d1, d2, hp;
static char *name;
static size_t name_cap;

/* The entries of a table, in order, as one byte string. */
static void dump_table(struct fz_buf *d, const struct ipe_table *tab)
{
	size_t i;
	int k;
	fz_u64(d, tab->nipe);
	for (i = 0; i < tab->nipe; i++) {
		fz_u64(d, tab->ipe[i].id);
		for (k = 0; k < IPE_NFIELDS; k++)
			fz_field(d, ipe_str(tab, i, k), ipe_len(tab, i, k));
	}
}

static int white(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' ||
	       c == '\f' || c == '\r';
}

/* Each entry is found by its id, and its band name is one word that
 * ends in its address. */
static void check_entries(void)
{
	size_t i, n, k;
	char addr[24];
	uint64_t id;
	for (i = 0; i < t.nipe; i++) {
		if (ipe_find(&t, t.ipe[i].id) != (long)i)
			FZ_FAIL("entry %zu (0x%llx) not found by its id", i,
			        (unsigned long long)t.ipe[i].id);
		n = ipe_band_name(&t, i, &name, &name_cap);
		if (strlen(name) > n || name[n] != '\0')
			FZ_FAIL("band name of entry %zu: length %zu wrong", i,
			        n);
		for (k = 0; k < n; k++)
			if (white(name[k]))
				FZ_FAIL("band name of entry %zu has white space "
				        "at byte %zu: %.*s", i, k, (int)n, name);
		k = (size_t)snprintf(addr, sizeof addr, "#0x%llx",
		                     (unsigned long long)t.ipe[i].id);
		if (n < k || memcmp(name + n - k, addr, k) != 0)
			FZ_FAIL("band name of entry %zu does not end in %s: "
			        "%.*s", i, addr, (int)n, name);
		if (!ipe_band_id(name + n - k + 1, k - 1, &id) ||
		    id != t.ipe[i].id)
			FZ_FAIL("band name of entry %zu: %s does not read "
			        "back", i, addr);
	}
}

static void put_str(struct fz_buf *d, const char *s)
{
	fz_put(d, s, strlen(s));
}

/* The .hp of a sample with one band per entry, named by its bare
 * address, of value index + 1, then the final empty sample (so that
 * strict mode reads it). */
static void make_hp(struct fz_buf *d)
{
	char row[48];
	size_t i;
	int k;
	put_str(d, "JOB \"ipe +RTS -hi\"\nDATE \"d\"\n"
	        "SAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
	        "BEGIN_SAMPLE 0.00\n");
	for (i = 0; i < t.nipe; i++) {
		k = snprintf(row, sizeof row, "0x%llx\t%zu\n",
		             (unsigned long long)t.ipe[i].id, i + 1);
		fz_put(d, row, (size_t)k);
	}
	put_str(d, "END_SAMPLE 0.00\nBEGIN_SAMPLE 1.00\nEND_SAMPLE 1.00\n");
}

/* The samples of the .hp on in, renamed through t when rename (and
 * written then, as hpcat -I does), as band names and values into d. */
static void read_hp(int rename, struct fz_buf *d)
{
	struct hpt_intern bands, out;
	struct hp_sample s;
	struct hp_reader *r;
	struct hp_names *h = NULL;
	enum hp_item it;
	size_t i;
	hpt_intern_init(&bands);
	hpt_intern_init(&out);
	memset(&s, 0, sizeof s);
	r = hp_reader_new(&in, &bands, 1, NULL);
	if (rename) {
		h = hp_names_new(&t, NULL, &out);
		hp_write_header(hp_reader_header(r));
	}
	while ((it = hp_read(r, &s)) != HP_EOF) {
		const struct hpt_intern *b = &bands;
		if (it != HP_SAMPLE)
			FZ_FAIL("a mark in the .hp");
		if (rename) {
			hp_names_sample(h, &bands, &s);
			hp_write_sample(&out, &s);
			b = &out;
		}
		fz_u64(d, s.n);
		for (i = 0; i < s.n; i++) {
			fz_field(d, b->name[s.v[i].band], b->len[s.v[i].band]);
			fz_u64(d, s.v[i].bytes);
		}
	}
	if (rename && hp_names_warn(h, "table", NULL) != 0)
		FZ_FAIL("an address not in the table");
	hp_names_free(h);
	hp_reader_free(r);
	hp_sample_free(&s);
	hpt_intern_free(&bands);
	hpt_intern_free(&out);
}

static enum hpt_format f;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t i, n;

	fz_init("fuzz_ipe");
	fz_start();

	FZ_TRY {
		fz_open(&in, data, size, "in.tsv");
		f = hpt_sniff(&in);
		if (f != HPT_FMT_UNKNOWN) {
			hpt_input_close(&in);
			break;
		}
		ipe_table_init(&t);
		ipe_tsv_read(&t, &in);
		hpt_input_close(&in);
	} FZ_CATCH {
		close(in.fd);
		if (fz_status != 2)
			FZ_FAIL("exit status %d, not 2", fz_status);
		return 0;
	}
	if (f != HPT_FMT_UNKNOWN)
		return 0;
	if (hpt_warnings != 0 || fz_diag_len() != 0)
		FZ_FAIL("the table was read with a diagnostic");
	check_entries();

	/* -o ipe, read back */
	dump_table(&d1, &t);
	fz_output_begin();
	FZ_TRY {
		ipe_tsv_write(&t);
	} FZ_CATCH {
		FZ_FAIL("ipe_tsv_write failed");
	}
	FZ_TRY {
		fz_open_output(&in, "out.tsv");
		if (hpt_sniff(&in) != HPT_FMT_UNKNOWN)
			FZ_FAIL("-o ipe output sniffed as %s",
			        hpt_format_name(hpt_sniff(&in)));
		ipe_table_init(&back);
		ipe_tsv_read(&back, &in);
		hpt_input_close(&in);
		dump_table(&d2, &back);
		ipe_table_free(&back);
	} FZ_CATCH {
		char *out = fz_output(&n);
		FZ_FAIL("-o ipe does not read back:\n%.*s",
		        (int)(n < 3000 ? n : 3000), out);
	}
	if (fz_diag_len() != 0)
		FZ_FAIL("-o ipe read back with a diagnostic");
	if (!fz_same(&d1, &d2))
		FZ_FAIL_DUMPS("-o ipe read back", &d1, &d2);
	fz_buf_free(&d2);

	/* again, into the table that holds it all */
	FZ_TRY {
		fz_open_output(&in, "out.tsv");
		ipe_tsv_read(&t, &in);
		hpt_input_close(&in);
	} FZ_CATCH {
		FZ_FAIL("-o ipe read again into its own table failed");
	}
	dump_table(&d2, &t);
	if (!fz_same(&d1, &d2))
		FZ_FAIL_DUMPS("-o ipe read again into its own table", &d1,
		              &d2);
	fz_buf_free(&d1);
	fz_buf_free(&d2);

	/* hpcat -I TABLE of a -hi profile, read back */
	make_hp(&hp);
	fz_open(&in, hp.p, hp.n, "in.hp");
	fz_buf_free(&hp);
	fz_output_begin();
	FZ_TRY {
		read_hp(1, &d1);
		hpt_input_close(&in);
	} FZ_CATCH {
		FZ_FAIL("the -hi profile was not renamed");
	}
	FZ_TRY {
		fz_open_output(&in, "out.hp");
		read_hp(0, &d2);
		hpt_input_close(&in);
	} FZ_CATCH {
		char *out = fz_output(&n);
		FZ_FAIL("the renamed .hp does not read back:\n%.*s",
		        (int)(n < 3000 ? n : 3000), out);
	}
	if (fz_diag_len() != 0)
		FZ_FAIL("the renamed .hp read back with a diagnostic");
	if (!fz_same(&d1, &d2))
		FZ_FAIL_DUMPS("renamed .hp read back", &d1, &d2);
	fz_buf_free(&d2);
	/* what was renamed is each entry's band name */
	fz_u64(&d2, t.nipe);
	for (i = 0; i < t.nipe; i++) {
		n = ipe_band_name(&t, i, &name, &name_cap);
		fz_field(&d2, name, n);
		fz_u64(&d2, i + 1);
	}
	fz_u64(&d2, 0);
	if (!fz_same(&d1, &d2))
		FZ_FAIL_DUMPS("renamed bands and band names", &d1, &d2);
	fz_buf_free(&d1);
	fz_buf_free(&d2);
	ipe_table_free(&t);
	return 0;
}
