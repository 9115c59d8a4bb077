# Shared by every tests/*.bats file.
#
# golden PROG NAME [DIR] runs one case of tests/cases/PROG/ (or DIR):
#   NAME.in      standard input (absent: /dev/null)
#   NAME.args    the arguments, as shell words (absent: none); the
#                command runs inside tests/cases/PROG/, so operands can
#                name files there
#   NAME.out     expected standard output, exactly (absent: empty)
#   NAME.err     expected standard error, exactly (absent: empty)
#   NAME.status  expected exit status (absent: 0)
#   NAME.env     environment assignments for the command, as shell
#                words (absent: none), such as POSIXLY_CORRECT=1
# A mismatch prints a diff -u and fails the test.

TOP="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
export PATH="$TOP:$PATH"
# The programs the tests run: $BIN/PROG, found first in PATH.  Under
# `make check-valgrind` (HPT_VALGRIND=1), BIN holds one wrapper per
# program that runs it under valgrind's memcheck.  A memory error exits
# 99, which no test expects, so the test fails, and its report goes to
# standard error.  A leak fails the same way when the program succeeds
# (status 0); after an error (status 2) the program exits with what it
# allocated still held in the frames that called exit, which memcheck
# counts as lost: not a leak.  Only the programs run under memcheck,
# never the shell, python or jq around them.
# The suite runs the programs some 5000 times, and memcheck costs about
# 0.7 s of CPU each time before the program does anything (a full pass
# is an hour of CPU or more), so a pass can be cut into parts:
# HPT_VALGRIND=N with HPT_VALGRIND_PART=K (0 to N-1, default 0) runs
# under memcheck only the runs whose hash of program, directory and
# arguments is K modulo N, the others natively; the N parts together
# are the full pass, each about 1/N of it (the hash spreads the runs of
# a loop over files).  HPT_VALGRIND=1 is the whole pass.  When
# HPT_VALGRIND_KEY is set (one_valgrind_part), the hash is of it alone.
# The wrapper passes a signal sent to it on to the program, and ends as
# the program did (killed by the same signal, or its exit status).
BIN=$TOP
if [ -n "${HPT_VALGRIND:-}" ]; then
	BIN=$BATS_RUN_TMPDIR/valgrind
	# memcheck's reports, never in $TMPDIR, which a test may point at a
	# directory that does not exist
	mkdir -p "$BATS_RUN_TMPDIR/valgrind-logs"
	if [ ! -d "$BIN" ]; then
		mkdir -p "$BIN.new"
		for p in $(cd "$TOP" && make -s progs); do
			cat >"$BIN.new/$p" <<EOF
#!/bin/sh
parts=\${HPT_VALGRIND:-1}
case \$parts in *[!0-9]*|0) parts=1 ;; esac
if [ "\$parts" -gt 1 ]; then
	if [ -n "\${HPT_VALGRIND_KEY:-}" ]; then
		h=\$(printf '%s\\n' "\$HPT_VALGRIND_KEY" | cksum | cut -d' ' -f1)
	else
		h=\$(printf '%s\\n' "$p" "\$PWD" "\$@" | cksum | cut -d' ' -f1)
	fi
	[ \$((h % parts)) -eq "\${HPT_VALGRIND_PART:-0}" ] ||
		exec "$TOP/$p" "\$@"
fi
log=\$(mktemp "$BATS_RUN_TMPDIR/valgrind-logs/$p.XXXXXX") || exit 99
# memcheck runs in the background, so that this shell passes on at once
# a signal sent to it alone (kill \$!), and outlives one sent to its
# whole group (timeout, ^C) to tell how the program ended.  A background
# command starts with its input /dev/null and SIGINT and SIGQUIT
# ignored: it gets this shell's input and, unless this shell started
# with them ignored, their default actions.
ign=\$(sed -n 's/^SigIgn:.*\\(.\\)\$/\\1/p' /proc/\$\$/status 2>/dev/null)
ign=\$((0x\${ign:-0}))
dfl=
[ \$((ign & 2)) -ne 0 ] || dfl=INT
[ \$((ign & 4)) -ne 0 ] || dfl=\${dfl:+\$dfl,}QUIT
run() {
	exec env \${dfl:+--default-signal=\$dfl} \\
	valgrind -q --error-exitcode=99 --leak-check=full \\
		--show-leak-kinds=definite,possible --errors-for-leak-kinds=none \\
		--log-file="\$log" "$TOP/$p" "\$@"
}
child= sig=
for s in INT TERM HUP QUIT; do
	trap "sig=\$s got=1; [ -z \"\\\$child\" ] || kill -\$s \"\\\$child\" 2>/dev/null" \$s
done
if { command exec 9<&0; } 2>/dev/null; then
	run "\$@" <&9 9<&- &
	exec 9<&-
else
	run "\$@" <&- &
