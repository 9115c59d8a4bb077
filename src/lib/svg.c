/*
 * svg.c: the SVG writer.  See svg.h.
 */
#include "svg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

#include "escape.h"
#include "output.h"

static const char ellipsis[] = "\xe2\x80\xa6"; /* U+2026 */

void svg_num(double v)
{
	char buf[64];
	int n;
	if (v > -0.05 && v < 0.05)
		v = 0;
	n = snprintf(buf, sizeof buf, "%.1f", v);
	if (n >= 2 && buf[n - 1] == '0' && buf[n - 2] == '.')
		n -= 2;
	hpt_out_write(buf, (size_t)n);
}

static void attrs_out(const char *attrs)
{
	if (attrs && *attrs) {
		hpt_out_char(' ');
		hpt_out_str(attrs);
	}
}

void svg_begin(double width, double height)
{
	hpt_out_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""
	            " width=\"");
	svg_num(width);
	hpt_out_str("\" height=\"");
	svg_num(height);
	hpt_out_str("\" viewBox=\"0 0 ");
	svg_num(width);
	hpt_out_char(' ');
	svg_num(height);
	hpt_out_str("\" font-family=\"" SVG_FONTS "\" font-size=\"12\">\n");
	svg_rect(0, 0, width, height, "fill=\"#ffffff\"", 0);
}

void svg_end(void)
{
	hpt_out_str("</svg>\n");
	hpt_out_mark();
}

void svg_group(const char *attrs)
{
	hpt_out_str("<g");
	attrs_out(attrs);
	hpt_out_str(">\n");
}

void svg_group_end(void)
{
	hpt_out_str("</g>\n");
}

static void close_open(int has_tip)
{
	hpt_out_str(has_tip ? ">" : "/>\n");
}

void svg_rect(double x, double y, double w, double h, const char *attrs,
              int has_tip)
{
	hpt_out_str("<rect x=\"");
	svg_num(x);
	hpt_out_str("\" y=\"");
	svg_num(y);
	hpt_out_str("\" width=\"");
	svg_num(w);
	hpt_out_str("\" height=\"");
	svg_num(h);
	hpt_out_char('"');
	attrs_out(attrs);
	close_open(has_tip);
}

void svg_line(double x1, double y1, double x2, double y2, const char *attrs)
{
	hpt_out_str("<line x1=\"");
	svg_num(x1);
	hpt_out_str("\" y1=\"");
	svg_num(y1);
	hpt_out_str("\" x2=\"");
	svg_num(x2);
	hpt_out_str("\" y2=\"");
	svg_num(y2);
	hpt_out_char('"');
	attrs_out(attrs);
	close_open(0);
}

void svg_path_begin(void)
{
	hpt_out_str("<path d=\"");
}

void svg_path_pt(char cmd, double x, double y)
{
	hpt_out_char(cmd);
	if (cmd != 'Z') {
		svg_num(x);
		hpt_out_char(',');
		svg_num(y);
	}
}

void svg_path_end(const char *attrs, int has_tip)
{
	hpt_out_char('"');
	attrs_out(attrs);
	close_open(has_tip);
}

/* The number of bytes of s (n bytes) that hold its first k code points
 * (a code point starts at each byte that is not a UTF-8 continuation
 * byte, as hpt_cps counts them). */
static size_t cps_prefix(const char *s, size_t n, size_t k)
{
	size_t i, c = 0;
	for (i = 0; i < n; i++) {
		if (((unsigned char)s[i] & 0xc0) != 0x80 && c++ == k)
			return i;
	}
	return n;
}

void svg_text(double x, double y, const char *attrs, const char *s,
              size_t n, size_t max_cps)
{
	hpt_out_str("<text x=\"");
	svg_num(x);
	hpt_out_str("\" y=\"");
	svg_num(y);
	hpt_out_char('"');
	attrs_out(attrs);
	hpt_out_char('>');
	if (max_cps > 0 && hpt_cps(s, n) > max_cps) {
		hpt_out_xml(s, cps_prefix(s, n, max_cps - 1));
		hpt_out_str(ellipsis);
	} else {
		hpt_out_xml(s, n);
	}
	hpt_out_str("</text>\n");
}

