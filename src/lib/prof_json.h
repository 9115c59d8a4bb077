/*
 * prof_json.h: GHC's -pj JSON profile (rts/ProfilerReportJson.c, GHC
 * 8.2 and later; formats.md section 3) read into the cost-centre tree
 * of prof.h, and any report of prof.h written as that schema.
 * prof_json.c; the schema with every check heads it.
 */
#ifndef HPT_PROF_JSON_H
#define HPT_PROF_JSON_H

#include "input.h"
#include "prof.h"

/* prof_json_read flags */
#define PROF_JSON_STRICT 1 /* refuse GHC's invalid JSON (-S) */
#define PROF_JSON_TEXT 2   /* keep the tree GHC's text report shows */

/*
 * Read one -pj document from in (opened, nothing consumed) into r
 * (which prof_init made empty).  On return r is exact (ticks and
 * bytes), has a SRC column, r->json is set with the command and the
 * cost-centre table as the document gives them, the nodes are in
 * document order (parents first), linked and summed (prof_sum), and no.
 * is each node's number in that order from 1.  The -hr retainer-set
 * list that GHC appends after the object is kept in r->sets.
 *
 * With PROF_JSON_TEXT the tree becomes the text report's (formats.md
 * 3.1): the built-in stacks (cost centres at <built-in> below the root:
 * GC, SYSTEM, IDLE, ...) go, then, bottom up, leaves with no entries,
 * ticks or bytes; children are ordered as the text report orders them
 * (entries descending, then label), no. is the preorder number, and the
 * totals are those of what is left (the text report's totals leave the
 * built-in stacks out too).  A document whose "rts_arguments" hold -pa
 * (prof2json of a -pa report: GHC never writes one) keeps every node
 * and its totals, as the -pa text report does; it is only ordered and
 * numbered so.
 *
 * Errors (exit 2), as "FILE:LINE:COLUMN: message": those of json.h;
 * "expected the profile object ('{'), found ...", ""KEY": expected
 * WHAT, found ...", ""KEY": not an unsigned integer: "TEXT"", ""KEY":
 * number out of range: "TEXT"", "key "KEY" given twice", "missing key
 * "KEY"", "cost-centre id N given twice", "node id N is not in
 * cost_centres", "text after the JSON object" and "key "KEY" is not in
 * the -pj schema" (both strict), and a sum of
 * ticks or bytes above 2^64-1.  Warnings: the repairs of GHC's invalid
 * JSON (json_warn_repairs), "key "KEY" is not in the -pj schema:
 * skipped" (the first such key only), "text after the JSON object:
 * ignored".
 */
void prof_json_read(struct prof_report *r, struct hpt_input *in, int flags);

/*
 * Write r as a -pj document, exactly the schema and layout of GHC's
 * rts/ProfilerReportJson.c (keys in its order, "total_time" as %11.2f
 * text, "tick_interval" in microseconds), but valid JSON: every string
 * through hpt_out_json_string.  Only the first root's tree is written.
 *
 * A report read from JSON is written back with its own command,
 * cost-centre ids and table.  Otherwise (a .prof): "program" is the
 * command's first word, "arguments" it and the words after "-RTS",
 * "rts_arguments" the words between "+RTS" and "-RTS";
 * "initial_capabilities" is the value of an -N option there (the
 * processor count for a bare -N), else 0, as GHC writes it; cost-centre
 * ids are 1, 2, ... for each distinct label, module and SRC in order
 * of first appearance in preorder, listed in that order; "is_caf" is
 * true for the label CAF; "src_loc" is empty without a SRC column.
 * Ticks and bytes are exact from a -P report; from -p they are
 * estimated from the percentages and the header's totals
 * (prof_self_weights).  What the report lacks is written empty or 0.
 * Errors: "FILE: no cost-centre tree to write" (exit 2).  Warning: "no
 * totals in the report: ticks and alloc are tenths of a percent".
 */
void prof_json_write(const struct prof_report *r);

#endif
