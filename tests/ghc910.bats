#!/usr/bin/env bats
# GHC 9.10 output, read by every program: real GHC 9.10.3 runs
# (tests/fixtures/{era,leak910,ipe910,overload}.*, made by
# `generate.sh ghc910` in a Debian sid chroot, recorded in VERSIONS):
# era profiles (+RTS -he) with the program's own eras
# (GHC.Profiling.Eras) and with --automatic-era-increment, each with the
# eventlog of the same run; a -hi profile with the IPE events of its
# eventlog and a -hT one whose constructors come from ghc-internal
# (base's home from 9.10 on); the .prof and -pj report of a program
# built with -fprof-late-overloaded-calls.  Golden outputs in
# tests/cases/ghc910/PROG.NAME.{args,out,err,status} (run in that
# folder), then what must hold between the outputs of one run.

load helper

G910="$TOP/tests/cases/ghc910"

# ev_scan EVENTLOG: "breakdown B, N IPE events, M with one byte more
# declared": the breakdown of HEAP_PROF_BEGIN (160) and the IPE events
# (169), decoded here by the sizes of the log's header (formats.md 4.1,
# 4.3), each IPE event by its seven fields, against its declared length.
ev_scan() {
	python3 - "$1" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
i, sizes = 8, {}
while d[i:i + 4] == b'etb\0':
    t, s, dl = struct.unpack('>HhI', d[i + 4:i + 12])
    el = struct.unpack('>I', d[i + 12 + dl:i + 16 + dl])[0]
    sizes[t] = s
    i += 16 + dl + el + 4
i = d.index(b'datb', i) + 4
brk, n, more = None, 0, 0
while i + 2 <= len(d):
    t = struct.unpack('>H', d[i:i + 2])[0]
    if t == 0xFFFF or t not in sizes:
        break
    if sizes[t] < 0:
        p, tot = i + 12, 12 + struct.unpack('>H', d[i + 10:i + 12])[0]
    else:
        p, tot = i + 10, 10 + sizes[t]
    if t == 160:
        brk = struct.unpack('>I', d[p + 9:p + 13])[0]
    if t == 169:
        q = p + 8
        for _ in range(6):
            q = d.index(b'\0', q) + 1
        n += 1
        more += (tot == q - i + 1)
        tot = q - i
    i += tot
print('breakdown %s, %d IPE events, %d with one byte more declared' % (brk, n, more))
PY
}

# golden910 NAME...: the golden cases PROG.NAME of tests/cases/ghc910
golden910() {
	local n fail=0
	for n in "$@"; do
		[ -f "$G910/$n.args" ] || { echo "no case $n"; fail=1; continue; }
		golden "${n%%.*}" "$n" "$G910" || { echo "case $n failed"; fail=1; }
	done
	return $fail
}

