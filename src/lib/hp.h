/*
 * hp.h: the heap-profile model every heap tool shares: the header, one
 * census (sample) of band values, and the sink that writers implement.
 *
 * The samples come from the .hp reader (hp_read.h; the format is written
 * by GHC's rts/ProfHeap.c, formats.md section 1) and, through the same
 * types, from any other heap input (heap_in.h): a sample is what one
 * BEGIN_SAMPLE..END_SAMPLE block of a .hp holds, whatever it was read
 * from.  Band names are ids in a struct hpt_intern shared by every input
 * whose samples are written together.
 */
#ifndef HPT_HP_H
#define HPT_HP_H

#include <stddef.h>
#include <stdint.h>

#include "intern.h"

/* The four header strings, unescaped (a JOB's "" is one "), as bytes
 * with lengths: they may contain anything, a newline included.
 * elapsed_clock says which clock the sample times are on: 0 for a .hp
 * (GHC's rts/ProfHeap.c stamps samples with mutator CPU seconds), 1
 * for an eventlog (ev_heap.h: elapsed wall-clock seconds since the
 * program started; its DATE is then in UTC). */
struct hp_header {
	char *job, *date, *sample_unit, *value_unit;
	size_t job_len, date_len, sample_unit_len, value_unit_len;
	int elapsed_clock;
};

/* The clock of h's sample times as messages name it: "elapsed" (an
 * eventlog) or "mutator CPU" (a .hp). */
const char *hp_clock_name(const struct hp_header *h);

/* One band's value in one sample: the band is an id in the band table,
 * bytes the residency in bytes.  text_len > 0 says that the sample's
 * digits[text_off..] hold the value's decimal text as read (the writers
 * copy it instead of formatting bytes again). */
struct hp_bandval {
	uint32_t band;
	uint32_t text_off;
	uint64_t bytes;
	uint8_t text_len;
};

/* A value's text is at most HP_DIGITS_MAX bytes, and a sample's digits
 * buffer always has HP_DIGITS_MAX bytes allocated past the start of its
 * last value's text, so that a writer may copy HP_DIGITS_MAX bytes from
 * any value's text_off and then keep text_len of them (one fixed-size
 * copy in the hot loop instead of a variable one). */
#define HP_DIGITS_MAX 24

/* One census, or a MARK.  time is in seconds; time_text is the time as
 * it should be written back (the input's own text, normalised: a decimal
 * comma becomes '.', a 6.x carry such as 13.100 becomes 14.00, and an
 * integer such as 0 gets ".0" so that hp2ps reads it as a float; in a
 * second profile of the same input, and in a later input joined to
 * earlier ones, the time continues after the last sample before it).
 * The values are in order of first appearance in the sample, with rows
 * that name the same band summed. */
struct hp_sample {
	double time;
	char *time_text;
	size_t time_cap;
	long line;               /* line of BEGIN_SAMPLE (or MARK); 0 when
	                          * the input has no lines (eventlog) */
	struct hp_bandval *v;
	size_t n, cap;
	char *digits;
	size_t digits_len, digits_cap;
	/* When not NULL, rows[0..rows_len) is the text of the sample's
	 * rows exactly as the .hp writer writes them, "NAME TAB DIGITS LF"
	 * for each value in order (the .hp reader sets it when the input
	 * held them so, to be copied in one block; hp_write.h); valid
	 * until the next read into the sample.  Whoever changes v, n or a
	 * band's name sets it to NULL. */
	const char *rows;
	size_t rows_len;
	/* A MARK's text, mark_text[0..mark_len): an eventlog's user marker
	 * (traceMarker, event 58: ev_heap.h), cut to HP_MARK_TEXT_MAX
	 * bytes; a .hp's MARK has none (mark_len 0). */
	char *mark_text;
	size_t mark_len, mark_cap;
};
#define HP_MARK_TEXT_MAX 256

/* Set the MARK text of s to the n bytes of t (at most HP_MARK_TEXT_MAX
 * of them are kept). */
void hp_sample_set_mark_text(struct hp_sample *s, const char *t, size_t n);

enum hp_item { HP_EOF = 0, HP_SAMPLE, HP_MARK };

/* Release a sample's buffers. */
void hp_sample_free(struct hp_sample *s);

/*
 * The time integral of every band by the trapezoid rule, in
 * byte-seconds, over the samples given in order: between two
 * consecutive samples at t0 and t1, a band adds (b0 + b1) / 2 x (t1 -
 * t0), a band absent from a sample counting 0 there.  A step back in
 * time (t1 < t0, which the readers warn about) adds nothing.  Memory
 * grows with the number of bands, not of samples.  hpslice -m/-t,
 * hpstat and the SVG chart rank bands by it.
 */
