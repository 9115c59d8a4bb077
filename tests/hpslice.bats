#!/usr/bin/env bats
# hpslice: golden cases (tests/cases/hpslice), the promises of the man
# page checked on every real profile (fixtures and ../shared/corpus),
# the ../shared/cases rows, the spool of -m/-t, pipes and the EXAMPLES.

load helper

# totals FILE: one line per sample, "time total-bytes": what -m and -t
# must keep.
totals() {
	awk '
	/^BEGIN_SAMPLE/ { t = $2; s = 0 }
	/\t[0-9]+\r?$/ { v = $0; sub(/\r$/, "", v); i = match(v, /\t[0-9]+$/); s += substr(v, i + 1) }
	/^END_SAMPLE/ { printf "%s %.0f\n", t, s }
	' "$1"
}

# nbands FILE: the number of distinct band names.
nbands() {
	awk '/\t[0-9]+\r?$/ { i = match($0, /\t[0-9]+\r?$/); s[substr($0, 1, i - 1)] = 1 }
	END { n = 0; for (k in s) n++; print n }' "$1"
}

# readable OUT [hp2ps]: hpcat -S reads OUT back without a word, and
# with a second argument hp2ps (when installed) draws it too.
readable() {
	local e="$BATS_TEST_TMPDIR/readable.err"
	# not -S: a slice need not end with the final empty sample of a
	# run; any repair hpcat would make is a warning on stderr
	hpcat "$1" >/dev/null 2>"$e" || { cat "$e"; return 1; }
	[ ! -s "$e" ] || { cat "$e"; return 1; }
	# hp2ps cannot read a band name holding a newline (hpcat(1),
	# CAVEATS): a line that is neither a keyword line nor a row
	if [ -n "${2:-}" ] && command -v hp2ps >/dev/null &&
	    ! grep -qv '^\(JOB\|DATE\|SAMPLE_UNIT\|VALUE_UNIT\|BEGIN_SAMPLE\|END_SAMPLE\|MARK\) \|	[0-9]*$' "$1"; then
		cp "$1" "$BATS_TEST_TMPDIR/r.hp"
		(cd "$BATS_TEST_TMPDIR" && hp2ps r.hp) || return 1
	fi
}

# final_empty FILE: 1 if the last sample of FILE has no band (the final
# census of a complete run), else 0.  A slice that leaves that sample out
# ends with an empty sample of its own at its last time (hpslice(1)).
final_empty() {
	awk '/^BEGIN_SAMPLE/ { rows = 0; next } /\t[0-9]+$/ { rows++ } /^END_SAMPLE/ { last = rows } END { print (NR && last == 0) ? 1 : 0 }' "$1"
}

