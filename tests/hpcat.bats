#!/usr/bin/env bats
# hpcat: golden cases (tests/cases/hpcat), real profiles (fixtures and
# ../shared/corpus), the ../shared/cases rows, pipes, files and follow mode.

load helper

# sums FILE: "samples N" then one "band<TAB>total bytes" line per band
# name, sorted: what must survive hpcat unchanged.
sums() {
	awk '
	/^END_SAMPLE/ { n++ }
	/\t[0-9]+\r?$/ {
		v = $0; sub(/\r$/, "", v); i = match(v, /\t[0-9]+$/)
		s[substr(v, 1, i - 1)] += substr(v, i + 1)
	}
	END { print "samples", n + 0; for (k in s) printf "%s\t%.0f\n", k, s[k] }
	' "$1" | LC_ALL=C sort
}

# same_profile IN: hpcat IN exits 0 and keeps samples and band totals.
same_profile() {
	run hpcat "$1"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	hpcat "$1" 2>/dev/null >"$BATS_TEST_TMPDIR/o.hp"
	diff -u <(sums "$1") <(sums "$BATS_TEST_TMPDIR/o.hp")
}

# hp2ps_accepts IN: hp2ps reads hpcat's output of IN.
hp2ps_accepts() {
	hpcat -q "$1" >"$BATS_TEST_TMPDIR/o.hp"
	(cd "$BATS_TEST_TMPDIR" && hp2ps o.hp) || return 1
	[ -s "$BATS_TEST_TMPDIR/o.ps" ]
}

