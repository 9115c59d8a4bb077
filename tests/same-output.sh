#!/bin/sh
# same-output.sh OLD NEW: run the programs of two builds (directories
# holding hpcat, proftree, ...) on every fixture, corpus file, golden
# case input and ../shared/cases file, under a set of options each, and
# report every difference in standard output, standard error or exit
# status.  For refactoring: "byte-identical before and after".
#   sh tests/same-output.sh /tmp/old .
# Prints "same-output: N runs, M differ" and exits 1 if any differ.
old=$(cd "$1" && pwd) new=$(cd "$2" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C
runs=0 bad=0
one() { # prog file args...
	p=$1 f=$2
	shift 2
	[ -x "$old/$p" ] && [ -x "$new/$p" ] || return 0
	(cd "$top/tests/cases" && "$old/$p" "$@" "$f" >"$tmp/o1" 2>"$tmp/e1"; echo $? >"$tmp/s1") </dev/null
	(cd "$top/tests/cases" && "$new/$p" "$@" "$f" >"$tmp/o2" 2>"$tmp/e2"; echo $? >"$tmp/s2") </dev/null
	runs=$((runs + 1))
	if ! cmp -s "$tmp/o1" "$tmp/o2" || ! cmp -s "$tmp/e1" "$tmp/e2" ||
	    ! cmp -s "$tmp/s1" "$tmp/s2"; then
		bad=$((bad + 1))
		echo "differs: $p $* $f"
		diff "$tmp/e1" "$tmp/e2" | head -4
	fi
}
heap=$(ls "$top"/tests/fixtures/*.hp "$top"/tests/cases/hpcat/*.in \
    "$top"/../shared/corpus/hp/*.hp "$top"/../shared/cases/*.hp \
    "$top"/tests/fixtures/*.eventlog 2>/dev/null)
prof=$(ls "$top"/tests/fixtures/*.prof "$top"/tests/fixtures/*.json \
    "$top"/tests/cases/proftree/*.in "$top"/../shared/corpus/prof/*.prof \
    "$top"/../shared/cases/*.prof "$top"/../shared/cases/*.json 2>/dev/null)
for f in $heap; do
	for o in "-o hp" "-o tsv" "-o wide" "-S" "-q"; do
		# shellcheck disable=SC2086
		one hpcat "$f" $o
	done
	for o in "-s 0.5 -e 2" "-m 3" "-n 2,5 -j 2" "-o tsv -k Main"; do
		# shellcheck disable=SC2086
		one hpslice "$f" $o
	done
	for o in "" "-b" "-o tsv" "-o json"; do
		# shellcheck disable=SC2086
		one hpstat "$f" $o
	done
done
for f in $prof; do
	for o in "-o tree" "-o tsv" "-o folded" "-o prof" "-a" "-i -d 3" \
	    "-m 1 -d 4" "-z -w alloc -o folded" "-x MAIN"; do
		# shellcheck disable=SC2086
		one proftree "$f" $o
	done
	one prof2json "$f"
done
echo "same-output: $runs runs, $bad differ"
[ "$bad" -eq 0 ]
