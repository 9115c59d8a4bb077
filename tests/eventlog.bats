#!/usr/bin/env bats
# Eventlogs as heap profiles (src/lib/eventlog.c, src/lib/ev_heap.c),
# through hpcat: real GHC 9.0.2 logs of every breakdown against the .hp
# of the same run, hand-made logs of each fault kind (tests/mkeventlog.py,
# golden cases tests/cases/hpcat/ev-*), cuts, the corpus, follow mode.

load helper

@test "golden: the eventlog cases of hpcat (ev-*)" {
	local n fail=0 count=0
	for n in $(ls "$TOP/tests/cases/hpcat" | sed -n 's/^\(ev-.*\)\.in$/\1/p'); do
		count=$((count + 1))
		golden hpcat "$n" || { echo "case $n failed"; fail=1; }
	done
	[ "$count" -ge 20 ]
	[ "$fail" -eq 0 ]
}

@test "the hand-made eventlogs are what mkeventlog.py makes" {
	local d="$TOP/tests/cases/hpcat" k
	for k in ok end-inside strings hb grown ipe torn torn-band no-heap undeclared \
	    bad-table old short no-end bad-entry no-datb bad-magic big-desc big-extra type-ffff \
	    block-loop extra-past torn-time; do
		python3 "$TOP/tests/mkeventlog.py" "$k" | cmp - "$d/ev-$k.in"
	done
	python3 "$TOP/tests/mkeventlog.py" ok | head -c 1100 | cmp - "$d/ev-cut.in"
}

# Each fixture eventlog and the .hp of the same run: the same non-empty
# samples, with the same values under the same names (for -hc once the
# .hp's "(ccsID)" prefix and -L cut are applied: tests/ev_compare.py).
@test "fixtures: every breakdown gives the census values of the .hp of the same run" {
	local b m out="$BATS_TEST_TMPDIR/o.hp"
	for b in hc hm hd hy hr hb hT; do
		m=same
		[ "$b" = hc ] && m=hc
		hpcat "$FIX/leak.l-$b.eventlog" >"$out"
		run python3 "$TOP/tests/ev_compare.py" "$m" "$FIX/leak.l-$b.hp" "$out"
		echo "$b: $output"
		[ "$status" -eq 0 ]
		[[ "$output" != "0 samples"* ]]
	done
	hpcat "$FIX/marks.l-hc.eventlog" >"$out"
	python3 "$TOP/tests/ev_compare.py" hc "$FIX/marks.l-hc.hp" "$out"
}

@test "fixtures: the stack names are whole where the .hp cuts them" {
	run hpcat "$FIX/leak.l-hc.eventlog"
	[ "$status" -eq 0 ]
	[[ "$output" == *$'\nbuildMap.\\/buildMap/main.m/main\t'* ]]
	grep -q '^(308)buildMap\.\\/buildMap/m\.\.\.	' "$FIX/leak.l-hc.hp"
}

