/*
 * fuzz.h: what every libFuzzer harness of tests/fuzz/ shares (see the
 * README there).  Not part of the library or the programs: the harnesses
 * are built only by `make fuzz`, with clang -fsanitize=fuzzer,address,
 * undefined, and linked with -Wl,--wrap=exit.
 *
 *   input    the fuzz input is put in a memfd and read through
 *            hpt_input_fdopen, as the programs read a file;
 *   output   standard output (fd 1) is another memfd, so the library
 *            writers (output.h) write to memory, read back by fz_output;
 *   stderr   the library's diagnostics go to a memory stream (the glibc
 *            stderr variable is reassigned), so that every message is
 *            formatted (a bad format argument is found) and can be
 *            checked (the eventlog harness checks the offsets);
 *   fatal    an error of the library ends in exit(2) (diag.c): exit is
 *            wrapped, and while a harness runs library code inside
 *            FZ_TRY, __wrap_exit longjmps back to it instead.  Any other
 *            exit is a real one (libFuzzer reports it);
 *   arena    what the library allocated before the fatal error is freed
 *            then: while FZ_TRY runs, sanitizer malloc/free hooks keep
 *            the set of live allocations, and after a longjmp every one
 *            of them is freed (only those of the harness's thread:
 *            libFuzzer has threads of its own), so that LeakSanitizer
 *            sees no leak (on the normal
 *            path the harness frees as the programs do, and a leak there
 *            is a real one).  The body of FZ_TRY must therefore not
 *            keep its results in memory allocated before it.
 */
#ifndef HPT_FUZZ_H
#define HPT_FUZZ_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <sanitizer/allocator_interface.h>

#include "diag.h"
#include "input.h"
#include "output.h"

/* ---- fatal errors: exit wrapped ---- */

static jmp_buf fz_jb;
static volatile int fz_armed;
static int fz_status;

void __real_exit(int status) __attribute__((noreturn));
void __wrap_exit(int status) __attribute__((noreturn));
void __wrap_exit(int status)
{
	if (fz_armed) {
		fz_armed = 0;
		fz_status = status;
		longjmp(fz_jb, 1);
	}
	__real_exit(status);
}

/* A property failed: say which, with the input's size, and abort (the
 * fuzzer saves the input as a crash). */
#define FZ_FAIL(...) do { \
	fprintf(fz_stderr, "PROPERTY FAILED: " __VA_ARGS__); \
	fputc('\n', fz_stderr); \
	fprintf(fz_stderr, "diagnostics were:\n%.*s\n", (int)fz_diag_len(), \
	        fz_diag); \
	abort(); \
} while (0)

/* ---- the arena of FZ_TRY: live allocations ---- */

#define FZ_SLOTS (1u << 20)
static struct { const volatile void *p; unsigned gen; } fz_set[FZ_SLOTS];
static const volatile void *fz_log[FZ_SLOTS];
static size_t fz_nlog, fz_live;
static unsigned fz_gen = 1;
static int fz_overflow;
/* per thread: libFuzzer's own threads (the RSS watcher) allocate too,
 * and only the harness's allocations are the arena's */
static __thread int fz_tracking;

static size_t fz_hash(const volatile void *p)
{
	uint64_t x = (uint64_t)(uintptr_t)p;
	x ^= x >> 17;
	x *= 0x9E3779B97F4A7C15ull;
	return (size_t)(x >> 40) & (FZ_SLOTS - 1);
}

static void fz_malloc_hook(const volatile void *p, size_t n)
{
	size_t i;
	(void)n;
	if (!fz_tracking || !p)
		return;
	if (fz_live >= FZ_SLOTS / 2 || fz_nlog >= FZ_SLOTS) {
		fz_overflow = 1;
		return;
	}
	for (i = fz_hash(p); fz_set[i].gen == fz_gen; i = (i + 1) % FZ_SLOTS)
		;
	fz_set[i].p = p;
	fz_set[i].gen = fz_gen;
	fz_live++;
	fz_log[fz_nlog++] = p;
}

