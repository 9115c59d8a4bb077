/*
 * ipe_in.h: the tables that name bands (hpcat -I and -o ipe/-o cc),
 * whatever file holds them: the format dispatch of IPE input.  It asks
 * the sniffer (sniff.h) what the file holds:
 *
 *   eventlog   its IPE and cost-centre events (ev_ipe.h)
 *   .prof      a report of the same run, for -hc and -hr names
 *              (prof_read.h)
 *   anything   an IPE table as -o ipe writes it (ipe_tsv.h, which says
 *   else       what is wrong with it)
 *   .hp, JSON  "FILE: a heap profile (.hp), not an IPE table, eventlog
 *              or .prof" (-pj JSON likewise)
 *   empty      "FILE: empty input"
 *   binary     "FILE:LINE: NUL byte in line: not an IPE table, eventlog
 *              or .prof" (a NUL byte in the first line, sniff.h)
 */
#ifndef HPT_IPE_IN_H
#define HPT_IPE_IN_H

#include <stdint.h>

#include "input.h"
#include "ipe.h"
#include "prof.h"

enum ipe_in_kind { IPE_IN_TSV, IPE_IN_EVENTLOG, IPE_IN_PROF };

/*
 * Read the table file path ("-" is standard input): an eventlog or an
 * IPE TSV into t (entries added after those t has), a .prof into r
 * (which prof_init made empty).  strict as for ev_ipe_read.  Returns
 * what it was, and in *entries the number of info tables it held (IPE
 * events or rows, those t already had included; 0 for a .prof);
 * errors as above, then the format reader's own.
 */
enum ipe_in_kind ipe_in_load(const char *path, struct ipe_table *t,
                             struct prof_report *r, int strict,
                             uint64_t *entries);

/*
 * The IPE and cost-centre tables of an input (opened by the caller),
 * for hpcat -o ipe and -o cc: an eventlog is read to its end into t
 * (ev_ipe_read), returning its number of IPE events.  Any other input
 * is the error "FILE: FORMAT has no IPE or cost-centre table (-o ipe
 * and -o cc read eventlogs)" ("FILE: empty input" when empty; "FILE:
 * not an eventlog, .hp or .prof: -o ipe and -o cc read eventlogs" for
 * data of no known format).
 */
uint64_t ipe_in_tables(struct hpt_input *in, struct ipe_table *t,
                       int strict);

/*
 * Add to t every info table of from whose id t lacks, in from's order:
 * on an id in both, t's entry (the first read) is kept, as -o ipe
 * keeps the first of a repeated id.  Returns the number of ids of from
 * that t had with other fields.  Cost centres are not merged (the
 * tables name -hi bands by info table only).
 */
uint64_t ipe_in_merge(struct ipe_table *t, const struct ipe_table *from);

/*
 * The eventlog file path's own IPE table, read before its samples (GHC
 * posts IPE events anywhere in the log, often after the samples), so
 * that its -hi bands can be named by it: a new table (the caller frees
 * it with ipe_table_free, then free), or NULL when path is standard
 * input ("-") or another file that is not a regular file (a FIFO,
 * <(...), /dev/stdin: what this reading took would be gone for the
 * real one), not an eventlog, or an eventlog that declares or holds no
 * IPE event.  This reading is quiet (no warning, none counted): the
 * real one says what is wrong.  A file that cannot be opened is the
 * open error (input.h).
 */
struct ipe_table *ipe_in_own(const char *path);

/*
 * The warning for an eventlog whose own IPE table ipe_in_own could not
 * read because of where it comes from: path is standard input ("-"),
 * another file that is not a regular file (a pipe), or follow is set
 * (hpcat -f).  When bare (its -hi bands left as bare addresses,
 * hp_names_bare) is above 0 and path is such an input: "NAME: warning:
 * N info-table bands keep bare addresses: an eventlog names its own
 * only as a file, not from standard input (REMEDY)" ("not followed
 * (-f)", "not from a pipe"), name as messages name the input, remedy
 * the program's way out.  The caller checks that the input is an
 * eventlog without a table of its own or given.
 */
void ipe_in_bare_warn(const char *name, const char *path, int follow,
                      uint64_t bare, const char *remedy);

#endif