@test "fixtures: hp2ps accepts hpcat's .hp of every eventlog" {
	command -v hp2ps >/dev/null || skip "no hp2ps"
	local f
	cd "$BATS_TEST_TMPDIR"
	for f in "$FIX"/*.l-h*.eventlog; do
		hpcat "$f" >in.hp
		hp2ps in.hp
		[ -s in.ps ]
	done
}

@test "an SCC label with a newline: written \\n, a warning (an error under -S); the .hp written reads back, and hp2ps takes it" {
	local o="$BATS_TEST_TMPDIR"
	# the .hp of the same run keeps the newline, as GHC writes it
	grep -q '^(2[0-9]*)new$' "$FIX/newline.l-hc.hp"
	run sh -c "hpcat '$FIX/newline.l-hc.eventlog' 2>&1 >'$o/out.hp'"
	[ "$status" -eq 0 ]
	[ "$output" = "hpcat: $FIX/newline.l-hc.eventlog: offset 9609: warning: cost centre with a newline in its name: read with \\n for it" ]
	[ "$(grep -c '^new\\nline	[0-9]*$' "$o/out.hp")" -ge 3 ]
	! grep -q '^new$' "$o/out.hp"
	run hpcat "$o/out.hp"
	[ "$status" -eq 0 ]
	[ "$(hpcat -q -o tsv "$FIX/newline.l-hc.eventlog" | grep -c '	new\\\\nline	')" -ge 3 ]
	if command -v hp2ps >/dev/null; then
		(cd "$o" && hp2ps out.hp && [ -s out.ps ])
	fi
	run sh -c "hpcat -S '$FIX/newline.l-hc.eventlog' 2>&1 >/dev/null"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: $FIX/newline.l-hc.eventlog: offset 9609: cost centre with a newline in its name" ]
}

@test "fixtures: JOB from the program's arguments, as the .hp's; times in seconds" {
	local b
	for b in hc hd hy; do
		[ "$(hpcat "$FIX/leak.l-$b.eventlog" | head -1)" = "$(head -1 "$FIX/leak.l-$b.hp")" ]
	done
	# the plain RTS writes only the name into the .hp's JOB; the
	# eventlog has the arguments all the same
	[ "$(head -1 "$FIX/leak.l-hT.hp")" = 'JOB "leak-ev"' ]
	[ "$(hpcat "$FIX/leak.l-hT.eventlog" | head -1)" = 'JOB "leak-ev 300000 +RTS -l-au -hT -i0.02"' ]
	run hpcat "$FIX/leak.l-hc.eventlog"
	[[ "${lines[1]}" =~ ^DATE\ \"[A-Z][a-z][a-z]\ [A-Z][a-z][a-z]\ [\ 0-9][0-9]\ [0-9][0-9]:[0-9][0-9]\ [0-9]{4}\"$ ]]
	[[ "${lines[4]}" =~ ^BEGIN_SAMPLE\ 0\.[0-9]{9}$ ]]
}

@test "fixtures: the .hp's empty first and last samples" {
	local out
	out=$(hpcat "$FIX/leak.l-hc.eventlog")
	[ "$(printf '%s\n' "$out" | sed -n 5,6p | cut -d' ' -f1)" = "$(printf 'BEGIN_SAMPLE\nEND_SAMPLE')" ]
	[ "$(printf '%s\n' "$out" | tail -2 | cut -d' ' -f1)" = "$(printf 'BEGIN_SAMPLE\nEND_SAMPLE')" ]
	[ "$(printf '%s\n' "$out" | grep -c BEGIN_SAMPLE)" -eq 8 ]
}

@test "fixtures: traceMarkerIO calls become MARK lines, each before the next census" {
	run hpcat "$FIX/marks.l-hc.eventlog"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "${lines[@]}" | grep -c '^MARK ')" -eq 3 ]
	# times never go back, marks included
	printf '%s\n' "${lines[@]}" | awk '/^(MARK|BEGIN_SAMPLE) / {
		if ($2 + 0 < last) { print "back at " $0; exit 1 } last = $2 + 0 }'
}

@test "a -hc log cut before its first census says where it was cut, not to run with -h (issue 25)" {
	local f="$BATS_TEST_TMPDIR/cut.eventlog" p
	head -c 8000 "$FIX/leak.l-hc.eventlog" >"$f"
	for p in hpcat hpslice hpstat; do
		run "$p" "$f"
		[ "$status" -eq 0 ]
		[ "${lines[0]}" = "$p: $f: offset 7981: warning: eventlog cut off here (no end-of-data marker): the events before it are read" ]
		[ "${lines[1]}" = "$p: $f: warning: no census in the eventlog up to its cut at offset 7981 (the RTS writes heap events late: a run stopped early may have written none)" ]
	done
	# the whole log has its censuses; a -p log, whole, none
	run hpcat -o tsv "$FIX/leak.l-hc.eventlog"
	[ "$status" -eq 0 ]
	run sh -c "hpcat '$FIX/leak.l-p.eventlog' 2>&1 >/dev/null"
	[ "${lines[0]}" = "hpcat: $FIX/leak.l-p.eventlog: warning: no heap profile in the eventlog (run the program with +RTS -l -h...)" ]
}

@test "fixtures: a killed run's eventlog: header only, with warnings; -S fails" {
	run hpcat "$FIX/leak.l-killed.eventlog"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 7 ]
	[ "${lines[0]}" = "hpcat: $FIX/leak.l-killed.eventlog: offset 2688: warning: eventlog cut off here (no end-of-data marker): the events before it are read" ]
	[ "${lines[1]}" = "hpcat: $FIX/leak.l-killed.eventlog: warning: no census in the eventlog up to its cut at offset 2688 (the RTS writes heap events late: a run stopped early may have written none)" ]
	# killed before any block was written: no JOB either
	[ "${lines[3]}" = 'JOB ""' ]
	run hpcat -S "$FIX/leak.l-killed.eventlog"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: $FIX/leak.l-killed.eventlog: offset 2688: eventlog cut off here (no end-of-data marker)" ]
}

@test "fixtures: a log cut 7 bytes before its end keeps its complete samples" {
	local f="$FIX/leak.l-hc.eventlog" n
	n=$(($(wc -c <"$f") - 7))
	head -c "$n" "$f" >"$BATS_TEST_TMPDIR/cut.eventlog"
	run hpcat "$BATS_TEST_TMPDIR/cut.eventlog"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == *": offset "*": warning: eventlog cut off here (no end-of-data marker): the events before it are read" ]]
	[ "$(printf '%s\n' "${lines[@]}" | grep -c BEGIN_SAMPLE)" -eq 7 ]
}

@test "fixtures: every cut in the first and last kilobyte reads its prefix or fails at an offset" {
	python3 "$TOP/tests/ev_cuts.py" "$TOP/hpcat" "$FIX/leak.l-hc.eventlog"
	python3 "$TOP/tests/ev_cuts.py" "$TOP/hpcat" "$TOP/tests/cases/hpcat/ev-torn.in"
}

@test "joined eventlogs: the second continues after the first's last time" {
	run hpcat "$FIX/leak.l-hm.eventlog" "$FIX/leak.l-hm.eventlog"
	[ "$status" -eq 0 ]
	printf '%s\n' "${lines[@]}" | awk '/^BEGIN_SAMPLE / {
		if ($2 + 0 < last) { print "back at " $0; exit 1 } last = $2 + 0 }'
	[ "$(printf '%s\n' "${lines[@]}" | grep -c BEGIN_SAMPLE)" -eq 16 ]
}

@test "-o tsv and -o wide read eventlogs too" {
	run hpcat -o tsv "$FIX/leak.l-hy.eventlog"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = $'time\tband\tbytes' ]
	run hpcat -o wide "$FIX/leak.l-hy.eventlog"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == time$'\t'* ]]
}

@test "standard input and a named file give the same output" {
	[ "$(hpcat <"$FIX/leak.l-hd.eventlog")" = "$(hpcat "$FIX/leak.l-hd.eventlog")" ]
}

@test "-f follows an eventlog still being written, to its end-of-data marker" {
	need_timing
	local f="$FIX/leak.l-hc.eventlog" t="$BATS_TEST_TMPDIR/live.eventlog" n
	n=$(($(wc -c <"$f") / 2))
	head -c "$n" "$f" >"$t"
	hpcat -f "$t" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" &
	local pid=$!
	sleep 0.5
	tail -c +$((n + 1)) "$f" >>"$t"
	local i=0
	while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 "$pid" 2>/dev/null; then
		kill "$pid"
		echo "hpcat -f did not end at DATA_END"
		return 1
	fi
	wait "$pid"
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
	hpcat "$f" | cmp - "$BATS_TEST_TMPDIR/out"
}

@test "corpus: every eventlog is read, none crashes or hangs" {
	need_corpus
	local f st n=0
	for f in "$CORPUS"/eventlog/*.eventlog; do
		n=$((n + 1))
		st=0
		timeout 20 hpcat "$f" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" || st=$?
		case $f in
		*__empty.eventlog)
			[ "$st" -eq 2 ]
			[ "$(cat "$BATS_TEST_TMPDIR/err")" = "hpcat: $f: empty input" ] ;;
		*)
			[ "$st" -eq 0 ] || { echo "$f: exit $st"; cat "$BATS_TEST_TMPDIR/err"; return 1; }
			if grep -q '^BEGIN_SAMPLE' "$BATS_TEST_TMPDIR/out"; then
				[ ! -s "$BATS_TEST_TMPDIR/err" ] || { echo "$f:"; cat "$BATS_TEST_TMPDIR/err"; return 1; }
			else
				# a header only, and no warning but these (the cut
				# log has its own test)
				case $f in
				*testlog-part*) ;;
				*)
					printf '%s\n' "hpcat: $f: warning: no heap profile in the eventlog (run the program with +RTS -l -h...)" \
					    "hpcat: $f: warning: no complete samples" |
					    diff -u - "$BATS_TEST_TMPDIR/err" ;;
				esac
				[ "$(wc -l <"$BATS_TEST_TMPDIR/out")" -eq 4 ]
			fi ;;
		esac
	done
	[ "$n" -gt 20 ]
}

@test "corpus: heap samples of GHC 8.4 to 9.0 logs, the -hb log timed by its own field" {
	need_corpus
	local e="$CORPUS/eventlog"
	[ "$(hpcat "$e/haskell_ghc-events__stop.hT.eventlog" | grep -c BEGIN_SAMPLE)" -eq 16 ]
	run hpcat "$e/haskell_ghc-events__biographical-samples.eventlog"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "${lines[@]}" | grep -c '^VOID	')" -eq 6 ]
	printf '%s\n' "${lines[@]}" | awk '/^BEGIN_SAMPLE / {
		if ($2 + 0 <= last) { print "not increasing at " $0; exit 1 } last = $2 + 0 }'
}

@test "corpus: a log cut 3 bytes into a block marker warns at its offset" {
	need_corpus
	local f="$CORPUS/eventlog/haskell_ghc-events__testlog-part.eventlog"
	run hpcat "$f"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hpcat: $f: offset 10237: warning: eventlog cut off here (no end-of-data marker): the events before it are read" ]
}

@test "man examples: the eventlog lines of man/hpcat.1 run as written" {
	command -v hp2ps >/dev/null || skip "no hp2ps"
	local line n=0
	cd "$BATS_TEST_TMPDIR"
	cp "$FIX/leak.l-hc.eventlog" prog.eventlog
	while IFS= read -r line; do
		n=$((n + 1))
		sh -c "$line"
		head -1 prog.ps | grep -q '^%!PS'
	done <<EOT
$(man_examples hpcat.1 | grep prog.eventlog)
EOT
	[ "$n" -ge 1 ]
}

@test "-S reads every fixture eventlog without a repair" {
	local f
	for f in "$FIX"/leak.l-h*.eventlog "$FIX"/marks.l-hc.eventlog; do
		hpcat -S "$f" >/dev/null
	done
}

@test "output does not depend on the time zone or the locale" {
	local want
	want=$(hpcat "$FIX/leak.l-hc.eventlog")
	[ "$(TZ=Asia/Tokyo hpcat "$FIX/leak.l-hc.eventlog")" = "$want" ]
	[ "$(LC_ALL=de_DE.UTF-8 hpcat "$FIX/leak.l-hc.eventlog" 2>/dev/null)" = "$want" ]
}

@test "GHC 6.12.1's wrong header sizes are corrected" {
	need_corpus
	local f="$CORPUS/eventlog/haskell_ghc-events__queens-ghc-6.12.1.eventlog"
	run hpcat "$f"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hpcat: $f: warning: no heap profile in the eventlog (run the program with +RTS -l -h...)" ]
}

@test "hpslice and hpstat read an eventlog as hpcat's .hp of it" {
	# compares the slopes of two runs
	one_valgrind_part
	local f o="$BATS_TEST_TMPDIR" n=0
	for f in "$FIX"/*.l-*.eventlog; do
		hpcat -q "$f" >"$o/as.hp"
		# the killed run's log was cut before its first census
		grep -q '	[0-9]*$' "$o/as.hp" || continue
		# hpcat names the -hi bands of these by their own IPE events
		# (ipe.bats); hpslice and hpstat keep the bare addresses
		case $f in */ipe.*|*/ipe910.l-hi.*) continue ;; esac
		n=$((n + 1))
		for a in "-m 3" "-s 0.1 -e 0.5" "-j 2 -x main" "-t 5 -z"; do
			# shellcheck disable=SC2086
			hpslice $a "$f" >"$o/a" 2>/dev/null
			hpslice $a "$o/as.hp" >"$o/b" 2>/dev/null
			grep -q '^BEGIN_SAMPLE' "$o/a" || { echo "no sample: hpslice $a $f"; return 1; }
			cmp "$o/a" "$o/b" || { echo "hpslice $a $f"; return 1; }
		done
		[ "$(hpstat -o tsv "$f" | wc -l)" -gt 1 ]
		diff <(hpstat -o tsv "$f" | cut -f2-) <(hpstat -o tsv "$o/as.hp" | cut -f2-) ||
			{ echo "hpstat $f"; return 1; }
	done
	[ "$n" -ge 5 ]
}