# profiles: every real .hp at hand (fixtures, then the corpus).
profiles() {
	ls "$FIX"/*.hp
	[ -d "$CORPUS/hp" ] && ls "$CORPUS"/hp/*.hp
	true
}

@test "golden cases" {
	golden_all hpslice
}

@test "-m N: at most N+1 bands, every sample's total unchanged, output readable (fixtures, corpus)" {
	o="$BATS_TEST_TMPDIR/o.hp"
	for f in $(profiles); do
		want=$(hpcat -q "$f" | totals /dev/stdin)
		for m in 1 3 20; do
			hpslice -m $m "$f" >"$o" 2>/dev/null
			[ "$(totals "$o")" = "$want" ] || { echo "-m $m $f: totals differ"; return 1; }
			[ "$(nbands "$o")" -le $((m + 1)) ] || { echo "-m $m $f: $(nbands "$o") bands"; return 1; }
			readable "$o" $([ $m = 3 ] && echo hp2ps) || { echo "-m $m $f"; return 1; }
		done
	done
}

@test "-t P: totals unchanged, every named band at least P% of the total integral (fixtures, corpus)" {
	o="$BATS_TEST_TMPDIR/o.hp"
	for f in $(profiles); do
		want=$(hpcat -q "$f" | totals /dev/stdin)
		for t in 5 30; do
			hpslice -t $t "$f" >"$o" 2>/dev/null
			[ "$(totals "$o")" = "$want" ] || { echo "-t $t $f: totals differ"; return 1; }
			readable "$o" $([ $t = 5 ] && echo hp2ps) || { echo "-t $t $f"; return 1; }
			# with P% each, at most 100/P bands keep their names
			[ "$(nbands "$o")" -le $((100 / t + 1)) ] || { echo "-t $t $f"; return 1; }
		done
	done
}

# integrals FILE: every band's trapezoid integral, largest first, ties
# by name: the ranking -m must follow, computed independently.
integrals() {
	awk '
	/^BEGIN_SAMPLE/ { t = $2 + 0; delete cur; next }
	/\t[0-9]+$/ { i = match($0, /\t[0-9]+$/); cur[substr($0, 1, i - 1)] += substr($0, i + 1); next }
	/^END_SAMPLE/ {
		if (n++ && t > pt) {
			for (b in prev) I[b] += prev[b] * (t - pt) / 2
			for (b in cur) I[b] += cur[b] * (t - pt) / 2
		}
		for (b in cur) I[b] += 0
		delete prev; for (b in cur) prev[b] = cur[b]; pt = t
	}
	END { for (b in I) printf "%.6e\t%s\n", I[b], b }
	' "$1" | LC_ALL=C sort -t"$(printf '\t')" -k1,1gr -k2,2
}

@test "-m keeps the bands with the largest trapezoid integrals" {
	for f in "$FIX/leak.hd.hp" "$FIX/leak.hy.hp" "$FIX/leak.hc.hp"; do
		want=$(integrals "$f" | head -4 | cut -f2 | LC_ALL=C sort)
		got=$(hpslice -m 4 "$f" | awk '/\t[0-9]+$/ { i = match($0, /\t[0-9]+$/); b = substr($0, 1, i - 1); if (b != "OTHER") print b }' | LC_ALL=C sort -u)
		[ "$got" = "$want" ] || { echo "$f: $got / $want"; return 1; }
	done
}

@test "-s/-e keep exactly the samples in the interval; -n, -j count as documented (fixtures, corpus)" {
	o="$BATS_TEST_TMPDIR/o.hp"
	for f in $(profiles); do
		times=$(hpcat -q "$f" | awk '/^BEGIN_SAMPLE/ { print $2 }')
		n=$(printf '%s\n' "$times" | wc -l)
		# the middle third of the samples, by their own times
		s=$(printf '%s\n' "$times" | sed -n "$((n / 3 + 1))p")
		e=$(printf '%s\n' "$times" | sed -n "$((2 * n / 3 + 1))p")
		hpslice -s "$s" -e "$e" "$f" >"$o" 2>/dev/null
		want=$(printf '%s\n' "$times" | awk -v s="$s" -v e="$e" '$1 + 0 >= s + 0 && $1 + 0 <= e + 0')
		[ "$(awk '/^BEGIN_SAMPLE/ { print $2 }' "$o" | uniq)" = "$want" ] || { echo "-s $s -e $e $f"; return 1; }
		readable "$o" hp2ps || return 1
		hpslice -n 2,$n "$f" >"$o" 2>/dev/null
		[ "$(grep -c '^BEGIN_SAMPLE' "$o")" -eq $((n - 1)) ] || { echo "-n $f"; return 1; }
		hpslice -j 3 "$f" >"$o" 2>/dev/null
		# samples 1, 4, 7, ...; and an empty one at the end when the
		# run is complete, its final sample is not kept, and the last
		# sample kept is not empty
		want=$(hpcat -q "$f" | awk '
			/^BEGIN_SAMPLE/ { i++; rows[i] = 0; next }
			/\t[0-9]+$/ { rows[i]++ }
			END {
				for (k = 1; k <= i; k += 3) { c++; last = k }
				if (i > 1 && rows[i] == 0 && last != i && rows[last] > 0) c++
				print c + 0
			}')
		[ "$(grep -c '^BEGIN_SAMPLE' "$o")" -eq "$want" ] || { echo "-j $f"; return 1; }
		hpslice -z -j 3 "$f" >"$o" 2>/dev/null
		[ "$(sed -n 's/^BEGIN_SAMPLE //p' "$o" | head -1 | tr -d 0.)" = "" ] || { echo "-z $f"; return 1; }
		readable "$o" || return 1
	done
}

@test "-k/-x keep the values of the bands they keep, sample by sample (fixtures, corpus)" {
	for f in $(profiles); do
		want=$(hpcat -q -o tsv "$f" | awk -F'\t' 'NR > 1 && $2 ~ /Main|main/ && $2 !~ /CAF/')
		got=$(hpslice -k Main -k main -x CAF -o tsv "$f" 2>/dev/null | sed 1d)
		[ "$got" = "$want" ] || { echo "$f"; return 1; }
		got=$(hpslice -E -k 'Main|main' -x CAF -o tsv "$f" 2>/dev/null | sed 1d)
		[ "$got" = "$want" ] || { echo "-E $f"; return 1; }
	done
}

@test "no option: the profile comes out as hpcat writes it" {
	for f in $(profiles); do
		cmp <(hpslice "$f" 2>&1) <(hpcat "$f" 2>&1 | sed 's/^hpcat: /hpslice: /') || { echo "$f"; return 1; }
	done
}

# Golden outputs on the corpus, kept as cksum(1) of the output (the
# corpus is other people's data: it is never copied here).  The tests
# above check what these outputs must satisfy.
@test "golden outputs on the corpus (cksum of each)" {
	need_corpus
	while read -r sum f opts; do
		got=$(cd "$CORPUS/hp" && eval "hpslice $opts $f" 2>&1 | cksum | tr ' ' :)
		[ "$got" = "$sum" ] || { echo "hpslice $opts $f: $got, expected $sum"; return 1; }
	done <<'EOF'
2751751900:1078 episteme_InductiveLogicProgramming__main3.hp -m 3 -s 10 -e 10.5
712475972:233504 episteme_InductiveLogicProgramming__main3.hp -t 5 -z
3376214584:67891 ruairidhm98_Profiles__sumeuler.hp -n 100,2000 -j 7
1671078218:630451 ruairidhm98_Profiles__sumeuler.hp -t 3 -o tsv
3223457956:3959 tylerwx51_StartStopFRP__example.hc.hp -E -k '^\(' -m 3 -j 10
1821639321:2740 tylerwx51_StartStopFRP__example.hy.hp -m 4
3161893578:619045 mpickering_eventlog2html__Describe2.hp -s 20 -e 30 -x GHC -z
1969122731:177637 walseb_bearriver-space-leak__ExampleBearriver.hp -m 10 -s 5
2406526460:7284 mpickering_core-prof-plugin__test.hp -k Main -o tsv
1118575450:1385 dangirsh_GeneticProgramming__Main.hp -e 1.5 -m 2
EOF
}

# ---- ../shared/cases rows ----

@test "case hp-name-spaces: the name is all before the last TAB" {
	need_cases
	run hpslice -k 'parse input' -o tsv "$CASES/hp-name-spaces.hp"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'time\tband\tbytes\n0.100000\t(7)parse input/main\t4096')" ]
	hpslice "$CASES/hp-name-spaces.hp" | cmp - "$CASES/hp-name-spaces.hp"
	run hpslice -m 1 "$CASES/hp-name-spaces.hp"
	[ "${lines[5]}" = "$(printf '(7)parse input/main\t4096')" ]
	[ "${lines[6]}" = "$(printf 'OTHER\t512')" ]
}

@test "case hp-incomplete-tail: header and first sample, one warning, exit 0 (with -m too)" {
	need_cases
	for opt in "" "-m 1" "-s 0"; do
		hpslice $opt "$CASES/hp-incomplete-tail.hp" >"$BATS_TEST_TMPDIR/o" 2>"$BATS_TEST_TMPDIR/e"
		head -7 "$CASES/hp-incomplete-tail.hp" | cmp - "$BATS_TEST_TMPDIR/o"
		[ "$(cat "$BATS_TEST_TMPDIR/e")" = "hpslice: $CASES/hp-incomplete-tail.hp:8: warning: incomplete sample at end of input (no END_SAMPLE): dropped" ]
	done
}

# ---- -m and -t read the input twice ----

@test "-m on a pipe spools it to TMPDIR, removed at once; a regular file is read twice" {
	d="$BATS_TEST_TMPDIR/spool"
	mkdir "$d"
	want=$(hpslice -m 3 "$FIX/leak.hd.hp")
	[ "$(cat "$FIX/leak.hd.hp" | TMPDIR="$d" hpslice -m 3)" = "$want" ]
	[ -z "$(ls -A "$d")" ]
	# standard input that is a regular file is read again, not spooled
	# (natively even under make check-valgrind: valgrind makes its own
	# files in $TMPDIR and cannot start without one; the run after it
	# takes the same path under memcheck)
	[ "$(TMPDIR=/nonexistent "$TOP/hpslice" -m 3 <"$FIX/leak.hd.hp")" = "$want" ]
	[ "$(TMPDIR="$d" hpslice -m 3 <"$FIX/leak.hd.hp")" = "$want" ]
	[ -z "$(ls -A "$d")" ]
	# so is a file operand that is a pipe
	[ "$(TMPDIR="$d" hpslice -m 3 <(cat "$FIX/leak.hd.hp"))" = "$want" ]
	[ -z "$(ls -A "$d")" ]
}

@test "-m: the spool file is gone while hpslice runs and after a signal" {
	need_timing
	d="$BATS_TEST_TMPDIR/spool"
	mkdir "$d"
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	TMPDIR="$d" hpslice -m 2 <"$BATS_TEST_TMPDIR/fifo" >/dev/null 2>&1 3>&- &
	pid=$!
	exec 4>"$BATS_TEST_TMPDIR/fifo"
	cat "$FIX/leak.hd.hp" >&4
	sleep 1
	# hpslice is spooling, waiting for the rest of its input: its spool
	# file is open but has no name
	[ -z "$(ls -A "$d")" ]
	if [ -d /proc/$pid/fd ]; then
		ls -l /proc/$pid/fd | grep -q "$d/hpslice\..* (deleted)"
	fi
	kill -TERM $pid
	st=0
	wait $pid || st=$?
	exec 4>&-
	[ "$st" -eq 143 ]
	[ -z "$(ls -A "$d")" ]
}

@test "-m: a spool file that cannot be made or written is an error, exit 2" {
	# natively even under make check-valgrind: valgrind makes its own
	# files in $TMPDIR and cannot start without one (the write error
	# below runs the same error path under memcheck)
	run sh -c "cat '$FIX/leak.hd.hp' | TMPDIR=/nonexistent '$TOP/hpslice' -m 2"
	[ "$status" -eq 2 ]
	[ "$output" = "hpslice: cannot spool <stdin> to /nonexistent: No such file or directory" ]
	# a file size limit of 512 bytes: writing the spool fails
	run bash -c "trap '' XFSZ; ulimit -f 1; cat '$FIX/leak.hd.hp' | TMPDIR='$BATS_TEST_TMPDIR' hpslice -m 2 >/dev/null"
	[ "$status" -eq 2 ]
	[ "$output" = "hpslice: cannot spool <stdin> to $BATS_TEST_TMPDIR: File too large" ]
}

# ---- output ----

@test "an error after output has begun ends it with the trailer" {
	f="$BATS_TEST_TMPDIR/big.hp"
	for i in $(seq 30); do echo "$FIX/leak.hd.hp"; done | xargs hpcat >"$f"
	printf 'BEGIN_SAMPLE 99.0\nx\t1y\nEND_SAMPLE 99.0\n' >>"$f"
	line=$(($(wc -l <"$f") - 1))
	for opt in "" "-m 2" "-o tsv"; do
		st=0
		hpslice $opt "$f" >"$BATS_TEST_TMPDIR/o" 2>"$BATS_TEST_TMPDIR/e" || st=$?
		[ "$st" -eq 2 ]
		[ "$(cat "$BATS_TEST_TMPDIR/e")" = "hpslice: $f:$line: bad value '1y' in band row" ]
		if [ "$opt" = "-m 2" ]; then
			# the first pass finds it: nothing is written
			[ ! -s "$BATS_TEST_TMPDIR/o" ]
			continue
		fi
		[ "$(tail -1 "$BATS_TEST_TMPDIR/o")" = "hpslice: error: output incomplete, see the messages of hpslice" ]
		[ "$(wc -c <"$BATS_TEST_TMPDIR/o")" -gt 65536 ]
	done
}

@test "a full disk is a write error, exit 2; a closed pipe ends quietly" {
	run sh -c "hpslice -m 3 '$FIX/leak.hd.hp' >/dev/full"
	[ "$status" -eq 2 ]
	[ "$output" = "hpslice: write error: No space left on device" ]
	run bash -c "set -o pipefail; for i in 1 2 3 4 5 6 7 8; do cat '$FIX/leak.hd.hp'; done | hpslice -s 0 2>/dev/null | head -1"
	[ "$status" -eq 0 ]
	[ "$output" = 'JOB "leak 200000 +RTS -hd -i0.02"' ]
}

@test "output does not depend on the locale" {
	for loc in C de_DE.UTF-8 fr_FR.UTF-8; do
		LC_ALL=$loc hpslice -s 0,1 "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/$loc.err" 2>&1 || true
		LC_ALL=$loc hpslice -s 0.1 -t 2.5 -z "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/$loc"
	done
	cmp "$BATS_TEST_TMPDIR/C" "$BATS_TEST_TMPDIR/de_DE.UTF-8"
	cmp "$BATS_TEST_TMPDIR/C" "$BATS_TEST_TMPDIR/fr_FR.UTF-8"
	grep -q '^hpslice: -s: not a time: "0,1"$' "$BATS_TEST_TMPDIR/de_DE.UTF-8.err"
}

@test "a terminal on standard input is refused with the usage" {
	command -v script >/dev/null || skip "no script(1)"
	run script -qec "$TOP/hpslice -m 2" /dev/null
	[ "$status" -eq 2 ]
	[[ "$output" == *"hpslice: standard input is a terminal; name a profile or pipe one in"* ]]
}

@test "usage errors write nothing on standard output" {
	for a in "-s abc" "-s 10 -e 2" "-n 0" "-n 5,2" "-j 0" "-m 0" "-t 101" "-E -k ("; do
		hpslice $a "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/o" 2>/dev/null && return 1
		[ ! -s "$BATS_TEST_TMPDIR/o" ] || { echo "$a"; return 1; }
	done
}

# ---- the EXAMPLES of man/hpslice.1, run as the page prints them ----

@test "man examples: every line runs, on real profiles, and does what it says" {
	cd "$BATS_TEST_TMPDIR"
	# a real profile 14 s long: 60 runs of the leak fixture joined
	for i in $(seq 60); do echo "$FIX/leak.hc.hp"; done | xargs hpcat >prog.hp
	# a profile of 1000 samples for thinning
	for i in $(seq 80); do echo "$FIX/leak.hm.hp"; done | xargs hpcat | hpslice -n 1,1000 >big.hp
	# and the empty sample that ends the slice of a complete run
	[ "$(grep -c '^BEGIN_SAMPLE' big.hp)" -eq 1001 ]
	have_hp2ps=1
	command -v hp2ps >/dev/null || have_hp2ps=0
	n=0
	while IFS= read -r line; do
		case $line in *hp2ps*) [ $have_hp2ps = 1 ] || continue ;; esac
		eval "$line" || { echo "failed: $line"; return 1; }
		n=$((n + 1))
	done < <(man_examples hpslice.1)
	[ "$n" -eq 5 ] || [ $have_hp2ps = 0 ]
	if [ $have_hp2ps = 1 ]; then
		head -1 zoom.ps | grep -q '^%!PS'
		head -1 top.ps | grep -q '^%!PS'
	fi
	# zoom: exactly the samples from 2 s to 10 s
	hpslice -s 2 -e 10 prog.hp | sed -n 's/^BEGIN_SAMPLE //p' >zoom.times
	[ "$(head -1 zoom.times | awk '{ print ($1 >= 2) }')" = 1 ]
	[ "$(tail -1 zoom.times | awk '{ print ($1 <= 10) }')" = 1 ]
	# thinning: every 50th of the 1001 (the 1001st is the final one)
	[ "$(grep -c '^BEGIN_SAMPLE' small.hp)" -eq 21 ]
	# the runtime's bands are gone, the others kept
	! grep -q 'SYSTEM\|PINNED' app.hp
	grep -q 'mkItems' app.hp
	# the TSV: stacks through main only, times from 0
	[ -s main.tsv ]
	[ -z "$(sed 1d main.tsv | cut -f2 | grep -v '/main\|^OTHER$')" ]
	[ "$(hpslice -k /main -t 5 -z prog.hp | sed -n 's/^BEGIN_SAMPLE //p' | head -1)" = "0.000000" ]
}

@test "-h: the usage fits in 80 columns, and -q is in it" {
	run hpslice -h
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | awk 'length > 80' | wc -l)" -eq 0 ]
	[ "$(printf '%s\n' "$output" | wc -l)" -eq 3 ]
	case $output in *-Eqz*) ;; *) return 1 ;; esac
}

@test "SEE ALSO names every other program" {
	sec=$(sed -n '/^\.Sh SEE ALSO/,/^\.Sh /p' "$TOP/man/hpslice.1")
	for p in $(make -s -C "$TOP" progs); do
		[ "$p" = hpslice ] && continue
		printf '%s\n' "$sec" | grep -q "^\.Xr $p 1" || { echo "no $p(1)"; return 1; }
	done
}

# Issue 25: hpslice gave an -hi eventlog's bands as bare addresses, with
# no word, where hpcat and hpstat name them by the log's own IPE events.
@test "an -hi eventlog file: bands named by its own IPE events, as hpcat names them; from a pipe, bare with a warning" {
	local f="$FIX/ipe.l-hi.eventlog" d="$BATS_TEST_TMPDIR" o
	for o in "-n 2,5" "-m 4" "-t 5" "-s 1 -e 2" "-k ^Main -o tsv" "-z -j 3"; do
		hpslice $o "$f" >"$d/a" 2>"$d/err"
		hpcat -q "$f" | hpslice -q $o >"$d/b"
		cmp "$d/a" "$d/b" || { echo "$o"; return 1; }
		# one warning, even when -m/-t read the log twice
		[ "$(cat "$d/err")" = "hpslice: $f: warning: 39 of 60 info-table bands are not in the IPE table: bare addresses kept" ]
	done
	grep -q '^Main\.main{THUNK_2_0::IO_()}@Ipe\.hs:(28,1)-(39,38)#0x40baf8	' "$d/a"
	# standard input, a pipe named as a file: read once, bare, said
	run sh -c "hpslice -m 4 <'$f' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "hpslice: <stdin>: warning: 60 info-table bands keep bare addresses: an eventlog names its own only as a file, not from standard input (name the file instead, or its bands with hpcat -I first)" ]
	run sh -c "cat '$f' | hpslice -n 2 /dev/stdin 2>&1 >/dev/null"
	[ "$output" = "hpslice: /dev/stdin: warning: 60 info-table bands keep bare addresses: an eventlog names its own only as a file, not from a pipe (name the file instead, or its bands with hpcat -I first)" ]
	hpslice -q -n 2 <"$f" | sed -n '6,$p' | grep -v '_SAMPLE ' | cut -f 1 | grep -v '^0x' | { ! grep -q .; }
	# -q, another breakdown's log, a .hp of -hi bands: no word
	run sh -c "hpslice -q -n 2 <'$f' 2>&1 >/dev/null"
	[ "$output" = "" ]
	run sh -c "hpslice <'$FIX/leak.l-hc.eventlog' 2>&1 >/dev/null"
	[ "$output" = "" ]
	run sh -c "hpslice <'$FIX/ipe.l-hi.hp' 2>&1 >/dev/null"
	[ "$output" = "" ]
}

# Issue 25 (kin of the session-9 fuzz finding in hp_read): -z took the
# origin away as text, 1.600 after 1.50 less 0.5 made 1.100 after 1.00,
# which hpcat then read as GHC 6.x's carry 2.00.
@test "-z: a time made to look like a GHC 6.x carry is written without its last zero, and hpcat reads it back as written" {
	local o="$BATS_TEST_TMPDIR"
	printf 'JOB "a"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.5\nEND_SAMPLE 0.5\nBEGIN_SAMPLE 1.50\nx\t1\nEND_SAMPLE 1.50\nMARK 1.600\nBEGIN_SAMPLE 1.600\nx\t2\nEND_SAMPLE 1.600\n' >"$o/z.hp"
	hpslice -z -s 0.5 "$o/z.hp" >"$o/1"
	[ "$(grep -E '^(BEGIN_SAMPLE|MARK)' "$o/1" | tr '\n' ' ')" = "BEGIN_SAMPLE 0.0 BEGIN_SAMPLE 1.00 MARK 1.10 BEGIN_SAMPLE 1.10 " ]
	hpcat "$o/1" >"$o/2" 2>"$o/err"
	cmp "$o/1" "$o/2"
	[ ! -s "$o/err" ]
}
