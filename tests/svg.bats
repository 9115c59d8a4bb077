#!/usr/bin/env bats
# The pictures: hpcat -o svg (the heap chart) and proftree -o svg (the
# flame graph).  Every SVG here must parse as XML (xmllint, Debian
# libxml2-utils) and render (rsvg-convert, Debian librsvg2-bin); the
# tests then read back what was drawn (tests/svg_check.py): the key's
# bands and names, the stacked top at each sample against the sample's
# total on the drawn axes, each box's width against its parent's, and
# names with bytes of every kind.

load helper

CHECK="$TOP/tests/svg_check.py"

# valid FILE: FILE is well-formed XML, renders to a PNG, and is under
# 1 MB (P10 of perf.md).
valid() {
	xmllint --noout "$1" || return 1
	rsvg-convert "$1" >"$1.png" || return 1
	[ "$(head -c 8 "$1.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
	    { echo "not a PNG"; return 1; }
	[ "$(wc -c <"$1")" -lt 1000000 ] || { echo "$1: $(wc -c <"$1") bytes"; return 1; }
}

# totals IN: "time total" of every sample of IN (empty samples too).
totals() {
	hpcat -q -o wide "$1" | awk -F'\t' 'NR > 1 { s = 0; for (i = 2; i <= NF; i++) s += $i; print $1, s }'
}

# ranking IN: the band names of IN by time integral (trapezoid rule),
# largest first, ties by name: computed here apart from hptools.
ranking() {
	hpcat -q -o wide "$1" | python3 -c '
import sys
import re
unesc = lambda s: re.sub(r"\\(.)", lambda m: {"t": "\t", "n": "\n", "r": "\r", "0": "\0"}.get(m.group(1), m.group(1)), s)
rows = [[unesc(f) for f in l.rstrip("\n").split("\t")] for l in sys.stdin]
names, data = rows[0][1:], [[float(x) for x in r] for r in rows[1:]]
integral = [0.0] * len(names)
for a, b in zip(data, data[1:]):
    dt = b[0] - a[0]
    if dt > 0:
        for i in range(len(names)):
            integral[i] += (a[i + 1] + b[i + 1]) / 2 * dt
order = sorted(range(len(names)), key=lambda i: (-integral[i], names[i].encode("latin-1", "surrogateescape")))
for i in order:
    print(names[i])
'
}

# prefixes WANT GOT: line by line, GOT is WANT, or its head, "…" and its
# tail (a name cut in the middle to the room it has).
prefixes() {
	python3 -c '
import sys
w = open(sys.argv[1], encoding="utf-8", errors="surrogateescape").read().splitlines()
k = open(sys.argv[2], encoding="utf-8", errors="surrogateescape").read().splitlines()
def cut(a, b):
    h, e, t = b.partition("\u2026")
    return e and a.startswith(h) and a.endswith(t) and len(h) + len(t) < len(a)
bad = [(a, b) for a, b in zip(w, k) if a != b and not cut(a, b)]
if len(w) != len(k) or bad:
    print(len(w), len(k), bad)
    sys.exit(1)
' "$1" "$2"
}

# ---- the heap chart ----

@test "hpcat -o svg: every fixture parses, renders, and stays small" {
	for f in "$FIX"/*.hp; do
		hpcat -q -o svg "$f" >"$BATS_TEST_TMPDIR/o.svg"
		valid "$BATS_TEST_TMPDIR/o.svg" || { echo "$f"; return 1; }
	done
}

@test "hpcat -o svg: the key has every band, in stack order, top first" {
	f="$FIX/leak.hc.hp"
	hpcat -o svg -t 0 "$f" >"$BATS_TEST_TMPDIR/o.svg"
	python3 "$CHECK" key "$BATS_TEST_TMPDIR/o.svg" >"$BATS_TEST_TMPDIR/key"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/key")" -eq 15 ]
	# the key lists the stack from its top: the ranking reversed, long
	# names cut by their measured width
	ranking "$f" | tac >"$BATS_TEST_TMPDIR/want"
	prefixes "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/key"
	[ "$(tail -1 "$BATS_TEST_TMPDIR/key")" = "(306)mkItems/main.items/main" ]
	grep -qxF '(253)GHC.IO.E…ding.Iconv.CAF' "$BATS_TEST_TMPDIR/key"
	# each row's peak and share, computed here from the samples
	[ "$(hpcat -o wide "$f" | python3 "$CHECK" keycheck "$BATS_TEST_TMPDIR/o.svg" 0)" -eq 15 ]
	[ "$(xmllint --xpath '//*[@class="key-head"]/text()' "$BATS_TEST_TMPDIR/o.svg" | tr '\n' ' ')" = "band peak share " ]
	# one outline per band, each its own colour, the same in the key
	run python3 "$CHECK" bands "$BATS_TEST_TMPDIR/o.svg"
	[ "${#lines[@]}" -eq 15 ]
	[ "${lines[0]}" = "26 #d4a1cc" ]
	run python3 "$CHECK" colours "$BATS_TEST_TMPDIR/o.svg"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 15 ]
}

@test "hpcat -o svg: the key's peak and share columns on every fixture" {
	for f in "$FIX"/*.hp "$FIX"/*.eventlog; do
		# leak.l-p*, leak.l-pj: time-profile runs, no heap profile in their eventlogs
		case $f in *killed*|*newline*|*.l-p*) continue ;; esac
		hpcat -q -o svg "$f" >"$BATS_TEST_TMPDIR/o.svg"
		run python3 "$CHECK" keycheck "$BATS_TEST_TMPDIR/o.svg" < <(hpcat -q -o wide "$f")
		[ "$status" -eq 0 ] || { echo "$f: $output"; return 1; }
		[ "$output" -ge 1 ]
	done
}

@test "hpcat -o svg: the clock, the units, incomplete profiles, GHC's cut names" {
	hpcat -o svg "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/o.svg"
	[ "$(xmllint --xpath 'string(//*[@id="time-unit"])' "$BATS_TEST_TMPDIR/o.svg")" = "seconds (mutator CPU)" ]
	[ "$(xmllint --xpath 'string(//*[@id="size-unit"])' "$BATS_TEST_TMPDIR/o.svg")" = "bytes (KiB, MiB, GiB: 2¹⁰, 2²⁰, 2³⁰ bytes)" ]
	[ "$(xmllint --xpath 'string(//*[@id="footer"])' "$BATS_TEST_TMPDIR/o.svg")" = "peak: the band's largest value; share: its part of the area under the top (bytes × time). Names ending in \"...\" were cut by GHC (its -L option)" ]
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/o.svg" | grep -qF '(308)buildMap.\/buildMap/m... | ("...": cut by GHC to its -L length) | peak 9.16 MiB'
	# an eventlog: elapsed time, a date in UTC, drawn from 0
	hpcat -o svg "$FIX/leak.l-hc.eventlog" >"$BATS_TEST_TMPDIR/e.svg"
	[ "$(xmllint --xpath 'string(//*[@id="time-unit"])' "$BATS_TEST_TMPDIR/e.svg")" = "seconds (elapsed)" ]
	[[ "$(xmllint --xpath 'string(//*[@id="date"])' "$BATS_TEST_TMPDIR/e.svg")" == *" 2026 UTC — largest total "*" samples" ]]
	[ "$(xmllint --xpath 'string((//*[@class="time-tick"])[1])' "$BATS_TEST_TMPDIR/e.svg")" = 0 ]
	[ "$(xmllint --xpath 'string(//*[@id="footer"])' "$BATS_TEST_TMPDIR/e.svg")" = "peak: the band's largest value; share: its part of the area under the top (bytes × time)" ]
	# no final empty sample: said on the subtitle line
	[[ "$(xmllint --xpath 'string(//*[@id="date"])' "$BATS_TEST_TMPDIR/o.svg")" != *incomplete* ]]
	hpcat -q -o svg "$FIX/leak.cut.hp" >"$BATS_TEST_TMPDIR/c.svg"
	[[ "$(xmllint --xpath 'string(//*[@id="date"])' "$BATS_TEST_TMPDIR/c.svg")" == *" samples; incomplete: no final empty sample (cut off?)" ]]
	# GHC's unknown type
	hpcat -o svg "$FIX/leak.hy.hp" >"$BATS_TEST_TMPDIR/y.svg"
	if grep -q '^\*	' "$FIX/leak.hy.hp"; then
		python3 "$CHECK" tips "$BATS_TEST_TMPDIR/y.svg" | grep -q '^\* (GHC: a closure of unknown type) | peak '
	fi
}

@test "hpcat -o svg: more than 20 bands: the 20 largest and OTHER" {
	f="$FIX/leak.hd.hp"     # 39 bands
	hpcat -o svg -t 0 "$f" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	python3 "$CHECK" key "$BATS_TEST_TMPDIR/o.svg" >"$BATS_TEST_TMPDIR/key"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/key")" -eq 21 ]
	[ "$(head -1 "$BATS_TEST_TMPDIR/key")" = OTHER ]
	ranking "$f" | head -20 | tac >"$BATS_TEST_TMPDIR/want"
	sed 1d "$BATS_TEST_TMPDIR/key" >"$BATS_TEST_TMPDIR/key20"
	prefixes "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/key20"
	[ "$(hpcat -o wide "$f" | python3 "$CHECK" keycheck "$BATS_TEST_TMPDIR/o.svg" 0)" -eq 21 ]
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/o.svg" | grep -qx 'OTHER: 19 more bands summed | peak 360 B | share <0.1 % of the area'
	# the stack still adds up to every sample's total
	totals "$f" | python3 "$CHECK" tops "$BATS_TEST_TMPDIR/o.svg"
}

@test "hpcat -o svg: the stacked top at each sample is its total, to the pixel" {
	for f in "$FIX"/*.hp; do
		hpcat -q -o svg "$f" >"$BATS_TEST_TMPDIR/o.svg"
		run python3 "$CHECK" tops "$BATS_TEST_TMPDIR/o.svg" < <(totals "$f")
		[ "$status" -eq 0 ] || { echo "$f: $output"; return 1; }
		[ "$output" -eq "$(totals "$f" | wc -l)" ]
	done
}

@test "hpcat -o svg: tooltips give the full name, max and share" {
	hpcat -o svg "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/o.svg"
	run python3 "$CHECK" tips "$BATS_TEST_TMPDIR/o.svg"
	# each band twice: its outline and its key entry
	[ "$(printf '%s\n' "${lines[@]}" | grep -cxF '(308)buildMap.\/buildMap/m... | ("...": cut by GHC to its -L length) | peak 9.16 MiB at 0.175 s | share 19.3 % of the area')" -eq 2 ]
	printf '%s\n' "${lines[@]}" | grep -q '^(306)mkItems/main.items/main | peak 33.6 MiB at 0.156 s | share [0-9.]* % of the area$'
}

@test "hpcat -o svg: title, date, largest total, axes in readable units" {
	hpcat -o svg "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/o.svg"
	[ "$(xmllint --xpath 'string(//*[@id="job"])' "$BATS_TEST_TMPDIR/o.svg")" = "leak 200000 +RTS -hc -i0.02" ]
	[ "$(xmllint --xpath 'string(//*[@id="date"])' "$BATS_TEST_TMPDIR/o.svg")" = "Mon Nov 30 14:21 2026 — largest total 45.1 MiB at 0.175 s, 13 samples" ]
	run xmllint --xpath '//*[@class="size-tick"]/text()' "$BATS_TEST_TMPDIR/o.svg"
	[ "$output" = "$(printf '0\n10 MiB\n20 MiB\n30 MiB\n40 MiB\n50 MiB')" ]
	run xmllint --xpath '//*[@class="time-tick"]/text()' "$BATS_TEST_TMPDIR/o.svg"
	[ "$output" = "$(printf '0\n0.05\n0.10\n0.15\n0.20')" ]
}

@test "hpcat -o svg: totals past 2^64-1 bytes exact, units up to EB, rounding that crosses a unit" {
	# two bands of 2^64-1 in the second sample: 32.0 EiB, as hpstat's,
	# at 1 s (not 2^64-1 at 0 s)
	printf 'JOB "j"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.0\na\t18446744073709551615\nb\t1\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\na\t18446744073709551615\nb\t18446744073709551615\nEND_SAMPLE 1.0\n' >"$BATS_TEST_TMPDIR/over.hp"
	hpcat -o svg "$BATS_TEST_TMPDIR/over.hp" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	[ "$(xmllint --xpath 'string(//*[@id="date"])' "$BATS_TEST_TMPDIR/o.svg")" = "d — largest total 32.0 EiB at 1 s, 2 samples; incomplete: no final empty sample (cut off?)" ]
	[ "$(hpstat "$BATS_TEST_TMPDIR/over.hp" | grep -o 'max total.*')" = "max total   32.0 EiB at 1.0 s" ]
	run xmllint --xpath '//*[@class="size-tick"]/text()' "$BATS_TEST_TMPDIR/o.svg"
	[ "$output" = "$(printf '0\n5 EiB\n10 EiB\n15 EiB\n20 EiB\n25 EiB\n30 EiB\n35 EiB')" ]
	run xmllint --xpath '//*[@class="key-peak"]/text()' "$BATS_TEST_TMPDIR/o.svg"
	[ "$output" = "$(printf '16.0 EiB\n16.0 EiB')" ]
	# the labels stay right of the picture's left edge, the top at the
	# total
	[ "$(totals "$BATS_TEST_TMPDIR/over.hp" | python3 "$CHECK" tops "$BATS_TEST_TMPDIR/o.svg")" = 2 ]
	# the drawn top, by the axes, to the pixel: 3.689 x 10^19
	run python3 "$CHECK" peak "$BATS_TEST_TMPDIR/o.svg"
	[ "${#output}" -eq 20 ]
	[[ "$output" == 3689* ]]
	# three significant figures as printed: rounding may cross into the
	# next unit or decade
	for vw in 1023:"1023 B" 1024:"1.00 KiB" 10235:"10.0 KiB" 102349:"100 KiB" 1048063:"1023 KiB" 1048575:"1.00 MiB" 1073741823:"1.00 GiB"; do
		printf 'JOB "j"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.0\na\t%s\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n' "${vw%%:*}" |
		    hpcat -o svg >"$BATS_TEST_TMPDIR/r.svg"
		[ "$(xmllint --xpath 'string(//*[@id="date"])' "$BATS_TEST_TMPDIR/r.svg")" = "d — largest total ${vw#*:} at 0 s, 2 samples" ] || { echo "$vw"; return 1; }
		[ "$(xmllint --xpath 'string(//*[@class="key-peak"])' "$BATS_TEST_TMPDIR/r.svg")" = "${vw#*:}" ]
	done
}

@test "hpcat -o svg: MARKs are drawn on the time axis" {
	hpcat -o svg "$TOP/tests/cases/hpcat/mark.in" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	[ "$(python3 "$CHECK" marks "$BATS_TEST_TMPDIR/o.svg")" -eq "$(grep -c '^MARK' "$TOP/tests/cases/hpcat/mark.in")" ]
	# 200 000 marks: at most a few per pixel
	awk 'BEGIN { print "JOB \"m\""; print "DATE \"\""; print "SAMPLE_UNIT \"seconds\""; print "VALUE_UNIT \"bytes\""
		print "BEGIN_SAMPLE 0.0\na\t10\nEND_SAMPLE 0.0"
		for (i = 1; i < 200000; i++) printf "MARK %d.%03d\n", i / 1000, i % 1000
		print "BEGIN_SAMPLE 300.0\na\t20\nEND_SAMPLE 300.0" }' >"$BATS_TEST_TMPDIR/m.hp"
	hpcat -o svg "$BATS_TEST_TMPDIR/m.hp" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	n=$(python3 "$CHECK" marks "$BATS_TEST_TMPDIR/o.svg")
	[ "$n" -gt 100 ] && [ "$n" -le 2480 ]
}

@test "hpcat -o svg: the text of an eventlog's markers (traceMarker) as labels at their lines, whole in the tooltip" {
	hpcat -o svg "$FIX/marks.l-hc.eventlog" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	[ "$(python3 "$CHECK" marks "$BATS_TEST_TMPDIR/o.svg")" -eq 3 ]
	run xmllint --xpath '//*[@class="mark-label"]/text()' "$BATS_TEST_TMPDIR/o.svg"
	[ "$output" = "$(printf 'start\nphase two\ndone')" ]
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/o.svg" | grep -qx 'MARK at [0-9.]* s: phase two'
	# the last one, near the right edge, is left of its line
	grep -q 'class="mark-label" font-size="10" text-anchor="end">done<' "$BATS_TEST_TMPDIR/o.svg"
	# a .hp's MARKs have no text: no label
	hpcat -o svg "$FIX/marks.l-hc.hp" >"$BATS_TEST_TMPDIR/h.svg"
	! grep -q mark-label "$BATS_TEST_TMPDIR/h.svg"
	# long texts are cut in the middle, labels that would overlap go to
	# the next row, and past three rows only the tooltip has them
	python3 "$TOP/tests/mkeventlog.py" marks >"$BATS_TEST_TMPDIR/m.eventlog"
	hpcat -q -o svg "$BATS_TEST_TMPDIR/m.eventlog" >"$BATS_TEST_TMPDIR/m.svg"
	[ "$(python3 "$CHECK" marks "$BATS_TEST_TMPDIR/m.svg")" -eq 5 ]
	run xmllint --xpath '//*[@class="mark-label"]/@y' "$BATS_TEST_TMPDIR/m.svg"
	[ "$output" = "$(printf ' y="75"\n y="87"\n y="99"')" ]
	run xmllint --xpath '//*[@class="mark-label"]/text()' "$BATS_TEST_TMPDIR/m.svg"
	[ "$output" = "$(printf 'load the… on disk\nparse\ncheck')" ]
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/m.svg" | grep -qx 'MARK at 0.15 s: load the configuration from the file on disk'
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/m.svg" | grep -qx 'MARK at 0.154 s: write'
}

@test "hpcat -o svg: names with <, &, quotes, TABs and bytes that are not UTF-8" {
	printf 'JOB "a<b & ""c"" '"'"'d'"'"'"\nDATE "\377"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >"$BATS_TEST_TMPDIR/n.hp"
	printf 'BEGIN_SAMPLE 0.0\nx<y&z\t10\nq"uo'"'"'te\t20\nbad\377\376\t30\ntab\there\t40\nctl\001\t50\nover\300\257\t60\nsurr\355\240\200\t70\ngr\303\274\303\237e\t80\nEND_SAMPLE 0.0\n' >>"$BATS_TEST_TMPDIR/n.hp"
	printf 'BEGIN_SAMPLE 1.0\nx<y&z\t10\nEND_SAMPLE 1.0\n' >>"$BATS_TEST_TMPDIR/n.hp"
	hpcat -o svg "$BATS_TEST_TMPDIR/n.hp" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	python3 "$CHECK" key "$BATS_TEST_TMPDIR/o.svg" | sort >"$BATS_TEST_TMPDIR/key"
	printf '%s\n' 'bad\xff\xfe' 'ctl\x01' 'grüße' 'over\xc0\xaf' 'q"uo'"'"'te' 'surr\xed\xa0\x80' 'tab\there' 'x<y&z' | sort |
	    diff -u - "$BATS_TEST_TMPDIR/key"
	[ "$(xmllint --xpath 'string(//*[@id="job"])' "$BATS_TEST_TMPDIR/o.svg")" = "a<b & \"c\" 'd'" ]
	[[ "$(xmllint --xpath 'string(//*[@id="date"])' "$BATS_TEST_TMPDIR/o.svg")" == '\xff — largest total'* ]]
}

@test "hpcat -o svg: golden cases (exact documents, errors)" {
	golden hpcat svg-names
	golden hpcat svg-header-only
	golden hpcat svg-bad-value
}

@test "hpcat -o svg: the same input gives the same bytes" {
	hpcat -o svg "$FIX/leak.hd.hp" >"$BATS_TEST_TMPDIR/a.svg"
	LC_ALL=C.UTF-8 hpcat -o svg "$FIX/leak.hd.hp" >"$BATS_TEST_TMPDIR/b.svg"
	cmp "$BATS_TEST_TMPDIR/a.svg" "$BATS_TEST_TMPDIR/b.svg"
}

@test "hpcat -o svg: 50 000 samples are reduced to the chart's width, keeping the peaks" {
	awk 'BEGIN {
		print "JOB \"big\""; print "DATE \"\""; print "SAMPLE_UNIT \"seconds\""; print "VALUE_UNIT \"bytes\""
		for (i = 0; i < 50000; i++) {
			printf "BEGIN_SAMPLE %d.%02d\nflat\t1000000\nramp\t%d\n", i / 100, i % 100, i * 20
			if (i == 31234) printf "spike\t4000000\n"
			printf "END_SAMPLE %d.%02d\n", i / 100, i % 100
		}
	}' >"$BATS_TEST_TMPDIR/big.hp"
	hpcat -o svg "$BATS_TEST_TMPDIR/big.hp" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/o.svg")" -lt 100000 ]
	[[ "$(xmllint --xpath 'string(//*[@id="date"])' "$BATS_TEST_TMPDIR/o.svg")" == "largest total 5.36 MiB at 312.34 s, 50000 samples in "???" columns, each band at its largest in each column; incomplete: no final empty sample (cut off?)" ]]
	run python3 "$CHECK" bands "$BATS_TEST_TMPDIR/o.svg"
	[ "${#lines[@]}" -eq 3 ]
	for l in "${lines[@]}"; do
		n=${l%% *}
		[ "$n" -le 1242 ] && [ "$n" -ge 1000 ]
	done
	# the one-sample spike is there: the highest top is 1 MB + 4 MB +
	# the ramp there (0.62 MB), within a pixel (12 kB at this scale)
	peak=$(python3 "$CHECK" peak "$BATS_TEST_TMPDIR/o.svg")
	[ "$peak" -gt $((5624680 - 12000)) ] && [ "$peak" -lt $((5624680 + 12000)) ] || { echo "peak $peak"; return 1; }
}

@test "hpcat -o svg: real profiles of ../shared/corpus" {
	need_corpus
	for f in "$CORPUS"/hp/*.hp; do
		hpcat -q -o svg "$f" >"$BATS_TEST_TMPDIR/o.svg" || true
		[ -s "$BATS_TEST_TMPDIR/o.svg" ] || continue
		valid "$BATS_TEST_TMPDIR/o.svg" || { echo "$f"; return 1; }
	done
	# 7510 samples: drawn at most 621 columns wide
	f="$CORPUS/hp/ruairidhm98_Profiles__sumeuler.hp"
	[ -f "$f" ] || skip "no sumeuler.hp in the corpus"
	hpcat -q -o svg "$f" >"$BATS_TEST_TMPDIR/o.svg"
	run python3 "$CHECK" bands "$BATS_TEST_TMPDIR/o.svg"
	for l in "${lines[@]}"; do [ "${l%% *}" -le 1242 ]; done
}

# ---- the flame graph ----

@test "proftree -o svg: every fixture report parses and renders" {
	for f in "$FIX"/*.prof; do
		# -hr reports without -p: no tree (proftree.bats)
		head -1 "$f" | grep -q '^Retainer Profiling' && continue
		for w in ticks alloc entries time; do
			proftree -o svg -w $w "$f" >"$BATS_TEST_TMPDIR/o.svg" 2>/dev/null
			valid "$BATS_TEST_TMPDIR/o.svg" || { echo "$f -w $w"; return 1; }
		done
	done
}

@test "proftree -o svg: each box is as wide as its share of its parent" {
	proftree -o svg "$FIX/leak.P.prof" >"$BATS_TEST_TMPDIR/o.svg"
	[ "$(python3 "$CHECK" boxes "$BATS_TEST_TMPDIR/o.svg" ticks)" = "9 8" ]
	proftree -o svg -w alloc "$FIX/leak.P.prof" >"$BATS_TEST_TMPDIR/o.svg"
	run python3 "$CHECK" boxes "$BATS_TEST_TMPDIR/o.svg" bytes
	[ "$status" -eq 0 ]
	# the root spans the whole width
	[ "$(xmllint --xpath 'string((//*[@id="flame"]/*/*[local-name()="rect"])[1]/@width)' "$BATS_TEST_TMPDIR/o.svg")" = 1180 ]
	# entries: over the subtree as drawn, after pruning too
	for d in "" "-d 1" "-m 10"; do
		proftree -o svg -w entries $d "$FIX/leak.P.prof" >"$BATS_TEST_TMPDIR/o.svg"
		[ "$(xmllint --xpath 'string(//*[@id="totals"])' "$BATS_TEST_TMPDIR/o.svg")" = "Mon Nov 30 14:21 2026 — total time 0.33 secs (328 ticks), total alloc 378.9 MiB (397275224 bytes), width: entries of the subtree (200008 entries in all)" ] || { echo "$d"; return 1; }
	done
	# after pruning: only what -m 10 keeps, still in proportion
	proftree -o svg -m 10 "$FIX/leak.P.prof" >"$BATS_TEST_TMPDIR/o.svg"
	run python3 "$CHECK" boxes "$BATS_TEST_TMPDIR/o.svg" ticks
	[ "$status" -eq 0 ]
	[ "$output" = "8 7" ]
	[ "$(proftree -m 10 -o tsv "$FIX/leak.P.prof" | sed 1d | wc -l)" -eq 8 ]
}