void svg_text_str(double x, double y, const char *attrs, const char *s)
{
	svg_text(x, y, attrs, s, strlen(s), 0);
}

void svg_tip_begin(void)
{
	hpt_out_str("<title>");
}

void svg_tip(const char *s, size_t n, size_t max)
{
	if (max > 0 && n > max) {
		size_t k = max;
		/* back to the start of a character (at most 3 bytes: a
		 * longer run of continuation bytes is not UTF-8 anyway) */
		while (k > 0 && max - k < 3 &&
		       ((unsigned char)s[k] & 0xc0) == 0x80)
			k--;
		hpt_out_xml(s, k);
		hpt_out_str(ellipsis);
	} else {
		hpt_out_xml(s, n);
	}
}

void svg_script(const char *js)
{
	hpt_out_str("<script type=\"text/ecmascript\"><![CDATA[\n");
	hpt_out_str(js);
	hpt_out_str("]]></script>\n");
}

void svg_raw(const char *s)
{
	hpt_out_str(s);
}

void svg_tip_end(const char *tag)
{
	hpt_out_str("</title>");
	if (tag) {
		hpt_out_str("</");
		hpt_out_str(tag);
		hpt_out_str(">\n");
	}
}

/* The advance widths of the fonts svg_begin names, in 1/1000 em: for
 * each code point of glyph_ranges, the wider of DejaVu Sans and
 * Liberation Sans (Arial's metrics), regular and bold ([1]).
 * glyph_w[glyph_ranges[r].off + cp - first] holds code point cp. */