fi
child=\$!
# a signal before there was a child to pass it to
[ -z "\$sig" ] || kill -\$sig \$child 2>/dev/null
# after a trap, wait again: the wait may have been cut short (sh keeps
# the status of a pid it has reaped for the next wait; 127: no such pid)
st=127
while :; do
	got=
	s=0
	wait \$child || s=\$?
	[ \$s -eq 127 ] || st=\$s
	[ -n "\$got" ] || break
done
if [ \$st -eq 99 ] ||
   { [ \$st -eq 0 ] && grep -q 'lost in loss record' "\$log"; }; then
	cat "\$log" >&2
	st=99
fi
rm -f "\$log"
# killed by a signal: so is this shell
if [ \$st -gt 128 ]; then
	trap - \$((st - 128))
	kill -\$((st - 128)) \$\$
fi
exit \$st
EOF
			chmod +x "$BIN.new/$p"
		done
		mv "$BIN.new" "$BIN" 2>/dev/null || rm -rf "$BIN.new"
	fi
	export PATH="$BIN:$PATH"
fi
export LC_ALL=C
SHARED="$TOP/../shared"
CORPUS="$SHARED/corpus"
CASES="$SHARED/cases"
FIX="$TOP/tests/fixtures"

golden() {
	local prog=$1 name=$2
	local dir="${3:-$TOP/tests/cases/$prog}"
	local args="" env="" want_status=0 in=/dev/null st=0
	[ -f "$dir/$name.args" ] && args=$(cat "$dir/$name.args")
	[ -f "$dir/$name.env" ] && env=$(cat "$dir/$name.env")
	[ -f "$dir/$name.status" ] && want_status=$(cat "$dir/$name.status")
	[ -f "$dir/$name.in" ] && in="$dir/$name.in"
	local out="$BATS_TEST_TMPDIR/out" err="$BATS_TEST_TMPDIR/err"
	(cd "$dir" && eval "$env \"$BIN/$prog\" $args") <"$in" >"$out" 2>"$err" || st=$?
	local ok=0
	if [ -f "$dir/$name.out" ]; then
		diff -u "$dir/$name.out" "$out" || ok=1
	else
		diff -u /dev/null "$out" || ok=1
	fi
	if [ -f "$dir/$name.err" ]; then
		diff -u "$dir/$name.err" "$err" || ok=1
	else
		diff -u /dev/null "$err" || ok=1
	fi
	if [ "$st" != "$want_status" ]; then
		echo "exit status $st, expected $want_status"
		ok=1
	fi
	return $ok
}

# need_timing: skip a test that waits on a clock (follow mode, signals)
# under valgrind, where every program runs some 20 times slower.
need_timing() {
	[ -z "${HPT_VALGRIND:-}" ] || skip "waits on a clock: too slow under valgrind"
}

# one_valgrind_part: the programs this test runs from here on all go in
# the same part of a pass cut into parts (HPT_VALGRIND=N), chosen by
# the test's name: all under memcheck or all natively.  For a test that
# compares the figures of two runs: valgrind computes long double at
# the precision of a double (a documented limit of its x86 emulation),
# so a slope of hpstat (hp_stats.c) under memcheck may differ in its
# last digits from the same slope of a native run.
one_valgrind_part() {
	export HPT_VALGRIND_KEY="$BATS_TEST_NAME"
}

# need_corpus: skip the test when ../shared/corpus is absent.
need_corpus() {
	[ -d "$CORPUS" ] || skip "no ../shared/corpus"
}

# need_cases: skip the test when ../shared/cases is absent.
need_cases() {
	[ -d "$CASES" ] || skip "no ../shared/cases"
}

# golden_all PROG: every case of tests/cases/PROG/, each named by the
# files NAME.{in,args,out,err,status} it has; fails on any case that
# fails and on any file there with another suffix (a case that would
# never run).  The one way golden cases are registered: add the files.
golden_all() {
	local prog=$1 dir="$TOP/tests/cases/$1" f n fail=0 count=0
	for f in "$dir"/*; do
		case $f in
		*.in|*.args|*.env|*.out|*.err|*.status) ;;
		*) [ -d "$f" ] || { echo "not a case file: $f"; fail=1; } ;;
		esac
	done
	for n in $(ls "$dir" | sed -n 's/\.\(in\|args\|env\|out\|err\|status\)$//p' | sort -u); do
		count=$((count + 1))
		golden "$prog" "$n" || { echo "case $n failed"; fail=1; }
	done
	[ "$count" -gt 0 ] || { echo "no cases in $dir"; fail=1; }
	return $fail
}

# man_examples PAGE: the example commands of the EXAMPLES section of
# man/PAGE, one per line: every .Dl line there, with the roff escapes
# \e, \- and \(dq undone.  Tests run these very lines (in a directory holding
# the files they name), so the page shows only what works.  A literal
# display (.Bd -literal) is for a script that is not run as one line.
man_examples() {
	awk '
	/^\.S[hH] / { ex = ($2 == "EXAMPLES") ; next }
	ex && /^\.Dl / { sub(/^\.Dl /, ""); gsub(/\\\(dq/, "\""); gsub(/\\e/, "\\"); gsub(/\\-/, "-"); print }
	' "$TOP/man/$1"
}