@test "proftree -o svg: children in the tree's order, labels cut to fit, with their shares" {
	proftree -o svg "$FIX/leak.P.prof" >"$BATS_TEST_TMPDIR/o.svg"
	run python3 "$CHECK" labels "$BATS_TEST_TMPDIR/o.svg"
	[ "${lines[0]}" = MAIN ]
	[ "${lines[1]}" = main ]
	printf '%s\n' "${lines[@]}" | grep -qx 'main.items'
	# the share on a label is its box's share of the whole width
	[ "$(python3 "$CHECK" shares "$BATS_TEST_TMPDIR/o.svg")" -eq 6 ]
	grep -qF '>buildMap.\<tspan class="suffix"> 68 %</tspan></text>' "$BATS_TEST_TMPDIR/o.svg"
	# no label is cut to less than 4 characters ("ma…"), on a big tree too
	if [ -f "$CORPUS/prof/llelf_flamingra__pandoc.prof" ]; then
		proftree -o svg "$CORPUS/prof/llelf_flamingra__pandoc.prof" >"$BATS_TEST_TMPDIR/p.svg"
		[ "$(python3 "$CHECK" shares "$BATS_TEST_TMPDIR/p.svg")" -gt 50 ]
		! python3 "$CHECK" labels "$BATS_TEST_TMPDIR/p.svg" | grep -qx '.\{1,3\}…'
	fi
	[ "$(xmllint --xpath 'string(//*[@id="command"])' "$BATS_TEST_TMPDIR/o.svg")" = "leak +RTS -P -RTS 200000" ]
	[ "$(xmllint --xpath 'string(//*[@id="totals"])' "$BATS_TEST_TMPDIR/o.svg")" = "Mon Nov 30 14:21 2026 — total time 0.33 secs (328 ticks), total alloc 378.9 MiB (397275224 bytes), width: inherited time (328 ticks in all)" ]
}

