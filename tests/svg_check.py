#!/usr/bin/env python3
"""svg_check.py: read back what hpcat -o svg and proftree -o svg drew,
for tests/svg.bats.  Every command parses the SVG as XML first (a
document that does not parse is exit 1).

  key FILE          the key's names, top entry first, one a line
  bands FILE        for each band outline (bottom band first): its point
                    count and fill colour
  tops FILE         reads "time total" lines (one per sample) on stdin and
                    checks that the top of the stack at each sample's time
                    is at the sample's total, to the pixel, measured on
                    the drawn axes (their tick lines and labels); prints
                    the number of samples checked
  peak FILE         the largest stacked top, in bytes, by the axes
  marks FILE        the number of MARKs drawn
  colours FILE      checks that each band's key row has the band's fill
                    and that no two bands share a fill; prints for each
                    band its identity (the first line of its tooltip
                    without GHC's leading "(N)"; "OTHER" for OTHER) and
                    its fill, TAB-separated, sorted
  boxes FILE        checks that each flame-graph box is as wide as its
                    share of its parent's box (by the inherited ticks,
                    bytes or entries of the tooltips: WHAT is ticks, bytes
                    or entries) and that no box is narrower than a pixel;
                    prints the number of boxes and of boxes checked
  cuts FILE [WHAT]  checks each dashed box on top of a flame-graph stack
                    whose levels above are not drawn: it sits on a box of
                    the top row drawn, as wide as that box's children
                    would be (by the "above" figure of its tooltip against
                    the box's inherited one, WHAT as for boxes: ticks or
                    bytes), and no box is drawn above that row; prints
                    for each its label and the first line of its tooltip,
                    TAB-separated
  keycheck FILE [PERCENT]
                    reads the hpcat -o wide table of the same profile on
                    stdin (not merged: one column per sample) and checks
                    every key row against it: the name is the band's
                    (whole, or a prefix of it ended with "…"), the peak
                    column is the band's largest value and the share
                    column its part of the trapezoid integral (OTHER: of
                    the bands not in the key), and that OTHER holds
                    under PERCENT (default 1) per cent of the area, of
                    bands smaller than every band with a row (unless
                    the key has its 20 bands; 0: not checked); prints
                    the rows checked
  shares FILE       checks that each flame label's share ("NAME 68 %") is
                    its box's width over the whole width, and that a cut
                    label keeps 4 characters at least; prints the labels
                    checked
  fills FILE        for each flame box: its fill, the first line of its
                    tooltip and its module, TAB-separated; then for each
                    legend entry: "legend", its fill and its text
  labels FILE       the label of each box, in document order (without
                    its share)
  tips FILE         every tooltip, one a line (newlines as " | ")
  more FILE         checks each box of merged children (each narrower
                    than a pixel): it is at least a pixel wide and sits on
                    its parent's box (the whole width for merged roots),
                    right of its drawn siblings and touching them; prints
                    for each its label, the first line of its tooltip and
                    its width, TAB-separated
"""
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
UNITS = {"B": 1, "KiB": 2.0 ** 10, "MiB": 2.0 ** 20, "GiB": 2.0 ** 30,
         "TiB": 2.0 ** 40, "PiB": 2.0 ** 50, "EiB": 2.0 ** 60,
         "ZiB": 2.0 ** 70, "YiB": 2.0 ** 80}


def fail(msg):
    print("svg_check: " + msg)
    sys.exit(1)


def load(path):
    try:
        return ET.parse(path).getroot()
    except ET.ParseError as e:
        fail("%s: not XML: %s" % (path, e))


def by_id(root, ident):
    for e in root.iter():
        if e.get("id") == ident:
            return e
    fail("no element with id %s" % ident)


def points(d):
    return [(float(x), float(y)) for x, y in
            re.findall(r"[ML](-?[0-9.]+),(-?[0-9.]+)", d)]


def axes(root):
    """(time ticks, size ticks): lists of (pixel, value)."""
    g = by_id(root, "axes")
    kids = list(g)
    tt, st = [], []
    for a, b in zip(kids, kids[1:]):
        if a.tag != NS + "line" or b.tag != NS + "text":
            continue
        cls, text = b.get("class"), b.text
        if cls == "size-tick":
            if text == "0":
                v = 0.0
            else:
                num, unit = text.split(" ")
                v = float(num) * UNITS.get(unit, 1)
            st.append((float(a.get("y1")), v))
        elif cls == "time-tick":
            tt.append((float(a.get("x1")), float(text)))
    if len(tt) < 2 or len(st) < 2:
        fail("too few ticks: %d time, %d size" % (len(tt), len(st)))
    return tt, st


