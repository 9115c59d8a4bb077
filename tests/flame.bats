#!/usr/bin/env bats
# The flame graph in a browser: proftree -o svg opened in headless
# chromium by tests/browser.sh, driven by small scripts that click and
# type and say what they measured.  Also the harness itself.

load helper

BROWSER="$TOP/tests/browser.sh"

# svg_with_script FILE: a small SVG whose script widens its one box
# on a click, and breaks on a second one when BREAK is set.
svg_with_script() {
	cat >"$1" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
<rect id="r" x="10" y="10" width="50" height="20" fill="#77aadd"/>
<script type="text/ecmascript"><![CDATA[
document.getElementById('r').addEventListener('click', function () {
	${BREAK:-}this.setAttribute('width', '150');
});
]]></script></svg>
SVG
}

@test "browser.sh: a driver clicks in the SVG and says what it measured" {
	svg_with_script "$BATS_TEST_TMPDIR/a.svg"
	cat >"$BATS_TEST_TMPDIR/d.js" <<'JS'
function drive(t) {
	var r = t.q('#r');
	t.say('before', t.box(r).w, '<&>');
	t.click(r);
	t.say('after', t.box(r).w);
	return t.wait(50).then(function () { t.say('later'); });
}
JS
	run sh "$BROWSER" "$BATS_TEST_TMPDIR/a.svg" "$BATS_TEST_TMPDIR/d.js"
	[ "$status" -eq 0 ]
	[ "$output" = "before 50 <&>
after 150
later" ]
}

@test "browser.sh: a driver's error, the SVG's script error, a usage error" {
	svg_with_script "$BATS_TEST_TMPDIR/a.svg"
	echo 'function drive(t) { t.say("one"); throw new Error("no box"); }' \
	    >"$BATS_TEST_TMPDIR/d.js"
	run sh "$BROWSER" "$BATS_TEST_TMPDIR/a.svg" "$BATS_TEST_TMPDIR/d.js"
	[ "$status" -eq 1 ]
	[ "$output" = "one
error: no box" ]
	BREAK='nosuch(); ' svg_with_script "$BATS_TEST_TMPDIR/b.svg"
	echo 'function drive(t) { t.click(t.q("#r")); t.say(t.box(t.q("#r")).w); }' \
	    >"$BATS_TEST_TMPDIR/d.js"
	run sh "$BROWSER" "$BATS_TEST_TMPDIR/b.svg" "$BATS_TEST_TMPDIR/d.js"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = 50 ]
	[[ "${lines[1]}" == *'Uncaught ReferenceError: nosuch is not defined'* ]]
	run sh "$BROWSER" "$BATS_TEST_TMPDIR/a.svg"
	[ "$status" -eq 2 ]
	[ "$output" = "usage: browser.sh [-s PNG] SVG DRIVER.js (readable files)" ]
}

@test "browser.sh -s: a screenshot of the SVG as the browser draws it" {
	svg_with_script "$BATS_TEST_TMPDIR/a.svg"
	echo 'function drive(t) { t.click(t.q("#r")); }' >"$BATS_TEST_TMPDIR/d.js"
	run sh "$BROWSER" -s "$BATS_TEST_TMPDIR/a.png" "$BATS_TEST_TMPDIR/a.svg" \
	    "$BATS_TEST_TMPDIR/d.js"
	[ "$status" -eq 0 ]
	[ "$output" = "" ]
	# 300 x 200 pixels; the box, 150 wide after the click, is blue at
	# x 150 and the background white at x 200
	run convert "$BATS_TEST_TMPDIR/a.png" -format '%w %h %[pixel:p{150,20}] %[pixel:p{200,20}]' info:
	[ "$output" = "300 200 srgb(119,170,221) srgb(255,255,255)" ]
}

# ---- every depth (P10: boxes narrower than a pixel merged, not levels cut) ----

CHECK="$TOP/tests/svg_check.py"

# valid FILE: well-formed XML, renders to a PNG, under 1 MB (P10).
valid() {
	xmllint --noout "$1" || return 1
	rsvg-convert "$1" >"$1.png" || return 1
	[ "$(wc -c <"$1")" -lt 1000000 ] || { echo "$1: $(wc -c <"$1") bytes"; return 1; }
}

# chains OUT L:T...: a -pj profile (prof2json's input, linear in its
# depth) whose MAIN has one chain of cost centres per argument, chain k
# L levels of "gk" (module M) with T ticks and 1000 T bytes at its top.
chains() {
	python3 - "$@" <<'PY'
import json
import sys
out, specs = sys.argv[1], [tuple(map(int, a.split(":"))) for a in sys.argv[2:]]
ccs = [{"id": 1, "label": "MAIN", "module": "MAIN", "src_loc": "<built-in>", "is_caf": False}]
ccs += [{"id": k + 2, "label": "g%d" % (k + 1), "module": "M", "src_loc": "M.hs:%d:1" % (k + 1), "is_caf": False}
        for k in range(len(specs))]
tt = sum(t for _, t in specs)
head = {"program": "deep", "arguments": ["deep"], "rts_arguments": ["-pj"],
        "end_time": "Tue Dec  1 12:00 2026", "initial_capabilities": 1,
        "total_time": tt / 1000, "total_ticks": tt, "tick_interval": 1000,
        "total_alloc": 1000 * tt, "cost_centres": ccs}
parts = []
for k, (l, t) in enumerate(specs):
    parts.append("".join('{"id": %d, "entries": 1, "alloc": %d, "ticks": %d, "children": ['
                         % (k + 2, 1000 * t if i == l - 1 else 0, t if i == l - 1 else 0)
                         for i in range(l)) + "]}" * l)
with open(out, "w") as f:
    f.write(json.dumps(head)[:-1] + ', "profile": {"id": 1, "entries": 0, '
            '"alloc": 0, "ticks": 0, "children": [' + ", ".join(parts) + "]}}\n")
PY
}

# rows FILE: the number of flame-graph boxes drawn, and of levels.
rows() {
	python3 -c '
import sys, xml.etree.ElementTree as ET
NS = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
flame = [e for e in root.iter() if e.get("id") == "flame"][0]
ys = [g.find(NS + "rect").get("y") for g in flame]
print(len(ys), len(set(ys)))
' "$1"
}

# box FILE LABEL: "x y width fill" of the box whose tooltip starts
# with the line LABEL.
box() {
	python3 -c '
import sys, xml.etree.ElementTree as ET
NS = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
for g in root.iter(NS + "g"):
    t, r = g.find(NS + "title"), g.find(NS + "rect")
    if g.get("class") == "node" and t.text.split("\n")[0] == sys.argv[2]:
        print(r.get("x"), r.get("y"), r.get("width"), r.get("fill"))
' "$1" "$2"
}

@test "every depth: the node at depth 119 of a real 123-level report is drawn, in its place" {
	proftree -o svg "$FIX/deep.P.prof" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	[ "$(proftree -o tsv "$FIX/deep.P.prof" | awk -F'\t' '$4 == "d118" { print $1 }')" = 119 ]
	[ "$(rows "$BATS_TEST_TMPDIR/o.svg")" = "124 123" ]
	[ "$(xmllint --xpath 'count(//*[@id="cut" or @id="cut-marks"])' "$BATS_TEST_TMPDIR/o.svg")" = 0 ]
	python3 "$CHECK" boxes "$BATS_TEST_TMPDIR/o.svg" ticks
	# d118: 952 of the 1146 ticks (83 % of the width, 980.2 of 1180
	# pixels), 119 rows above MAIN's (17 pixels a row)
	read -r x y w fill < <(box "$BATS_TEST_TMPDIR/o.svg" d118)
	read -r _ y0 _ _ < <(box "$BATS_TEST_TMPDIR/o.svg" MAIN)
	[ "$x $w" = "10 980.2" ]
	[ "$(awk -v a="$y0" -v b="$y" 'BEGIN { print (a - b) / 17 }')" = 119 ]
	python3 "$CHECK" labels "$BATS_TEST_TMPDIR/o.svg" | grep -qx d118
	# and as drawn: its colour at its place in the PNG
	c=$(printf '%s' "$fill" | sed 's/#\(..\)\(..\)\(..\)/\1 \2 \3/' | { read -r a b c; printf 'srgb(%d,%d,%d)' 0x$a 0x$b 0x$c; })
	[ "$(convert "$BATS_TEST_TMPDIR/o.svg.png" -format "%[pixel:p{600,$((${y%.*} + 8))}]" info:)" = "$c" ]
}

@test "every depth: a heavy deep stack is drawn to its top; the many small ones beside it are merged" {
	# g1: 300 levels, half the time; 600 stacks of 10 levels, each a
	# pixel wide: 6301 boxes are too many for 1 MB, the widest are drawn
	chains "$BATS_TEST_TMPDIR/h.json" 300:500 $(for i in $(seq 600); do printf '10:1 '; done)
	proftree -o svg "$BATS_TEST_TMPDIR/h.json" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	[ "$(rows "$BATS_TEST_TMPDIR/o.svg")" = "301 301" ]
	[ "$(python3 "$CHECK" tips "$BATS_TEST_TMPDIR/o.svg" | grep -c '^g1 ')" -eq 300 ]
	python3 "$CHECK" boxes "$BATS_TEST_TMPDIR/o.svg" ticks
	[ "$(xmllint --xpath 'string(//*[@id="cut"])' "$BATS_TEST_TMPDIR/o.svg")" = "The widest 301 boxes are drawn, of 6301 a pixel wide or more (more would be too many to draw); each dashed box stands for the stacks above it: how many levels, and their share" ]
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/o.svg" | grep -qxF '10 more levels above MAIN, not drawn (depth 1 to 10; the root is 0) | above: 54.5 % time (600 ticks), 54.5 % alloc (585.9 KiB = 600000 bytes) | proftree -o tree or -o tsv lists them'
	# stacks of 300 levels are drawn whole
	chains "$BATS_TEST_TMPDIR/c.json" 50:10 150:30 300:60
	proftree -o svg "$BATS_TEST_TMPDIR/c.json" >"$BATS_TEST_TMPDIR/c.svg"
	valid "$BATS_TEST_TMPDIR/c.svg"
	[ "$(rows "$BATS_TEST_TMPDIR/c.svg")" = "501 301" ]
	[ "$(xmllint --xpath 'count(//*[@id="cut" or @id="cut-marks"])' "$BATS_TEST_TMPDIR/c.svg")" = 0 ]
	python3 "$CHECK" boxes "$BATS_TEST_TMPDIR/c.svg" ticks
	# a -p report 130 levels deep: percentages at the top
	awk 'BEGIN {
		print "COST CENTRE MODULE no. entries %time %alloc %time %alloc"; print ""
		s = ""; for (i = 0; i < 130; i++) { printf "%s%s M %d 1 %s 100.0 100.0\n", s, (i ? "f" i : "MAIN"), i + 1, (i == 129) ? "100.0 100.0" : "0.0 0.0"; s = s " " }
	}' | proftree -o svg >"$BATS_TEST_TMPDIR/p.svg"
	[ "$(rows "$BATS_TEST_TMPDIR/p.svg")" = "130 130" ]
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/p.svg" | grep -qx 'f129 | module: M | .* | individual: 100.0 % time, 100.0 % alloc | inherited: 100.0 % time, 100.0 % alloc'
}

