/*
 * svg.c: the SVG writer.  See svg.h.
 */
#include "svg.h"

#include <stdio.h>
#include <string.h>

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
	hpt_out_str("\" font-family=\"sans-serif\" font-size=\"12\">\n");
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

/* DejaVu Sans advance widths of ' ' .. '~', in 1/1000 em (its 2048
 * units per em, rounded up). */
static const unsigned short ascii_w[95] = {
	318, 401, 460, 838, 637, 950, 780, 275, 390, 390, 500, 838, 318,
	361, 318, 337, 637, 637, 637, 637, 637, 637, 637, 637, 637, 637,
	337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 771, 632, 575,
	775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635,
	611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500,
	613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974,
	634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525,
	636, 337, 636, 838,
};

/* The width of one code point starting at s[i] (n bytes in s), in
 * 1/1000 em, and its length in bytes into *len. */
static unsigned cp_width(const char *s, size_t n, size_t i, size_t *len)
{
	unsigned char c = (unsigned char)s[i];
	size_t k = 1;
	while (i + k < n && ((unsigned char)s[i + k] & 0xc0) == 0x80)
		k++;
	*len = k;
	if (c >= ' ' && c <= '~')
		return ascii_w[c - ' '];
	return 1000;
}

double svg_text_width(const char *s, size_t n, double px)
{
	size_t i = 0, k;
	double w = 0;
	while (i < n) {
		w += cp_width(s, n, i, &k);
		i += k;
	}
	return w * px / 1000;
}

/* Whether s (n bytes) fits in max_w pixels at size px as svg_text_fit
 * writes it, and in *keep the bytes it keeps: n when it fits whole,
 * else those of the code points that fit before a "…"; 0 when fewer
 * than min_cps of them do. */
static int fit_len(const char *s, size_t n, double max_w, double px,
                   size_t min_cps, size_t *keep)
{
	double room = max_w * 1000 / px - 1000; /* with the "…" */
	double acc = 0;
	size_t i = 0, k, cps = 0;
	*keep = n;
	if (svg_text_width(s, n, px) <= max_w)
		return 1;
	while (i < n) {
		unsigned cw = cp_width(s, n, i, &k);
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
