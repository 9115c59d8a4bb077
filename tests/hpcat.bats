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

@test "golden cases (tests/cases/hpcat)" {
	golden_all hpcat
}

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

@test "hp2ps accepts hpcat output of every fixture (but a name with a newline)" {
	command -v hp2ps >/dev/null || skip "no hp2ps"
	for f in "$FIX"/*.hp; do
		# hp2ps splits names at white space, newlines too (CAVEATS)
		case $f in "$FIX"/newline.hc.hp | "$FIX"/newline.l-hc.hp) continue ;; esac
		hp2ps_accepts "$f" || { echo "in $f"; return 1; }
	done
	! hp2ps_accepts "$FIX/newline.hc.hp" 2>/dev/null
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
	[[ "$output" == *"usage: hpcat [-fSq] [-o hp|tsv|wide|svg|ipe|cc] [-I table] [file ...]"* ]]
}

@test "-I - with a terminal on standard input is refused at once, as plain hpcat is (issue 25)" {
	command -v script >/dev/null || skip "no script(1)"
	run timeout 10 script -qec "$TOP/hpcat -I - $FIX/ipe.l-hi.hp" /dev/null
	[ "$status" -eq 2 ]
	[[ "$output" == *"hpcat: standard input is a terminal; name a profile or pipe one in"* ]]
	[[ "$output" == *"usage: hpcat "* ]]
	# from a pipe, -I - is read
	hpcat -o ipe "$FIX/ipe.l-hi.eventlog" | hpcat -I - "$FIX/ipe.l-hi.hp" | cmp - <(hpcat -I "$FIX/ipe.l-hi.eventlog" "$FIX/ipe.l-hi.hp")
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
	[ "${lines[0]}" = "usage: hpcat [-fSq] [-o hp|tsv|wide|svg|ipe|cc] [-I table] [file ...]" ]
	[ "${lines[1]}" = "       hpcat -o svg [-m bands] [-t percent] [-Y size] [-X time] [file ...]" ]
	[ "${lines[2]}" = "See the manual: man hpcat" ]
	[ "${#lines[@]}" -eq 3 ]
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
	[ "${lines[1]}" = "usage: hpcat [-fSq] [-o hp|tsv|wide|svg|ipe|cc] [-I table] [file ...]" ]
	[ "${lines[2]}" = "       hpcat -o svg [-m bands] [-t percent] [-Y size] [-X time] [file ...]" ]
	[ "${#lines[@]}" -eq 3 ]
	run hpcat -o
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hpcat: option -o needs an argument" ]
	run hpcat --helpme
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = 'hpcat: unknown option "--helpme": options are single letters (see -h)' ]
	run hpcat -o png x
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = 'hpcat: -o: unknown output format "png" (one of: hp, tsv, wide, ipe, cc, svg)' ]
	run hpcat -f -o ipe x
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hpcat: -o ipe reads whole eventlogs: it cannot follow a file (-f)" ]
	run hpcat -I table.tsv -o cc x
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hpcat: -I names the bands of a profile: not with -o cc" ]
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

# Write a profile in steps, as a running program does: it holds the
# file open for writing from its first line to its exit.
@test "-f follows a growing file and ends at the final empty sample" {
	need_timing
	f="$BATS_TEST_TMPDIR/live.hp"
	out="$BATS_TEST_TMPDIR/out"
	: >"$f"
	exec 7>>"$f"
	printf 'JOB "live"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.000000\nEND_SAMPLE 0.000000\n' >&7
	timeout 20 hpcat -f "$f" 7>&- >"$out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	sleep 0.5
	printf 'BEGIN_SAMPLE 0.100000\nx\t8\n' >&7
	sleep 0.5
	# the sample is written only once its END_SAMPLE has arrived
	! grep -q 'x' "$out"
	printf 'END_SAMPLE 0.100000\nBEGIN_SAMPLE 0.200000\nx\t1' >&7
	wait_for grep -q '^END_SAMPLE 0.100000$' "$out"
	printf '6\nEND_SAMPLE 0.200000\nBEGIN_SAMPLE 0.300000\nEND_SAMPLE 0.300000\n' >&7
	exec 7>&-
	wait $pid
	cmp "$f" "$out"
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
}

@test "-f ends on SIGTERM, dropping the sample in progress" {
	f="$BATS_TEST_TMPDIR/live.hp"
	out="$BATS_TEST_TMPDIR/out"
	printf 'JOB "live"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.000000\nEND_SAMPLE 0.000000\nBEGIN_SAMPLE 0.100000\nx\t8\n' >"$f"
	timeout --foreground -k 5 20 hpcat -f "$f" >"$out" 2>"$BATS_TEST_TMPDIR/err" &
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

# example LINE: run one EXAMPLES line of the man page in the current
# directory, which holds prog.hp (a real -hy profile), monday.hp and
# tuesday.hp, and check what it made.  A line this does not know fails,
# so that every example gets a check.
example() {
	local line=$1 st=0 t
	case $line in
	*app.*|*cut.*) return 0 ;; # the IPE and -I examples: ipe.bats
	*"-o svg"*" > "*.svg)
		# what the chart shows is checked in svg.bats
		sh -c "$line"
		grep -q '^<svg ' "${line##*> }" ;;
	"while sleep"*)
		command -v hp2ps >/dev/null || return 0
		# one round of the loop (2 s) and hpcat's run: seconds more
		# under valgrind, where the program starts slowly
		t=3
		[ -z "${HPT_VALGRIND:-}" ] || t=10
		timeout "$t" sh -c "$line" || st=$?
		[ "$st" -eq 124 ] || { echo "status $st"; return 1; }
		head -1 prog.ps | grep -q '^%!PS' ;;
	*"| hp2ps -c > prog.ps")
		command -v hp2ps >/dev/null || return 0
		sh -c "$line"
		head -1 prog.ps | grep -q '^%!PS' ;;
	*"| hp2ps -c > week.ps")
		command -v hp2ps >/dev/null || return 0
		sh -c "$line"
		head -1 week.ps | grep -q '^%!PS' ;;
	*"| sort -rn")
		sh -c "$line" >totals
		# one line per band, the largest total first
		[ "$(wc -l <totals)" -eq "$(grep -v '^[A-Z_]* ' prog.hp | cut -f1 | sort -u | wc -l)" ]
		[ "$(head -1 totals)" = "$(awk -F'\t' 'NF==2{s[$1]+=$2} END{for(b in s) print s[b], b}' prog.hp | sort -rn | head -1)" ] ;;
	"hpcat -S prog.hp > /dev/null")
		sh -c "$line"
		# and a profile cut short fails it
		cp "$FIX/leak.cut.hp" prog.hp
		sh -c "$line" 2>/dev/null || st=$?
		cp "$FIX/leak.hy.hp" prog.hp
		[ "$st" -eq 2 ] ;;
	"hpcat -f "*)
		timeout 10 sh -c "$line" >rows
		[ -s rows ]
		! grep -v Map rows ;;
	*) echo "no check for this example: $line"; return 1 ;;
	esac
}

@test "man examples: every EXAMPLES line of hpcat.1 runs and does what it says" {
	cd "$BATS_TEST_TMPDIR"
	cp "$FIX/leak.hy.hp" prog.hp
	cp "$FIX/leak.hc.hp" monday.hp
	cp "$FIX/leak.hcL.hp" tuesday.hp
	cp "$FIX/leak.l-hc.eventlog" prog.eventlog
	n=0
	while IFS= read -r line; do
		example "$line" || { echo "example failed: $line"; return 1; }
		n=$((n + 1))
	done < <(man_examples hpcat.1)
	[ "$n" -ge 6 ]
}

@test "man examples: the gnuplot table (a display, not one line)" {
	cd "$BATS_TEST_TMPDIR"
	cp "$FIX/leak.hy.hp" prog.hp
	grep -q '^hpcat -o wide prog.hp > prog.tsv$' "$TOP/man/hpcat.1"
	hpcat -o wide prog.hp > prog.tsv
	# one row per sample plus the names, and every row has as many fields
	[ "$(wc -l < prog.tsv)" -eq $(( $(grep -c '^BEGIN_SAMPLE' prog.hp) + 1 )) ]
	[ "$(awk -F'\t' '{print NF}' prog.tsv | sort -u | wc -l)" -eq 1 ]
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

@test "options after a file are refused under POSIXLY_CORRECT" {
	run env POSIXLY_CORRECT=1 hpcat "$FIX/leak.hc.hp" -q
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = 'hpcat: options must come before files: "-q"' ]
	[ "${lines[1]}" = "usage: hpcat [-fSq] [-o hp|tsv|wide|svg|ipe|cc] [-I table] [file ...]" ]
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

# ---- live profiles: the end of a filtered run, files that go away ----

# A filtered run (-hcfirst,last) has empty samples in the middle: while
# its program holds the file open for writing, hpcat -f goes on.
@test "-f does not end at an empty sample while the file is open for writing" {
	need_timing
	f="$BATS_TEST_TMPDIR/live.hp"
	out="$BATS_TEST_TMPDIR/out"
	fix="$FIX/newline.hcfirst.hp"
	# up to the empty sample in the middle of the run
	n=$(grep -n '^END_SAMPLE' "$fix" | sed -n 3p | cut -d: -f1)
	: >"$f"
	exec 7>>"$f"
	head -n "$n" "$fix" >&7
	timeout 20 hpcat -f "$f" 7>&- >"$out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for grep -q "^$(sed -n "${n}p" "$fix")\$" "$out"
	sleep 0.5
	kill -0 $pid
	# the rest of the run, then the program exits
	tail -n +"$((n + 1))" "$fix" >&7
	exec 7>&-
	wait $pid
	cmp "$fix" "$out"
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
}

@test "-f ends when the program writing the file dies before its final sample" {
	need_timing
	f="$BATS_TEST_TMPDIR/live.hp"
	out="$BATS_TEST_TMPDIR/out"
	: >"$f"
	exec 7>>"$f"
	head -20 "$FIX/leak.hc.hp" >&7
	timeout 20 hpcat -f "$f" 7>&- >"$out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for grep -q '^END_SAMPLE' "$out"
	sleep 0.5
	kill -0 $pid
	# killed: the file is closed without the final sample
	exec 7>&-
	st=0
	wait $pid || st=$?
	[ "$st" -eq 0 ]
	[ "$(sed -n 1p "$BATS_TEST_TMPDIR/err")" = "hpcat: $f: warning: file closed by its program before the final sample: stopped" ]
	[ "$(sed -n 2p "$BATS_TEST_TMPDIR/err")" = "hpcat: $f:19: warning: incomplete sample at end of input (no END_SAMPLE): dropped" ]
	[ "$(cat "$out")" = "$(head -18 "$FIX/leak.hc.hp")" ]
}

@test "-f ends at the final empty sample once no process writes the file" {
	f="$BATS_TEST_TMPDIR/live.hp"
	cp "$FIX/newline.hcfirst.hp" "$f"
	run timeout 10 hpcat -f "$f"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$FIX/newline.hcfirst.hp")" ]
}

@test "-f stops with a warning when the followed file is deleted" {
	f="$BATS_TEST_TMPDIR/live.hp"
	out="$BATS_TEST_TMPDIR/out"
	head -20 "$FIX/leak.hc.hp" >"$f"
	timeout 20 hpcat -f "$f" >"$out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for grep -q '^END_SAMPLE' "$out"
	rm "$f"
	st=0
	wait $pid || st=$?
	[ "$st" -eq 0 ]
	[ "$(sed -n 1p "$BATS_TEST_TMPDIR/err")" = "hpcat: $f: warning: file deleted while followed: stopped" ]
	[ "$(sed -n 2p "$BATS_TEST_TMPDIR/err")" = "hpcat: $f:19: warning: incomplete sample at end of input (no END_SAMPLE): dropped" ]
	[ "$(cat "$out")" = "$(head -18 "$FIX/leak.hc.hp")" ]
}

@test "-f stops with a warning when the followed file is replaced (mv new.hp app.hp)" {
	f="$BATS_TEST_TMPDIR/live.hp"
	out="$BATS_TEST_TMPDIR/out"
	head -20 "$FIX/leak.hc.hp" >"$f"
	timeout 20 hpcat -f "$f" >"$out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for grep -q '^END_SAMPLE' "$out"
	cp "$FIX/leak.hm.hp" "$BATS_TEST_TMPDIR/new.hp"
	mv "$BATS_TEST_TMPDIR/new.hp" "$f"
	st=0
	wait $pid || st=$?
	[ "$st" -eq 0 ]
	[ "$(sed -n 1p "$BATS_TEST_TMPDIR/err")" = "hpcat: $f: warning: file replaced while followed: stopped" ]
	[ "$(cat "$out")" = "$(head -18 "$FIX/leak.hc.hp")" ]
}

@test "-f waits for a file that does not exist yet" {
	need_timing
	f="$BATS_TEST_TMPDIR/later.hp"
	out="$BATS_TEST_TMPDIR/out"
	timeout 20 hpcat -f "$f" >"$out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for grep -q 'waiting' "$BATS_TEST_TMPDIR/err"
	kill -0 $pid
	cp "$FIX/leak.hm.hp" "$f"
	wait $pid
	cmp "$FIX/leak.hm.hp" "$out"
	[ "$(cat "$BATS_TEST_TMPDIR/err")" = "hpcat: $f: warning: no such file yet: waiting for it" ]
}

@test "a pipe named as a file (<(...), /dev/stdin, a FIFO) is read once, as standard input is" {
	local o="$BATS_TEST_TMPDIR" f
	for f in leak.hc.hp leak.l-hc.eventlog; do
		hpcat "$FIX/$f" >"$o/want"
		hpcat <(cat "$FIX/$f") >"$o/got"
		cmp "$o/want" "$o/got"
		cat "$FIX/$f" | hpcat /dev/stdin >"$o/got"
		cmp "$o/want" "$o/got"
		rm -f "$o/fifo"
		mkfifo "$o/fifo"
		cat "$FIX/$f" >"$o/fifo" &
		timeout -k 5 20 hpcat "$o/fifo" >"$o/got"
		cmp "$o/want" "$o/got"
	done
	hpcat "$FIX/leak.hc.hp" "$FIX/leak.hc.hp" >"$o/want"
	hpcat "$FIX/leak.hc.hp" <(cat "$FIX/leak.hc.hp") >"$o/got"
	cmp "$o/want" "$o/got"
}

# Where a test signals hpcat through timeout(1), timeout --foreground
# passes the signal on once: without it timeout also signals the process
# group, and a second signal landing in LeakSanitizer's check at exit
# (ASan builds, a loaded machine) hung the check; -k 5 ends a hang.
@test "-f on a file that never appears: SIGINT, SIGTERM or SIGHUP ends the wait, exit 0, nothing written" {
	f="$BATS_TEST_TMPDIR/never.hp"
	for sig in INT TERM HUP; do
		# a fresh err: the last round's "waiting" must not be taken
		# for this round's (the signal would come before hpcat's)
		rm -f "$BATS_TEST_TMPDIR/err"
		timeout --foreground -k 5 20 hpcat -f "$f" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" &
		pid=$!
		wait_for grep -q 'waiting' "$BATS_TEST_TMPDIR/err"
		kill -$sig $pid
		st=0
		wait $pid || st=$?
		[ "$st" -eq 0 ] || { echo "SIG$sig: exit $st"; return 1; }
		[ "$(cat "$BATS_TEST_TMPDIR/err")" = "hpcat: $f: warning: no such file yet: waiting for it" ]
		[ ! -s "$BATS_TEST_TMPDIR/out" ]
	done
}

@test "-f: a signal while waiting for the followed file of a join ends it, exit 0, the profiles before it whole, no trailer" {
	f="$BATS_TEST_TMPDIR/never.hp"
	out="$BATS_TEST_TMPDIR/out"
	timeout --foreground -k 5 20 hpcat -f "$FIX/leak.hc.hp" "$f" >"$out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for grep -q 'waiting' "$BATS_TEST_TMPDIR/err"
	kill -TERM $pid
	st=0
	wait $pid || st=$?
	[ "$st" -eq 0 ]
	cmp "$FIX/leak.hc.hp" "$out"
	[ "$(cat "$BATS_TEST_TMPDIR/err")" = "hpcat: $f: warning: no such file yet: waiting for it" ]
}

@test "-f: a missing file before the followed one is an error at once, not waited for" {
	f="$BATS_TEST_TMPDIR/never.hp"
	run timeout 10 hpcat -f "$f" "$FIX/leak.hc.hp"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: $f: No such file or directory" ]
}

@test "-f: a file in a directory that does not exist is an error at once" {
	f="$BATS_TEST_TMPDIR/no-such-dir/x.hp"
	run timeout 10 hpcat -f "$f"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: $f: No such file or directory" ]
	run timeout 10 hpcat -f "$FIX/leak.hc.hp" "$f"
	[ "$status" -eq 2 ]
	[ "${lines[${#lines[@]}-1]}" = "hpcat: $f: No such file or directory" ]
}

# A run that ended before its first census: the header and the sample
# at 0 (the first sample of a real profile), complete once no process
# writes it.
@test "-f ends on a complete header-only profile, and not while the file is open for writing" {
	need_timing
	f="$BATS_TEST_TMPDIR/head.hp"
	out="$BATS_TEST_TMPDIR/out"
	sed '/^END_SAMPLE/q' "$FIX/leak.hc.hp" >"$f"
	[ "$(grep -c '^END_SAMPLE' "$f")" -eq 1 ]
	run timeout 10 hpcat -f "$f"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$f")" ]
	: >"$f"
	exec 7>>"$f"
	sed '/^END_SAMPLE/q' "$FIX/leak.hc.hp" >&7
	timeout 20 hpcat -f "$f" 7>&- >"$out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for grep -q '^END_SAMPLE' "$out"
	sleep 0.5
	kill -0 $pid
	exec 7>&-
	wait $pid
	cmp "$f" "$out"
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
}

# ---- names and values GHC really writes ----

@test "an SCC label with a newline (real -hc profile) is one band, kept byte for byte" {
	f="$FIX/newline.hc.hp"
	# the label really does split its rows
	grep -q '^(259)new$' "$f"
	run hpcat "$f"
	[ "$status" -eq 0 ]
	hpcat "$f" | cmp - "$f"
	[ "$(hpcat -o tsv "$f" | grep -c 'new\\nline')" -eq 2 ]
	[ "$(hpcat -o wide "$f" | head -1 | tr '\t' '\n' | grep -c '^(259)new\\nline$')" -eq 1 ]
}

@test "a blank line inside a name with newlines stays in the name (issue 25)" {
	local f="$BATS_TEST_TMPDIR/blank.hp"
	printf 'JOB "a"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.0\n(42)a\n\nb\t5\n(7)c\n  \nd\t6\nMAIN\t1\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n' >"$f"
	run hpcat -o tsv "$f"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'time\tband\tbytes\n0.0\t(42)a\\n\\nb\t5\n0.0\t(7)c\\n  \\nd\t6\n0.0\tMAIN\t1')" ]
	hpcat "$f" | cmp - "$f"
}

@test "hpcat of hpcat's output is the same output (fixtures, cases, corpus)" {
	for f in "$FIX"/*.hp "$TOP"/tests/cases/hpcat/*.in "$CORPUS"/hp/*.hp; do
		[ -f "$f" ] || continue
		hpcat -q "$f" >"$BATS_TEST_TMPDIR/1" 2>/dev/null || continue
		hpcat -q "$BATS_TEST_TMPDIR/1" >"$BATS_TEST_TMPDIR/2" || { echo "in $f"; return 1; }
		cmp "$BATS_TEST_TMPDIR/1" "$BATS_TEST_TMPDIR/2" || { echo "in $f"; return 1; }
	done
}

@test "every written time has a decimal point (what hp2ps reads)" {
	cd "$TOP/tests/cases/hpcat"
	for a in files/*.hp; do
		for b in files/*.hp; do
			hpcat -q "$a" "$b" 2>/dev/null | awk '
			/^(BEGIN|END)_SAMPLE |^MARK / && $2 !~ /^[0-9]+\.[0-9]*$/ { print; bad = 1 }
			END { exit bad }' || { echo "in $a $b"; return 1; }
		done
	done
}

@test "-S fails on a real profile of a killed program, passes on complete ones" {
	run hpcat -S "$FIX/leak.cut.hp"
	[ "$status" -eq 2 ]
	[ "${lines[${#lines[@]}-1]}" = "hpcat: $FIX/leak.cut.hp: no final empty sample: the program was killed or is still running" ]
	for f in "$FIX"/leak.h?.hp "$FIX"/newline.*.hp; do
		hpcat -S "$f" >/dev/null || { echo "in $f"; return 1; }
	done
}

@test "a repair repeated in every sample is one warning and a count" {
	f="$BATS_TEST_TMPDIR/comma.hp"
	{
		printf 'JOB "x"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
		awk 'BEGIN { for (i = 0; i < 1000; i++) printf "BEGIN_SAMPLE %d,5\nx\t8\nEND_SAMPLE %d,5\n", i, i }'
	} >"$f"
	run hpcat -o tsv "$f"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hpcat: $f:5: warning: decimal comma in time '0,5': read as 0.5" ]
	[ "${lines[1]}" = "hpcat: $f: warning: decimal comma in a time: 1000 times in all, the first at line 5" ]
	[ "$(printf '%s\n' "$output" | grep -c warning)" -eq 2 ]
}

# ---- operands and other formats ----

@test "-- ends the options: hpcat -- -x reads the file -x" {
	cd "$BATS_TEST_TMPDIR"
	cp "$FIX/leak.hm.hp" ./-x
	run hpcat -- -x
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$FIX/leak.hm.hp")" ]
	run hpcat -q -x
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hpcat: unknown option -x" ]
}

@test "standard input named twice is refused before anything is read" {
	run hpcat - - <"$FIX/leak.hm.hp"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hpcat: standard input can be read only once" ]
	run hpcat "$FIX/leak.hm.hp" - "$FIX/leak.hc.hp" - </dev/null
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hpcat: standard input can be read only once" ]
}

@test "a .prof report, a -pj JSON profile or an eventlog is named, not misread" {
	run hpcat "$FIX/leak.P.prof"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: $FIX/leak.P.prof: a .prof report, not a heap profile (proftree reads it)" ]
	run hpcat "$FIX/leak.pj.json"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: $FIX/leak.pj.json: a -pj JSON profile, not a heap profile (proftree reads it)" ]
	run hpcat - <"$FIX/leak.p.prof"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: <stdin>: a .prof report, not a heap profile (proftree reads it)" ]
}

# see_also PAGE: every program of the suite but the page's own is in
# its SEE ALSO section.
see_also() {
	local page=$1 self p sec
	self=$(basename "$page" | sed 's/\.[0-9]$//')
	sec=$(sed -n '/^\.Sh SEE ALSO/,/^\.Sh /p' "$TOP/man/$page")
	for p in $(make -s -C "$TOP" progs); do
		[ "$p" = "$self" ] && continue
		printf '%s\n' "$sec" | grep -q "^\.Xr $p 1" || { echo "$page: no $p(1)"; return 1; }
	done
}

@test "SEE ALSO of hpcat.1 and hptools.5 names every other program" {
	see_also hpcat.1
	see_also hptools.5
}

@test "joining a .hp and an eventlog: one warning about the two clocks and the (N) names, an error under -S" {
	run sh -c "hpcat '$FIX/leak.l-hc.hp' '$FIX/leak.l-hc.eventlog' '$FIX/leak.l-hc.hp' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "hpcat: $FIX/leak.l-hc.eventlog: warning: sample times are elapsed seconds, those of $FIX/leak.l-hc.hp mutator CPU seconds, and a .hp's -hc and -hr bands start with (N), an eventlog's not: joined anyway" ]
	run sh -c "hpcat '$FIX/leak.l-hc.eventlog' '$FIX/leak.l-hc.hp' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "hpcat: $FIX/leak.l-hc.hp: warning: sample times are mutator CPU seconds, those of $FIX/leak.l-hc.eventlog elapsed seconds, and a .hp's -hc and -hr bands start with (N), an eventlog's not: joined anyway" ]
	run sh -c "hpcat -S '$FIX/leak.l-hc.hp' '$FIX/leak.l-hc.eventlog' 2>&1 >/dev/null"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: $FIX/leak.l-hc.eventlog: sample times are elapsed seconds, those of $FIX/leak.l-hc.hp mutator CPU seconds, and a .hp's -hc and -hr bands start with (N), an eventlog's not" ]
	# two of a kind: nothing to say
	run sh -c "hpcat '$FIX/leak.l-hc.eventlog' '$FIX/leak.l-hc.eventlog' 2>&1 >/dev/null"
	[ "$output" = "" ]
}

# Issue 25: a band of a census the reader dropped (a torn event, a cut
# sample) was a column of -o wide and a "0 B" entry of the chart's key.
@test "the outputs of one input agree on its bands: -o tsv, -o wide, the chart's key (or OTHER), hpstat (every fixture, golden input, corpus file)" {
	local files
	files=$(ls "$FIX"/*.hp "$FIX"/*.eventlog "$TOP"/tests/cases/hpcat/*.in \
	    "$TOP"/tests/cases/hpcat/files/*.hp "$TOP"/tests/cases/hpslice/*.in \
	    "$TOP"/tests/cases/hpstat/*.in "$CORPUS"/hp/*.hp \
	    "$CORPUS"/eventlog/*.eventlog "$CASES"/*.hp 2>/dev/null || true)
	# (without ../shared, as in CI, ls names the missing globs and fails)
	run python3 "$TOP/tests/band_agree.py" "$BIN" $files
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *" 0 disagreements" ]]
	# the census the torn event dropped held lazySum/Main.CAF alone
	grep -q lazySum "$TOP/tests/cases/hpcat/ev-torn-band.in"
	run hpcat -q -o wide "$TOP/tests/cases/hpcat/ev-torn-band.in"
	[ "${lines[0]}" = "$(printf 'time\tgo/main\tUtil.go/Main.main\tMAIN')" ]
}

# Issue 25: a sample dropped for want of END_SAMPLE took part in the
# next time's carry test (GHC 6.x's 13.100 for 14.00): hpcat wrote
# 13.100, which hpcat then read as 14.00 (fuzz-carry-after-dropped).
@test "hpcat of hpcat's output is byte-identical to it (every fixture, golden input, corpus file)" {
	local f n=0 o="$BATS_TEST_TMPDIR"
	for f in "$FIX"/*.hp "$FIX"/*.eventlog "$TOP"/tests/cases/hpcat/*.in \
	    "$TOP"/tests/cases/hpcat/files/*.hp "$TOP"/tests/cases/hpslice/*.in \
	    "$TOP"/tests/cases/hpstat/*.in "$CORPUS"/hp/*.hp \
	    "$CORPUS"/eventlog/*.eventlog "$CASES"/*.hp "$CASES"/fuzz/*.hp; do
		[ -f "$f" ] || continue
		hpcat -q "$f" >"$o/1" 2>/dev/null || continue
		n=$((n + 1))
		hpcat -q "$o/1" >"$o/2"
		cmp "$o/1" "$o/2" || { echo "not a fixed point: $f"; return 1; }
	done
	echo "$n inputs"
	[ "$n" -ge 150 ]
	f="$TOP/tests/cases/hpcat/fuzz-carry-after-dropped.in"
	run hpcat "$f"
	[ "$status" -eq 0 ]
	printf '%s\n' "${lines[@]}" | grep -qxF "hpcat: $f:6: warning: two-decimal time '13.100' has a carry: read as 14.00"
	printf '%s\n' "${lines[@]}" | grep -qx 'BEGIN_SAMPLE 14.00'
	[ "$(printf '%s\n' "${lines[@]}" | grep -c 'earlier than\|13\.100$')" -eq 0 ]
}

# Issue 25 (session 9 fuzzing): a time shifted by a second profile's or a
# joined file's offset ("0.100" after "0", plus 1.00) was written 1.100
# after 1.00, which hpcat then read as the carry 2.00
# (fuzz-carry-second-profile, carry-second-profile): it is written 1.10.
@test "hpcat of hpcat's output: times shifted by a second profile or a joined file never read back as a 6.x carry" {
	local o="$BATS_TEST_TMPDIR" c="$TOP/tests/cases/hpcat"
	printf 'JOB "a"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.00\nx\t1\nEND_SAMPLE 0.00\nBEGIN_SAMPLE 1.00\nEND_SAMPLE 1.00\n' >"$o/a.hp"
	printf 'JOB "a"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0\nx\t3\nEND_SAMPLE 0\nMARK 0.100\nBEGIN_SAMPLE 0.100\nx\t4\nEND_SAMPLE 0.100\n' >"$o/b.hp"
	hpcat "$o/a.hp" "$o/b.hp" >"$o/j" 2>"$o/err"
	[ "$(grep -c . "$o/err")" -eq 0 ]
	[ "$(grep -E '^(BEGIN_SAMPLE|MARK)' "$o/j" | tr '\n' ' ')" = "BEGIN_SAMPLE 0.00 BEGIN_SAMPLE 1.00 BEGIN_SAMPLE 1.00 MARK 1.10 BEGIN_SAMPLE 1.10 " ]
	hpcat "$o/j" >"$o/2" 2>"$o/err2"
	cmp "$o/j" "$o/2"
	[ "$(grep -c . "$o/err2")" -eq 0 ]
	# a carry of GHC 6.x in the second profile is still one
	printf 'JOB "a"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 13.90\nEND_SAMPLE 13.90\nBEGIN_SAMPLE 13.100\nEND_SAMPLE 13.100\n' >"$o/c.hp"
	[ "$(hpcat -q "$o/a.hp" "$o/c.hp" | grep BEGIN_SAMPLE | tr '\n' ' ')" = "BEGIN_SAMPLE 0.00 BEGIN_SAMPLE 1.00 BEGIN_SAMPLE 14.90 BEGIN_SAMPLE 15.00 " ]
	for f in "$c/fuzz-carry-second-profile.in" "$c/carry-second-profile.in"; do
		hpcat -q "$f" >"$o/1"
		hpcat "$o/1" >"$o/2" 2>"$o/err3"
		cmp "$o/1" "$o/2"
		[ "$(grep -c . "$o/err3")" -eq 0 ]
	done
}
