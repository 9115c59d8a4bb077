/*
 * prof2json: any .prof report, a -pj JSON profile, or the time profile
 * of an eventlog, written as GHC's -pj JSON schema, always valid JSON.
 * See man/prof2json.1.
 *
 * The work is in the library: prof_read.c reads .prof text,
 * prof_json.c reads and writes the -pj schema, ev_prof.c reads an
 * eventlog's time-profile samples.
 */
#include <stdlib.h>

#include "ev_prof.h"
#include "output.h"
#include "prof_json.h"
#include "prof_read.h"
#include "prog.h"
#include "sniff.h"

static const char usage[] = "usage: prof2json [-Sq] [file]";

/* One report, read by the reader of its format.  Under strict, a
 * warning while sniffing (a byte-order mark skipped) or reading .prof
 * text is an error (the JSON reader refuses its own repairs itself). */
static void read_report(struct prof_report *r, const char *path, int strict)
{
	struct hpt_input in;
	enum hpt_format f;
	unsigned long warned = hpt_warnings;
	hpt_open_input(&in, path);
	f = hpt_sniff(&in);
	if (strict && hpt_warnings != warned) /* the sniffer's repair */
		hpt_data_error(in.name, 0, "-S: the report needed repairs "
		               "(see the warnings)");
	prof_init(r);
	switch (f) {
	case HPT_FMT_EMPTY:
		hpt_data_error(in.name, 0, "empty input");
	case HPT_FMT_JSON:
		prof_json_read(r, &in, strict ? PROF_JSON_STRICT : 0);
		break;
	case HPT_FMT_EVENTLOG:
		/* its time-profile samples: ticks only (ev_prof.h); its
		 * repairs are errors under strict, and so is a warning
		 * about a profile that lacks its start or its samples */
		ev_prof_read(r, &in, strict);
		if (strict && hpt_warnings != warned)
			hpt_data_error(in.name, 0, "-S: the report needed "
			               "repairs (see the warnings)");
		break;
	case HPT_FMT_HP:
		hpt_data_error(in.name, 0, "%s, not a .prof report",
		               hpt_format_name(f));
	default:
		prof_read(r, &in);
		if (strict && hpt_warnings != warned)
			hpt_data_error(in.name, 0, "-S: the report needed "
			               "repairs (see the warnings)");
		break;
	}
	hpt_input_close(&in);
}

int main(int argc, char **argv)
{
	struct prof_report r;
	char **files;
	int c, nfiles, strict = 0;

	hpt_init("prof2json", usage);
	while ((c = hpt_getopt(argc, argv, "Sq")) != -1) {
		switch (c) {
		case 'S':
			strict = 1;
			break;
		case 'q':
			hpt_quiet = 1;
			break;
		}
	}
	files = hpt_operands(argc, argv, &nfiles, 1, "one report");
	read_report(&r, files[0], strict);
	prof_json_write(&r);
	prof_free(&r);
	hpt_out_close();
	return 0;
}