/* Remove p from the set (backward-shift deletion); 1 if it was there. */
static int fz_forget(const volatile void *p)
{
	size_t i, j, k;
	for (i = fz_hash(p); fz_set[i].gen == fz_gen; i = (i + 1) % FZ_SLOTS)
		if (fz_set[i].p == p)
			break;
	if (fz_set[i].gen != fz_gen)
		return 0;
	for (j = i;;) {
		j = (j + 1) % FZ_SLOTS;
		if (fz_set[j].gen != fz_gen)
			break;
		k = fz_hash(fz_set[j].p);
		if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
			continue;
		fz_set[i] = fz_set[j];
		i = j;
	}
	fz_set[i].gen = 0;
	fz_live--;
	return 1;
}

static void fz_free_hook(const volatile void *p)
{
	if (fz_tracking && p)
		fz_forget(p);
}

static void fz_track_begin(void)
{
	fz_gen++;
	fz_nlog = fz_live = 0;
	fz_overflow = 0;
	fz_tracking = 1;
}

static void fz_track_end(void)
{
	fz_tracking = 0;
}

/* After a fatal error: free what the library left. */
static void fz_free_all(void)
{
	size_t i;
	fz_tracking = 0;
	for (i = 0; i < fz_nlog; i++)
		if (fz_forget(fz_log[i]))
			free((void *)fz_log[i]);
	if (fz_overflow) {
		fprintf(stderr, "fuzz: too many allocations to track\n");
		abort();
	}
}

/*
 * FZ_TRY { body } FZ_CATCH { after a fatal error }
 * runs body; a fatal error of the library inside it (exit) frees what
 * was allocated inside and runs the catch part, with fz_status set to
 * the exit status.  Variables set in body and read after must be
 * static or volatile (setjmp).  A statement of its own (not the body of
 * an if without braces).
 */
#define FZ_TRY \
	fz_track_begin(); \
	fz_armed = 1; \
	if (setjmp(fz_jb) == 0) { \
		do
#define FZ_CATCH \
		while (0); \
		fz_armed = 0; \
		fz_track_end(); \
	} else if ((fz_free_all(), 1))

/* ---- input, output, diagnostics ---- */

static int fz_in_fd = -1, fz_out_fd = -1;
static FILE *fz_stderr;      /* the real standard error */
static char fz_diag[1 << 20]; /* the library's diagnostics */
static FILE *fz_diag_f;

static size_t fz_diag_len(void)
{
	long n;
	fflush(fz_diag_f);
	n = ftell(fz_diag_f);
	if (n < 0)
		return 0;
	return (size_t)n < sizeof fz_diag ? (size_t)n : sizeof fz_diag - 1;
}

static void fz_write_fd(int fd, const void *p, size_t n)
{
	size_t o = 0;
	if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0)
		abort();
	while (o < n) {
		ssize_t w = write(fd, (const char *)p + o, n - o);
		if (w <= 0)
			abort();
		o += (size_t)w;
	}
	if (lseek(fd, 0, SEEK_SET) != 0)
		abort();
}

/* Once, at the first input. */
static void fz_init(const char *prog)
{
	int fd;
	if (fz_in_fd >= 0)
		return;
	hpt_progname = prog;
	__sanitizer_install_malloc_and_free_hooks(fz_malloc_hook,
	                                          fz_free_hook);
	fz_in_fd = memfd_create("fuzz-in", 0);
	fz_out_fd = memfd_create("fuzz-out", 0);
	if (fz_in_fd < 0 || fz_out_fd < 0 || dup2(fz_out_fd, 1) != 1)
		abort();
	fd = dup(2);
	fz_stderr = fd < 0 ? NULL : fdopen(fd, "w");
	fz_diag_f = fmemopen(fz_diag, sizeof fz_diag, "w");
	if (!fz_stderr || !fz_diag_f)
		abort();
	setvbuf(fz_stderr, NULL, _IONBF, 0);
	setvbuf(fz_diag_f, NULL, _IONBF, 0);
	stderr = fz_diag_f;
	fputs("warm up\n", fz_diag_f);
	/* the output layer's buffer, allocated outside every FZ_TRY (so
	 * that no arena frees it) */
	hpt_out_write("\n", 1);
	hpt_out_flush();
}

/* Start an input: the diagnostics so far are forgotten. */
static void fz_start(void)
{
	hpt_warnings = 0;
	hpt_quiet = 0;
	rewind(fz_diag_f);
	fz_diag[0] = '\0';
}