struct glyph_range {
	unsigned first, last, off;
};
/* glyph widths: made by tests/glyph_widths.py; do not edit */
static const struct glyph_range glyph_ranges[] = {
	{0x0020, 0x007E, 0},
	{0x00A0, 0x017F, 95},
	{0x2000, 0x206F, 319},
	{0x2070, 0x209F, 431},
	{0x2190, 0x21FF, 479},
	{0x2200, 0x22FF, 591},
	{0x25A0, 0x25FF, 847},
};
static const unsigned short glyph_w[943][2] = {
	{318, 349}, {401, 457}, {460, 521}, {838, 838}, {637, 696},
	{951, 1002}, {780, 873}, {275, 307}, {391, 458}, {391, 458},
	{500, 523}, {838, 838}, {318, 380}, {361, 416}, {318, 380},
	{337, 366}, {637, 696}, {637, 696}, {637, 696}, {637, 696},
	{637, 696}, {637, 696}, {637, 696}, {637, 696}, {637, 696},
	{637, 696}, {337, 400}, {337, 400}, {838, 838}, {838, 838},
	{838, 838}, {557, 611}, {1016, 1000}, {685, 774}, {687, 763},
	{723, 734}, {771, 831}, {667, 684}, {611, 684}, {778, 821},
	{752, 837}, {295, 373}, {500, 557}, {667, 775}, {558, 638},
	{863, 996}, {749, 837}, {788, 851}, {667, 733}, {788, 851},
	{723, 771}, {667, 721}, {611, 683}, {732, 813}, {685, 774},
	{989, 1104}, {686, 771}, {667, 725}, {686, 726}, {391, 458},
	{337, 366}, {391, 458}, {838, 838}, {557, 557}, {500, 500},
	{613, 675}, {635, 716}, {550, 593}, {635, 716}, {616, 679},
	{353, 436}, {635, 716}, {634, 712}, {278, 343}, {278, 343},
	{580, 666}, {278, 343}, {975, 1042}, {634, 712}, {612, 688},
	{635, 716}, {635, 716}, {412, 494}, {521, 596}, {393, 479},
	{634, 712}, {592, 652}, {818, 924}, {592, 646}, {592, 652},
	{525, 583}, {637, 712}, {337, 366}, {637, 712}, {838, 838},
	{318, 349}, {401, 457}, {637, 696}, {637, 696}, {637, 637},
	{637, 696}, {337, 366}, {557, 557}, {500, 500}, {1000, 1000},
	{472, 564}, {612, 646}, {838, 838}, {361, 416}, {1000, 1000},
	{553, 553}, {500, 500}, {838, 838}, {401, 438}, {401, 438},
	{500, 500}, {637, 736}, {637, 637}, {334, 380}, {500, 500},
	{401, 438}, {472, 564}, {612, 646}, {970, 1036}, {970, 1036},
	{970, 1036}, {611, 611}, {685, 774}, {685, 774}, {685, 774},
	{685, 774}, {685, 774}, {685, 774}, {1000, 1085}, {723, 734},
	{667, 684}, {667, 684}, {667, 684}, {667, 684}, {295, 373},
	{295, 373}, {295, 373}, {295, 373}, {775, 838}, {749, 837},
	{788, 851}, {788, 851}, {788, 851}, {788, 851}, {788, 851},
	{838, 838}, {788, 851}, {732, 813}, {732, 813}, {732, 813},
	{732, 813}, {667, 725}, {667, 738}, {630, 720}, {613, 675},
	{613, 675}, {613, 675}, {613, 675}, {613, 675}, {613, 675},
	{982, 1048}, {550, 593}, {616, 679}, {616, 679}, {616, 679},
	{616, 679}, {278, 343}, {278, 343}, {278, 343}, {278, 343},
	{612, 688}, {634, 712}, {612, 688}, {612, 688}, {612, 688},
	{612, 688}, {612, 688}, {838, 838}, {612, 688}, {634, 712},
	{634, 712}, {634, 712}, {634, 712}, {592, 652}, {635, 716},
	{592, 652}, {685, 774}, {613, 675}, {685, 774}, {613, 675},
	{685, 774}, {613, 675}, {723, 734}, {550, 593}, {723, 734},
	{550, 593}, {723, 734}, {550, 593}, {723, 734}, {550, 593},
	{771, 831}, {635, 719}, {775, 838}, {635, 716}, {667, 684},
	{616, 679}, {667, 684}, {616, 679}, {667, 684}, {616, 679},
	{667, 684}, {616, 679}, {667, 684}, {616, 679}, {778, 821},
	{635, 716}, {778, 821}, {635, 716}, {778, 821}, {635, 716},
	{778, 821}, {635, 716}, {752, 837}, {634, 712}, {917, 974},
	{695, 791}, {295, 373}, {278, 343}, {295, 373}, {278, 343},
	{295, 373}, {278, 343}, {295, 373}, {278, 343}, {295, 373},
	{278, 343}, {735, 785}, {556, 686}, {500, 557}, {278, 343},
	{667, 775}, {580, 666}, {580, 666}, {558, 638}, {278, 343},
	{558, 638}, {278, 343}, {558, 638}, {375, 480}, {558, 638},
	{342, 557}, {563, 643}, {285, 372}, {749, 837}, {634, 712},
	{749, 837}, {634, 712}, {749, 837}, {634, 712}, {814, 983},
	{749, 837}, {634, 712}, {788, 851}, {612, 688}, {788, 851},
	{612, 688}, {788, 851}, {612, 688}, {1070, 1167}, {1023, 1095},
	{723, 771}, {412, 494}, {723, 771}, {412, 494}, {723, 771},
	{412, 494}, {667, 721}, {521, 596}, {667, 721}, {521, 596},
	{667, 721}, {521, 596}, {667, 721}, {521, 596}, {611, 683},
	{393, 479}, {611, 683}, {393, 480}, {611, 683}, {393, 479},
	{732, 813}, {634, 712}, {732, 813}, {634, 712}, {732, 813},
	{634, 712}, {732, 813}, {634, 712}, {732, 813}, {634, 712},
	{732, 813}, {634, 712}, {989, 1104}, {818, 924}, {667, 725},
	{592, 652}, {667, 725}, {686, 726}, {525, 583}, {686, 726},
	{525, 583}, {686, 726}, {525, 583}, {353, 436},
	{500, 500}, {1000, 1000}, {500, 500}, {1000, 1000}, {334, 334},
	{250, 250}, {167, 167}, {637, 696}, {318, 380}, {201, 201},
	{100, 100}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {361, 416},
	{361, 416}, {637, 696}, {557, 557}, {1000, 1000}, {1000, 1000},
	{500, 500}, {553, 553}, {318, 380}, {318, 380}, {318, 380},
	{318, 380}, {519, 658}, {519, 658}, {519, 658}, {519, 658},
	{557, 557}, {557, 557}, {590, 640}, {590, 640}, {335, 334},
	{668, 667}, {1000, 1000}, {318, 349}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {201, 201}, {1342, 1440}, {1736, 1887},
	{228, 264}, {374, 480}, {521, 630}, {228, 264}, {374, 447},
	{521, 630}, {339, 733}, {400, 413}, {400, 413}, {838, 973},
	{500, 627}, {531, 581}, {500, 500}, {804, 829}, {804, 829},
	{250, 330}, {1000, 1023}, {500, 500}, {167, 167}, {391, 458},
	{391, 458}, {922, 1031}, {733, 829}, {733, 829}, {498, 514},
	{637, 637}, {500, 500}, {500, 500}, {500, 523}, {337, 400},
	{804, 829}, {500, 523}, {450, 557}, {1000, 1000}, {804, 829},
	{838, 838}, {586, 684}, {664, 813}, {838, 838}, {838, 838},
	{318, 380}, {798, 872}, {838, 838}, {318, 380}, {318, 380},
	{223, 223}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {1000, 1000},
	{1000, 1000}, {1000, 1000}, {1000, 1000}, {1000, 1000}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{401, 438}, {179, 220}, {1000, 1000}, {1000, 1000}, {430, 495},
	{415, 470}, {412, 461}, {401, 438}, {422, 473}, {429, 475},
	{528, 528}, {528, 528}, {528, 528}, {246, 289}, {246, 289},
	{399, 456}, {416, 451}, {401, 438}, {401, 445}, {408, 463},
	{409, 477}, {403, 459}, {404, 455}, {401, 438}, {415, 469},
	{401, 451}, {528, 528}, {528, 528}, {528, 528}, {246, 289},
	{246, 289}, {1000, 1000}, {392, 458}, {417, 480}, {414, 488},
	{444, 413}, {417, 480}, {405, 456}, {426, 488}, {167, 220},
	{624, 664}, {399, 456}, {429, 480}, {374, 381}, {295, 388},
	{1000, 1000}, {1000, 1000}, {1000, 1000},
	{1000, 1000}, {838, 838}, {1000, 1000}, {838, 838}, {1000, 1000},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {1000, 1000}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838},
	{685, 774}, {637, 696}, {518, 544}, {632, 684}, {632, 684},
	{872, 857}, {669, 697}, {669, 697}, {872, 897}, {872, 897},
	{718, 750}, {872, 897}, {872, 897}, {718, 750}, {637, 637},
	{824, 824}, {757, 788}, {713, 718}, {838, 838}, {838, 838},
	{838, 696}, {337, 366}, {637, 696}, {838, 838}, {626, 626},
	{626, 380}, {638, 667}, {638, 667}, {638, 667}, {715, 712},
	{834, 834}, {980, 980}, {897, 897}, {897, 897}, {838, 838},
	{500, 500}, {500, 500}, {500, 500}, {500, 500}, {732, 813},
	{732, 813}, {732, 813}, {732, 813}, {521, 610}, {790, 929},
	{1058, 1295}, {521, 563}, {790, 977}, {1058, 1313}, {521, 563},
	{521, 563}, {521, 563}, {637, 696}, {637, 696}, {261, 294},
	{637, 696}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {375, 375},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {839, 838}, {839, 838}, {1000, 1063},
	{1000, 1063}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {1000, 1000}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 841},
	{838, 841}, {1047, 1047}, {1047, 1047}, {464, 500}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{732, 813}, {732, 813}, {732, 813}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {781, 796}, {781, 796}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {872, 915}, {872, 915}, {872, 915},
	{872, 915}, {521, 543}, {521, 543}, {872, 915}, {872, 915},
	{872, 915}, {872, 915}, {872, 915}, {872, 915}, {872, 915},
	{872, 915}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {1000, 1000}, {1000, 1000}, {838, 838},
	{838, 838}, {521, 543}, {732, 813}, {732, 813}, {732, 813},
	{838, 838}, {838, 838}, {821, 843}, {821, 843}, {821, 843},
	{821, 843}, {626, 626}, {318, 380}, {626, 626}, {838, 838},
	{1000, 1000}, {1000, 1000}, {1000, 1000}, {1000, 1000}, {1000, 1000},
	{838, 838}, {733, 812}, {733, 812}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {1423, 1423}, {1423, 1423}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {838, 838}, {838, 838},
	{838, 838}, {838, 838}, {838, 838}, {1000, 1000}, {1000, 1000},
	{1000, 1000}, {1000, 1000}, {1000, 1158}, {872, 897}, {718, 750},
	{872, 897}, {872, 897}, {718, 750}, {872, 897}, {872, 897},
	{1000, 1158}, {872, 897}, {718, 750}, {872, 897}, {718, 750},
	{872, 897},
	{945, 945}, {945, 945}, {945, 945}, {945, 945}, {945, 945},
	{945, 945}, {945, 945}, {945, 945}, {945, 945}, {945, 945},
	{678, 678}, {678, 678}, {1000, 1000}, {945, 945}, {551, 551},
	{551, 551}, {770, 770}, {770, 770}, {990, 990}, {770, 770},
	{502, 502}, {502, 502}, {770, 770}, {770, 770}, {502, 502},
	{502, 502}, {990, 990}, {770, 770}, {990, 990}, {770, 770},
	{502, 502}, {502, 502}, {770, 770}, {770, 770}, {502, 502},
	{502, 502}, {990, 990}, {770, 770}, {770, 770}, {770, 770},
	{770, 770}, {873, 873}, {495, 495}, {873, 873}, {873, 873},
	{873, 873}, {873, 873}, {873, 873}, {873, 873}, {873, 873},
	{873, 873}, {873, 873}, {873, 873}, {873, 873}, {605, 605},
	{605, 605}, {792, 841}, {971, 971}, {971, 971}, {971, 971},
	{388, 388}, {388, 388}, {388, 388}, {388, 388}, {873, 770},
	{873, 770}, {770, 770}, {770, 770}, {770, 770}, {770, 770},
	{590, 640}, {945, 945}, {945, 945}, {945, 945}, {945, 945},
	{945, 945}, {770, 770}, {770, 770}, {770, 770}, {1120, 1120},
	{945, 945}, {945, 945}, {945, 945}, {945, 945}, {873, 873},
	{873, 873}, {873, 873}, {873, 873}, {770, 770}, {770, 770},
	{770, 770}, {831, 831}, {831, 831}, {733, 733}, {733, 733},
	{770, 770},
};
/* end of glyph widths */