@test "every depth: a tree 100 000 levels deep stays under 1 MB, a dashed box for what does not fit" {
	chains "$BATS_TEST_TMPDIR/deep.json" 99999:5
	proftree -o svg "$BATS_TEST_TMPDIR/deep.json" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	# every box is 1180 pixels wide: the lowest are drawn while 800
	# labels fit (799 boxes and the dashed one)
	[ "$(rows "$BATS_TEST_TMPDIR/o.svg")" = "799 799" ]
	python3 "$CHECK" boxes "$BATS_TEST_TMPDIR/o.svg" ticks
	[ "$(xmllint --xpath 'string(//*[@id="cut"])' "$BATS_TEST_TMPDIR/o.svg")" = "The widest 799 boxes are drawn, of 100000 a pixel wide or more (more would be too many to draw); each dashed box stands for the stacks above it: how many levels, and their share" ]
	[ "$(python3 "$CHECK" cuts "$BATS_TEST_TMPDIR/o.svg")" = "$(printf '▲ 99201 levels 100 %%\t99201 more levels above g1, not drawn (depth 799 to 99999; the root is 0)')" ]
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/o.svg" | grep -qxF '99201 more levels above g1, not drawn (depth 799 to 99999; the root is 0) | above: 100.0 % time (5 ticks), 100.0 % alloc (4.9 KiB = 5000 bytes) | proftree -o tree or -o tsv lists them'
	[ "$(xmllint --xpath 'string(//*[@id="cut-marks"]/*/*[local-name()="rect"]/@width)' "$BATS_TEST_TMPDIR/o.svg")" = 1180 ]
	proftree -o svg "$BATS_TEST_TMPDIR/deep.json" | cmp - "$BATS_TEST_TMPDIR/o.svg"
	# the inverted tree: one root, its callers 1000 deep
	# (-d: -i without it is quadratic in the depth)
	proftree -i -d 1000 -o svg "$BATS_TEST_TMPDIR/deep.json" >"$BATS_TEST_TMPDIR/i.svg"
	valid "$BATS_TEST_TMPDIR/i.svg"
	[ "$(python3 "$CHECK" cuts "$BATS_TEST_TMPDIR/i.svg" | cut -f1)" = "▲ 202 levels 100 %" ]
	# twelve equal stacks: cut at one level, all twelve (1 + 12 x 65
	# boxes and 12 dashed ones: 793 labels; one level more is 805)
	chains "$BATS_TEST_TMPDIR/w.json" 300:1 300:1 300:1 300:1 300:1 300:1 300:1 300:1 300:1 300:1 300:1 300:1
	proftree -o svg "$BATS_TEST_TMPDIR/w.json" >"$BATS_TEST_TMPDIR/w.svg"
	[ "$(rows "$BATS_TEST_TMPDIR/w.svg")" = "781 66" ]
	[ "$(xmllint --xpath 'count(//*[local-name()="text"][ancestor::*[@id="flame" or @id="cut-marks"]])' "$BATS_TEST_TMPDIR/w.svg")" = 793 ]
	run python3 "$CHECK" cuts "$BATS_TEST_TMPDIR/w.svg"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 12 ]
	[ "${lines[11]}" = "$(printf '▲ 235 levels\t235 more levels above g9, not drawn (depth 66 to 300; the root is 0)')" ]
	# a thousand stacks of 1.2 pixels: too many boxes for 1 MB at
	# their first level, so none of them, not some
	chains "$BATS_TEST_TMPDIR/t.json" $(for i in $(seq 1000); do printf '50:1 '; done)
	proftree -o svg "$BATS_TEST_TMPDIR/t.json" >"$BATS_TEST_TMPDIR/t.svg"
	valid "$BATS_TEST_TMPDIR/t.svg"
	[ "$(rows "$BATS_TEST_TMPDIR/t.svg")" = "1 1" ]
	[ "$(python3 "$CHECK" cuts "$BATS_TEST_TMPDIR/t.svg")" = "$(printf '▲ 50 levels 100 %%\t50 more levels above MAIN, not drawn (depth 1 to 50; the root is 0)')" ]
}