@test "proftree -o svg: tooltips and labels with <, &, quotes and bytes that are not UTF-8" {
	sed 's/back\\slash/b\&<\xff>'"'"'slah/' "$FIX/names.P.prof" >"$BATS_TEST_TMPDIR/n.prof"
	grep -q "$(printf 'b&<\377>')" "$BATS_TEST_TMPDIR/n.prof"
	proftree -o svg "$BATS_TEST_TMPDIR/n.prof" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/o.svg" | grep -qxF "b&<\\xff>'slah | module: Main | src: Names.hs:18:37-46 | entries: 1 | individual: 0.0 % time (0 ticks), 0.0 % alloc (16 B) | inherited: 8.3 % time (2 ticks), 22.5 % alloc (13.7 MiB = 14400016 bytes)"
	run python3 "$CHECK" labels "$BATS_TEST_TMPDIR/o.svg"
	for l in '<+>' 'say"hi' "go'" 'größe' '""'; do
		printf '%s\n' "${lines[@]}" | grep -qxF -- "$l" || { echo "no label $l"; return 1; }
	done
	python3 "$CHECK" boxes "$BATS_TEST_TMPDIR/o.svg" ticks
}

@test "proftree -o svg: one module: colours by individual share, and a legend" {
	proftree -o svg "$FIX/leak.P.prof" >"$BATS_TEST_TMPDIR/a.svg"
	python3 "$CHECK" fills "$BATS_TEST_TMPDIR/a.svg" >"$BATS_TEST_TMPDIR/f"
	[ "$(grep -vc ^legend "$BATS_TEST_TMPDIR/f")" -eq 9 ]
	# MAIN and main have no individual time; buildMap.\ has 68 %
	grep -qxF "$(printf '#fff5d6\tMAIN\tMAIN')" "$BATS_TEST_TMPDIR/f"
	grep -qxF "$(printf '#fdb863\tmain\tMain')" "$BATS_TEST_TMPDIR/f"
	grep -qxF "$(printf '#d7301f\tbuildMap.\\\tMain')" "$BATS_TEST_TMPDIR/f"
	# every box's colour is the step of its individual %time
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/a.svg" | sed -n 's/^\([^|]*\) | module.* | individual: \([0-9.]*\) % time.*/\1\t\2/p' >"$BATS_TEST_TMPDIR/ind"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/ind")" -eq 9 ]
	paste "$BATS_TEST_TMPDIR/ind" <(grep -v ^legend "$BATS_TEST_TMPDIR/f") | awk -F'\t' '
		{ p = $2; want = p >= 30 ? "#d7301f" : p >= 10 ? "#f4813b" : p >= 2 ? "#fdb863" : p >= 0.5 ? "#fde0a0" : "#fff5d6"
		  if ($3 != want || $1 != $4) { print "box " $1 ": " $3 ", want " want; bad = 1 } }
		END { exit bad }'
	[ "$(grep -c ^legend "$BATS_TEST_TMPDIR/f")" -eq 5 ]
	grep -qxF "$(printf 'legend\t#d7301f\t30 %% or more')" "$BATS_TEST_TMPDIR/f"
	[ "$(xmllint --xpath 'string((//*[@id="legend"]/*[local-name()="text"])[1])' "$BATS_TEST_TMPDIR/a.svg")" = "colour: individual time" ]
	# by allocation with -w alloc; the same bytes in every run
	proftree -o svg -w alloc "$FIX/leak.P.prof" >"$BATS_TEST_TMPDIR/b.svg"
	[ "$(xmllint --xpath 'string((//*[@id="legend"]/*[local-name()="text"])[1])' "$BATS_TEST_TMPDIR/b.svg")" = "colour: individual alloc" ]
	proftree -o svg "$FIX/leak.P.prof" | cmp - "$BATS_TEST_TMPDIR/a.svg"
	[ "$(xmllint --xpath 'string(//*[@id="footer"])' "$BATS_TEST_TMPDIR/a.svg")" = "box width: inherited time (328 ticks in all); label: cost centre and its share of the whole width; the tooltips hold module, source, entries and figures" ]
}

