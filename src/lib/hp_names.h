/*
 * hp_names.h: readable band names for a heap profile, a transformation
 * of its samples (hp.h) between a reader and a sink (hpcat -I):
 *
 *   -hi   a band named by a bare info-table address ("0x40b640", GHC's
 *         printf("%p") in rts/ProfHeap.c) that the IPE table (ipe.h)
 *         has is renamed by ipe_band_name: what the closure is, its
 *         closure type and type, where it was defined, and the address
 *   -hc   a band that GHC cut short at -L ("(301)buildMap...": the first
 *         L-4 bytes of the stack and "...", formats.md 1.5) gets the
 *         whole stack of the .prof tree node whose no. is 301 (labels
 *         innermost first joined by "/", a CAF as Module.CAF, MAIN left
 *         out: what GHC writes without -L), when the cut name is its
 *         beginning
 *   -hr   a band "(12)f,g" gets the whole of retainer set 12 of the
 *         .prof's SET list (formats.md 2.6) in the band's own form (the
 *         label of each retainer's top cost centre, joined by ","),
 *         when the band's name is its beginning and it is longer.
 *         GHC numbers the sets of each census anew, so a number can
 *         name other sets in other censuses: only bands that begin
 *         the listed set are renamed
 *
 * The "(N)" prefix stays, so bands stay distinct.  Every other band
 * keeps its name.  Renamed bands that end up with one name (which GHC's
 * names never do) are summed in each sample.
 */
#ifndef HPT_HP_NAMES_H
#define HPT_HP_NAMES_H

#include <stdint.h>

#include "hp.h"
#include "intern.h"
#include "ipe.h"
#include "prof.h"

struct hp_names; /* private to hp_names.c */

/* A renamer by ipe (NULL or an empty table: no -hi renaming) and prof
 * (NULL: no -hc/-hr renaming; a report from prof_read.h), which must
 * outlive it, naming bands in out (the band table the sink is given). */
struct hp_names *hp_names_new(const struct ipe_table *ipe,
                              const struct prof_report *prof,
                              struct hpt_intern *out);

/* Rename the bands of sample s, ids in in (the reader's band table),
 * into ids of out. */
void hp_names_sample(struct hp_names *h, const struct hpt_intern *in,
                     struct hp_sample *s);

/*
 * After the last sample: the warnings of what could not be renamed,
 * each once, located at the table: "TABLE: warning: N of M info-table
 * bands are not in the IPE table: bare addresses kept" (when an IPE
 * table was given; ipe_name names it); about the .prof (prof_name),
 * "PROF: warning: N bands cut short (-L) are not in the .prof: kept as
 * they are", or, when it renamed no band at all, "PROF: warning:
 * nothing to restore: WHY: names kept as they are", WHY being that no
 * band is numbered "(N)", or that none ends in "..." and the report
 * has no retainer-set list, or that none ends in "..." or begins a
 * longer listed set.  Returns the number of warnings.
 */
int hp_names_warn(struct hp_names *h, const char *ipe_name,
                  const char *prof_name);

/* Whether the IPE table of h named nothing: samples were renamed and
 * none of their bands was an info-table address (-hi).  For hpcat's
 * warning "TABLE: warning: nothing to name: no band is an info-table
 * address (-hi): names kept as they are" about a table given to -I. */
int hp_names_ipe_idle(const struct hp_names *h);

/* The number of bands of the band table bands, from id from on, named
 * by a bare info-table address (ipe_band_id): -hi bands no IPE table
 * named. */
uint64_t hp_names_bare(const struct hpt_intern *bands, uint32_t from);

/* Release the renamer (not the tables). */
void hp_names_free(struct hp_names *h);

#endif