/* What a code point outside the table counts: a full em, as wide as
 * CJK ideographs and wider than almost any other glyph. */
#define WIDE_DEFAULT 1000

/* The advance of code point cp, in 1/1000 em. */
static unsigned cp_advance(unsigned long cp, int bold)
{
	size_t lo = 0, hi = sizeof glyph_ranges / sizeof glyph_ranges[0];
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		const struct glyph_range *g = &glyph_ranges[mid];
		if (cp < g->first)
			hi = mid;
		else if (cp > g->last)
			lo = mid + 1;
		else
			return glyph_w[g->off + cp - g->first][bold != 0];
	}
	return WIDE_DEFAULT;
}

/* The advance of ASCII text (the escapes hpt_out_xml writes). */
static unsigned ascii_advance(const char *s, int bold)
{
	unsigned w = 0;
	for (; *s; s++)
		w += cp_advance((unsigned char)*s, bold);
	return w;
}

/* The width of the unit of text at s[i] (n bytes in s) as hpt_out_xml
 * writes it and a browser draws it, in 1/1000 em, and its length in
 * bytes into *len: a character (an entity is drawn as its character),
 * or the escape "\t" or "\xNN" of a byte that is not one. */
static unsigned unit_width(const char *s, size_t n, size_t i, size_t *len,
                           int bold)
{
	const unsigned char *u = (const unsigned char *)s + i;
	size_t l;
	char hex[8];
	*len = 1;
	if (u[0] >= 0x20 && u[0] < 0x7f)
		return cp_advance(u[0], bold);
	if (u[0] >= 0x80 && (l = hpt_xml_char_len(u, n - i)) != 0) {
		unsigned long cp = u[0] & (0x7f >> l);
		size_t k;
		for (k = 1; k < l; k++)
			cp = cp << 6 | (u[k] & 0x3f);
		*len = l;
		return cp_advance(cp, bold);
	}
	if (u[0] == '\t' || u[0] == '\n' || u[0] == '\r' || u[0] == 0)
		return ascii_advance(u[0] == '\t' ? "\\t" : u[0] == '\n' ? "\\n"
		                     : u[0] == '\r' ? "\\r" : "\\0", bold);
	snprintf(hex, sizeof hex, "\\x%02x", u[0]);
	return ascii_advance(hex, bold);
}