/* Open in on a copy of the n bytes at p, named name.  The input's
 * descriptor is its own (hpt_input_close closes it). */
static void fz_open(struct hpt_input *in, const void *p, size_t n,
                    const char *name)
{
	fz_write_fd(fz_in_fd, p, n);
	hpt_input_fdopen(in, dup(fz_in_fd), name);
}

/* Start writing: standard output empty (what a previous fatal error
 * left in the output layer is drained first). */
static void fz_output_begin(void)
{
	hpt_out_flush();
	fz_write_fd(fz_out_fd, "", 0);
}

/* What was written since fz_output_begin, in a new buffer of *n bytes
 * (caller frees). */
static char *fz_output(size_t *n)
{
	off_t end;
	char *p;
	size_t o = 0;
	hpt_out_flush();
	end = lseek(fz_out_fd, 0, SEEK_END);
	if (end < 0)
		abort();
	p = malloc((size_t)end + 1);
	if (!p)
		abort();
	while (o < (size_t)end) {
		ssize_t r = pread(fz_out_fd, p + o, (size_t)end - o, (off_t)o);
		if (r <= 0)
			abort();
		o += (size_t)r;
	}
	*n = o;
	return p;
}

/* Open in on what was written. */
static void fz_open_output(struct hpt_input *in, const char *name)
{
	int fd;
	hpt_out_flush();
	fd = dup(fz_out_fd);
	if (fd < 0 || lseek(fd, 0, SEEK_SET) != 0)
		abort();
	hpt_input_fdopen(in, fd, name);
}

/* ---- a growable byte string: the dumps compared by the harnesses ---- */

struct fz_buf {
	char *p;
	size_t n, cap;
};

static void fz_put(struct fz_buf *b, const void *p, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t c = b->cap ? b->cap : 256;
		while (c < b->n + n + 1)
			c *= 2;
		b->p = realloc(b->p, c);
		if (!b->p)
			abort();
		b->cap = c;
	}
	if (n)
		memcpy(b->p + b->n, p, n);
	b->n += n;
	b->p[b->n] = '\0';
}

/* A field: its length, then its bytes (so that no two dumps collide). */
static void fz_field(struct fz_buf *b, const void *p, size_t n)
{
	char len[32];
	int k = snprintf(len, sizeof len, "%zu:", n);
	fz_put(b, len, (size_t)k);
	fz_put(b, p, n);
	fz_put(b, "\n", 1);
}

static void fz_u64(struct fz_buf *b, uint64_t v)
{
	char t[32];
	int k = snprintf(t, sizeof t, "%llu", (unsigned long long)v);
	fz_field(b, t, (size_t)k);
}

static int fz_same(const struct fz_buf *a, const struct fz_buf *b)
{
	return a->n == b->n && (a->n == 0 || memcmp(a->p, b->p, a->n) == 0);
}

/* The first difference of two dumps, for a failure message. */
static size_t fz_diff_at(const struct fz_buf *a, const struct fz_buf *b)
{
	size_t i = 0;
	while (i < a->n && i < b->n && a->p[i] == b->p[i])
		i++;
	return i;
}

/* Both dumps are also written to dump-1 and dump-2 in
 * tests/fuzz/artifacts (from the top of the tree), whole (the message shows 400 bytes, up to a NUL). */
static void fz_save(const char *path, const struct fz_buf *b)
{
	FILE *f = fopen(path, "wb");
	if (f) {
		fwrite(b->p, 1, b->n, f);
		fclose(f);
	}
}

#define FZ_FAIL_DUMPS(what, a, b) do { \
	size_t at_ = fz_diff_at(a, b), from_ = at_ > 200 ? at_ - 200 : 0; \
	fz_save("tests/fuzz/artifacts/dump-1", a); \
	fz_save("tests/fuzz/artifacts/dump-2", b); \
	FZ_FAIL("%s: dumps differ at byte %zu\n--- first:\n%.*s\n" \
	        "--- second:\n%.*s", what, at_, \
	        (int)((a)->n - from_ < 400 ? (a)->n - from_ : 400), \
	        (a)->p + from_, \
	        (int)((b)->n - from_ < 400 ? (b)->n - from_ : 400), \
	        (b)->p + from_); \
} while (0)

