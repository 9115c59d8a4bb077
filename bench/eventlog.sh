#!/bin/sh
# bench/eventlog.sh: the eventlog targets of ../shared/spec/perf.md on
# large eventlogs built from a real GHC 9.0.2 -hc eventlog by repeating
# its censuses (bench/mkevlog.py):
#
#   P5  hpcat on 100 MB / on 10 MB: at most 11
#   P6  hpcat (eventlog to .hp) against a ghc-events program that prints
#       the heap samples (bench/GhcEventsHeap.hs; needs the Debian
#       package libghc-ghc-events-dev), on the same 100 MB: at least 20x
#   P9  peak memory of hpcat on a 1 GB eventlog (piped, not stored):
#       under 8 MB
#
#   BENCH_BIG=0 sh bench/eventlog.sh   skips P9
#
# Inputs go to bench/out/ (ignored by git).  Times are wall and CPU
# (user + system) seconds of /usr/bin/time, the median of 3 runs; on a
# shared machine the CPU ratio is the steadier one.  Never run by
# `make check`.
set -eu
cd "$(dirname "$0")/.."
make -s all >/dev/null
out=bench/out
mkdir -p "$out"
src=tests/fixtures/leak.l-hc.eventlog

for mb in 10 100; do
	[ -s "$out/ev$mb.eventlog" ] ||
		python3 bench/mkevlog.py $((mb * 1000000)) "$src" >"$out/ev$mb.eventlog"
done

# t CMD...: "WALL CPU KB": the median wall and CPU times of 3 runs,
# and the largest max RSS.
t() {
	for i in 1 2 3; do
		/usr/bin/time -f '%e %U %S %M' -o "$out/.t" sh -c "$*" >/dev/null 2>&1 || true
		tail -1 "$out/.t"
	done >"$out/.runs"
	w=$(cut -d' ' -f1 "$out/.runs" | sort -n | sed -n 2p)
	c=$(awk '{ printf "%.2f\n", $2 + $3 }' "$out/.runs" | sort -n | sed -n 2p)
	m=$(cut -d' ' -f4 "$out/.runs" | sort -n | tail -1)
	echo "$w $c $m"
}

r10=$(t ./hpcat "$out/ev10.eventlog")
r100=$(t ./hpcat "$out/ev100.eventlog")
echo "P5 hpcat eventlog 10 MB: $r10 (wall s, cpu s, KB)"
echo "P5 hpcat eventlog 100 MB: $r100"
# (CPU times of 10 MB are at the 0.01 s resolution of time(1): the
# wall ratio is the one to read.)
echo "$r10 $r100" | awk '{ printf "P5 ratio 100 MB / 10 MB: wall %.1f (target <= 11)\n", $4 / $1 }'

if ghc-pkg list ghc-events 2>/dev/null | grep -q ghc-events; then
	if [ ! -x "$out/ghc-events-heap" ]; then
		mkdir -p "$out/ge"
		ghc -O2 -outputdir "$out/ge" bench/GhcEventsHeap.hs -o "$out/ghc-events-heap" >/dev/null
	fi
	g=$(t "$out/ghc-events-heap" "$out/ev100.eventlog")
	echo "P6 ghc-events heap samples 100 MB: $g"
	echo "$g $r100" | awk '{ printf "P6 ratio ghc-events / hpcat: wall %.1f, cpu %.1f (target >= 20)\n", $1 / $4, $2 / $5 }'
else
	echo "P6 skipped: apt-get install libghc-ghc-events-dev"
fi

if [ "${BENCH_BIG:-1}" != 0 ]; then
	python3 bench/mkevlog.py 1000000000 "$src" |
		/usr/bin/time -f '%M' -o "$out/.t" ./hpcat -q >/dev/null
	echo "P9 hpcat on a 1 GB eventlog: max RSS $(tail -1 "$out/.t") KB (target < 8192)"
fi