# ---- colours ----

# colours FILE: "module colour" of each module drawn in FILE, sorted.
colours() {
	python3 "$CHECK" fills "$1" | awk -F'\t' '$1 != "legend" { print $3, $1 }' | sort -u
}

@test "colours: a module's colour is its name's, in a report, its -f subtree and another run" {
	# four modules; b (Main) calls c (Data.Set) and d (Text.Read)
	printf '%s\n' 'COST CENTRE MODULE no. entries %time %alloc %time %alloc ticks bytes' '' \
	    'MAIN MAIN 1 0 0.0 0.0 100.0 100.0 0 0' \
	    ' a Data.Map 2 1 40.0 40.0 40.0 40.0 40 40' \
	    ' b Main 3 1 10.0 10.0 60.0 60.0 10 10' \
	    '  c Data.Set 4 1 30.0 30.0 30.0 30.0 30 30' \
	    '  d Text.Read 5 1 20.0 20.0 20.0 20.0 20 20' >"$BATS_TEST_TMPDIR/r.prof"
	proftree -o svg "$BATS_TEST_TMPDIR/r.prof" >"$BATS_TEST_TMPDIR/r.svg"
	colours "$BATS_TEST_TMPDIR/r.svg" >"$BATS_TEST_TMPDIR/r"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/r")" -eq 5 ]
	[ "$(cut -d' ' -f2 "$BATS_TEST_TMPDIR/r" | sort -u | wc -l)" -eq 5 ]
	# the subtree of b: its modules keep their colours
	proftree -f b -o svg "$BATS_TEST_TMPDIR/r.prof" >"$BATS_TEST_TMPDIR/f.svg"
	colours "$BATS_TEST_TMPDIR/f.svg" >"$BATS_TEST_TMPDIR/f"
	[ "$(cut -d' ' -f1 "$BATS_TEST_TMPDIR/f" | tr '\n' ' ')" = "Data.Set MAIN Main Text.Read " ]
	[ "$(comm -23 "$BATS_TEST_TMPDIR/f" "$BATS_TEST_TMPDIR/r")" = "" ]
	# another run, other widths and order: the same colours; and the
	# colour of a name is the palette's entry its name hashes to
	# (FNV-1a, 32 bits, mod 20: svg.h), computed here apart
	printf '%s\n' 'COST CENTRE MODULE no. entries %time %alloc %time %alloc ticks bytes' '' \
	    'MAIN MAIN 1 0 0.0 0.0 100.0 100.0 0 0' \
	    ' d Text.Read 2 1 70.0 70.0 70.0 70.0 70 70' \
	    '  b Main 3 1 10.0 10.0 30.0 30.0 10 10' \
	    '   c Data.Set 4 1 15.0 15.0 15.0 15.0 15 15' \
	    '   a Data.Map 5 1 5.0 5.0 5.0 5.0 5 5' >"$BATS_TEST_TMPDIR/s.prof"
	proftree -o svg -w alloc "$BATS_TEST_TMPDIR/s.prof" >"$BATS_TEST_TMPDIR/s.svg"
	colours "$BATS_TEST_TMPDIR/s.svg" | cmp - "$BATS_TEST_TMPDIR/r"
	palette=$(sed -n '/^const char \*const svg_palette/,/^};/p' "$TOP/src/lib/svg.c" | grep -o '#[0-9a-f]\{6\}' | tr '\n' ' ')
	python3 -c '
