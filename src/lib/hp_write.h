/*
 * hp_write.h: the writers of heap profiles, to standard output through
 * output.h: the .hp writer (GHC's layout, rts/ProfHeap.c: header strings
 * with '"' doubled as GHC 8.8+ writes them and hp2ps 8.8+ reads them,
 * one TAB between a band name and its value, the same time on
 * BEGIN_SAMPLE and END_SAMPLE), and the two TSV forms.  Each is also a
 * struct hp_sink, so a program picks its writer once.
 */
#ifndef HPT_HP_WRITE_H
#define HPT_HP_WRITE_H

#include "hp.h"

/* The four header lines. */
void hp_write_header(const struct hp_header *h);
/* One sample: BEGIN_SAMPLE, one row per band value, END_SAMPLE, all
 * with s->time_text. */
void hp_write_sample(const struct hpt_intern *bands,
                     const struct hp_sample *s);
/* A MARK line at s->time_text. */
void hp_write_mark(const struct hp_sample *s);
/* TSV: the header row "time\tband\tbytes", then one row per band value
 * of a sample, names escaped as by hpt_out_tsv() (escape.h). */
void hp_write_tsv_header(void);
void hp_write_tsv_sample(const struct hpt_intern *bands,
                         const struct hp_sample *s);

/* Sinks.  Each sample and mark ends an output unit (hpt_out_mark), so
 * output stopped by an error holds whole samples only.
 *   hp:   .hp, MARKs kept;
 *   tsv:  "time band bytes" rows, one per band value; MARKs dropped;
 *   wide: one row per sample, one column per band (in order of first
 *         appearance; a band missing from a sample is 0): every sample
 *         is kept in memory until end, since the first row names every
 *         band.  MARKs dropped.
 * The sink's state is allocated here and freed by its end call. */
void hp_sink_hp(struct hp_sink *k);
void hp_sink_tsv(struct hp_sink *k);
void hp_sink_wide(struct hp_sink *k);

#endif
