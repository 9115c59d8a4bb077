#!/bin/sh
# make fuzz: build the libFuzzer harnesses of tests/fuzz/ and run each
# for FUZZ_TIME seconds (default 60), one after the other, niced, each
# on FUZZ_JOBS processes (default 1).  See tests/fuzz/README.
# Arguments: the library sources (from the Makefile's LIBOBJ), then
# "--", then the harnesses to run (default: all).
#   FUZZ_TIME=1500 make fuzz FUZZ=hp    one harness for 25 minutes
#   FUZZ_JOBS=16 FUZZ_TIME=600 make fuzz   every harness on 16 cores
# FUZZ_JOBS=N > 1 runs libFuzzer's fork mode (-fork=N: N child
# processes, one corpus).  Corpora are kept between runs in
# FUZZ_CORPUS/NAME (default ${XDG_CACHE_HOME:-~/.cache}/hptools-fuzz,
# outside the tree, so every checkout and worktree of the machine grows
# the same one); what a harness finds goes to tests/fuzz/artifacts/
# (crash-*, timeout-*, leak-*, oom-*).  FUZZ_KEEP_GOING=1 goes on past a
# finding (fork mode only: -ignore_crashes, -ignore_timeouts,
# -ignore_ooms), each kept in artifacts/; otherwise the first ends the
# harness's run.  After each harness one line gives its figures: CPU
# seconds used (user + system, of every process; from /usr/bin/time),
# wall seconds, executions, coverage.
cd "$(dirname "$0")/../.." || exit 2
CLANG=${CLANG:-clang}
FUZZ_TIME=${FUZZ_TIME:-60}
FUZZ_JOBS=${FUZZ_JOBS:-1}
FUZZ_CORPUS=${FUZZ_CORPUS:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/hptools-fuzz}
case $FUZZ_JOBS in
''|*[!0-9]*|0) echo "run.sh: FUZZ_JOBS must be a number of jobs, not '$FUZZ_JOBS'" >&2
	exit 2 ;;
esac
B=tests/fuzz/build
FLAGS="-g -O1 -std=c99 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
CPP="-D_POSIX_C_SOURCE=200809L -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION -Isrc/lib"
mkdir -p "$B/lib" tests/fuzz/artifacts || exit 2

objs=
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	src=${1%.o}.c
	obj=$B/lib/$(basename "$1")
	# every object depends on every header, as in the Makefile
	if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] ||
	   [ -n "$(find src/lib -name '*.h' -newer "$obj")" ]; then
		echo "cc $src"
		$CLANG $FLAGS -fsanitize=fuzzer-no-link $CPP -c -o "$obj" "$src" ||
			exit 2
	fi
	objs="$objs $obj"
	shift
done
[ "$1" = -- ] && shift
targets=${*:-hp prof json eventlog ipe}

# Seeds: the fixtures, the golden cases' inputs and the shared hostile
# cases, sorted by what they hold; for ipe also the golden outputs that
# are IPE tables and hpcat -o ipe of every eventlog seed (when hpcat is
# built: ipe_seeds).
seeds() {
	find tests/fixtures tests/cases ../shared/cases -type f \
		! -name '*.args' ! -name '*.out' ! -name '*.err' \
		! -name '*.status' ! -name '*.sh' ! -name '*.md' \
		! -name '*.hs' ! -name 'VERSIONS*' 2>/dev/null |
	while read -r f; do
		kind=text
		if [ "$(head -c 4 "$f")" = hdrb ]; then kind=eventlog
		elif head -n 1 "$f" | grep -q "^id	name	closure_desc"; then
			kind=ipe
		elif head -c 4096 "$f" | tr -d ' \t\r\n' | head -c 1 |
		     grep -q '{'; then kind=json
		elif head -c 100000 "$f" | grep -aq -e 'COST CENTRE' \
		     -e 'Retainer sets' -e 'total time'; then kind=prof
		elif head -c 100000 "$f" | grep -aq -e BEGIN_SAMPLE \
		     -e '^JOB' -e '^MARK'; then kind=hp
		fi
		case $1 in
		hp) [ $kind = hp ] || [ $kind = text ] ;;
		prof) [ $kind = prof ] || [ $kind = text ] ;;
		ipe) [ $kind = ipe ] || [ $kind = text ] ;;
		*) [ $kind = "$1" ] ;;
		esac && echo "$f"
	done
}