@test "the GHC 9.10 fixtures: each made by generate.sh ghc910 with GHC 9.10.3, recorded in VERSIONS; the fixture set under 2 MB" {
	local f n=0
	for f in "$FIX"/era.* "$FIX"/leak910.* "$FIX"/ipe910.* "$FIX"/overload.*; do
		f=${f##*/}
		grep -q "^$f <- .* (GHC 9\.10\.3)\$" "$FIX/VERSIONS" || { echo "not in VERSIONS: $f"; return 1; }
		n=$((n + 1))
	done
	[ "$n" -eq 10 ]
	# every 9.10 line of VERSIONS names a file that is there
	grep '(GHC 9\.10\.3)$' "$FIX/VERSIONS" | cut -d' ' -f1 | while read -r f; do
		[ -f "$FIX/$f" ] || { echo "missing: $f"; return 1; }
	done
	grep -q -- '-he --automatic-era-increment' "$FIX/VERSIONS"
	grep -q '^ghc910)\|"$only" = ghc910' "$TOP/tests/fixtures/generate.sh"
	[ "$(cat "$FIX"/* "$FIX"/src/* 2>/dev/null | wc -c)" -lt 2097152 ]
}

@test "every golden case of tests/cases/ghc910 is whole and run by a test below" {
	local f n fail=0 count=0 run
	for f in "$G910"/*; do
		case $f in
		*.args|*.out|*.err|*.status) ;;
		*) echo "not a case file: $f"; fail=1 ;;
		esac
	done
	# the names the tests below give golden910, continued lines and all
	run=$(awk '/^\tgolden910 / { on = 1 } on { print } on && !/\\$/ { on = 0 }' \
	    "$BATS_TEST_FILENAME" | tr -d '\\\t\n' | sed 's/golden910//g')
	for n in $(ls "$G910" | sed -n 's/\.\(args\|out\|err\|status\)$//p' | sort -u); do
		count=$((count + 1))
		[ -f "$G910/$n.args" ] || { echo "no $n.args"; fail=1; }
		echo " $run " | grep -qF " $n " || { echo "not run: $n"; fail=1; }
	done
	[ "$count" -eq 29 ]
	return $fail
}

@test "-he, the program's own eras: every program reads the .hp and the eventlog of the same run alike" {
	golden910 hpcat.era-tsv hpcat.era-wide hpcat.era-ev hpcat.era-ev-wide \
		hpslice.era-k hpslice.era-m hpstat.era hpstat.era-ev-json
	# the .hp is written back unchanged
	hpcat "$FIX/era.l-he.hp" | cmp - "$FIX/era.l-he.hp"
	# the bands are the eras the program set (1, 2 and 3 by
	# incrementUserEra, 7 by setUserEra), no era 0
	[ "$(hpcat -o tsv "$FIX/era.l-he.hp" | tail -n +2 | cut -f2 | sort -u | tr '\n' ' ')" = "1 2 3 7 " ]
	[ "$(hpcat -o tsv "$FIX/era.l-he.eventlog" | tail -n +2 | cut -f2 | sort -u | tr '\n' ' ')" = "1 2 3 7 " ]
	# the same census values, census by census
	hpcat -q "$FIX/era.l-he.eventlog" >"$BATS_TEST_TMPDIR/ev.hp"
	run python3 "$TOP/tests/ev_compare.py" same "$FIX/era.l-he.hp" "$BATS_TEST_TMPDIR/ev.hp"
	[ "$status" -eq 0 ]
	[ "$output" = "18 samples agree" ]
	# the eventlog says it is an era profile: breakdown 9 of HEAP_PROF_BEGIN
	[ "$(ev_scan "$FIX/era.l-he.eventlog")" = "breakdown 9, 0 IPE events, 0 with one byte more declared" ]
	[ "$(ev_scan "$FIX/leak910.l-he-auto.eventlog")" = "breakdown 9, 0 IPE events, 0 with one byte more declared" ]
}

@test "-he --automatic-era-increment: an era per major collection, each a band" {
	golden910 hpcat.auto-wide hpcat.auto-ev-tsv hpslice.auto-m hpstat.auto
	hpcat "$FIX/leak910.l-he-auto.hp" | cmp - "$FIX/leak910.l-he-auto.hp"
	hpcat -q "$FIX/leak910.l-he-auto.eventlog" >"$BATS_TEST_TMPDIR/ev.hp"
	run python3 "$TOP/tests/ev_compare.py" same "$FIX/leak910.l-he-auto.hp" "$BATS_TEST_TMPDIR/ev.hp"
	[ "$status" -eq 0 ]
	[ "$output" = "22 samples agree" ]
	# eras 1 to 22, each a decimal band name
	[ "$(hpcat -o tsv "$FIX/leak910.l-he-auto.eventlog" | tail -n +2 | cut -f2 | sort -un | tr '\n' ' ')" = "$(seq 1 22 | tr '\n' ' ')" ]
}

@test "-hi with IPE (GHC 9.10): the eventlog's own info tables name the bands; -I names the .hp of the same run alike" {
	golden910 hpcat.ipe-table hpcat.ipe-ev-tsv hpcat.ipe-I hpstat.ipe
	local o="$BATS_TEST_TMPDIR"
	# every IPE event, as the independent decoder reads it
	diff <(python3 "$TOP/tests/ipe_decode.py" "$FIX/ipe910.l-hi.eventlog") \
		<(hpcat -o ipe "$FIX/ipe910.l-hi.eventlog" | cut -f 1-3,5-)
	# GHC 9.10.3, as 9.6.6, declares every IPE event one byte longer
	# than it writes (formats.md 4.6): read without a word
	[ "$(ev_scan "$FIX/ipe910.l-hi.eventlog")" = "breakdown 8, 110 IPE events, 110 with one byte more declared" ]
	run sh -c "hpcat -o ipe '$FIX/ipe910.l-hi.eventlog' 2>&1 >/dev/null"
	[ "$output" = "" ]
	# the named bands of the eventlog and of -I on the .hp: the same
	# names, the same values census by census
	hpcat -q -I "$FIX/ipe910.l-hi.eventlog" "$FIX/ipe910.l-hi.hp" >"$o/hp"
	hpcat -q "$FIX/ipe910.l-hi.eventlog" >"$o/ev"
	run python3 "$TOP/tests/ev_compare.py" same "$o/hp" "$o/ev"
	[ "$status" -eq 0 ]
	[ "$output" = "9 samples agree" ]
	# and the bare addresses of the .hp are those of the eventlog
	hpcat -q "$FIX/ipe910.l-hi.hp" | hpcat -q -I "$FIX/ipe910.l-hi.eventlog" | cmp - "$o/hp"
	# the table written by -o ipe names them the same
	hpcat -q -o ipe "$FIX/ipe910.l-hi.eventlog" >"$o/ipe"
	hpcat -q -I "$o/ipe" "$FIX/ipe910.l-hi.hp" | cmp - "$o/hp"
	# the program's own constructors, by their distinct tables
	grep -q '^Main\.main\.m{CONSTR_2_0::(,)}@Ipe\.hs:33:27#0x40ba88	' "$o/ev"
	grep -q '^Main\.shapes{THUNK_1_0::Shape}@Ipe\.hs:18:13-64#0x40ac50	' "$o/ev"
}

@test "-hT (GHC 9.10): constructors of base named from ghc-internal, read alike from the .hp and the eventlog" {
	golden910 hpcat.hT-tsv hpcat.hT-ev hpstat.hT
	hpcat "$FIX/ipe910.l-hT.hp" | cmp - "$FIX/ipe910.l-hT.hp"
	hpcat -q "$FIX/ipe910.l-hT.eventlog" >"$BATS_TEST_TMPDIR/ev.hp"
	run python3 "$TOP/tests/ev_compare.py" same "$FIX/ipe910.l-hT.hp" "$BATS_TEST_TMPDIR/ev.hp"
	[ "$status" -eq 0 ]
	[ "$output" = "11 samples agree" ]
	grep -q '^ghc-internal:GHC\.Internal\.IO\.Handle\.Types\.Handle__	' "$BATS_TEST_TMPDIR/ev.hp"
	grep -q '^ghc-prim:GHC\.Types\.:	' "$BATS_TEST_TMPDIR/ev.hp"
}

@test "-fprof-late-overloaded-calls (GHC 9.10): the .prof and the -pj report read alike by proftree and prof2json" {
	golden910 proftree.overload proftree.overload-tsv proftree.overload-folded \
		proftree.overload-prof proftree.overload-pj proftree.overload-pj-alloc \
		proftree.overload-pj-flat proftree.overload-pj-a proftree.overload-i \
		prof2json.overload
	local f o="$BATS_TEST_TMPDIR"
	# GHC's -pj comes back from prof2json byte for byte
	prof2json "$FIX/overload.pj.json" | cmp - "$FIX/overload.pj.json"
	# the two runs have the same tree: the same stacks, the same entries
	# (the overloaded calls: +, *, show, max, fromInteger)
	diff <(proftree -o folded -w entries "$FIX/overload.p.prof" | sort) \
		<(proftree -o folded -w entries "$FIX/overload.pj.json" | sort)
	proftree -o folded -w entries "$FIX/overload.p.prof" | grep -qx 'MAIN;sumSquares;+;\* 300000'
	# base's CAFs are in modules of ghc-internal
	proftree -o tsv "$FIX/overload.pj.json" | cut -f5 | grep -qx 'GHC\.Internal\.Float'
	# -o prof reads back to the same tree, and prof2json to the same
	# JSON
	for f in overload.p.prof overload.pj.json; do
		proftree -o tsv "$FIX/$f" >"$o/tsv"
		proftree -o prof "$FIX/$f" | proftree -o tsv | cmp - "$o/tsv"
		prof2json "$FIX/$f" >"$o/json"
		prof2json "$o/json" | cmp - "$o/json"
	done
}

@test "the pictures of the GHC 9.10 profiles are valid SVG with every band or cost centre" {
	local f b
	for f in era.l-he.hp leak910.l-he-auto.eventlog ipe910.l-hT.hp; do
		hpcat -q -o svg "$FIX/$f" >"$BATS_TEST_TMPDIR/h.svg"
		xmllint --noout "$BATS_TEST_TMPDIR/h.svg"
	done
	hpcat -q -o svg -t 0 "$FIX/era.l-he.hp" >"$BATS_TEST_TMPDIR/h.svg"   # every band, the smallest too
	for b in 1 2 3 7; do
		grep -q ">$b<" "$BATS_TEST_TMPDIR/h.svg" || { echo "no band $b"; return 1; }
	done
	proftree -o svg "$FIX/overload.pj.json" >"$BATS_TEST_TMPDIR/p.svg"
	xmllint --noout "$BATS_TEST_TMPDIR/p.svg"
	grep -q "sumSquares" "$BATS_TEST_TMPDIR/p.svg"
}
