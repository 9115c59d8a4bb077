/*
 * input.c: buffered line input and follow mode.  See input.h.
 */
#include "input.h"

#include <dirent.h>
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
/* Follow mode: the pause between two looks at the file, and the number
 * of pauses with no data after which a profile ends where no writer
 * process can be seen (5 s). */
#define FOLLOW_PAUSE_NS (200 * 1000 * 1000)
#define FOLLOW_QUIET_POLLS 25

static void pause_follow(void)
{
	struct timespec ts = {0, FOLLOW_PAUSE_NS};
	nanosleep(&ts, NULL);
}

static void init(struct hpt_input *in, int fd, const char *name)
{
	memset(in, 0, sizeof *in);
	in->fd = fd;
	in->name = name;
	in->cap = IN_CHUNK;
	in->buf = hpt_xmalloc(in->cap);
}

void hpt_input_fdopen(struct hpt_input *in, int fd, const char *name)
{
	init(in, fd, name);
	in->from_path = 1;
}

void hpt_input_open(struct hpt_input *in, const char *path)
{
	int fd;
	if (strcmp(path, "-") == 0) {
		init(in, 0, "<stdin>");
		return;
	}
	fd = open(path, O_RDONLY);
	if (fd < 0)
		hpt_die_file_errno(path);
	init(in, fd, path);
	in->from_path = 1;
}

/* Can path's directory hold files: does it exist?  (Only an ENOENT of
 * open(2) asks, so the name has no empty component to worry about.) */
static int dir_exists(const char *path)
{
	const char *slash = strrchr(path, '/');
	struct stat st;
	char *dir;
	int ok;
	if (!slash)
		return 1;
	dir = slash == path ? hpt_xstrdup("/")
	                    : hpt_xmemdup(path, (size_t)(slash - path));
	ok = stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
	free(dir);
	return ok;
}

int hpt_input_open_wait(struct hpt_input *in, const char *path,
                        int (*stop)(void *), void (*wait)(void *),
                        void *arg)
{
	int fd, said = 0;
	if (strcmp(path, "-") == 0) {
		hpt_input_open(in, path);
		return 1;
	}
	while ((fd = open(path, O_RDONLY)) < 0 && errno == ENOENT) {
		if (!said && !dir_exists(path)) {
			errno = ENOENT;
			break;
		}
		if (stop && stop(arg))
			return 0;
		if (!said)
			hpt_data_warn(path, 0, "no such file yet: waiting "
			              "for it");
		said = 1;
		if (wait)
			wait(arg);
		pause_follow();
		errno = ENOENT;
	}
	if (fd < 0)
		hpt_die_file_errno(path);
	init(in, fd, path);
	in->from_path = 1;
	return 1;
}