@test "golden: bad-time" { golden hpcat bad-time; }
@test "golden: bad-value" { golden hpcat bad-value; }
@test "golden: blank-lines" { golden hpcat blank-lines; }
@test "golden: carry" { golden hpcat carry; }
@test "golden: carry-quiet" { golden hpcat carry-quiet; }
@test "golden: carry-strict" { golden hpcat carry-strict; }
@test "golden: comma" { golden hpcat comma; }
@test "golden: comma-strict" { golden hpcat comma-strict; }
@test "golden: crlf" { golden hpcat crlf; }
@test "golden: duplicates" { golden hpcat duplicates; }
@test "golden: empty" { golden hpcat empty; }
@test "golden: end-outside" { golden hpcat end-outside; }
@test "golden: end-time-differs" { golden hpcat end-time-differs; }
@test "golden: eventlog" { golden hpcat eventlog; }
@test "golden: file-name" { golden hpcat file-name; }
@test "golden: header-after-sample" { golden hpcat header-after-sample; }
@test "golden: header-only" { golden hpcat header-only; }
@test "golden: integer-time" { golden hpcat integer-time; }
@test "golden: job-eof" { golden hpcat job-eof; }
@test "golden: job-multiline" { golden hpcat job-multiline; }
@test "golden: job-no-string" { golden hpcat job-no-string; }
@test "golden: job-old-quote" { golden hpcat job-old-quote; }
@test "golden: job-quotes" { golden hpcat job-quotes; }
@test "golden: job-runaway" { golden hpcat job-runaway; }
@test "golden: job-trailing-text" { golden hpcat job-trailing-text; }
@test "golden: join" { golden hpcat join; }
@test "golden: join-empty" { golden hpcat join-empty; }
@test "golden: join-missing" { golden hpcat join-missing; }
@test "golden: join-tsv" { golden hpcat join-tsv; }
@test "golden: join-wide" { golden hpcat join-wide; }
@test "golden: mark" { golden hpcat mark; }
@test "golden: mark-in-sample" { golden hpcat mark-in-sample; }
@test "golden: missing-end-mid" { golden hpcat missing-end-mid; }
@test "golden: missing-header" { golden hpcat missing-header; }
@test "golden: missing-header-strict" { golden hpcat missing-header-strict; }
@test "golden: names" { golden hpcat names; }
@test "golden: names-tsv" { golden hpcat names-tsv; }
@test "golden: names-wide" { golden hpcat names-wide; }
@test "golden: negative-time" { golden hpcat negative-time; }
@test "golden: no-samples" { golden hpcat no-samples; }
@test "golden: no-tab" { golden hpcat no-tab; }
@test "golden: not-hp" { golden hpcat not-hp; }
@test "golden: nul-byte" { golden hpcat nul-byte; }
@test "golden: only-blank" { golden hpcat only-blank; }
@test "golden: out-of-order" { golden hpcat out-of-order; }
@test "golden: out-of-order-strict" { golden hpcat out-of-order-strict; }
@test "golden: row-outside" { golden hpcat row-outside; }
@test "golden: second-job" { golden hpcat second-job; }
@test "golden: sum-overflow" { golden hpcat sum-overflow; }
@test "golden: tail-after-begin" { golden hpcat tail-after-begin; }
@test "golden: tail-after-end" { golden hpcat tail-after-end; }
@test "golden: tail-cut-begin" { golden hpcat tail-cut-begin; }
@test "golden: tail-cut-end-time" { golden hpcat tail-cut-end-time; }
@test "golden: tail-end-no-newline" { golden hpcat tail-end-no-newline; }
@test "golden: tail-hT-crash" { golden hpcat tail-hT-crash; }
@test "golden: tail-mid-name" { golden hpcat tail-mid-name; }
@test "golden: tail-mid-number" { golden hpcat tail-mid-number; }
@test "golden: tail-strict" { golden hpcat tail-strict; }
@test "golden: unexpected-line" { golden hpcat unexpected-line; }
@test "golden: value-max" { golden hpcat value-max; }
@test "golden: value-overflow" { golden hpcat value-overflow; }
@test "golden: carry-milliseconds" { golden hpcat carry-milliseconds; }
@test "golden: carry-after-six-decimals" { golden hpcat carry-after-six-decimals; }
@test "golden: carry-other-seconds" { golden hpcat carry-other-seconds; }
@test "golden: nul-in-tail" { golden hpcat nul-in-tail; }
@test "golden: nul-in-tail-row" { golden hpcat nul-in-tail-row; }
@test "golden: nul-in-complete-sample" { golden hpcat nul-in-complete-sample; }
@test "golden: nul-between-samples" { golden hpcat nul-between-samples; }
@test "golden: blank-spaces" { golden hpcat blank-spaces; }
@test "golden: header-cut" { golden hpcat header-cut; }
@test "golden: header-cut-string" { golden hpcat header-cut-string; }
@test "golden: header-first-line-cut" { golden hpcat header-first-line-cut; }
@test "golden: header-no-newline" { golden hpcat header-no-newline; }
@test "golden: no-samples-strict" { golden hpcat no-samples-strict; }
@test "golden: join-exact" { golden hpcat join-exact; }
@test "golden: bom" { golden hpcat bom; }
@test "golden: not-utf8" { golden hpcat not-utf8; }
@test "golden: concatenated" { golden hpcat concatenated; }
@test "golden: concatenated-strict" { golden hpcat concatenated-strict; }
@test "golden: concatenated-cut" { golden hpcat concatenated-cut; }
@test "golden: crcrlf" { golden hpcat crcrlf; }
@test "golden: first-line-cut" { golden hpcat first-line-cut; }
@test "every fixture keeps its samples and band totals" {
	for f in "$FIX"/*.hp; do
		same_profile "$f" || { echo "in $f"; return 1; }
	done
}

@test "every corpus .hp exits 0 and keeps its samples and band totals" {
	need_corpus
	n=0
	for f in "$CORPUS"/hp/*.hp; do
		same_profile "$f" || { echo "in $f"; return 1; }
		n=$((n + 1))
	done
	[ "$n" -ge 10 ]
}

@test "complete GHC profiles come out byte for byte" {
	for f in "$FIX"/leak.h?.hp "$FIX"/names.P.hp; do
		hpcat "$f" | cmp - "$f"
	done
}

@test "hp2ps accepts hpcat output of every fixture" {
	command -v hp2ps >/dev/null || skip "no hp2ps"
	for f in "$FIX"/*.hp; do
		hp2ps_accepts "$f" || { echo "in $f"; return 1; }
	done
}

@test "hp2ps accepts hpcat output of every corpus .hp" {
	need_corpus
	command -v hp2ps >/dev/null || skip "no hp2ps"
	for f in "$CORPUS"/hp/*.hp; do
		hp2ps_accepts "$f" || { echo "in $f"; return 1; }
	done
}

@test "hp2ps accepts repaired profiles (cut tail, carry, comma, duplicates)" {
	command -v hp2ps >/dev/null || skip "no hp2ps"
	for n in tail-mid-number tail-hT-crash carry comma duplicates integer-time missing-header mark; do
		hp2ps_accepts "$TOP/tests/cases/hpcat/$n.in" || { echo "in $n"; return 1; }
	done
}

@test "a profile copied while its program ran is read whole" {
	run hpcat "$FIX/leak.cut.hp"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^END_SAMPLE' "$FIX/leak.cut.hp")" = "$(printf '%s\n' "$output" | grep -c '^END_SAMPLE')" ]
}

@test "duplicated band names in a real -hy profile are summed" {
	need_corpus
	f="$CORPUS/hp/tylerwx51_StartStopFRP__example.hy.hp"
	run hpcat "$f"
	[ "$status" -eq 0 ]
	# the input has rows that repeat a name inside one sample; the output never does
	dups() { awk '/^BEGIN_SAMPLE/{delete s} /\t[0-9]+$/{i=match($0,/\t[0-9]+$/); k=substr($0,1,i-1); if (k in s) d++; s[k]=1} END{print d+0}' "$1"; }
	[ "$(dups "$f")" -gt 0 ]
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/o.hp"
	[ "$(dups "$BATS_TEST_TMPDIR/o.hp")" -eq 0 ]
}

# ---- ../shared/cases rows ----

@test "case hp-name-spaces: the name is all before the last TAB" {
	need_cases
	run hpcat -o tsv "$CASES/hp-name-spaces.hp"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "$(printf '0.100000\t(7)parse input/main\t4096')" ]
	hpcat "$CASES/hp-name-spaces.hp" | cmp - "$CASES/hp-name-spaces.hp"
}

@test "case hp-time-carry: 13.100 is read as 14.00 with a warning; -S fails" {
	need_cases
	run hpcat -o tsv "$CASES/hp-time-carry.hp"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hpcat: $CASES/hp-time-carry.hp:8: warning: two-decimal time '13.100' has a carry: read as 14.00" ]
	[ "$(hpcat -q -o tsv "$CASES/hp-time-carry.hp" | cut -f1 | tr '\n' ' ')" = "time 13.90 14.00 14.09 " ]
	run hpcat -S "$CASES/hp-time-carry.hp"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: $CASES/hp-time-carry.hp:8: two-decimal time '13.100' has a carry" ]
}

@test "case hp-job-quoting: JOB written back byte for byte" {
	need_cases
	run hpcat "$CASES/hp-job-quoting.hp"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = 'JOB "demo C:\work\in.txt ""two words"" +RTS -hT"' ]
	hpcat "$CASES/hp-job-quoting.hp" | cmp - "$CASES/hp-job-quoting.hp"
}

@test "case hp-incomplete-tail: header and first sample, one warning, exit 0; -S exits 2" {
	need_cases
	hpcat "$CASES/hp-incomplete-tail.hp" >"$BATS_TEST_TMPDIR/o" 2>"$BATS_TEST_TMPDIR/e"
	head -7 "$CASES/hp-incomplete-tail.hp" | cmp - "$BATS_TEST_TMPDIR/o"
	[ "$(cat "$BATS_TEST_TMPDIR/e")" = "hpcat: $CASES/hp-incomplete-tail.hp:8: warning: incomplete sample at end of input (no END_SAMPLE): dropped" ]
	run hpcat -S "$CASES/hp-incomplete-tail.hp"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: $CASES/hp-incomplete-tail.hp:8: incomplete sample at end of input (no END_SAMPLE)" ]
}

@test "case hp-header-only: one empty sample, exit 0" {
	need_cases
	run hpcat "$CASES/hp-header-only.hp"
	[ "$status" -eq 0 ]
	hpcat "$CASES/hp-header-only.hp" | cmp - "$CASES/hp-header-only.hp"
}

@test "case empty.hp: empty input, exit 2, no output" {
	need_cases
	hpcat "$CASES/empty.hp" >"$BATS_TEST_TMPDIR/o" 2>"$BATS_TEST_TMPDIR/e" && return 1
	[ $? -eq 2 ] || true
	[ ! -s "$BATS_TEST_TMPDIR/o" ]
	[ "$(cat "$BATS_TEST_TMPDIR/e")" = "hpcat: $CASES/empty.hp: empty input" ]
	run hpcat "$CASES/empty.hp"
	[ "$status" -eq 2 ]
}

# ---- files, pipes, terminals ----

@test "a full disk is a write error, exit 2" {
	run sh -c "hpcat '$FIX/leak.hd.hp' >/dev/full"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: write error: No space left on device" ]
}

@test "a closed pipe ends hpcat quietly" {
	run bash -c "set -o pipefail; hpcat '$FIX/leak.hd.hp' | head -1"
	[ "$status" -eq 0 ]
	[ "$output" = 'JOB "leak 200000 +RTS -hd -i0.02"' ]
	# a big input, so that hpcat is still writing when head exits
	run bash -c "set -o pipefail; for i in 1 2 3 4 5 6 7 8; do cat '$FIX/leak.hd.hp'; done | hpcat -q -o tsv | head -1"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'time\tband\tbytes')" ]
}

@test "an unreadable file is 'hpcat: FILE: reason', exit 2" {
	run hpcat "$BATS_TEST_TMPDIR/none.hp"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: $BATS_TEST_TMPDIR/none.hp: No such file or directory" ]
	run hpcat "$BATS_TEST_TMPDIR"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: $BATS_TEST_TMPDIR: Is a directory" ]
}

@test "a terminal on standard input is refused with the usage" {
	command -v script >/dev/null || skip "no script(1)"
	run script -qec "$TOP/hpcat" /dev/null
	[ "$status" -eq 2 ]
	[[ "$output" == *"hpcat: standard input is a terminal; name a profile or pipe one in"* ]]
	[[ "$output" == *"usage: hpcat [-fSq] [-o hp|tsv|wide|svg] [file ...]"* ]]
}

@test "output does not depend on the locale" {
	for loc in C de_DE.UTF-8 fr_FR.UTF-8; do
		for fmt in hp tsv wide; do
			LC_ALL=$loc hpcat -q -o $fmt "$FIX/leak.hc.hp" "$TOP/tests/cases/hpcat/comma.in" >"$BATS_TEST_TMPDIR/$loc.$fmt"
		done
	done
	for fmt in hp tsv wide; do
		cmp "$BATS_TEST_TMPDIR/C.$fmt" "$BATS_TEST_TMPDIR/de_DE.UTF-8.$fmt"
		cmp "$BATS_TEST_TMPDIR/C.$fmt" "$BATS_TEST_TMPDIR/fr_FR.UTF-8.$fmt"
	done
	grep -q '^BEGIN_SAMPLE 0.480256$' "$BATS_TEST_TMPDIR/C.hp"
}

# ---- usage ----

@test "-h prints the usage on stdout, exit 0" {
	run hpcat -h
	[ "$status" -eq 0 ]
	[ "$output" = "usage: hpcat [-fSq] [-o hp|tsv|wide|svg] [file ...]" ]
}

@test "-V prints the version" {
	run hpcat -V
	[ "$status" -eq 0 ]
	[[ "$output" =~ ^hpcat\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "bad usage: message and usage on stderr, exit 2" {
	run hpcat -Z
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hpcat: unknown option -Z" ]
	[ "${lines[1]}" = "usage: hpcat [-fSq] [-o hp|tsv|wide|svg] [file ...]" ]
	[ "${#lines[@]}" -eq 2 ]
	run hpcat -o
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hpcat: option -o needs an argument" ]
	run hpcat --help
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = 'hpcat: unknown option "--help": options are single letters (see -h)' ]
	run hpcat -o png x
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = 'hpcat: -o: unknown output format "png" (one of: hp, tsv, wide, ipe, cc, svg)' ]
	run hpcat -o ipe x
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hpcat: -o ipe needs eventlog input, not supported yet" ]
	run hpcat -I table.tsv x
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hpcat: -I needs eventlog input, not supported yet" ]
	run hpcat -f -o wide x
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hpcat: -o wide cannot follow a file (-f)" ]
}

# ---- follow mode ----

# wait_for CMD...: retry CMD for up to 10 seconds.
wait_for() {
	local i
	for i in $(seq 100); do
		"$@" && return 0
		sleep 0.1
	done
	return 1
}

# Write a profile in steps, as a running program does.
@test "-f follows a growing file and ends at the final empty sample" {
	f="$BATS_TEST_TMPDIR/live.hp"
	out="$BATS_TEST_TMPDIR/out"
	head -c 0 /dev/null >"$f"
	printf 'JOB "live"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.000000\nEND_SAMPLE 0.000000\n' >"$f"
	timeout 20 hpcat -f "$f" >"$out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	sleep 0.5
	printf 'BEGIN_SAMPLE 0.100000\nx\t8\n' >>"$f"
	sleep 0.5
	# the sample is written only once its END_SAMPLE has arrived
	! grep -q 'x' "$out"
	printf 'END_SAMPLE 0.100000\nBEGIN_SAMPLE 0.200000\nx\t1' >>"$f"
	wait_for grep -q '^END_SAMPLE 0.100000$' "$out"
	printf '6\nEND_SAMPLE 0.200000\nBEGIN_SAMPLE 0.300000\nEND_SAMPLE 0.300000\n' >>"$f"
	wait $pid
	cmp "$f" "$out"
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
}

@test "-f ends on SIGTERM, dropping the sample in progress" {
	f="$BATS_TEST_TMPDIR/live.hp"
	out="$BATS_TEST_TMPDIR/out"
	printf 'JOB "live"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.000000\nEND_SAMPLE 0.000000\nBEGIN_SAMPLE 0.100000\nx\t8\n' >"$f"
	timeout 20 hpcat -f "$f" >"$out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	# hpcat has written what it has and is waiting for more
	wait_for grep -q '^END_SAMPLE 0.000000$' "$out"
	kill -TERM $pid
	st=0
	wait $pid || st=$?
	[ "$st" -eq 0 ]
	[ "$(cat "$out")" = "$(head -6 "$f")" ]
	[ "$(cat "$BATS_TEST_TMPDIR/err")" = "hpcat: $f:7: warning: incomplete sample at end of input (no END_SAMPLE): dropped" ]
}

@test "-f on a complete file or a pipe reads it once" {
	run timeout 10 hpcat -f "$FIX/leak.hc.hp"
	[ "$status" -eq 0 ]
	run timeout 10 sh -c "cat '$FIX/leak.hm.hp' | hpcat -f"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$FIX/leak.hm.hp")" ]
}

# ---- the EXAMPLES of man/hpcat.1, run on real profiles ----

@test "man examples: hp2ps of a running program's profile" {
	command -v hp2ps >/dev/null || skip "no hp2ps"
	cd "$BATS_TEST_TMPDIR"
	cp "$FIX/leak.cut.hp" prog.hp
	hpcat prog.hp | hp2ps -c > prog.ps
	head -1 prog.ps | grep -q '^%!PS'
	# the loop body of the live-view example
	hpcat -q prog.hp | hp2ps -c > prog.ps
	head -1 prog.ps | grep -q '^%!PS'
}

@test "man examples: wide table for gnuplot" {
	cd "$BATS_TEST_TMPDIR"
	cp "$FIX/leak.hy.hp" prog.hp
	hpcat -o wide prog.hp > prog.tsv
	# one row per sample plus the names, and every row has as many fields
	[ "$(wc -l < prog.tsv)" -eq $(( $(grep -c '^BEGIN_SAMPLE' prog.hp) + 1 )) ]
	[ "$(awk -F'\t' '{print NF}' prog.tsv | sort -u | wc -l)" -eq 1 ]
	if command -v gnuplot >/dev/null; then
		gnuplot -e "set terminal dumb; set key autotitle columnhead; plot for [i=2:*] 'prog.tsv' using 1:i with lines" >/dev/null
	fi
}

@test "man examples: total bytes per band with awk" {
	cd "$BATS_TEST_TMPDIR"
	cp "$FIX/leak.hm.hp" prog.hp
	hpcat -o tsv prog.hp | awk -F'\t' 'NR>1{s[$2]+=$3} END{for(b in s) print s[b], b}' | sort -rn > totals
	[ "$(head -1 totals | cut -d' ' -f2)" = "Main" ]
	[ "$(wc -l < totals)" -eq "$(grep -v '^[A-Z_]* ' prog.hp | cut -f1 | sort -u | wc -l)" ]
}

@test "man examples: two runs on one time axis" {
	command -v hp2ps >/dev/null || skip "no hp2ps"
	cd "$BATS_TEST_TMPDIR"
	cp "$FIX/leak.hc.hp" monday.hp
	cp "$FIX/leak.hcL.hp" tuesday.hp
	hpcat monday.hp tuesday.hp | hp2ps -c > week.ps
	head -1 week.ps | grep -q '^%!PS'
	[ "$(hpcat monday.hp tuesday.hp | grep -c '^BEGIN_SAMPLE')" -eq $(( $(grep -c '^BEGIN_SAMPLE' monday.hp) + $(grep -c '^BEGIN_SAMPLE' tuesday.hp) )) ]
}

@test "man examples: -S fails a CI job on an incomplete profile" {
	cd "$BATS_TEST_TMPDIR"
	cp "$FIX/leak.hc.hp" prog.hp
	hpcat -S prog.hp > /dev/null
	head -c 3000 prog.hp > prog.hp.cut
	run hpcat -S prog.hp.cut
	[ "$status" -eq 2 ]
}

@test "man examples: watching a live profile as TSV rows" {
	cd "$BATS_TEST_TMPDIR"
	cp "$FIX/leak.hy.hp" prog.hp
	run timeout 10 sh -c "hpcat -f -o tsv prog.hp | awk -F'\t' '\$2 ~ /Map/'"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -gt 0 ]
	[[ "${lines[0]}" == *"Map"* ]]
}

# ---- output after an error ----

@test "an error late in a big input: complete samples, then a line no reader accepts" {
	f="$BATS_TEST_TMPDIR/bad.hp"
	{
		printf 'JOB "x"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
		awk 'BEGIN { for (i = 1; i <= 20000; i++) printf "BEGIN_SAMPLE %d.0\nalpha\t1\nbeta\t2\nEND_SAMPLE %d.0\n", i, i }'
		printf 'BEGIN_SAMPLE 99999.0\nbad\tx\nEND_SAMPLE 99999.0\n'
	} >"$f"
	run sh -c "hpcat '$f' > '$BATS_TEST_TMPDIR/out'"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: $f:80006: bad value 'x' in band row" ]
	# what was written is whole samples, then the trailer
	[ "$(tail -n 1 "$BATS_TEST_TMPDIR/out")" = "hpcat: error: output incomplete, see the messages of hpcat" ]
	[ "$(tail -n 2 "$BATS_TEST_TMPDIR/out" | head -1 | cut -d' ' -f1)" = END_SAMPLE ]
	[ "$(grep -c '^BEGIN_SAMPLE' "$BATS_TEST_TMPDIR/out")" = "$(grep -c '^END_SAMPLE' "$BATS_TEST_TMPDIR/out")" ]
	# so that the next program in the pipeline fails too
	run sh -c "hpcat -q '$BATS_TEST_TMPDIR/out' >/dev/null"
	[ "$status" -eq 2 ]
	if command -v hp2ps >/dev/null; then
		run sh -c "cd '$BATS_TEST_TMPDIR' && hp2ps -c out"
		[ "$status" -ne 0 ]
	fi
	run sh -c "hpcat -o tsv '$f' > '$BATS_TEST_TMPDIR/out'"
	[ "$status" -eq 2 ]
	[ "$(tail -n 1 "$BATS_TEST_TMPDIR/out")" = "hpcat: error: output incomplete, see the messages of hpcat" ]
	[ "$(tail -n 2 "$BATS_TEST_TMPDIR/out" | head -1 | cut -f2)" = beta ]
}

@test "an error in a small input leaves no output at all" {
	run sh -c "hpcat '$TOP/tests/cases/hpcat/bad-value.in' > '$BATS_TEST_TMPDIR/out'"
	[ "$status" -eq 2 ]
	[ ! -s "$BATS_TEST_TMPDIR/out" ]
}

@test "options after a file are refused" {
	run hpcat "$FIX/leak.hc.hp" -q
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = 'hpcat: options must come before files: "-q"' ]
	[ "${lines[1]}" = "usage: hpcat [-fSq] [-o hp|tsv|wide|svg] [file ...]" ]
}

@test "-f stops with a warning when the followed file is rewritten" {
	f="$BATS_TEST_TMPDIR/live.hp"
	out="$BATS_TEST_TMPDIR/out"
	head -20 "$FIX/leak.hc.hp" >"$f"
	timeout 20 hpcat -f "$f" >"$out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for grep -q '^END_SAMPLE' "$out"
	# the program runs again: same file, new and longer content
	sed 's/leak 200000/leak 300000/' "$FIX/leak.hc.hp" >"$f"
	st=0
	wait $pid || st=$?
	[ "$st" -eq 0 ]
	[ "$(sed -n 1p "$BATS_TEST_TMPDIR/err")" = "hpcat: $f: warning: file rewritten while followed: stopped" ]
	[ "$(sed -n 2p "$BATS_TEST_TMPDIR/err")" = "hpcat: $f:19: warning: incomplete sample at end of input (no END_SAMPLE): dropped" ]
	# only what came from the first run
	[ "$(cat "$out")" = "$(head -18 "$FIX/leak.hc.hp")" ]
}

@test "-f on a pipe ends with the input, final sample or not" {
	need_cases
	run timeout 10 sh -c "cat '$CASES/hp-name-spaces.hp' | hpcat -f"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$CASES/hp-name-spaces.hp")" ]
}

@test "-f stops with a warning when the followed file is truncated" {
	f="$BATS_TEST_TMPDIR/live.hp"
	out="$BATS_TEST_TMPDIR/out"
	printf 'JOB "live"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.000000\nEND_SAMPLE 0.000000\nBEGIN_SAMPLE 0.100000\nx\t8\nEND_SAMPLE 0.100000\n' >"$f"
	timeout 20 hpcat -f "$f" >"$out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for grep -q '^END_SAMPLE 0.100000$' "$out"
	: >"$f"
	st=0
	wait $pid || st=$?
	[ "$st" -eq 0 ]
	[ "$(cat "$BATS_TEST_TMPDIR/err")" = "hpcat: $f: warning: file truncated while followed: stopped" ]
	[ "$(grep -c BEGIN_SAMPLE "$out")" -eq 2 ]
}
