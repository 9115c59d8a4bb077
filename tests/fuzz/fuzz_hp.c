/*
 * fuzz_hp.c: libFuzzer harness of the .hp reader (hp_read.h).
 *
 * Properties, beyond "no crash, no hang, no leak, no undefined
 * behaviour":
 *   - reading is deterministic: a second read gives the same samples;
 *   - what the .hp writer (hp_write.h, hpcat's default output) writes
 *     of the samples read back to the same header, samples and marks
 *     (times as text, band names as bytes, values), with no error;
 *   - strict mode accepts an input only if it reads it as the default
 *     mode does.
 */
#include "fuzz.h"

#include "hp_read.h"
#include "hp_write.h"

/* The header and every item of a profile, as one byte string. */
static void dump_header(struct fz_buf *d, const struct hp_header *h)
{
	fz_field(d, h->job, h->job_len);
	fz_field(d, h->date, h->date_len);
	fz_field(d, h->sample_unit, h->sample_unit_len);
	fz_field(d, h->value_unit, h->value_unit_len);
}

static void dump_item(struct fz_buf *d, const struct hpt_intern *bands,
                      enum hp_item it, const struct hp_sample *s)
{
	size_t i;
	fz_field(d, it == HP_MARK ? "MARK" : "SAMPLE", it == HP_MARK ? 4 : 6);
	fz_field(d, s->time_text, strlen(s->time_text));
	if (it == HP_MARK)
		return;
	fz_u64(d, s->n);
	for (i = 0; i < s->n; i++) {
		uint32_t b = s->v[i].band;
		if (b >= bands->count)
			FZ_FAIL("band id %u out of the table", (unsigned)b);
		fz_field(d, bands->name[b], bands->len[b]);
		fz_u64(d, s->v[i].bytes);
	}
}

/* Read the whole profile on in into d; with write, also write it as
 * hpcat does. */
static void read_all(struct hpt_input *in, int strict, struct fz_buf *d,
                     int write)
{
	struct hpt_intern bands;
	struct hp_sample s;
	struct hp_reader *r;
	enum hp_item it;
	uint64_t samples = 0;
	hpt_intern_init(&bands);
	memset(&s, 0, sizeof s);
	r = hp_reader_new(in, &bands, strict, NULL);
	dump_header(d, hp_reader_header(r));
	if (write)
		hp_write_header(hp_reader_header(r));
	while ((it = hp_read(r, &s)) != HP_EOF) {
		dump_item(d, &bands, it, &s);
		if (it == HP_SAMPLE)
			samples++;
		if (write && it == HP_MARK)
			hp_write_mark(&s);
		else if (write)
			hp_write_sample(&bands, &s);
	}
	if (hp_reader_samples(r) != samples)
		FZ_FAIL("hp_reader_samples %llu, %llu samples returned",
		        (unsigned long long)hp_reader_samples(r),
		        (unsigned long long)samples);
	hp_reader_free(r);
	hp_sample_free(&s);
	hpt_intern_free(&bands);
}

static struct hpt_input in;
static struct fz_buf d1, d2, d3;
static int strict_ok;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t outn;
	char *out;

	fz_init("fuzz_hp");
	fz_start();

	/* strict first: its dump is compared with the default's */
	strict_ok = 0;
	FZ_TRY {
		fz_open(&in, data, size, "in.hp");
		read_all(&in, 1, &d3, 0);
		strict_ok = 1;
	} FZ_CATCH {
		memset(&d3, 0, sizeof d3);
	}
	if (strict_ok)
		hpt_input_close(&in);
	else
		close(in.fd);

	FZ_TRY {
		fz_open(&in, data, size, "in.hp");
		read_all(&in, 0, &d1, 0);
	} FZ_CATCH {
		/* an error: fine, if it is not one strict mode passed */
		close(in.fd);
		if (strict_ok)
			FZ_FAIL("strict read passed, default read failed");
		memset(&d1, 0, sizeof d1);
		return 0;
	}
	hpt_input_close(&in);
	if (strict_ok && !fz_same(&d1, &d3))
		FZ_FAIL_DUMPS("strict and default reads", &d1, &d3);
	fz_buf_free(&d3);

	/* again, writing it */
	fz_output_begin();
	FZ_TRY {
		fz_open(&in, data, size, "in.hp");
		read_all(&in, 0, &d2, 1);
	} FZ_CATCH {
		FZ_FAIL("second read failed");
	}
	hpt_input_close(&in);
	if (!fz_same(&d1, &d2))
		FZ_FAIL_DUMPS("two reads", &d1, &d2);
	fz_buf_free(&d2);

	/* what was written reads back the same */
	FZ_TRY {
		fz_open_output(&in, "out.hp");
		read_all(&in, 0, &d2, 0);
	} FZ_CATCH {
		out = fz_output(&outn);
		FZ_FAIL("output does not read back:\n%.*s",
		        (int)(outn < 2000 ? outn : 2000), out);
	}
	hpt_input_close(&in);
	if (!fz_same(&d1, &d2))
		FZ_FAIL_DUMPS("input and written output", &d1, &d2);
	fz_buf_free(&d1);
	fz_buf_free(&d2);
	return 0;
}