/* The width of n bytes of s in 1/1000 em. */
static double em_width(const char *s, size_t n, int bold)
{
	size_t i = 0, k;
	double w = 0;
	while (i < n) {
		w += unit_width(s, n, i, &k, bold);
		i += k;
	}
	return w;
}

double svg_text_width(const char *s, size_t n, double px)
{
	return em_width(s, n, 0) * px / 1000;
}

double svg_text_width_bold(const char *s, size_t n, double px)
{
	return em_width(s, n, 1) * px / 1000;
}

double svg_unit_width(const char *s, size_t n, size_t i, size_t *len,
                      void *arg)
{
	const struct svg_measure *m = arg;
	return unit_width(s, n, i, len, m->bold) * m->px / 1000;
}

double svg_ellipsis_width(const struct svg_measure *m)
{
	return cp_advance(0x2026, m->bold) * m->px / 1000;
}

size_t svg_fit_bytes(const char *s, size_t n, double room,
                     const struct svg_measure *m, double *w)
{
	size_t i = 0, k;
	double acc = 0;
	while (i < n) {
		double uw = unit_width(s, n, i, &k, m->bold) * m->px / 1000;
		if (acc + uw > room)
			break;
		acc += uw;
		i += k;
	}
	*w = acc;
	return i;
}

