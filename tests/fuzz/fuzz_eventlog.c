/*
 * fuzz_eventlog.c: libFuzzer harness of the eventlog reader
 * (eventlog.h) and of the heap profile read from it (ev_heap.h).
 *
 * Properties, beyond "no crash, no hang, no leak, no undefined
 * behaviour":
 *   - every event is returned once: offsets strictly increase, each
 *     inside the input;
 *   - every diagnostic names offsets inside the input (0 to its size:
 *     the size itself is the end, where a cut log stops);
 *   - no sample is emitted twice: the samples are at most the censuses
 *     (events 162 and 166) plus the first and final empty samples, and
 *     the marks at most the user markers (58);
 *   - strict mode accepts a log only if it reads it as the default mode
 *     does;
 *   - the samples written as a .hp (hpcat of an eventlog) read back,
 *     through the .hp reader, to the same header, samples and marks.
 */
#include "fuzz.h"

#include "ev_heap.h"
#include "eventlog.h"
#include "hp_read.h"
#include "hp_write.h"

static struct hpt_input in;
static struct fz_buf d1, d2, ds;
static int strict_ok;
static uint64_t censuses, markers, in_size;

/* Every "offset N" in the diagnostics: N <= size. */
static void check_offsets(void)
{
	const char *p;
	fz_diag[fz_diag_len()] = '\0';
	for (p = fz_diag; (p = strstr(p, "offset ")) != NULL; p += 7) {
		const char *q = p + 7;
		uint64_t v = 0;
		if (*q < '0' || *q > '9')
			continue;
		while (*q >= '0' && *q <= '9') {
			if (v > (UINT64_MAX - 9) / 10)
				FZ_FAIL("offset too long in a diagnostic");
			v = v * 10 + (uint64_t)(*q++ - '0');
		}
		if (v > in_size)
			FZ_FAIL("offset %llu past the input's %llu bytes",
			        (unsigned long long)v,
			        (unsigned long long)in_size);
	}
}

/* The events, one by one. */
static void read_events(void)
{
	struct ev_reader *r = ev_reader_new(&in, 0);
	struct ev_event e;
	uint64_t last = 0;
	int any = 0;
	while (ev_next(r, &e)) {
		if (any && e.offset <= last)
			FZ_FAIL("event at offset %llu after one at %llu",
			        (unsigned long long)e.offset,
			        (unsigned long long)last);
		if (e.offset >= in_size || e.len > in_size - e.offset)
			FZ_FAIL("event at offset %llu of %zu bytes past the "
			        "end", (unsigned long long)e.offset, e.len);
		any = 1;
		last = e.offset;
		if (e.type == EV_HEAP_PROF_SAMPLE_BEGIN ||
		    e.type == EV_HEAP_BIO_PROF_SAMPLE_BEGIN)
			censuses++;
		if (e.type == EV_USER_MARKER)
			markers++;
	}
	ev_reader_free(r);
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

static void dump_header(struct fz_buf *d, const struct hp_header *h)
{
	fz_field(d, h->job, h->job_len);
	fz_field(d, h->date, h->date_len);
	fz_field(d, h->sample_unit, h->sample_unit_len);
	fz_field(d, h->value_unit, h->value_unit_len);
}

/* The heap profile of the log (hp: 0) or of a .hp (1) into d; with
 * write, also written as hpcat writes it. */
static void read_heap(int hp, int strict, struct fz_buf *d, int write)
{
	struct hpt_intern bands;
	struct hp_sample s;
	struct ev_heap *h = NULL;
	struct hp_reader *r = NULL;
	const struct hp_header *head;
	enum hp_item it;
	uint64_t samples = 0, marks = 0;
	hpt_intern_init(&bands);
	memset(&s, 0, sizeof s);
	if (hp) {
		r = hp_reader_new(&in, &bands, strict, NULL);
		head = hp_reader_header(r);
	} else {
		h = ev_heap_new(&in, &bands, strict, NULL);
		head = ev_heap_header(h);
	}
	dump_header(d, head);
	if (write)
		hp_write_header(head);
	while ((it = hp ? hp_read(r, &s) : ev_heap_next(h, &s)) != HP_EOF) {
		dump_item(d, &bands, it, &s);
		if (it == HP_SAMPLE)
			samples++;
		else
			marks++;
		if (write && it == HP_MARK)
			hp_write_mark(&s);
		else if (write)
			hp_write_sample(&bands, &s);
	}
	if (!hp && samples > censuses + 2)
		FZ_FAIL("%llu samples from %llu censuses",
		        (unsigned long long)samples,
		        (unsigned long long)censuses);
	if (!hp && marks > markers)
		FZ_FAIL("%llu marks from %llu user markers",
		        (unsigned long long)marks, (unsigned long long)markers);
	if (!hp && ev_heap_samples(h) != samples)
		FZ_FAIL("ev_heap_samples %llu, %llu samples returned",
		        (unsigned long long)ev_heap_samples(h),
		        (unsigned long long)samples);
	if (hp)
		hp_reader_free(r);
	else
		ev_heap_free(h);
	hp_sample_free(&s);
	hpt_intern_free(&bands);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_init("fuzz_eventlog");
	fz_start();
	in_size = size;
	censuses = markers = 0;

	FZ_TRY {
		fz_open(&in, data, size, "in.eventlog");
		read_events();
		hpt_input_close(&in);
	} FZ_CATCH {
		close(in.fd);
		check_offsets();
		return 0;
	}
	check_offsets();

	strict_ok = 0;
	FZ_TRY {
		fz_open(&in, data, size, "in.eventlog");
		read_heap(0, 1, &ds, 0);
		hpt_input_close(&in);
		strict_ok = 1;
	} FZ_CATCH {
		close(in.fd);
		memset(&ds, 0, sizeof ds);
	}
	check_offsets();

	FZ_TRY {
		fz_open(&in, data, size, "in.eventlog");
		read_heap(0, 0, &d1, 0);
		hpt_input_close(&in);
	} FZ_CATCH {
		close(in.fd);
		check_offsets();
		if (strict_ok)
			FZ_FAIL("strict read passed, default read failed");
		memset(&d1, 0, sizeof d1);
		return 0;
	}
	check_offsets();
	if (strict_ok && !fz_same(&d1, &ds))
		FZ_FAIL_DUMPS("strict and default reads", &ds, &d1);
	fz_buf_free(&ds);

	/* hpcat of the log */
	fz_output_begin();
	FZ_TRY {
		fz_open(&in, data, size, "in.eventlog");
		read_heap(0, 0, &d2, 1);
		hpt_input_close(&in);
	} FZ_CATCH {
		FZ_FAIL("second read failed");
	}
	if (!fz_same(&d1, &d2))
		FZ_FAIL_DUMPS("two reads", &d1, &d2);
	fz_buf_free(&d2);
	FZ_TRY {
		fz_open_output(&in, "out.hp");
		read_heap(1, 0, &d2, 0);
		hpt_input_close(&in);
	} FZ_CATCH {
		size_t n;
		char *out = fz_output(&n);
		FZ_FAIL("the .hp written does not read back:\n%.*s",
		        (int)(n < 3000 ? n : 3000), out);
	}
	if (!fz_same(&d1, &d2))
		FZ_FAIL_DUMPS("log and .hp written", &d1, &d2);
	fz_buf_free(&d1);
	fz_buf_free(&d2);
	return 0;
}