struct hp_integral {
	double *v;               /* v[band]: the band's integral so far */
	size_t nv;               /* bands 0..nv-1 have a value */
	double total;            /* the sum of every band's integral */
	uint64_t samples;        /* samples added */
	/* private: the last sample's values and time */
	struct hp_bandval *prev;
	size_t prev_n, prev_cap, vcap;
	double prev_time;
};
void hp_integral_init(struct hp_integral *a);
/* Add one sample (a census; not a MARK). */
void hp_integral_add(struct hp_integral *a, const struct hp_sample *s);
/* The integral of band b (0 for a band never seen). */
double hp_integral_of(const struct hp_integral *a, uint32_t b);
void hp_integral_free(struct hp_integral *a);

/*
 * A band's identity across runs and builds: the part of its name that
 * stays when the program is run again or rebuilt, so that two profiles
 * can be compared band by band (hpstat -d) and a band keeps its colour.
 * name[0..len) is a band name as read (bytes, NUL allowed); returns a
 * pointer into it, the identity, and sets *id_len to its length (never
 * more than len).  Never fails, allocates nothing.  What is taken off:
 *
 *   -hc, -hr   GHC's leading "(N)": N is the cost-centre stack's number
 *              (-hc, rts/ProfHeap.c fprint_ccs writes "(%ld)" of
 *              ccs->ccsID, numbered as the stacks are made, so it
 *              shifts when a build adds a function before the stack)
 *              or the retainer set's number (-hr, rts/RetainerSet.c
 *              printRetainerSetShort writes "(%d)" of rs->id; numbered
 *              anew in each run); formats.md 1.5.  "(303)step/main"
 *              gives "step/main", "(12)f,g" gives "f,g", "(7)" gives
 *              "".  Only "(", one or more ASCII digits and ")" at the
 *              very start are taken: no name of another breakdown
 *              starts so (-hd and -hy names such as "(,)", "()" and
 *              "(#,#)", -hr's "MANY", an eventlog's -hc names, which
 *              GHC writes without the number, stay whole).
 *   -hi named  the "#ADDR" ending of a band that hpcat -I named by an
 *              IPE table, "WHAT{KIND::TYPE}@SRC#0x40baf8" (ipe.h,
 *              ipe_band_name): the info table's address, which moves
 *              with every build before GHC 10; the description before
 *              it is the identity.  Taken only from a name with no
 *              "(N)" whose last "#" follows a "{" and is followed by
 *              "0x" and one or more hex digits to the end.
 *
 * Every other name is its own identity: a bare -hi address, -hd, -hy,
 * -hm, -hT, -hb and -he names.  Two bands of one profile can have one
 * identity (two stacks whose labels are equal, or cut equal by -L);
 * the caller tells them apart (hpstat pairs them by their numbers).
 */
const char *hp_band_identity(const char *name, size_t len, size_t *id_len);

/*
 * A sink: where a program sends a heap profile, one call per part, in
 * this order: header once, then sample and mark as they come, then end
 * once.  The writers (hp_write.h) provide one per output format; a
 * program with its own output makes its own.  arg is the sink's state.
 * A NULL member is skipped.
 */
struct hp_sink {
	void (*header)(void *arg, const struct hp_header *h);
	void (*sample)(void *arg, const struct hpt_intern *bands,
	               const struct hp_sample *s);
	void (*mark)(void *arg, const struct hp_sample *s);
	void (*end)(void *arg, const struct hpt_intern *bands);
	void *arg;
};

/*
 * The form of the last time written to a .hp, for hp_time_no_carry: its
 * decimals (-1: none yet, or not a plain time) and its whole seconds.
 * Start with dec -1.
 */
struct hp_time_form {
	int dec;
	uint64_t sec;
};

/*
 * Make the time text t (as about to be written, NUL-terminated) not
 * read back as GHC 6.x's carry, and note it in *last, the form of the
 * time written before it.  The .hp reader (hp_read.h) reads "S.100"
 * after a time of two decimals and the same whole seconds S as S+1.00,
 * the way GHC 6.x's rts/ProfHeap.c printed 13.995 (13.100); a time that
 * a tool shifted (a joined file's offset added, hpslice -z's origin
 * taken away: 0.100 after 0, plus 1.00) can take that form without
 * being a carry.  Such a t loses its last zero in place ("S.10", the
 * same time).  Nothing to report.
 */
void hp_time_no_carry(char *t, struct hp_time_form *last);

#endif
