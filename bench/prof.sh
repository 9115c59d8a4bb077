#!/bin/sh
# bench/prof.sh: time proftree on a large .prof (target P7 in
# ../shared/spec/perf.md: a 50 MB report well under a second, at least
# 10x faster than ghc-prof's 10.7 s, peak memory under 4x the file size).
#
# The input is built deterministically by grafting copies of a real
# report's tree under one new MAIN root (the corpus pandoc -P report
# when ../shared/corpus is present, else our own leak.P.prof fixture),
# until it reaches SIZE_MB (default 50).  Never run by `make check`.
#
#   sh bench/prof.sh [SIZE_MB]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
size_mb=${1:-50}
src="$top/../shared/corpus/prof/llelf_flamingra__pandoc.prof"
[ -f "$src" ] || src="$top/tests/fixtures/leak.P.prof"
tmp=${TMPDIR:-/tmp}/hptools-bench-prof.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM
big="$tmp/big.prof"
[ -x "$top/proftree" ] || (cd "$top" && make proftree >/dev/null)

# The source's header and column header, its root row again as the new
# root, then copies of its whole tree, each row indented one more level.
src_bytes=$(wc -c <"$src")
copies=$(( size_mb * 1048576 / src_bytes + 1 ))
# The header's totals would no longer match the grafted tree (proftree
# warns about a report cut short): leave them out, so that proftree takes
# the tree's sums.
awk -v copies="$copies" '
	!t && /total (time|alloc) *=/ { next }
	!t { print; if ($0 ~ /^COST CENTRE/ && $0 ~ / no\. /) t = 1; next }
	t == 1 && $0 == "" { print; t = 2; next }
	t == 2 && NF > 0 { row[++n] = $0 }
	END {
		print row[1]
		for (c = 0; c < copies; c++)
			for (i = 1; i <= n; i++)
				print " " row[i]
	}' "$src" | tr -d '\r' >"$big"

bytes=$(wc -c <"$big")
echo "input: $big from $(basename "$src"), $bytes bytes ($copies copies of its tree)"
"$top/proftree" -o tsv "$big" >/dev/null # warm the page cache

run() {
	label=$1
	shift
	if command -v hyperfine >/dev/null 2>&1; then
		hyperfine -N -w 1 -r 5 "$*" 2>/dev/null | grep -E 'Time|Range' || true
	fi
	/usr/bin/time -f '%e %M' -o "$tmp/t" "$@" >/dev/null
	read -r secs kb <"$tmp/t"
	ratio=$(awk -v kb="$kb" -v b="$bytes" 'BEGIN { printf "%.2f", kb * 1024 / b }')
	echo "$label: $secs s, peak $kb KB, peak/file size $ratio"
}
run "proftree -o tsv   " "$top/proftree" -o tsv "$big"
run "proftree -o folded" "$top/proftree" -o folded "$big"
run "proftree -o prof  " "$top/proftree" -o prof "$big"
echo "reference (perf.md): ghc-prof 10.7 s, 914 MB on a 50 MB report; target <= 1.07 s, peak < 4x file"
