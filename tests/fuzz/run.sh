#!/bin/sh
# make fuzz: build the libFuzzer harnesses of tests/fuzz/ and run each
# for FUZZ_TIME seconds (default 60), one after the other, niced.  See
# tests/fuzz/README.  Arguments: the library sources (from the
# Makefile's LIBOBJ), then "--", then the harnesses to run (default: all).
#   FUZZ_TIME=1500 make fuzz FUZZ=hp    one harness for 25 minutes
# Corpora grow in tests/fuzz/corpus/NAME (not in git); what a harness
# finds goes to tests/fuzz/artifacts/ (crash-*, timeout-*, leak-*, oom-*).
cd "$(dirname "$0")/../.." || exit 2
CLANG=${CLANG:-clang}
FUZZ_TIME=${FUZZ_TIME:-60}
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
	mkdir -p "tests/fuzz/corpus/$t" "$B/seeds-$t"
	rm -f "$B/seeds-$t"/*
	seeds "$t" | while read -r f; do
		cp "$f" "$B/seeds-$t/$(echo "$f" | tr / _)"
	done
	[ "$t" = ipe ] && ipe_seeds
	echo "fuzz_$t: $FUZZ_TIME s, seeds $(ls "$B/seeds-$t" | wc -l)," \
	     "corpus $(ls "tests/fuzz/corpus/$t" | wc -l)"
	nice -n 15 "$bin" -max_len=$max -timeout=5 -rss_limit_mb=1024 \
		-max_total_time="$FUZZ_TIME" -print_final_stats=1 \
		-artifact_prefix="tests/fuzz/artifacts/$t-" \
		"tests/fuzz/corpus/$t" "$B/seeds-$t" 2>&1 |
		tee "$B/log-$t" | grep -v -e '^#[0-9]*.*\(NEW\|REDUCE\)'
	grep -q -e '^==.*ERROR' -e 'PROPERTY FAILED' -e '^SUMMARY' \
		"$B/log-$t" && status=1
done
exit $status