ipe_seeds() {
	grep -l "^id	name	closure_desc" tests/cases/*/*.out 2>/dev/null |
	while read -r f; do
		cp "$f" "$B/seeds-ipe/$(echo "$f" | tr / _)"
	done
	if [ ! -x ./hpcat ]; then
		echo "fuzz_ipe: no ./hpcat (make): no -o ipe seeds of eventlogs"
		return
	fi
	seeds eventlog | while read -r f; do
		./hpcat -q -o ipe "$f" >"$B/seeds-ipe/$(echo "$f" | tr / _).tsv" \
			2>/dev/null
	done
}

# summary NAME: one line of the figures of fuzz_NAME's run: CPU and
# wall seconds (from /usr/bin/time), executions and coverage (from
# libFuzzer's last status line: "#RUNS ... cov: C ft: F", the fork
# mode's "#RUNS: cov: C ft: F ...", or the final stats).
summary() {
	last=$(grep -a '^#[0-9]' "$B/log-$1" | tail -n 1)
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$B/log-$1" |
		tail -n 1)
	[ -n "$runs" ] || runs=$(echo "$last" | sed 's/^#\([0-9]*\).*/\1/')
	cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\) ft: \([0-9]*\).*/cov \1 ft \2/p')
	cpu=unknown
	if [ -s "$B/time-$1" ]; then
		cpu=$(tail -n 1 "$B/time-$1" | awk -F+ \
		    '{ printf "%.0f s CPU, %.0f s wall", $1 + $2, $3 }')
	fi
	echo "fuzz_$1: $cpu, ${runs:-?} runs, ${cov:-cov ?}" |
		tee "$B/summary-$1"
}

status=0
for t in $targets; do
	case $t in
	hp) max=16384 ;;
	prof) max=16384 ;;
	json) max=32768 ;;
	eventlog) max=40000 ;;
	ipe) max=16384 ;;
	*) max=16384 ;;
	esac
	bin=$B/fuzz_$t
	echo "cc tests/fuzz/fuzz_$t.c"
	$CLANG $FLAGS -fsanitize=fuzzer -D_GNU_SOURCE $CPP -Wl,--wrap=exit \
		-o "$bin" "tests/fuzz/fuzz_$t.c" $objs -lm || exit 2
	corpus=$FUZZ_CORPUS/$t
	mkdir -p "$corpus" "$B/seeds-$t" || exit 2
	rm -f "$B/seeds-$t"/*
	seeds "$t" | while read -r f; do
		cp "$f" "$B/seeds-$t/$(echo "$f" | tr / _)"
	done
	[ "$t" = ipe ] && ipe_seeds
	# the corpus of sessions before this one kept it in the tree
	old=
	[ -d "tests/fuzz/corpus/$t" ] && old=tests/fuzz/corpus/$t
	mode=
	if [ "$FUZZ_JOBS" -gt 1 ]; then
		mode=-fork=$FUZZ_JOBS
		[ "${FUZZ_KEEP_GOING:-0}" = 1 ] &&
			mode="$mode -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
	fi
	echo "fuzz_$t: $FUZZ_TIME s on $FUZZ_JOBS job(s), seeds" \
	     "$(ls "$B/seeds-$t" | wc -l), corpus $corpus:" \
	     "$(ls "$corpus" | wc -l)"
	time=
	[ -x /usr/bin/time ] &&
		time="/usr/bin/time -f %U+%S+%e -o $B/time-$t"
	rm -f "$B/time-$t"
	touch "$B/start-$t"
	# shellcheck disable=SC2086 # $time and $mode are lists of words
	$time nice -n 15 "$bin" -max_len=$max -timeout=5 -rss_limit_mb=1024 \
		-max_total_time="$FUZZ_TIME" -print_final_stats=1 $mode \
		-artifact_prefix="tests/fuzz/artifacts/$t-" \
		"$corpus" "$B/seeds-$t" $old 2>&1 |
		tee "$B/log-$t" | grep -v -e '^#[0-9]*.*\(NEW\|REDUCE\)' \
		-e '^#[0-9]*: cov: .*job: ' -e '^  NEW_FUNC'
	grep -q -e '^==.*ERROR' -e 'PROPERTY FAILED' -e '^SUMMARY' \
		"$B/log-$t" && status=1
	# fork mode keeps a child's report in its own log, and a seed that
	# fails in its first pass only as an artifact: count those made
	found=$(find tests/fuzz/artifacts -newer "$B/start-$t" -name "$t-*" |
		wc -l)
	if [ "$found" -gt 0 ]; then
		echo "fuzz_$t: $found finding(s) in tests/fuzz/artifacts/$t-*"
		status=1
	fi
	summary "$t"
done
exit $status
