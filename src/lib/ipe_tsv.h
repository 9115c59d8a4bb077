/*
 * ipe_tsv.h: the IPE and cost-centre tables (ipe.h) as TSV, the
 * databases of hpcat -o ipe and -o cc that grep, join, awk and sort
 * query and that hpcat -I reads back.  The format is hptools' own
 * (man/hptools.5): a header row, then one row per entry in the table's
 * order, fields separated by TAB and escaped as every hptools TSV
 * (escape.h hpt_out_tsv: \\ \t \n \r \0), so that a row is one line.
 *
 *   -o ipe  id name closure_desc closure_type type label module src_loc
 *           id in "0x" and lowercase hex (as -hi bands name it),
 *           closure_desc GHC's number, closure_type its name
 *           (ipe_closure_type; empty when unknown), src_loc empty where
 *           GHC gave none
 *   -o cc   id label module src_loc is_caf
 *           id GHC's cost-centre id in decimal, is_caf 1 or 0
 */
#ifndef HPT_IPE_TSV_H
#define HPT_IPE_TSV_H

#include "input.h"
#include "ipe.h"

/* The header rows, without their newline. */
extern const char ipe_tsv_header[];
extern const char ipe_tsv_cc_header[];

/* Write the info tables of t as -o ipe TSV (the header, then one row
 * per entry) to standard output (output.h), each row one output unit. */
void ipe_tsv_write(const struct ipe_table *t);
/* Write the cost centres of t as -o cc TSV likewise. */
void ipe_tsv_write_cc(const struct ipe_table *t);

/*
 * Read an -o ipe table from in into t: its info tables, fields
 * unescaped (closure_type is not kept: it follows from closure_desc);
 * an id that t holds from an earlier table keeps that entry.
 * A CR before a row's LF is dropped.  Errors (exit 2), "FILE:LINE:
 * ...": "FILE: empty input" (no line at all),
 * "not an IPE table (hpcat -o ipe writes one): header "TEXT"", "row
 * has N fields, not 8", "info-table id not 0x and lowercase hex:
 * "TEXT"", "info table 0xADDR repeated (first on line K)".
 * Returns the number of rows (info tables) read, those t had included.
 */
uint64_t ipe_tsv_read(struct ipe_table *t, struct hpt_input *in);

#endif
