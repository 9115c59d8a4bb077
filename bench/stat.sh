#!/bin/sh
# bench/stat.sh: hpstat against the reference points of
# ../shared/spec/perf.md, on large inputs built from a real fixture
# (bench/mkhp.awk, as bench/run builds them).
#
#   sh bench/stat.sh             P1, P2 (hpstat part), P4 (hpstat), P5
#   BENCH_BIG=0 sh bench/stat.sh skip the 1 GB input of P4
#
# Inputs go to bench/out/ (ignored by git) and are rebuilt only when
# missing.  Times are hyperfine medians when it is installed, else the
# median of 3 runs of /usr/bin/time; memory is the maximum resident set
# size of one run.  Never run by `make check`.
set -eu
cd "$(dirname "$0")/.."
make -s all >/dev/null
out=bench/out
mkdir -p "$out"
src=tests/fixtures/leak.hc.hp   # a real GHC 9.0.2 -hc profile

mk() { # SIZE_BYTES NAME
	[ -s "$out/$2" ] || awk -v target="$1" -f bench/mkhp.awk "$src" >"$out/$2"
}

# t CMD: "SECONDS KB"
t() {
	kb=$(/usr/bin/time -f '%M' -o "$out/.t" sh -c "$*" >/dev/null 2>&1; tail -1 "$out/.t")
	if command -v hyperfine >/dev/null; then
		hyperfine -w 1 -m 5 -M 10 --export-json "$out/.j" "$*" >/dev/null 2>&1
		s=$(sed -n 's/.*"median": *\([0-9.e-]*\).*/\1/p' "$out/.j" | head -1)
		s=$(awk -v s="$s" 'BEGIN { printf "%.4f", s }')
	else
		s=$(for i in 1 2 3; do
			/usr/bin/time -f '%e' -o "$out/.t" sh -c "$*" >/dev/null 2>&1 || true
			tail -1 "$out/.t"
		done | sort -n | sed -n 2p)
	fi
	echo "$s $kb"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) b = 0.005; printf "%.1f", a / b }'; }

mk 1000000 1M.hp
mk 10000000 10M.hp
mk 16000000 16M.hp
mk 100000000 100M.hp
if [ "${BENCH_BIG:-1}" = 1 ]; then mk 1000000000 1G.hp; fi
cat "$out/100M.hp" >/dev/null  # into the page cache

echo "P1: hpstat (every per-band figure) on 100 MB vs the mawk one-liner (target: >= 5x faster)"
set -- $(t "mawk -F'\t' 'NF==2{s[\$1]+=\$2}' $out/100M.hp"); mk_=$1
set -- $(t "./hpstat -o tsv $out/100M.hp"); hs=$1
echo "  mawk ${mk_} s, hpstat -o tsv ${hs} s: $(ratio "$mk_" "$hs")x"
set -- $(t "./hpstat -b $out/100M.hp"); echo "  (hpstat -b, text: $1 s)"
echo

echo "P2: hpstat on 16 MB (hp2ps on the same file: see bench/run)"
set -- $(t "./hpstat -o tsv $out/16M.hp"); echo "  hpstat ${1} s"
echo

echo "P4: peak memory of hpstat (target: constant, under 4 MB plus the band table)"
for f in 1M 10M 100M 1G; do
	[ -s "$out/$f.hp" ] || continue
	kb=$(/usr/bin/time -f '%M' -o "$out/.t" ./hpstat -o tsv "$out/$f.hp" >/dev/null 2>&1; tail -1 "$out/.t")
	echo "  $f: $kb KB max RSS"
done
echo

echo "P5: scaling, time on 100 MB / time on 10 MB (target: <= 11)"
set -- $(t "./hpstat -o tsv $out/10M.hp"); a=$1
set -- $(t "./hpstat -o tsv $out/100M.hp"); b=$1
echo "  hpstat: ${a} s -> ${b} s: $(ratio "$b" "$a")"
