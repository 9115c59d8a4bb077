#!/usr/bin/env python3
"""Print the glyph advance-width table of src/lib/svg.c (between its
"glyph widths:" markers) from the installed TrueType fonts the SVG names:
DejaVu Sans and Liberation Sans (Arial's metrics), regular and bold.
Each width is the larger of the two families', in 1/1000 em rounded up,
so that text measured by it fits in either.  Written for hptools: reads
the 'head', 'hhea', 'hmtx' and 'cmap' (format 4) tables of the OpenType
specification directly.  Usage: glyph_widths.py [FONTDIR]."""
import math
import struct
import sys

FONTDIR = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype"
REGULAR = ["dejavu/DejaVuSans.ttf", "liberation2/LiberationSans-Regular.ttf"]
BOLD = ["dejavu/DejaVuSans-Bold.ttf", "liberation2/LiberationSans-Bold.ttf"]
# the code points in the table: printable ASCII, Latin-1 and Latin
# Extended-A, general punctuation, super- and subscripts, arrows,
# mathematical operators, geometric shapes
RANGES = [(0x20, 0x7E), (0xA0, 0x17F), (0x2000, 0x206F), (0x2070, 0x209F),
          (0x2190, 0x21FF), (0x2200, 0x22FF), (0x25A0, 0x25FF)]


def font_widths(path):
    """A function from a code point to its advance in 1/1000 em, or None
    for a code point the font has no glyph for."""
    with open(path, "rb") as f:
        d = f.read()
    tab = {}
    for i in range(struct.unpack(">H", d[4:6])[0]):
        tag, _, off, ln = struct.unpack(">4sIII", d[12 + 16 * i:28 + 16 * i])
        tab[tag.decode("latin-1")] = off
    upem = struct.unpack(">H", d[tab["head"] + 18:tab["head"] + 20])[0]
    nh = struct.unpack(">H", d[tab["hhea"] + 34:tab["hhea"] + 36])[0]
    ho = tab["hmtx"]
    adv = [struct.unpack(">H", d[ho + 4 * i:ho + 4 * i + 2])[0]
           for i in range(nh)]
    co = tab["cmap"]
    sub = None
    for i in range(struct.unpack(">H", d[co + 2:co + 4])[0]):
        pid, eid, off = struct.unpack(">HHI", d[co + 4 + 8 * i:co + 12 + 8 * i])
        if pid == 3 and eid == 1:
            sub = co + off
    assert sub is not None and struct.unpack(">H", d[sub:sub + 2])[0] == 4
    seg2 = struct.unpack(">H", d[sub + 6:sub + 8])[0]
    seg = seg2 // 2
    p = sub + 14
    ends = struct.unpack(">%dH" % seg, d[p:p + seg2])
    p += seg2 + 2
    starts = struct.unpack(">%dH" % seg, d[p:p + seg2])
    p += seg2
    deltas = struct.unpack(">%dh" % seg, d[p:p + seg2])
    ro = p + seg2
    roffs = struct.unpack(">%dH" % seg, d[ro:ro + seg2])

    def glyph(c):
        for i in range(seg):
            if starts[i] <= c <= ends[i]:
                if roffs[i] == 0:
                    return (c + deltas[i]) & 0xFFFF
                a = ro + 2 * i + roffs[i] + 2 * (c - starts[i])
                g = struct.unpack(">H", d[a:a + 2])[0]
                return (g + deltas[i]) & 0xFFFF if g else 0
        return 0

    def width(c):
        g = glyph(c)
        if g == 0:
            return None
        return adv[min(g, nh - 1)] * 1000 / upem
    return width


def widest(fonts, c):
    ws = [w for w in (f(c) for f in fonts) if w is not None]
    return math.ceil(max(ws)) if ws else 1000


def main():
    reg = [font_widths(FONTDIR + "/" + p) for p in REGULAR]
    bold = [font_widths(FONTDIR + "/" + p) for p in BOLD]
    print("/* glyph widths: made by tests/glyph_widths.py; do not edit */")
    print("static const struct glyph_range glyph_ranges[] = {")
    off = 0
    for lo, hi in RANGES:
        print("\t{0x%04X, 0x%04X, %d}," % (lo, hi, off))
        off += hi - lo + 1
    print("};")
    print("static const unsigned short glyph_w[%d][2] = {" % off)
    for lo, hi in RANGES:
        cells = ["{%d, %d}," % (widest(reg, c), widest(bold, c))
                 for c in range(lo, hi + 1)]
        line = "\t"
        for cell in cells:
            if len(line) + len(cell) + 1 > 72:
                print(line.rstrip())
                line = "\t"
            line += cell + " "
        print(line.rstrip())
    print("};")
    print("/* end of glyph widths */")


main()