void svg_text_cut(double x, double y, const char *attrs, const char *s,
                  size_t n, const struct hpt_cut *cut)
{
	hpt_out_str("<text x=\"");
	svg_num(x);
	hpt_out_str("\" y=\"");
	svg_num(y);
	hpt_out_char('"');
	attrs_out(attrs);
	hpt_out_char('>');
	hpt_out_xml(s, cut->cut ? cut->head : n);
	if (cut->cut) {
		hpt_out_str(ellipsis);
		hpt_out_xml(s + n - cut->tail, cut->tail);
	}
	hpt_out_str("</text>\n");
}

/* Whether s (n bytes) fits in max_w pixels at size px as svg_text_fit
 * writes it, and in *keep the bytes it keeps: n when it fits whole,
 * else those of the code points that fit before a "…"; 0 when fewer
 * than min_cps of them do. */
static int fit_len(const char *s, size_t n, double max_w, double px,
                   size_t min_cps, size_t *keep)
{
	double room = max_w * 1000 / px - cp_advance(0x2026, 0);
	double acc = 0;
	size_t i = 0, k, cps = 0;
	*keep = n;
	if (svg_text_width(s, n, px) <= max_w)
		return 1;
	while (i < n) {
		unsigned cw = unit_width(s, n, i, &k, 0);
		if (acc + cw > room)
			break;
		acc += cw;
		i += k;
		cps++;
	}
	*keep = i;
	return cps >= min_cps;
}