@test "proftree -o svg: modules get distinct colours, a legend by drawn width" {
	awk 'BEGIN { print "COST CENTRE MODULE no. entries %time %alloc %time %alloc ticks bytes"; print ""
		print "MAIN MAIN 1 0 0.0 0.0 100.0 100.0 0 0"
		for (k = 1; k <= 14; k++) printf " f%d M%d %d 1 %.1f 0.0 %.1f 0.0 %d 0\n", k, k, k + 1, (15 - k) * 100 / 105, (15 - k) * 100 / 105, 15 - k }' >"$BATS_TEST_TMPDIR/m.prof"
	proftree -o svg "$BATS_TEST_TMPDIR/m.prof" 2>/dev/null >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	python3 "$CHECK" fills "$BATS_TEST_TMPDIR/o.svg" >"$BATS_TEST_TMPDIR/f"
	# MAIN grey, M1..M14 fourteen distinct colours of the palette
	[ "$(sed -n 1p "$BATS_TEST_TMPDIR/f")" = "$(printf '#dddddd\tMAIN\tMAIN')" ]
	[ "$(sed -n 2,15p "$BATS_TEST_TMPDIR/f" | cut -f1 | sort -u | grep -vc '#bbbbbb\|#dddddd')" -eq 14 ]
	# the legend: the eleven widest modules with their boxes' colours,
	# then how many more (no swatch: their colours are their own)
	for k in 1 2 3 4 5 6 7 8 9 10 11; do
		c=$(awk -F'\t' -v m="M$k" '$3 == m && $1 != "legend" { print $1 }' "$BATS_TEST_TMPDIR/f")
		grep -qxF "$(printf 'legend\t%s\tM%d' "$c" $k)" "$BATS_TEST_TMPDIR/f" || { echo "M$k $c"; return 1; }
	done
	[ "$(grep ^legend "$BATS_TEST_TMPDIR/f" | cut -f3 | tr '\n' ' ')" = "M1 M2 M3 M4 M5 M6 M7 M8 M9 M10 M11 " ]
	[ "$(xmllint --xpath 'string((//*[@id="legend"]/*[local-name()="text"])[last()])' "$BATS_TEST_TMPDIR/o.svg")" = "3 more modules" ]
	# no red: a root is not "hot"
	! grep -q '#e34a33\|#d7301f' "$BATS_TEST_TMPDIR/o.svg"
	python3 "$CHECK" boxes "$BATS_TEST_TMPDIR/o.svg" ticks
}

@test "proftree -o svg: Main.CAF as heap profiles name it, and few ticks said" {
	proftree -o svg "$FIX/names.P.prof" >"$BATS_TEST_TMPDIR/o.svg"
	python3 "$CHECK" labels "$BATS_TEST_TMPDIR/o.svg" | grep -qx 'Main.CAF'
	! python3 "$CHECK" labels "$BATS_TEST_TMPDIR/o.svg" | grep -qx 'CAF'
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/o.svg" | grep -q '^Main.CAF | module: Main | '
	[[ "$(xmllint --xpath 'string(//*[@id="totals"])' "$BATS_TEST_TMPDIR/o.svg")" == *"width: inherited time (24 ticks in all); only 24 ticks: widths are rough (-w alloc is exact)" ]]
	proftree -o svg -w alloc "$FIX/names.P.prof" >"$BATS_TEST_TMPDIR/o.svg"
	[[ "$(xmllint --xpath 'string(//*[@id="totals"])' "$BATS_TEST_TMPDIR/o.svg")" != *"only 24 ticks"* ]]
	[ "$(python3 "$CHECK" shares "$BATS_TEST_TMPDIR/o.svg")" -ge 5 ]
}