import sys
pal = sys.argv[1].split()
for m in sys.argv[2:]:
    h = 2166136261
    for b in m.encode():
        h = ((h ^ b) * 16777619) % 2**32
    print(m, pal[h % len(pal)])
' "$palette" Data.Map Data.Set Main Text.Read >"$BATS_TEST_TMPDIR/want"
	grep -v '^MAIN ' "$BATS_TEST_TMPDIR/r" | cmp - "$BATS_TEST_TMPDIR/want"
	grep -qx 'MAIN #dddddd' "$BATS_TEST_TMPDIR/r"
	# a real report and its subtree, where the corpus is
	if [ -f "$CORPUS/prof/llelf_flamingra__pandoc.prof" ]; then
		proftree -o svg "$CORPUS/prof/llelf_flamingra__pandoc.prof" >"$BATS_TEST_TMPDIR/p.svg"
		proftree -f parseBlocks -o svg "$CORPUS/prof/llelf_flamingra__pandoc.prof" >"$BATS_TEST_TMPDIR/q.svg"
		colours "$BATS_TEST_TMPDIR/p.svg" >"$BATS_TEST_TMPDIR/p"
		colours "$BATS_TEST_TMPDIR/q.svg" >"$BATS_TEST_TMPDIR/q"
		[ "$(wc -l <"$BATS_TEST_TMPDIR/q")" -ge 6 ]
		[ "$(comm -23 "$BATS_TEST_TMPDIR/q" "$BATS_TEST_TMPDIR/p")" = "" ]
	fi
}

