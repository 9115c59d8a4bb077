/*
 * input.c: buffered line input and follow mode.  See input.h.
 */
#include "input.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "alloc.h"
#include "diag.h"

#define IN_CHUNK (256 * 1024)

void hpt_input_open(struct hpt_input *in, const char *path)
{
	memset(in, 0, sizeof *in);
	if (strcmp(path, "-") == 0) {
		in->fd = 0;
		in->name = "<stdin>";
	} else {
		in->fd = open(path, O_RDONLY);
		in->name = path;
		if (in->fd < 0)
			hpt_die_errno("%s", path);
	}
	in->cap = IN_CHUNK;
	in->buf = hpt_xmalloc(in->cap);
}

void hpt_input_fdopen(struct hpt_input *in, int fd, const char *name)
{
	memset(in, 0, sizeof *in);
	in->fd = fd;
	in->name = name;
	in->cap = IN_CHUNK;
	in->buf = hpt_xmalloc(in->cap);
}

void hpt_input_close(struct hpt_input *in)
{
	if (in->fd > 0)
		close(in->fd);
	free(in->buf);
	in->buf = NULL;
}

/* Follow mode: keep the last bytes read, to check that the file still
 * holds them. */
static void remember_tail(struct hpt_input *in, const char *p, size_t r)
{
	size_t keep;
	if (in->head_len < sizeof in->head && in->offset + in->end == in->head_len) {
		/* The first bytes of the file, too. */
		size_t h = sizeof in->head - in->head_len;
		if (h > r)
			h = r;
		memcpy(in->head + in->head_len, p, h);
		in->head_len += h;
	}
	if (r >= sizeof in->tail) {
		memcpy(in->tail, p + r - sizeof in->tail, sizeof in->tail);
		in->tail_len = sizeof in->tail;
		return;
	}
	keep = sizeof in->tail - r;
	if (keep > in->tail_len)
		keep = in->tail_len;
	memmove(in->tail, in->tail + in->tail_len - keep, keep);
	memcpy(in->tail + keep, p, r);
	in->tail_len = keep + r;
}

/* Follow mode, before each read: a file that became shorter than what
 * was read, or no longer holds the bytes read last, was truncated or
 * rewritten (the program was run again): what was read no longer
 * belongs to it, so following stops, with a warning.  Returns 1 then. */
static int follow_check(struct hpt_input *in)
{
	struct stat st;
	uint64_t pos = in->offset + in->end;
	char now[sizeof in->head];
	const char *why = NULL;
	if (fstat(in->fd, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	if ((uint64_t)st.st_size < pos)
		why = "truncated";
	else if (in->tail_len > 0 &&
	         (pread(in->fd, now, in->tail_len,
	                (off_t)(pos - in->tail_len)) != (ssize_t)in->tail_len ||
	          memcmp(now, in->tail, in->tail_len) != 0))
		why = "rewritten";
	else if (in->head_len > 0 &&
	         (pread(in->fd, now, in->head_len, 0) != (ssize_t)in->head_len ||
	          memcmp(now, in->head, in->head_len) != 0))
		why = "rewritten";
	if (!why)
		return 0;
	hpt_data_warn(in->name, 0, "file %s while followed: stopped", why);
	in->eof = 1;
	return 1;
}

/* Read more bytes into the buffer, compacting or growing it.  Returns the
 * number read; 0 at end of input.  In follow mode EOF means "wait and try
 * again" until follow_stop says otherwise. */
static size_t fill(struct hpt_input *in)
{
	ssize_t r;
	if (in->start > 0 && (in->start == in->end || in->end == in->cap)) {
		memmove(in->buf, in->buf + in->start, in->end - in->start);
		in->end -= in->start;
		in->offset += in->start;
		in->start = 0;
	}
	if (in->end == in->cap) {
		in->cap *= 2;
		in->buf = hpt_xrealloc(in->buf, in->cap);
	}
	for (;;) {
		if (in->follow && follow_check(in))
			return 0;
		r = read(in->fd, in->buf + in->end, in->cap - in->end);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			hpt_die_errno("%s", in->name);
		}
		if (r > 0) {
			if (in->follow)
				remember_tail(in, in->buf + in->end, (size_t)r);
			in->end += (size_t)r;
			return (size_t)r;
		}
		if (!in->follow ||
		    (in->follow_stop && in->follow_stop(in->follow_arg))) {
			in->eof = 1;
			return 0;
		}
		{
			struct timespec ts = {0, 200 * 1000 * 1000};
			if (in->follow_wait)
				in->follow_wait(in->follow_arg);
			nanosleep(&ts, NULL);
		}
	}
}

size_t hpt_input_peek(struct hpt_input *in, size_t n, const char **p)
{
	while (in->end - in->start < n && !in->eof)
		if (fill(in) == 0)
			break;
	*p = in->buf + in->start;
	return in->end - in->start < n ? in->end - in->start : n;
}

long hpt_input_line(struct hpt_input *in, char **line)
{
	size_t scanned = 0;
	for (;;) {
		char *b = in->buf + in->start;
		size_t avail = in->end - in->start;
		char *nl = memchr(b + scanned, '\n', avail - scanned);
		if (nl) {
			size_t len = (size_t)(nl - b);
			*line = b;
			in->start += len + 1;
			in->lineno++;
			in->last_unterminated = 0;
			return (long)len;
		}
		scanned = avail;
		if (in->eof || fill(in) == 0) {
			avail = in->end - in->start;
			if (avail == 0)
				return -1;
			*line = in->buf + in->start;
			in->start = in->end;
			in->lineno++;
			in->last_unterminated = 1;
			return (long)avail;
		}
	}
}


void hpt_input_skip(struct hpt_input *in, size_t n)
{
	in->start += n;
}

uint64_t hpt_input_pos(const struct hpt_input *in)
{
	return in->offset + in->start;
}

void hpt_input_follow(struct hpt_input *in, int (*stop)(void *),
                      void (*wait)(void *), void *arg)
{
	struct stat st;
	if (fstat(in->fd, &st) != 0 || !S_ISREG(st.st_mode))
		return;
	in->follow = 1;
	in->follow_stop = stop;
	in->follow_wait = wait;
	in->follow_arg = arg;
}