int svg_text_fits(const char *s, size_t n, double max_w, double px,
                  size_t min_cps)
{
	size_t keep;
	return fit_len(s, n, max_w, px, min_cps, &keep);
}

int svg_text_fit(double x, double y, const char *attrs, const char *s,
                 size_t n, double max_w, double px, size_t min_cps,
                 const char *suffix)
{
	double w = svg_text_width(s, n, px), sw = 0;
	size_t keep;
	if (!fit_len(s, n, max_w, px, min_cps, &keep))
		return 0;
	if (suffix)
		sw = svg_text_width(suffix, strlen(suffix), px);
	if (w + sw > max_w)
		suffix = NULL;
	hpt_out_str("<text x=\"");
	svg_num(x);
	hpt_out_str("\" y=\"");
	svg_num(y);
	hpt_out_char('"');
	attrs_out(attrs);
	/* keep the space that starts the suffix */
	hpt_out_str(suffix ? " xml:space=\"preserve\">" : ">");
	hpt_out_xml(s, keep);
	if (keep < n)
		hpt_out_str(ellipsis);
	if (suffix) {
		hpt_out_str("<tspan class=\"suffix\">");
		hpt_out_str(suffix);
		hpt_out_str("</tspan>");
	}
	hpt_out_str("</text>\n");
	return 1;
}

/* ---- colours by name ---- */

const char *const svg_palette[SVG_PALETTE_N] = {
	"#332288", "#88ccee", "#117733", "#ddcc77", "#882255",
	"#44aa99", "#cc6677", "#999933", "#aa4499", "#e69f00",
	"#8f85c9", "#c3e5f6", "#a1d4cc", "#88bb99", "#ccccaa",
	"#eee5bb", "#e5b2bb", "#c390aa", "#d4a1cc", "#f2cf80",
};

size_t svg_colour_home(const char *s, size_t n, size_t k)
{
	uint32_t h = 2166136261u; /* FNV-1a, 32 bits */
	size_t i;
	for (i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return k ? h % k : 0;
}

/* The names being given slots, for qsort: in name order (bytes, a
 * prefix first), equal names by their index. */
struct named {
	const char *s;
	size_t n, i;
};

static int named_cmp(const void *pa, const void *pb)
{
	const struct named *a = pa, *b = pb;
	size_t m = a->n < b->n ? a->n : b->n;
	int d = m ? memcmp(a->s, b->s, m) : 0;
	if (d)
		return d;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

void svg_colour_assign(const char *const *name, const size_t *len,
                       size_t prefix, size_t n, size_t k, size_t *slot)
{
	struct named *v = hpt_xcalloc(n + 1, sizeof *v);
	unsigned char *taken = hpt_xcalloc(k + 1, 1);
	size_t i, used = 0;
	for (i = 0; i < n; i++) {
		v[i].s = name[i];
		v[i].n = len[i];
		v[i].i = i;
	}
	qsort(v, n, sizeof *v, named_cmp);
	for (i = 0; i < n; i++) {
		size_t m = prefix && prefix < v[i].n ? prefix : v[i].n;
		size_t h = svg_colour_home(v[i].s, m, k);
		if (used < k) {
			if (taken[h])
				h = svg_colour_home(v[i].s, v[i].n, k);
			while (taken[h])
				h = (h + 1) % k;
			taken[h] = 1;
			used++;
		}
		slot[v[i].i] = h;
	}
	free(taken);
	free(v);
}