@test "colours: labels white on the palette's dark colours, in the picture and when zoomed" {
	printf '%s\n' 'COST CENTRE MODULE no. entries %time %alloc %time %alloc ticks bytes' '' \
	    'MAIN MAIN 1 0 0.0 0.0 100.0 100.0 0 0' \
	    ' main Main 2 1 0.0 0.0 100.0 100.0 0 0' \
	    '  go Data.List 3 1 99.8 99.8 99.8 99.8 998 998' \
	    '  tiny Data.ByteString 4 1 0.2 0.2 0.2 0.2 2 2' >"$BATS_TEST_TMPDIR/r.prof"
	proftree -o svg "$BATS_TEST_TMPDIR/r.prof" >"$BATS_TEST_TMPDIR/r.svg"
	# Main is #882255 (dark), Data.List #e69f00, Data.ByteString
	# #117733 (dark)
	colours "$BATS_TEST_TMPDIR/r.svg" >"$BATS_TEST_TMPDIR/c"
	[ "$(tr '\n' ' ' <"$BATS_TEST_TMPDIR/c")" = "Data.ByteString #117733 Data.List #e69f00 MAIN #dddddd Main #882255 " ]
	[ "$(grep -c '<text [^>]*fill="#ffffff"[^>]*>main<' "$BATS_TEST_TMPDIR/r.svg")" -eq 1 ]
	[ "$(grep -c '<text [^>]*fill="#ffffff"[^>]*>go<' "$BATS_TEST_TMPDIR/r.svg")" -eq 0 ]
	run drive "$BATS_TEST_TMPDIR/r.svg" "
	t.say('[' + label(t, 'tiny') + ']');
	t.click(node(t, 'tiny'));
	var x = node(t, 'tiny').querySelector('text');
	t.say(x.textContent, x.getAttribute('fill'));"
	[ "$status" -eq 0 ]
	[ "$output" = "[]
tiny 0.2 % #ffffff" ]
}

# ---- exploring in a browser (the script in the SVG) ----

# drive SVG JS: run tests/browser.sh on SVG with a driver made of the
# helpers below and JS, the body of drive(t).
drive() {
	cat >"$BATS_TEST_TMPDIR/driver.js" <<JS
// the group of the box whose tooltip starts with the line name
function node(t, name) {
	return t.qa('#flame > g').filter(function (g) {
		return g.querySelector('title').textContent.split('\n')[0] === name;
	})[0];
}
// "x width" of the box of name as drawn now, "hidden" when it is not
function at(t, name) {
	var g = node(t, name);
	if (g.style.display === 'none')
		return 'hidden';
	var b = t.box(g.querySelector('rect'));
	return b.x + ' ' + b.w + (g.style.opacity === '0.5' ? ' shaded' : '');
}
function label(t, name) {
	var x = node(t, name).querySelector('text');
	return x ? x.textContent : '';
}
function drive(t) {
$2
}
JS
	sh "$BROWSER" "$1" "$BATS_TEST_TMPDIR/driver.js"
}

@test "browser: a click on a box makes it span the chart; a click on the root zooms out" {
	proftree -o svg "$FIX/deep.P.prof" >"$BATS_TEST_TMPDIR/o.svg"
	run drive "$BATS_TEST_TMPDIR/o.svg" "
	t.say('d118', at(t, 'd118'), label(t, 'd118'));
	t.say('d121', at(t, 'd121'), label(t, 'd121'));
	t.say('reset', t.q('#reset').style.display);
	t.click(node(t, 'd118'));
	t.say('d118', at(t, 'd118'), label(t, 'd118'));
	t.say('d119', at(t, 'd119'), label(t, 'd119'));
	t.say('d1', at(t, 'd1'), label(t, 'd1'));
	t.say('MAIN', at(t, 'MAIN'));
	t.say('side', at(t, 'side'));
	t.say('reset', t.q('#reset').style.display);
	t.click(node(t, 'd121'));
	t.say('d121', at(t, 'd121'), label(t, 'd121'));
	t.say('d118', at(t, 'd118'));
	t.click(node(t, 'd1'));
	t.say('d1', at(t, 'd1'), 'side', at(t, 'side'), 'd118', at(t, 'd118'));
	t.click(node(t, 'MAIN'));
	t.say('d118', at(t, 'd118'), label(t, 'd118'));
	t.say('side', at(t, 'side'), label(t, 'side'));
	t.click(node(t, 'd118'));
	t.click(t.q('#reset'));
	t.say('d118', at(t, 'd118'), 'reset', t.q('#reset').style.display);"
	[ "$status" -eq 0 ]
	# d118 holds 952 of the 1146 ticks (980.2 of 1180 pixels): zoomed,
	# the boxes above it grow by 1180 / 980.2, d119 (52.5 px) to 63.2;
	# labels are refitted to the new widths, the share stays of the
	# whole
	[ "$output" = "d118 10 980.2 d118 83 %
d121 10 17.5 
reset none
d118 10 1180 d118 83 %
d119 10 63.2 d119
d1 10 1180 shaded d1 83 %
MAIN 10 1180 shaded
side hidden
reset 
d121 10 1180 d121 1.5 %
d118 10 1180 shaded
d1 10 1180 side hidden d118 10 1180
d118 10 980.2 d118 83 %
side 990.2 199.8 side 17 %
d118 10 980.2 reset none" ]
}

@test "browser: a search highlights the matching boxes and says their share of the whole" {
	proftree -o svg "$FIX/deep.P.prof" >"$BATS_TEST_TMPDIR/o.svg"
	run drive "$BATS_TEST_TMPDIR/o.svg" "
	t.win.prompt = function () { return 'd11[0-9]|side'; };
	t.key('/');
	t.say(t.q('#matched').textContent);
	t.say(t.qa('[data-match]').map(function (g) { return g.querySelector('title').textContent.split('\n')[0]; }).join(' '));
	t.say(node(t, 'side').querySelector('rect').getAttribute('fill'), node(t, 'd1').querySelector('rect').getAttribute('fill'));
	t.say('footer', t.q('#footer').style.display);
	t.key('Escape');
	t.say('[' + t.q('#matched').textContent + ']', t.qa('[data-match]').length, node(t, 'side').querySelector('rect').getAttribute('fill'));
	t.say('footer', '[' + t.q('#footer').style.display + ']');
	t.win.prompt = function () { return '^d12.$'; };
	t.key('f', {ctrlKey: true});
	t.say(t.q('#matched').textContent);
	t.win.prompt = function () { return 'nothing'; };
	t.click(t.q('#search'));
	t.say(t.q('#matched').textContent);
	t.win.prompt = function () { return '(('; };
	t.key('/');
	t.say(t.q('#matched').textContent);"
	[ "$status" -eq 0 ]
	# (the footer makes room for the count while it is there)
	# d110 to d119 nest in one another: d110's 83.1 % of the width
	# counts once; side adds its 16.9 % (the widths are of the 1146
	# ticks of the tree: 952 and 194)
	[ "$output" = "matched d11[0-9]|side: 11 boxes, 100.0 % of the whole
d110 d111 d112 d113 d114 d115 d116 d117 d118 d119 side
#ee3377 #fff5d6
footer none
[] 0 #f4813b
footer []
matched ^d12.$: 2 boxes, 3.1 % of the whole
matched nothing: 0 boxes, 0.0 % of the whole
not a regular expression: ((" ]
}

@test "browser: without script (rsvg-convert) the picture is the same; the script's data are the picture's own" {
	for f in "$FIX/deep.P.prof" "$FIX/leak.P.prof" "$FIX/names.P.prof"; do
		proftree -o svg "$f" >"$BATS_TEST_TMPDIR/o.svg"
		[ "$(grep -c '<script type="text/ecmascript"><!\[CDATA\[' "$BATS_TEST_TMPDIR/o.svg")" -eq 1 ]
		sed '/^<script/,/^]]><\/script>$/d' "$BATS_TEST_TMPDIR/o.svg" >"$BATS_TEST_TMPDIR/n.svg"
		! grep -q 'script\|function' "$BATS_TEST_TMPDIR/n.svg"
		rsvg-convert "$BATS_TEST_TMPDIR/o.svg" >"$BATS_TEST_TMPDIR/o.png"
		rsvg-convert "$BATS_TEST_TMPDIR/n.svg" >"$BATS_TEST_TMPDIR/n.png"
		cmp "$BATS_TEST_TMPDIR/o.png" "$BATS_TEST_TMPDIR/n.png"
	done
	# no network, no other file: no URL but the names of the SVG and
	# XHTML namespaces (a canvas measures the labels' text)
	[ "$(grep -o 'https\?://[^"'"'"']*' "$BATS_TEST_TMPDIR/o.svg" | sort -u | tr '\n' ' ')" = "http://www.w3.org/1999/xhtml http://www.w3.org/2000/svg " ]
	# names with <, & and quotes are searched and relabelled as text
	proftree -o svg "$FIX/names.P.prof" >"$BATS_TEST_TMPDIR/o.svg"
	run drive "$BATS_TEST_TMPDIR/o.svg" "
	t.win.prompt = function () { return '[<>]|say\"'; };
	t.key('/');
	t.say(t.q('#matched').textContent);
	t.click(node(t, '<+>'));
	t.say(label(t, '<+>'));"
	[ "$status" -eq 0 ]
	[ "$output" = "matched [<>]|say\": 2 boxes, 33.3 % of the whole
<+> 29 %" ]
}