static void fz_buf_free(struct fz_buf *b)
{
	free(b->p);
	b->p = NULL;
	b->n = b->cap = 0;
}


/* ---- cost-centre trees (with prof.h) ---- */

#ifdef HPT_PROF_H
#include "escape.h"

enum { FZ_FIRST_ROOT = 1, FZ_NO = 2, FZ_FIGURES = 4, FZ_SRC = 8,
       FZ_HEADER = 16, FZ_SETS = 32 };

/* Non-zero: text as a JSON writer keeps it (escape.h: each byte that
 * is not part of valid UTF-8 becomes the code point of its value, which
 * reads back as its UTF-8 form; prof2json.1 says so). */
static int fz_latin1;

static void fz_text(struct fz_buf *d, const char *p, size_t n)
{
	const unsigned char *s = (const unsigned char *)p;
	size_t i, k;
	struct fz_buf t = {0, 0, 0};
	if (!fz_latin1) {
		fz_field(d, p, n);
		return;
	}
	for (i = 0; i < n; i += k) {
		unsigned char u[2];
		k = s[i] < 0x80 ? 1 : hpt_utf8_len(s + i, n - i);
		/* no overlong form, no surrogate, nothing past U+10FFFF
		 * (escape.c's strict rule) */
		if ((k == 3 && s[i] == 0xe0 && s[i + 1] < 0xa0) ||
		    (k == 3 && s[i] == 0xed && s[i + 1] > 0x9f) ||
		    (k == 4 && s[i] == 0xf0 && s[i + 1] < 0x90) ||
		    (k == 4 && s[i] == 0xf4 && s[i + 1] > 0x8f))
			k = 0;
		if (k > 0) {
			fz_put(&t, s + i, k);
			continue;
		}
		k = 1;
		u[0] = (unsigned char)(0xC0 | s[i] >> 6);
		u[1] = (unsigned char)(0x80 | (s[i] & 0x3F));
		fz_put(&t, u, 2);
	}
	fz_field(d, t.p ? t.p : "", t.n);
	free(t.p);
}

static void fz_str(struct fz_buf *d, const char *s)
{
	if (s)
		fz_text(d, s, strlen(s));
	else
		fz_field(d, "(none)", 6);
}

static void fz_name(struct fz_buf *d, const struct prof_report *r,
                    uint32_t id)
{
	if (id >= r->names.count)
		FZ_FAIL("name id %u out of the table", (unsigned)id);
	fz_text(d, prof_name(r, id), prof_len(r, id));
}

/* The tree of r in link order (preorder), with what what asks. */
static void fz_dump_tree(struct fz_buf *d, const struct prof_report *r,
                         int what)
{
	uint32_t it = r->first_root, depth, x;
	if (what & FZ_HEADER) {
		fz_str(d, r->date);
		fz_str(d, r->command);
		fz_str(d, r->total_secs);
		fz_u64(d, r->total_ticks);
		fz_u64(d, r->tick_interval);
		fz_u64(d, r->processors);
		fz_u64(d, r->total_alloc);
		fz_u64(d, (uint64_t)r->has_src * 2 + (uint64_t)r->exact);
	}
	if (what & FZ_SETS)
		fz_field(d, r->sets ? r->sets : "", r->sets_len);
	while ((x = prof_next(r, &it, &depth)) != PROF_NONE) {
		if (x >= r->n)
			FZ_FAIL("node %u out of %zu", (unsigned)x, r->n);
		if ((what & FZ_FIRST_ROOT) && depth == 0 &&
		    x != r->first_root)
			break;
		fz_u64(d, depth);
		fz_name(d, r, r->label[x]);
		fz_name(d, r, r->module[x]);
		if (what & FZ_SRC)
			fz_name(d, r, r->src[x]);
		if (what & FZ_NO)
			fz_u64(d, r->no[x]);
		fz_u64(d, r->entries[x]);
		if (what & FZ_FIGURES) {
			fz_u64(d, r->ind_time[x]);
			fz_u64(d, r->ind_alloc[x]);
			fz_u64(d, r->inh_time[x]);
			fz_u64(d, r->inh_alloc[x]);
		}
	}
}
#endif

#endif