@test "proftree -o svg: the totals line and footer are exact past 2^53 ticks and at 2^64-1 bytes" {
	# as doubles, 2^53 + 1 + 2 ticks would be 9007199254740996 and
	# 2^64 - 2 + 1 bytes 18446744073709551616
	printf 'COST CENTRE MODULE no. entries %%time %%alloc %%time %%alloc ticks bytes\n\nMAIN MAIN 1 0 0.0 0.0 100.0 100.0 0 0\n a M 2 1 50.0 50.0 50.0 50.0 9007199254740993 18446744073709551614\n b M 3 1 50.0 50.0 50.0 50.0 2 1\n' >"$BATS_TEST_TMPDIR/big.prof"
	proftree -o svg "$BATS_TEST_TMPDIR/big.prof" >"$BATS_TEST_TMPDIR/t.svg"
	[ "$(xmllint --xpath 'string(//*[@id="totals"])' "$BATS_TEST_TMPDIR/t.svg")" = "width: inherited time (9007199254740995 ticks in all)" ]
	proftree -o svg -w alloc "$BATS_TEST_TMPDIR/big.prof" >"$BATS_TEST_TMPDIR/a.svg"
	[ "$(xmllint --xpath 'string(//*[@id="footer"])' "$BATS_TEST_TMPDIR/a.svg")" = "box width: inherited allocation (16.0 EiB = 18446744073709551615 bytes in all); label: cost centre and its share of the whole width; the tooltips hold module, source, entries and figures" ]
}

@test "proftree -o svg: children under a pixel each are merged into one box" {
	# MAIN: big (1000 ticks, and t: 1 tick, 0.7 px), mid (20 children of
	# 1 tick), and 600 children of 1 tick (0.73 px each)
	awk 'BEGIN {
		print "COST CENTRE MODULE no. entries %time %alloc %time %alloc ticks bytes"; print ""
		print "MAIN MAIN 1 0 0.0 0.0 0.0 0.0 0 0"
		print " big M 2 1 0.0 0.0 0.0 0.0 1000 1000"
		print "  t M 3 1 0.0 0.0 0.0 0.0 1 1"
		for (i = 1; i <= 600; i++) printf " s%d M %d 1 0.0 0.0 0.0 0.0 1 1\n", i, i + 3
		print " mid M 700 1 0.0 0.0 0.0 0.0 0 0"
		for (i = 1; i <= 20; i++) printf "  m%d M %d 1 0.0 0.0 0.0 0.0 1 1\n", i, i + 700
	}' >"$BATS_TEST_TMPDIR/sub.prof"
	proftree -o svg "$BATS_TEST_TMPDIR/sub.prof" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	# MAIN, big, mid and the two merged boxes, each in proportion (by
	# the inherited ticks of its tooltip); t's 0.7 px are not drawn
	[ "$(python3 "$CHECK" boxes "$BATS_TEST_TMPDIR/o.svg" ticks)" = "5 4" ]
	run python3 "$CHECK" more "$BATS_TEST_TMPDIR/o.svg"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[ "${lines[0]}" = "$(printf '600 more 37 %%\t600 stacks above MAIN, each narrower than a pixel, merged into this box\t436.8')" ]
	# too narrow for "20 more" and for "…": no label
	[ "${lines[1]}" = "$(printf '\t20 stacks above mid, each narrower than a pixel, merged into this box\t14.6')" ]
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/o.svg" | grep -qxF '600 stacks above MAIN, each narrower than a pixel, merged into this box | inherited: 37.0 % time (600 ticks), 37.0 % alloc (600 B) | proftree -o tree or -o tsv lists them'
	[ "$(python3 "$CHECK" shares "$BATS_TEST_TMPDIR/o.svg")" -eq 3 ]
	[ "$(xmllint --xpath 'count(//*[@class="more"])' "$BATS_TEST_TMPDIR/o.svg")" = 2 ]
	[ "$(xmllint --xpath 'string(//*[@class="more"][1]/*[local-name()="rect"]/@fill)' "$BATS_TEST_TMPDIR/o.svg")" = "#e4e4e4" ]
	[ "$(xmllint --xpath 'string(//*[@class="more"][1]/*[local-name()="rect"]/@x)' "$BATS_TEST_TMPDIR/o.svg")" = 753.2 ]
	proftree -o svg "$BATS_TEST_TMPDIR/sub.prof" | cmp - "$BATS_TEST_TMPDIR/o.svg"
	# inverted: 621 roots of 1 tick each, merged at the bottom row
	proftree -o svg -i "$BATS_TEST_TMPDIR/sub.prof" >"$BATS_TEST_TMPDIR/i.svg"
	[ "$(python3 "$CHECK" more "$BATS_TEST_TMPDIR/i.svg")" = "$(printf '621 more 38 %%\t621 roots, each narrower than a pixel, merged into this box\t452.1')" ]
	# a report of 2159 children of MAIN, each 0.5 px: one box of them
	# all, not MAIN alone
	awk 'BEGIN {
		print "COST CENTRE MODULE no. entries %time %alloc %time %alloc ticks bytes"; print ""
		print "MAIN MAIN 1 0 0.0 0.0 0.0 0.0 0 0"
		for (i = 1; i <= 2159; i++) printf " f%d M %d 1 0.0 0.0 0.0 0.0 1 1\n", i, i + 1
	}' | proftree -o svg >"$BATS_TEST_TMPDIR/w.svg"
	[ "$(python3 "$CHECK" more "$BATS_TEST_TMPDIR/w.svg")" = "$(printf '2159 more 100 %%\t2159 stacks above MAIN, each narrower than a pixel, merged into this box\t1180')" ]
	# boxes of a pixel or more: the output as before (no merged box)
	proftree -o svg "$FIX/leak.P.prof" >"$BATS_TEST_TMPDIR/p.svg"
	[ "$(xmllint --xpath 'count(//*[@class="more"])' "$BATS_TEST_TMPDIR/p.svg")" = 0 ]
	if [ -f "$CORPUS/prof/roboguy13_digit-recog__Main.pa.prof" ]; then
		proftree -o svg "$CORPUS/prof/roboguy13_digit-recog__Main.pa.prof" >"$BATS_TEST_TMPDIR/r.svg"
		[ "$(python3 "$CHECK" more "$BATS_TEST_TMPDIR/r.svg")" = "$(printf '\t4 stacks above computeDeltas, each narrower than a pixel, merged into this box\t1.4')" ]
		[ "$(python3 "$CHECK" boxes "$BATS_TEST_TMPDIR/r.svg" ticks)" = "59 58" ]
	fi
}

@test "proftree -o svg: nothing to draw, and what -o svg cannot show" {
	printf 'COST CENTRE MODULE no. entries %%time %%alloc %%time %%alloc ticks bytes\n\nMAIN M 1 0 0.0 0.0 0.0 0.0 0 0\n' |
	    proftree -o svg >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	[ "$(xmllint --xpath 'string(//*[@id="empty"])' "$BATS_TEST_TMPDIR/o.svg")" = "nothing to draw: no cost centre has a cost by this measure" ]
	golden proftree svg-a
	golden proftree svg-D
}

