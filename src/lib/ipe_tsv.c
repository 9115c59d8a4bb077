/*
 * ipe_tsv.c: the IPE and cost-centre tables as TSV.  See ipe_tsv.h.
 */
#include "ipe_tsv.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "diag.h"
#include "escape.h"
#include "output.h"

const char ipe_tsv_header[] = "id\tname\tclosure_desc\tclosure_type\ttype"
                              "\tlabel\tmodule\tsrc_loc";
const char ipe_tsv_cc_header[] = "id\tlabel\tmodule\tsrc_loc\tis_caf";

#define IPE_COLUMNS 8

void ipe_tsv_write(const struct ipe_table *t)
{
	size_t i;
	int k;
	hpt_out_str(ipe_tsv_header);
	hpt_out_char('\n');
	hpt_out_mark();
	for (i = 0; i < t->nipe; i++) {
		const char *kind = ipe_closure_type(ipe_str(t, i, IPE_DESC),
		                                    ipe_len(t, i, IPE_DESC));
		hpt_out_printf("0x%llx", (unsigned long long)t->ipe[i].id);
		for (k = 0; k < IPE_NFIELDS; k++) {
			hpt_out_char('\t');
			hpt_out_tsv(ipe_str(t, i, k), ipe_len(t, i, k));
			if (k == IPE_DESC) {
				hpt_out_char('\t');
				if (kind)
					hpt_out_str(kind);
			}
		}
		hpt_out_char('\n');
		hpt_out_mark();
	}
}

void ipe_tsv_write_cc(const struct ipe_table *t)
{
	size_t i;
	int k;
	hpt_out_str(ipe_tsv_cc_header);
	hpt_out_char('\n');
	hpt_out_mark();
	for (i = 0; i < t->ncc; i++) {
		hpt_out_u64(t->cc[i].id);
		for (k = 0; k < IPE_CC_NFIELDS; k++) {
			hpt_out_char('\t');
			hpt_out_tsv(ipe_cc_str(t, i, k), ipe_cc_len(t, i, k));
		}
		hpt_out_str(t->cc[i].is_caf ? "\t1\n" : "\t0\n");
		hpt_out_mark();
	}
}

/* Undo hpt_out_tsv in place on s[0..n): returns the new length.  A
 * backslash before any other byte, or last, stays as it is. */
static size_t unescape(char *s, size_t n)
{
	size_t i, o = 0;
	for (i = 0; i < n; i++) {
		char c = s[i];
		if (c == '\\' && i + 1 < n) {
			switch (s[i + 1]) {
			case '\\': c = '\\'; i++; break;
			case 't': c = '\t'; i++; break;
			case 'n': c = '\n'; i++; break;
			case 'r': c = '\r'; i++; break;
			case '0': c = '\0'; i++; break;
			default: break;
			}
		}
		s[o++] = c;
	}
	return o;
}

uint64_t ipe_tsv_read(struct ipe_table *t, struct hpt_input *in)
{
	uint64_t rows = 0;
	char *line, *f[IPE_COLUMNS];
	size_t n[IPE_COLUMNS];
	long len, *first = NULL;
	size_t first_cap = 0, base = t->nipe;
	int header = 1;
	while ((len = hpt_input_line(in, &line)) >= 0) {
		size_t k = 0, i, start = 0, idx;
		uint64_t id;
		if (len > 0 && line[len - 1] == '\r')
			len--;
		if (header) {
			if ((size_t)len != strlen(ipe_tsv_header) ||
			    memcmp(line, ipe_tsv_header, (size_t)len) != 0)
				hpt_data_error(in->name, in->lineno,
				               "not an IPE table (hpcat -o ipe "
				               "writes one): header \"%s\"",
				               hpt_quote(0, line, (size_t)len));
			header = 0;
			continue;
		}
		for (i = 0; i <= (size_t)len; i++) {
			if (i < (size_t)len && line[i] != '\t')
				continue;
			if (k < IPE_COLUMNS) {
				f[k] = line + start;
				n[k] = unescape(line + start, i - start);
			}
			k++;
			start = i + 1;
		}
		if (k != IPE_COLUMNS)
			hpt_data_error(in->name, in->lineno, "row has %lu "
			               "fields, not %d", (unsigned long)k,
			               IPE_COLUMNS);
		if (!ipe_band_id(f[0], n[0], &id))
			hpt_data_error(in->name, in->lineno, "info-table id "
			               "not 0x and lowercase hex: \"%s\"",
			               hpt_quote(0, f[0], n[0]));
		/* the columns after the id but closure_type (3) */
		f[3] = f[2], n[3] = n[2];
		f[2] = f[1], n[2] = n[1];
		rows++;
		if (!ipe_add(t, id, (const char *const *)f + 2, n + 2, &idx)) {
			if (idx < base)
				continue; /* an earlier table has it */
			hpt_data_error(in->name, in->lineno, "info table "
			               "0x%llx repeated (first on line %ld)",
			               (unsigned long long)id,
			               first[idx - base]);
		}
		first = hpt_xgrow(first, &first_cap, idx - base + 1,
		                  sizeof *first);
		first[idx - base] = in->lineno;
	}
	if (header)
		hpt_data_error(in->name, 0, "empty input");
	free(first);
	return rows;
}