void hpt_input_close(struct hpt_input *in)
{
	if (in->from_path)
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

/* Follow mode, at the end of the data: a name that no longer exists, or
 * names another file (mv new.hp app.hp), will get nothing more: stop,
 * with a warning, as for a truncated file.  Returns 1 then. */
static int follow_gone(struct hpt_input *in)
{
	struct stat st, now;
	const char *why = NULL;
	if (!in->from_path || fstat(in->fd, &st) != 0)
		return 0;
	if (stat(in->name, &now) != 0) {
		if (errno == ENOENT)
			why = "deleted";
	} else if (now.st_dev != st.st_dev || now.st_ino != st.st_ino) {
		why = "replaced";
	}
	if (!why)
		return 0;
	hpt_data_warn(in->name, 0, "file %s while followed: stopped", why);
	in->eof = 1;
	return 1;
}

/* Is the whole name digits (a process id, a descriptor in /proc)? */
static int all_digits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

/* Has process pid the file st open for writing on descriptor fd?  Linux
 * shows a process's open files as /proc/PID/fd/N (stat gives the file)
 * and their open flags, in octal, on the "flags:" line of
 * /proc/PID/fdinfo/N.  Flags that cannot be read count as writing (the
 * safe side: following goes on). */
static int writes_file(const struct stat *st, long pid, int fd)
{
	struct stat f;
	char *p = hpt_xasprintf("/proc/%ld/fd/%d", pid, fd);
	char buf[512];
	const char *flags;
	int ok = stat(p, &f) == 0 && f.st_dev == st->st_dev &&
	         f.st_ino == st->st_ino;
	ssize_t n = 0;
	int info;
	free(p);
	if (!ok)
		return 0;
	p = hpt_xasprintf("/proc/%ld/fdinfo/%d", pid, fd);
	info = open(p, O_RDONLY);
	free(p);
	if (info >= 0) {
		n = read(info, buf, sizeof buf - 1);
		close(info);
	}
	if (n <= 0)
		return 1;
	buf[n] = '\0';
	flags = strstr(buf, "flags:");
	if (!flags)
		return 1;
	return (strtol(flags + 6, NULL, 8) & O_ACCMODE) != O_RDONLY;
}

/*
 * Follow mode: does another process have the followed file open for
 * writing?  1 yes, 0 no (none of the processes this one may look into),
 * -1 cannot be known (no /proc).  The process found last time is
 * asked first, so that a long wait costs one look per pause.
 */
static int writer_state(struct hpt_input *in)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	long self = (long)getpid();
	int found = 0;
	if (fstat(in->fd, &st) != 0)
		return -1;
	if (in->writer_pid > 0 && writes_file(&st, in->writer_pid,
	                                      in->writer_fd))
		return 1;
	in->writer_pid = 0;
	if (access("/proc/self/fdinfo", R_OK) != 0 ||
	    (d = opendir("/proc")) == NULL)
		return -1;
	while (!found && (e = readdir(d)) != NULL) {
		long pid;
		char *p;
		DIR *fds;
		struct dirent *f;
		if (!all_digits(e->d_name) || (pid = atol(e->d_name)) == self)
			continue;
		p = hpt_xasprintf("/proc/%ld/fd", pid);
		fds = opendir(p);
		free(p);
		if (!fds)
			continue; /* gone, or another user's */
		while ((f = readdir(fds)) != NULL) {
			if (all_digits(f->d_name) &&
			    writes_file(&st, pid, atoi(f->d_name))) {
				in->writer_pid = pid;
				in->writer_fd = atoi(f->d_name);
				found = 1;
				break;
			}
		}
		closedir(fds);
	}
	closedir(d);
	return found;
}

/*
 * Follow mode, at the end of the data anywhere else: has the program
 * that was seen writing the file closed it (it was killed, or crashed,
 * before its final sample)?  The first wait only looks for the writer;
 * with none seen (it runs as another user, or this system has no
 * /proc) the answer stays no, and a signal ends the input.
 */
static int writer_left(struct hpt_input *in)
{
	struct stat st;
	if (!in->writer_looked) {
		in->writer_looked = 1;
		writer_state(in);
		return 0;
	}
	if (in->writer_pid <= 0)
		return 0;
	if (fstat(in->fd, &st) == 0 &&
	    writes_file(&st, in->writer_pid, in->writer_fd))
		return 0;
	return writer_state(in) == 0;
}

/* Follow mode, at the end of the data where the reader says the input
 * may end: has the program finished writing?  See hpt_input_follow. */
static int follow_done(struct hpt_input *in)
{
	int w = writer_state(in);
	if (w >= 0)
		return w == 0;
	if (in->follow_may_end == 2)
		return 0;
	return ++in->quiet_polls >= FOLLOW_QUIET_POLLS;
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
			hpt_die_file_errno(in->name);
		}
		if (r > 0) {
			if (in->follow) {
				remember_tail(in, in->buf + in->end, (size_t)r);
				in->quiet_polls = 0;
				in->follow_ending = 0;
			}
			in->end += (size_t)r;
			return (size_t)r;
		}
		if (!in->follow ||
		    (in->follow_stop && in->follow_stop(in->follow_arg))) {
			in->eof = 1;
			return 0;
		}
		/* The writer found gone before this read, which found
		 * nothing it might have written just before it went: the
		 * end. */
		if (in->follow_ending) {
			if (in->follow_ending == 2)
				hpt_data_warn(in->name, 0, "file closed by its "
				              "program before the final sample: "
				              "stopped");
			in->eof = 1;
			return 0;
		}
		if (in->follow_may_end && in->lineno == in->follow_end_line &&
		    follow_done(in)) {
			in->follow_ending = 1;
			continue;
		}
		if (follow_gone(in))
			return 0;
		if (writer_left(in)) {
			in->follow_ending = 2;
			continue;
		}
		if (in->follow_wait)
			in->follow_wait(in->follow_arg);
		pause_follow();
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

long hpt_input_line_fill(struct hpt_input *in, char **line)
{
	size_t scanned = in->end - in->start; /* no '\n' there */
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
		if (avail >= HPT_LINE_MAX)
			hpt_data_error(in->name, in->lineno + 1, "line of "
			               "%d MiB without its end: stopped (no "
			               "profile has such lines)",
			               (int)(HPT_LINE_MAX >> 20));
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