def linear(ticks):
    """value -> pixel from the first and last tick."""
    (p0, v0), (p1, v1) = ticks[0], ticks[-1]
    return lambda v: p0 + (v - v0) * (p1 - p0) / (v1 - v0)


def outlines(root):
    return [p for p in by_id(root, "bands") if p.tag == NS + "path"]


def tops(root):
    ps = outlines(root)
    if not ps:
        fail("no band drawn")
    pts = points(ps[-1].get("d"))
    return pts[:len(pts) // 2]


def cmd_tops(root):
    tt, st = axes(root)
    xof, yof = linear(tt), linear(st)
    top = tops(root)
    samples = [tuple(map(float, l.split())) for l in sys.stdin if l.strip()]
    if len(samples) != len(top):
        fail("%d samples, %d points on the top" % (len(samples), len(top)))
    for (t, total), (x, y) in zip(samples, top):
        if abs(xof(t) - x) > 1 or abs(yof(total) - y) > 1:
            fail("sample at %g (total %g) should be at %.1f,%.1f, is at "
                 "%.1f,%.1f" % (t, total, xof(t), yof(total), x, y))
    print(len(samples))


def cmd_peak(root):
    tt, st = axes(root)
    (p0, v0), (p1, v1) = st[0], st[-1]
    y = min(y for x, y in tops(root))
    print("%.0f" % (v0 + (y - p0) * (v1 - v0) / (p1 - p0)))


def text_of(e):
    return "".join(e.itertext())


def cmd_key(root):
    for g in by_id(root, "key"):
        for t in g:
            if t.get("class") == "key-name":
                print(t.text or "")


def cmd_bands(root):
    for p in outlines(root):
        print(len(points(p.get("d"))), p.get("fill"))


def identity(e):
    name = tip(e).split("\n")[0]
    if name.startswith("OTHER: "):
        return "OTHER"
    return re.sub(r"^\([0-9]+\)", "", name)


def cmd_colours(root):
    key = {}
    for g in by_id(root, "key"):
        r = g.find(NS + "rect")
        if r is not None:
            key[tip(g).split("\n")[0]] = r.get("fill")
    seen = {}
    out = []
    for p in outlines(root):
        first, fill = tip(p).split("\n")[0], p.get("fill")
        if key.get(first) != fill:
            fail("%s: band %s, key row %s" % (first, fill, key.get(first)))
        if fill in seen:
            fail("%s and %s share %s" % (seen[fill], first, fill))
        seen[fill] = first
        out.append("%s\t%s" % (identity(p), fill))
    for l in sorted(out):
        print(l)


def cmd_marks(root):
    print(sum(1 for p in root.iter(NS + "g") if p.get("class") == "mark"))


def tip(e):
    t = e.find(NS + "title")
    return t.text if t is not None else ""


def boxes(root):
    out = []
    for g in by_id(root, "flame"):
        r = g.find(NS + "rect")
        label = g.find(NS + "text")
        out.append((float(r.get("x")), float(r.get("y")),
                    float(r.get("width")), tip(g),
                    label.text if label is not None else None))
    return out


def inherited(t, what):
    if what == "entries":
        return None
    # bytes as the flame graph gives them: "(16 B)", "(1.5 KiB = 1536
    # bytes)"; in the footer "(... bytes in all)"
    m = re.search(r"\ninherited: .*\((?:[^()]*= )?([0-9]+) %s\)" %
                  ("ticks" if what == "ticks" else "(?:bytes|B)"), t)
    if not m:
        m = re.search(r"\ninherited: .*\(([0-9]+) ticks\), .*\("
                      r"(?:[^()]*= )?([0-9]+) (?:bytes|B)\)", t)
        if not m:
            fail("no inherited figure in %r" % t)
        return float(m.group(1 if what == "ticks" else 2))
    return float(m.group(1))


def cmd_boxes(root, what):
    bs = boxes(root)
    checked = 0
    for (x, y, w, t, _) in bs:
        if w < 1:
            fail("a box %.1f px wide" % w)
        # the parent: the box one row below that holds this one
        c = x + w / 2
        below = [b for b in bs if abs(b[1] - (y + 17)) < 0.01 and
                 b[0] <= c <= b[0] + b[2]]
        if not below:
            continue
        px_, py_, pw, pt, _ = below[0]
        if x < px_ - 0.11 or x + w > px_ + pw + 0.11:
            fail("box %r sticks out of its parent" % t.split("\n")[0])
        kids = [b for b in bs if abs(b[1] - y) < 0.01 and
                px_ <= b[0] + b[2] / 2 <= px_ + pw]
        mine, theirs = inherited(t, what), inherited(pt, what)
        ksum = sum(inherited(b[3], what) for b in kids)
        whole = max(theirs, ksum)
        want = pw * mine / whole
        if abs(want - w) > 0.25:
            fail("box %r is %.1f px wide, its share of its parent "
                 "(%.1f px) is %.2f px" % (t.split("\n")[0], w, pw, want))
        checked += 1
    print(len(bs), checked)


def cmd_cuts(root, what):
    bs = boxes(root)
    top = min(b[1] for b in bs)
    marks = [e for e in root.iter() if e.get("id") == "cut-marks"]
    for g in (marks[0] if marks else []):
        r, label = g.find(NS + "rect"), g.find(NS + "text")
        x, y, w = (float(r.get(k)) for k in ("x", "y", "width"))
        t = tip(g)
        if abs(y - (top - 17)) > 0.01:
            fail("dashed box %r at y %.1f, the top row at %.1f" %
                 (t, y, top))
        below = [b for b in bs if abs(b[1] - top) < 0.01 and
                 abs(b[0] - x) < 0.06]
        if not below:
            fail("dashed box %r is on no box" % t)
        px_, _, pw, pt, _ = below[0]
        m = re.search(r"\nabove: .*\(([0-9]+) ticks\), .*\("
                      r"(?:[^()]*= )?([0-9]+) (?:bytes|B)\)", t)
        if m:
            above = float(m.group(1 if what == "ticks" else 2))
            theirs = inherited(pt, what)
            want = pw * above / max(theirs, above) if above else 0
            if abs(want - w) > 0.25:
                fail("dashed box %r is %.1f px wide, want %.2f" %
                     (t, w, want))
        print("%s\t%s" % ("".join(label.itertext()) if label is not None
                           else "", t.split("\n")[0]))


def size_short(v):
    """hp_svg.c's size_short, for bytes (powers of 1024)."""
    if v < 1024:
        return "%d B" % v
    names = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"]
    x, u = float(v), 0
    while u < 8 and x >= 1024:
        x /= 1024
        u += 1
    # three significant figures as printed: 1048575 is "1.00 MiB"
    for d in (2, 1, 0):
        if float("%.*f" % (d, x)) < 10 ** (3 - d) or d == 0:
            break
    if float("%.*f" % (d, x)) >= 1024 and u < 8:
        x, u, d = x / 1024, u + 1, 2
    return "%.*f %s" % (d, x, names[u])


def share_text(p):
    return "<0.1 %" if 0 < p < 0.05 else "%.1f %%" % p


def unesc(f):
    return re.sub(r"\\(.)", lambda m: {"t": "\t", "n": "\n", "r": "\r",
                  "0": "\0"}.get(m.group(1), m.group(1)), f)


def cmd_keycheck(root):
    percent = float(sys.argv[3]) if len(sys.argv) > 3 else 1
    rows = [[unesc(f) for f in l.rstrip("\n").split("\t")]
            for l in sys.stdin]
    names = rows[0][1:]
    data = [[float(x) for x in r] for r in rows[1:]]
    integral = [0.0] * len(names)
    for a, b in zip(data, data[1:]):
        dt = b[0] - a[0]
        for i in range(len(names)):
            integral[i] += (a[i + 1] + b[i + 1]) / 2 * dt
    total = sum(integral)
    col = {n: i for i, n in enumerate(names)}
    keyed = set()
    entries = []
    for g in by_id(root, "key"):
        if g.get("class") != "key-entry":
            continue
        f = {t.get("class"): (t.text or "") for t in g
             if t.tag == NS + "text"}
        full = tip(g).split("\n")[0]
        if full == "* (GHC: a closure of unknown type)":
            full = "*"
        entries.append((full, f))
        # the tooltip gives the share as the key does ("<0.1 %" too)
        tipshare = [l for l in tip(g).split("\n") if l.startswith("share ")]
        if tipshare != ["share %s of the area" % f["key-share"]]:
            fail("key entry %r: tooltip %r, key %r" % (full, tipshare,
                                                      f["key-share"]))
        if f["key-name"] != "OTHER":
            keyed.add(full)
    for full, f in entries:
        name = f["key-name"]
        if name == "OTHER":
            rest = [i for n, i in col.items() if n not in keyed]
            peak = max(sum(r[i + 1] for i in rest) for r in data)
            part = sum(integral[i] for i in rest)
        else:
            if full not in col:
                fail("key entry %r is no band" % full)
            head, cut, tail = name.partition("\u2026")
            if name != full and not (cut and full.startswith(head) and
                                     full.endswith(tail) and
                                     len(head) + len(tail) < len(full)):
                fail("key name %r for band %r" % (name, full))
            i = col[full]
            peak = max(r[i + 1] for r in data)
            part = integral[i]
        # by default (hp2ps -t1) the bands summed into OTHER are under
        # 1 % of the area together, smallest first: no band of 1 % or
        # more, none larger than a band with its own row
        if name == "OTHER" and percent and len(entries) < 21:
            if part * 100 >= total * percent:
                fail("OTHER holds %g %% of the area" % (part / total * 100))
            small = max([integral[i] for i in rest] or [0])
            for k in keyed:
                if integral[col[k]] < small:
                    fail("%r has a row, a larger band is in OTHER" % k)
        want = (size_short(int(peak)), share_text(part / total * 100))
        got = (f["key-peak"], f["key-share"])
        if want != got:
            fail("key entry %r: %r, want %r" % (full, got, want))
    print(len(entries))


def cmd_shares(root):
    n = 0
    for g in by_id(root, "flame"):
        r, t = g.find(NS + "rect"), g.find(NS + "text")
        if t is None:
            continue
        full = tip(g).split("\n")[0]
        name = t.text or ""
        if g.get("class") == "more":
            # "600 more" for "600 stacks above ...", or "…" alone
            full = full.split(" ")[0] + " more"
            if name == "\u2026":
                continue
        if name != full and not (name.endswith("\u2026") and
                                 full.startswith(name[:-1]) and
                                 len(name) - 1 >= 4):
            fail("label %r for %r" % (name, full))
        sp = t.find(NS + "tspan")
        if sp is None:
            continue
        p = float(r.get("width")) / 1180 * 100
        want = " %.0f %%" % p if p >= 9.95 else " %.1f %%" % p
        if sp.text != want:
            fail("label %r: share %r, want %r" % (full, sp.text, want))
        n += 1
    print(n)


def cmd_more(root):
    bs = boxes(root)
    groups = list(by_id(root, "flame"))
    for g, (x, y, w, t, label) in zip(groups, bs):
        if g.get("class") != "more":
            continue
        if w < 1:
            fail("a merged box %.1f px wide" % w)
        below = [b for b in bs if abs(b[1] - (y + 17)) < 0.01 and
                 b[0] - 0.06 <= x and x + w <= b[0] + b[2] + 0.11]
        if abs(y - max(b[1] for b in bs)) < 0.01:
            below = [(10, y + 17, 1180, "", None)]
        if not below:
            fail("merged box %r is on no box" % t)
        px_, _, pw, _, _ = below[0]
        # the rightmost box on its parent, touching the sibling on its
        # left (or the parent's left edge)
        sib = [b for b in bs if abs(b[1] - y) < 0.01 and
               px_ - 0.06 <= b[0] and b[0] + b[2] <= px_ + pw + 0.11 and
               b[0] != x]
        left = max([b[0] + b[2] for b in sib] + [px_])
        if abs(left - x) > 0.15 or any(b[0] > x for b in sib):
            fail("merged box %r at x %.2f, its siblings end at %.2f" %
                 (t, x, left))
        print("%s\t%s\t%g" % ("".join(g.find(NS + "text").itertext())
                                if g.find(NS + "text") is not None else "",
                                t.split("\n")[0], w))


def cmd_fills(root):
    for g in by_id(root, "flame"):
        t = tip(g)
        m = re.search(r"\nmodule: ([^\n]*)", t)
        print("\t".join([g.find(NS + "rect").get("fill"), t.split("\n")[0],
                         m.group(1) if m else ""]))
    kids = list(by_id(root, "legend"))
    for a, b in zip(kids, kids[1:]):
        if a.tag == NS + "rect" and b.tag == NS + "text":
            print("\t".join(["legend", a.get("fill"), b.text or ""]))


def cmd_labels(root):
    for b in boxes(root):
        if b[4] is not None:
            print(b[4])


def cmd_tips(root):
    for e in root.iter(NS + "title"):
        print((e.text or "").replace("\n", " | "))


def main():
    if len(sys.argv) < 3:
        fail("usage: svg_check.py COMMAND FILE")
    cmd, root = sys.argv[1], load(sys.argv[2])
    if cmd in ("boxes", "cuts"):
        (cmd_boxes if cmd == "boxes" else cmd_cuts)(
            root, sys.argv[3] if len(sys.argv) > 3 else "ticks")
        return
    {"key": cmd_key, "bands": cmd_bands, "tops": cmd_tops,
     "peak": cmd_peak, "marks": cmd_marks, "colours": cmd_colours, "labels": cmd_labels,
     "tips": cmd_tips, "keycheck": cmd_keycheck,
     "shares": cmd_shares, "fills": cmd_fills, "more": cmd_more}[cmd](root)


main()