@test "proftree -o svg: the inverted tree, and real reports of ../shared/corpus" {
	proftree -o svg -i "$FIX/leak.P.prof" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	python3 "$CHECK" boxes "$BATS_TEST_TMPDIR/o.svg" ticks
	need_corpus
	for f in "$CORPUS"/prof/*.prof; do
		proftree -o svg "$f" >"$BATS_TEST_TMPDIR/o.svg" 2>/dev/null || continue
		valid "$BATS_TEST_TMPDIR/o.svg" || { echo "$f"; return 1; }
	done
}

# ---- the man pages ----

@test "the -o svg examples of the man pages run" {
	d="$BATS_TEST_TMPDIR/ex"
	mkdir "$d"
	cp "$FIX/leak.hc.hp" "$d/prog.hp"
	cp "$FIX/leak.P.prof" "$d/app.prof"
	n=0
	while IFS= read -r line; do
		case $line in *"-o svg"*) ;; *) continue ;; esac
		case $line in hpslice*) command -v hpslice >/dev/null || continue ;; esac
		(cd "$d" && eval "$line") || { echo "failed: $line"; return 1; }
		n=$((n + 1))
	done < <(man_examples hpcat.1; man_examples proftree.1)
	[ "$n" -ge 2 ]
	for f in "$d"/*.svg; do valid "$f"; done
	[ -s "$d/prog.svg" ] && [ -s "$d/alloc.svg" ]
	! command -v hpslice >/dev/null || [ -s "$d/zoom.svg" ]
}

@test "-o svg: following a finished profile, a full disk, a closed pipe" {
	run timeout 10 hpcat -f -o svg "$FIX/leak.hc.hp"
	[ "$status" -eq 0 ]
	[[ "$output" == *"</svg>" ]]
	run sh -c "hpcat -o svg '$FIX/leak.hc.hp' > /dev/full"
	[ "$status" -eq 2 ]
	[[ "$output" == "hpcat: write error: "* ]]
	run sh -c "proftree -o svg '$FIX/leak.P.prof' > /dev/full"
	[ "$status" -eq 2 ]
	[[ "$output" == "proftree: write error: "* ]]
	run sh -c "hpcat -o svg '$FIX/leak.hd.hp' | head -c 10"
	[ "$status" -eq 0 ]
	[ "$output" = "<?xml vers" ]
}

@test "svg.c's glyph widths are those of the installed DejaVu Sans and Liberation Sans" {
	sed -n '/^\/\* glyph widths:/,/^\/\* end of glyph widths/p' "$TOP/src/lib/svg.c" >"$BATS_TEST_TMPDIR/have"
	python3 "$TOP/tests/glyph_widths.py" >"$BATS_TEST_TMPDIR/want"
	diff -u "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/have"
	# the SVG names the fonts so measured
	hpcat -o svg "$FIX/leak.hc.hp" | grep -q 'font-family="DejaVu Sans, Liberation Sans, sans-serif"'
}

@test "hpcat -o svg: a band keeps its colour across runs, a zoom, a .hp and its eventlog; no two share one" {
	col() { run python3 "$CHECK" colours "$1"; [ "$status" -eq 0 ] || { echo "$1: $output"; return 1; }; printf '%s\n' "${lines[@]}" >"$1.col"; }
	hpcat -o svg "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/a.svg"
	hpcat -o svg "$FIX/leak.l-hc.hp" >"$BATS_TEST_TMPDIR/b.svg"
	hpcat -o svg "$FIX/leak.l-hc.eventlog" >"$BATS_TEST_TMPDIR/e.svg"
	hpslice -s 0.05 -e 0.15 "$FIX/leak.hc.hp" | hpcat -o svg >"$BATS_TEST_TMPDIR/z.svg"
	hpcat -o svg -t 0 "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/all.svg"
	for f in a b e z all; do col "$BATS_TEST_TMPDIR/$f.svg"; done
	# two runs (numbers of the stacks differ: (306) and (291)), a zoom
	[ "$(cat "$BATS_TEST_TMPDIR/a.svg.col")" = "$(printf 'OTHER\t#bbbbbb\nbuildMap.\\/buildMap/m...\t#e5b2bb\nleakySum/main\t#c390aa\nmkItems/main.items/main\t#ccccaa\nwordsOf/main\t#88ccee')" ]
	grep -v leakySum "$BATS_TEST_TMPDIR/a.svg.col" | diff -u - "$BATS_TEST_TMPDIR/b.svg.col"
	grep -v -e leakySum -e wordsOf "$BATS_TEST_TMPDIR/a.svg.col" | diff -u - "$BATS_TEST_TMPDIR/z.svg.col"
	# the eventlog's whole name and the .hp's name cut by GHC's -L
	sed 's|buildMap.\\/buildMap/m...|buildMap.\\/buildMap/main.m/main|' "$BATS_TEST_TMPDIR/b.svg.col" | diff -u - "$BATS_TEST_TMPDIR/e.svg.col"
	# every band drawn (15 and OTHER none): still no two alike
	[ "$(wc -l <"$BATS_TEST_TMPDIR/all.svg.col")" -eq 15 ]
	[ "$(cut -f2 "$BATS_TEST_TMPDIR/all.svg.col" | sort -u | wc -l)" -eq 15 ]
	# 20 bands and OTHER of 39
	hpcat -o svg -t 0 "$FIX/leak.hd.hp" >"$BATS_TEST_TMPDIR/d.svg"
	col "$BATS_TEST_TMPDIR/d.svg"
	[ "$(cut -f2 "$BATS_TEST_TMPDIR/d.svg.col" | sort -u | wc -l)" -eq 21 ]
}

@test "hpcat -o svg: the key shows what the chart shows: -t (1 % by default), -m, OTHER exact" {
	f="$FIX/leak.hc.hp"
	hpcat -o svg "$f" >"$BATS_TEST_TMPDIR/o.svg"
	run python3 "$CHECK" key "$BATS_TEST_TMPDIR/o.svg"
	[ "$output" = "$(printf 'OTHER\n(312)wordsOf/main\n(310)leakySum/main\n(308)buildMap.\\/buildMap/m...\n(306)mkItems/main.items/main')" ]
	[ "$(hpcat -o wide "$f" | python3 "$CHECK" keycheck "$BATS_TEST_TMPDIR/o.svg")" -eq 5 ]
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/o.svg" | grep -qx 'OTHER: 11 more bands summed | peak 38.6 KiB | share 0.1 % of the area'
	# the stack still adds up to every sample's total
	totals "$f" | python3 "$CHECK" tops "$BATS_TEST_TMPDIR/o.svg"
	# -t 2.3: the eleven smallest (0.1 %) and wordsOf/main (2.2 %) are
	# under 2.3 % together, leakySum/main (2.2 %) not with them
	hpcat -o svg -t 2.3 "$f" >"$BATS_TEST_TMPDIR/t.svg"
	[ "$(hpcat -o wide "$f" | python3 "$CHECK" keycheck "$BATS_TEST_TMPDIR/t.svg" 2.3)" -eq 4 ]
	python3 "$CHECK" tips "$BATS_TEST_TMPDIR/t.svg" | grep -qx 'OTHER: 12 more bands summed | peak 6.02 MiB | share 2.3 % of the area'
	# many bands of under 1 % each: the 20 largest keep their rows
	{
		printf 'JOB "many"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.0\n'
		for i in $(seq 100 199); do printf 'band%s\t%s\n' "$i" "$i"; done
		printf 'END_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n'
	} >"$BATS_TEST_TMPDIR/many.hp"
	hpcat -o svg "$BATS_TEST_TMPDIR/many.hp" >"$BATS_TEST_TMPDIR/n.svg"
	[ "$(python3 "$CHECK" key "$BATS_TEST_TMPDIR/n.svg" | sed -n '1p;2p;21p' | tr '\n' ' ')" = "OTHER band180 band199 " ]
	# -m 1: the largest and OTHER
	hpcat -o svg -m 1 "$f" >"$BATS_TEST_TMPDIR/m.svg"
	[ "$(python3 "$CHECK" key "$BATS_TEST_TMPDIR/m.svg" | tr '\n' ' ')" = "OTHER (306)mkItems/main.items/main " ]
	totals "$f" | python3 "$CHECK" tops "$BATS_TEST_TMPDIR/m.svg"
	# the options' errors
	run hpcat -o svg -m 21 "$f"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = 'hpcat: -m: band count out of range: "21" (at most 20)' ]
	run hpcat -o svg -t 101 "$f"
	[ "$status" -eq 2 ]
	run hpcat -m 3 "$f"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = 'hpcat: -m is an option of the chart: it needs -o svg' ]
}

@test "hpcat -o svg -Y: a fixed size axis, for charts of several runs" {
	hpcat -o svg -Y 200M "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/o.svg"
	run xmllint --xpath '//*[@class="size-tick"]/text()' "$BATS_TEST_TMPDIR/o.svg"
	[ "$output" = "$(printf '0\n50 MiB\n100 MiB\n150 MiB\n200 MiB')" ]
	# the stack is drawn on that scale: its top still at each total
	totals "$FIX/leak.hc.hp" | python3 "$CHECK" tops "$BATS_TEST_TMPDIR/o.svg"
	# below the top: cut, and said so
	hpcat -o svg -Y 20M "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/c.svg"
	[[ "$(xmllint --xpath 'string(//*[@id="date"])' "$BATS_TEST_TMPDIR/c.svg")" == *"; cut at the top by -Y" ]]
	grep -q '<g id="bands" clip-path="url(#plot)" data-base="520">' "$BATS_TEST_TMPDIR/c.svg"
	for bad in 0 x 20X 99999999999999999999 20MiBs; do
		run hpcat -o svg -Y "$bad" "$FIX/leak.hc.hp"
		[ "$status" -eq 2 ] || { echo "$bad"; return 1; }
	done
	run hpcat -o svg -Y 0 "$FIX/leak.hc.hp"
	[ "${lines[0]}" = 'hpcat: -Y: the size axis needs a maximum above 0' ]
	run hpcat -o svg -Y 2x "$FIX/leak.hc.hp"
	[ "${lines[0]}" = 'hpcat: -Y: not a size in bytes: "2x" (digits, then k, M, G or T for powers of 1024)' ]
}

# Session 9, an outside review: a band of the input called OTHER (what
# hpslice -m summed) was drawn by name, in a colour of the palette.
@test "hpcat -o svg: the input's own OTHER is part of the chart's grey OTHER, never drawn by name" {
	local o="$BATS_TEST_TMPDIR"
	hpslice -m 3 "$FIX/leak.hc.hp" >"$o/m3.hp"
	hpcat -o svg -t 0 "$o/m3.hp" >"$o/a.svg"
	valid "$o/a.svg"
	[ "$(python3 "$CHECK" key "$o/a.svg" | grep -c '^OTHER$')" -eq 1 ]
	[ "$(xmllint --xpath 'string(//*[@id="key3"]/*[local-name()="rect"]/@fill)' "$o/a.svg")" = "#bbbbbb" ]
	python3 "$CHECK" tips "$o/a.svg" | grep -qx 'OTHER: the input.s own OTHER | peak 6.02 MiB | share 2.3 % of the area'
	[ "$(hpcat -o wide "$o/m3.hp" | python3 "$CHECK" keycheck "$o/a.svg" 0)" -eq 4 ]
	totals "$o/m3.hp" | python3 "$CHECK" tops "$o/a.svg"
	# with bands of the chart's own summed in too
	hpslice -m 5 "$FIX/leak.hd.hp" | hpcat -o svg -m 3 -t 0 >"$o/b.svg"
	python3 "$CHECK" tips "$o/b.svg" | grep -qx 'OTHER: the input.s own OTHER and 2 more bands summed | peak 6.92 MiB | share 8.8 % of the area'
}

@test "hpcat -o svg -X: a fixed time axis, for charts of several runs" {
	# two runs of other lengths (0.23 s, and a build whose run is
	# cut short) drawn on one time axis: the same ticks, at the same
	# places, each stack still at its totals
	hpslice -e 0.1 "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/short.hp"
	for f in "$FIX/leak.hc.hp" "$BATS_TEST_TMPDIR/short.hp"; do
		hpcat -o svg -X 0.5 "$f" >"$BATS_TEST_TMPDIR/o.svg"
		valid "$BATS_TEST_TMPDIR/o.svg"
		run xmllint --xpath '//*[@class="time-tick"]/text()' "$BATS_TEST_TMPDIR/o.svg"
		[ "$output" = "$(printf '0\n0.1\n0.2\n0.3\n0.4\n0.5')" ]
		xmllint --xpath '//*[@class="time-tick"]/preceding-sibling::*[1]/@x1' "$BATS_TEST_TMPDIR/o.svg" >>"$BATS_TEST_TMPDIR/x1"
		totals "$f" | python3 "$CHECK" tops "$BATS_TEST_TMPDIR/o.svg"
		[[ "$(xmllint --xpath 'string(//*[@id="date"])' "$BATS_TEST_TMPDIR/o.svg")" != *"cut at the right"* ]]
	done
	[ "$(sort "$BATS_TEST_TMPDIR/x1" | uniq -c | awk '$1 != 2' | wc -l)" -eq 0 ]
	# before the last sample: cut, and said so
	hpcat -o svg -X 0.1 "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/c.svg"
	[[ "$(xmllint --xpath 'string(//*[@id="date"])' "$BATS_TEST_TMPDIR/c.svg")" == *"; cut at the right by -X" ]]
	run xmllint --xpath '//*[@class="time-tick"]/text()' "$BATS_TEST_TMPDIR/c.svg"
	[ "$output" = "$(printf '0\n0.02\n0.04\n0.06\n0.08\n0.10')" ]
	grep -q '<g id="bands" clip-path="url(#plot)"' "$BATS_TEST_TMPDIR/c.svg"
	# no point far right of the plot, however short -X (points 10^9
	# pixels out made rsvg-convert draw stripes): the last column is
	# moved back to -X's time, the later ones not drawn
	for x in 0.000001 0.005 0.02; do
		hpcat -o svg -X $x "$FIX/trend.hc.hp" >"$BATS_TEST_TMPDIR/t.svg"
		xmllint --xpath '//*[@id="bands"]/*[local-name()="path"]/@d' "$BATS_TEST_TMPDIR/t.svg" |
			grep -o '[ML][0-9.]*,' | tr -d 'ML,' | sort -n | tail -1 >"$BATS_TEST_TMPDIR/maxx"
		[ "$(cat "$BATS_TEST_TMPDIR/maxx")" = 700 ] || { echo "$x: $(cat "$BATS_TEST_TMPDIR/maxx")"; return 1; }
	done
	# every sample after -X: said in the plot, the key still whole
	hpslice -s 0.2 "$FIX/leak.hc.hp" | hpcat -o svg -X 0.1 >"$BATS_TEST_TMPDIR/n.svg"
	[ "$(xmllint --xpath 'string(//*[@id="empty"])' "$BATS_TEST_TMPDIR/n.svg")" = "no samples up to -X" ]
	[ "$(python3 "$CHECK" key "$BATS_TEST_TMPDIR/n.svg" | wc -l)" -ge 2 ]
	valid "$BATS_TEST_TMPDIR/n.svg"
	# with -Y, and on an eventlog
	hpcat -o svg -X 2 -Y 100M "$FIX/leak.l-hc.eventlog" >"$BATS_TEST_TMPDIR/e.svg"
	run xmllint --xpath '//*[@class="time-tick"]/text()' "$BATS_TEST_TMPDIR/e.svg"
	[ "$output" = "$(printf '0\n0.5\n1.0\n1.5\n2.0')" ]
	for bad in 0 0.0 x -1 1e3; do
		run hpcat -o svg -X "$bad" "$FIX/leak.hc.hp"
		[ "$status" -eq 2 ] || { echo "$bad"; return 1; }
	done
	run hpcat -o svg -X 0 "$FIX/leak.hc.hp"
	[ "${lines[0]}" = 'hpcat: -X: the time axis needs a maximum above 0' ]
	run hpcat -o svg -X x "$FIX/leak.hc.hp"
	[ "${lines[0]}" = 'hpcat: -X: not a time: "x"' ]
	run hpcat -X 1 "$FIX/leak.hc.hp"
	[ "${lines[0]}" = 'hpcat: -X is an option of the chart: it needs -o svg' ]
}

@test "hpcat -o svg: key labels cut in the middle keep what tells bands apart, and never read the same" {
	{
		printf 'JOB "hi"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.0\n'
		# -hi names of one description, told apart by their addresses
		printf 'Main.phase1{CONSTR_0_1::Data.Map.Internal.Map}@src/Main.hs:12:5-40#0x40b640\t1000\n'
		printf 'Main.phase1{CONSTR_0_1::Data.Map.Internal.Map}@src/Main.hs:12:5-40#0x40b6a8\t2000\n'
		# stacks told apart by their outermost cost centre
		printf '(12)inner/middle.go.loop.step/phase.one.two.three/outerA\t3000\n'
		printf '(13)inner/middle.go.loop.step/phase.one.two.three/outerB\t4000\n'
		# names that differ only in the middle: lengthened until they differ
		printf 'Data.Map.Internal.insertWith.goA.Data.Map.Internal.insertWith.go\t5000\n'
		printf 'Data.Map.Internal.insertWith.goB.Data.Map.Internal.insertWith.go\t6000\n'
		printf 'END_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n'
	} >"$BATS_TEST_TMPDIR/hi.hp"
	hpcat -o svg "$BATS_TEST_TMPDIR/hi.hp" >"$BATS_TEST_TMPDIR/o.svg"
	run python3 "$CHECK" key "$BATS_TEST_TMPDIR/o.svg"
	printf '%s\n' "${lines[@]}"
	[ "${#lines[@]}" -eq 6 ]
	[ "$(printf '%s\n' "${lines[@]}" | sort -u | wc -l)" -eq 6 ]
	# top of the stack (the smallest) first
	[ "${lines[0]}" = 'Main.phase1{CON…#0x40b640' ]
	[ "${lines[1]}" = 'Main.phase1{CON…#0x40b6a8' ]
	[ "${lines[2]}" = '(12)inner/middle.go.lo…/outerA' ]
	[ "${lines[3]}" = '(13)inner/middle.go.lo…/outerB' ]
	[ "${lines[4]}" = 'Data.Map.Internal.insertWith.goA….go' ]
	[ "${lines[5]}" = 'Data.Map.Internal.insertWith.goB….go' ]
	ranking "$BATS_TEST_TMPDIR/hi.hp" | tac >"$BATS_TEST_TMPDIR/want"
	python3 "$CHECK" key "$BATS_TEST_TMPDIR/o.svg" >"$BATS_TEST_TMPDIR/key"
	prefixes "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/key"
	# a real -hi chart: every label its own
	hpcat -q -o svg -t 0 "$FIX/ipe.l-hi.eventlog" >"$BATS_TEST_TMPDIR/i.svg"
	python3 "$CHECK" key "$BATS_TEST_TMPDIR/i.svg" >"$BATS_TEST_TMPDIR/ik"
	[ "$(sort -u "$BATS_TEST_TMPDIR/ik" | wc -l)" -eq "$(wc -l <"$BATS_TEST_TMPDIR/ik")" ]
	grep -qx 'Main.shapes{THU…#0x40b640' "$BATS_TEST_TMPDIR/ik"
}

@test "hpcat -o svg: a long title fits as rsvg-convert draws it, in either font, keeping the program and its +RTS options" {
	printf 'JOB "my-simulation-program --input /home/someone/projects/very-long-directory/data/input-file-number-one.csv --output /tmp/out.csv --iterations 100000 WWWWWWWWMMMMMMMM +RTS -hc -i0.05 -L40 -RTS"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.0\na\t1000\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n' >"$BATS_TEST_TMPDIR/t.hp"
	hpcat -o svg "$BATS_TEST_TMPDIR/t.hp" >"$BATS_TEST_TMPDIR/o.svg"
	t=$(xmllint --xpath 'string(//*[@id="job"])' "$BATS_TEST_TMPDIR/o.svg")
	[[ "$t" == "my-simulation-program --input /home/"*"…"*" +RTS -hc -i0.05 -L40 -RTS" ]]
	# the title's pixels (rows 4 to 30) end left of the picture's
	# right margin, drawn in DejaVu Sans and in Liberation Sans
	sed 's/font-family="DejaVu Sans, Liberation Sans, /font-family="Liberation Sans, /' "$BATS_TEST_TMPDIR/o.svg" >"$BATS_TEST_TMPDIR/l.svg"
	for f in o l; do
		rsvg-convert -o "$BATS_TEST_TMPDIR/$f.png" "$BATS_TEST_TMPDIR/$f.svg"
		g=$(convert "$BATS_TEST_TMPDIR/$f.png" -crop 1080x26+0+4 +repage -trim -format '%w %X' info:)
		right=$(( ${g% *} + ${g#* } ))
		echo "$f: title from ${g#* } to $right"
		[ "$right" -le 1070 ] && [ "$right" -ge 900 ]
	done
}

@test "hpcat -o svg: a profile of one sample is a bar at its time on an axis around it" {
	printf 'JOB "one"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.5\na\t3000\nb\t1000\nEND_SAMPLE 0.5\n' >"$BATS_TEST_TMPDIR/one.hp"
	hpcat -q -o svg "$BATS_TEST_TMPDIR/one.hp" >"$BATS_TEST_TMPDIR/o.svg"
	run xmllint --xpath '//*[@class="time-tick"]/text()' "$BATS_TEST_TMPDIR/o.svg"
	[ "$output" = "$(printf '0\n0.2\n0.4\n0.6\n0.8\n1.0')" ]
	# 8 pixels wide around 0.5 s (pixel 390), a on b, 4000 bytes high
	run python3 "$CHECK" bands "$BATS_TEST_TMPDIR/o.svg"
	[ "${#lines[@]}" -eq 2 ]
	grep -c 'd="M386,[0-9.]*L394,[0-9.]*L394,[0-9.]*L386,[0-9.]*Z"' "$BATS_TEST_TMPDIR/o.svg" | grep -qx 2
	totals "$BATS_TEST_TMPDIR/one.hp" >"$BATS_TEST_TMPDIR/tot"
	[ "$(cat "$BATS_TEST_TMPDIR/tot")" = "0.5 4000" ]
	[ "$(python3 "$CHECK" peak "$BATS_TEST_TMPDIR/o.svg")" -ge 3990 ]
	[ "$(python3 "$CHECK" peak "$BATS_TEST_TMPDIR/o.svg")" -le 4010 ]
}

@test "hpcat -o svg in chromium: hover lights a band and its key row, a click on a row shows that band alone, and back" {
	hpcat -o svg "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/o.svg"
	cat >"$BATS_TEST_TMPDIR/d.js" <<'JS'
function drive(t) {
	var bands = t.qa('#bands path.band');
	function shown() {
		return bands.filter(function (b) { return t.win.getComputedStyle(b).display !== 'none'; }).length;
	}
	function ev(el, type) { el.dispatchEvent(new t.win.MouseEvent(type, {bubbles: true, view: t.win})); }
	t.say('bands', bands.length, 'rows', t.qa('g.key-entry').length, 'shown', shown());
	var w0 = t.box(t.q('#key1 .key-name')).w;
	ev(t.q('#band1'), 'mouseover');
	t.say('hover band1', t.q('#band1').getAttribute('stroke'), t.q('#key1 rect').getAttribute('stroke'), t.q('#key1 .key-name').getAttribute('text-decoration'), 'same width', t.box(t.q('#key1 .key-name')).w === w0);
	ev(t.q('#band1'), 'mouseout');
	t.say('out', t.q('#band1').getAttribute('stroke'), t.q('#key1 rect').getAttribute('stroke'));
	ev(t.q('#key2 .key-name'), 'mouseover');
	t.say('hover key2', t.q('#band2').getAttribute('stroke'));
	ev(t.q('#key2 .key-name'), 'mouseout');
	var before = t.q('#band1').getAttribute('d');
	t.click(t.q('#key1 .key-name'));
	var b = t.box(t.q('#band1'));
	t.say('alone', shown(), 'bottom', Math.round(b.y + b.h), 'height', Math.round(b.h), 'dimmed', t.qa('g.key-entry[opacity]').length);
	t.click(t.q('#key1 .key-name'));
	t.say('back', shown(), t.q('#band1').getAttribute('d') === before, 'dimmed', t.qa('g.key-entry[opacity]').length);
	t.click(t.q('#key3 rect'));
	t.say('alone', shown());
	t.key('Escape');
	t.say('escape', shown());
}
JS
	run "$TOP/tests/browser.sh" "$BATS_TEST_TMPDIR/o.svg" "$BATS_TEST_TMPDIR/d.js"
	printf '%s\n' "${lines[@]}"
	[ "$status" -eq 0 ]
	# band 1, buildMap (peak 9.16 MiB of 50): 83 pixels high alone, on the axis (y 520)
	[ "$output" = "$(printf 'bands 5 rows 5 shown 5\nhover band1 #000000 #000000 underline same width true\nout none none\nhover key2 #000000\nalone 1 bottom 520 height 83 dimmed 4\nback 5 true dimmed 0\nalone 1\nescape 5')" ]
	# without script (rsvg-convert) the picture is what it was: the
	# script element alone removed changes no pixel
	sed '/^<script/,/^]]><\/script>$/d' "$BATS_TEST_TMPDIR/o.svg" >"$BATS_TEST_TMPDIR/n.svg"
	! grep -q script "$BATS_TEST_TMPDIR/n.svg"
	rsvg-convert -o "$BATS_TEST_TMPDIR/o.png" "$BATS_TEST_TMPDIR/o.svg"
	rsvg-convert -o "$BATS_TEST_TMPDIR/n.png" "$BATS_TEST_TMPDIR/n.svg"
	[ "$(compare -metric AE "$BATS_TEST_TMPDIR/o.png" "$BATS_TEST_TMPDIR/n.png" null: 2>&1)" = 0 ]
}

# Session 9, an outside review: the key showed a name's line break as
# \x0a where -o tsv and hpstat show \n.
@test "hpcat -o svg: a name's line break shows as \\n in the key and tooltip, as -o tsv shows it" {
	local f="$FIX/newline.hc.hp"
	hpcat -o tsv "$f" | cut -f 2 | grep -qxF '(259)new\nline'
	hpcat -o svg "$f" >"$BATS_TEST_TMPDIR/o.svg"
	valid "$BATS_TEST_TMPDIR/o.svg"
	python3 "$CHECK" key "$BATS_TEST_TMPDIR/o.svg" | grep -qxF '(259)new\nline'
	[ "$(grep -c 'x0a' "$BATS_TEST_TMPDIR/o.svg")" -eq 0 ]
}
