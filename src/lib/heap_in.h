/*
 * heap_in.h: any heap-profile input, whatever its format: the one place
 * where the heap tools (hpcat, hpslice, hpstat) turn an opened input
 * into samples.  It asks the sniffer (sniff.h) what the input holds and
 * reads it with that format's reader:
 *
 *   .hp (and input the sniffer does not know, so that the .hp reader
 *   says what is wrong with it)   hp_read.h
 *   eventlog                      ev_heap.h (heap events; a log
 *                                 with none is a header only)
 *   .prof, -pj JSON               "FILE: a .prof report, not a heap
 *                                 profile (proftree reads it)"
 *   empty                         "FILE: empty input"
 *   binary (a NUL byte in the     "FILE:LINE: NUL byte in line: not a
 *   first line, sniff.h)          heap profile", as hp_read.h says it
 *
 * Every reader delivers the same struct hp_sample, in seconds and bytes.
 */
#ifndef HPT_HEAP_IN_H
#define HPT_HEAP_IN_H

#include <stdint.h>

#include "hp.h"
#include "input.h"

struct heap_in; /* private to heap_in.c */

/* A heap-profile reader of in (opened, and followed if wanted, by the
 * caller, who closes it after heap_in_free).  bands, strict and
 * time_offset as for hp_reader_new (hp_read.h).  Errors as above, then
 * the format reader's own. */
struct heap_in *heap_in_new(struct hpt_input *in, struct hpt_intern *bands,
                            int strict, const char *time_offset);
/* The profile's header. */
const struct hp_header *heap_in_header(const struct heap_in *h);
/* The next sample or mark into s, or HP_EOF (as hp_read). */
enum hp_item heap_in_next(struct heap_in *h, struct hp_sample *s);
/* Complete samples returned so far. */
uint64_t heap_in_samples(const struct heap_in *h);
/* The time a later input joined to this one continues after (the last
 * sample's time text, offset included), or NULL before any sample. */
const char *heap_in_end_time(struct heap_in *h);
/* Release the reader (not the input, not the band table). */
void heap_in_free(struct heap_in *h);

#endif
