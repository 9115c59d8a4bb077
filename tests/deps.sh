#!/bin/sh
# deps.sh: calls in the library run one way only, from the programs down
# to the base.  Each object of src/lib/ has a rank (below); an object may
# use what its own rank or a lower one defines, except that two objects
# of the same format rank (readers, writers, transformations of a
# format) never call each other: what they share belongs in the format's
# model or in the base.  Programs (src/PROG.o) may use anything in the
# library, and the library nothing of theirs.  Reads `nm` of the objects
# of a built tree; prints each call that goes the wrong way and exits 1
# if there is any.
#
# A new module adds itself to rank() here.
cd "$(dirname "$0")/.." || exit 2
rank() {
	case $1 in
	diag) echo 0 ;;
	alloc) echo 1 ;;
	num|output) echo 2 ;;
	escape|input|intern) echo 3 ;;
	prog|sniff|namecut) echo 4 ;;
	# models and their transformations
	hp|hp_stats|hp_select|prof|prof_tree|json|json_read|xml|svg|eventlog|ipe) echo 5 ;;
	# readers, writers, transforms
	hp_*|prof_*|json_*|ev_*|svg_*|ipe_tsv) echo 6 ;;
	heap_in|*_in) echo 7 ;;                        # format dispatch
	*) echo 9 ;;
	esac
}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
bad=0
for o in src/lib/*.o; do
	m=$(basename "$o" .o)
	nm -P --defined-only "$o" | awk '$2 ~ /^[TDBR]$/ { print $1 }' |
	    sed "s/\$/ $m/" >>"$tmp/defs"
done
[ -s "$tmp/defs" ] || { echo "deps.sh: no objects: run make first"; exit 2; }
for o in src/lib/*.o; do
	m=$(basename "$o" .o)
	rm_=$(rank "$m")
	for s in $(nm -P --undefined-only "$o" | awk '{ print $1 }'); do
		d=$(awk -v s="$s" '$1 == s { print $2; exit }' "$tmp/defs")
		[ -n "$d" ] || continue    # libc
		rd=$(rank "$d")
		[ "$d" = "$m" ] || echo "$m $d" >>"$tmp/edges"
		if [ "$rd" -gt "$rm_" ] ||
		    { [ "$rd" -eq 6 ] && [ "$rm_" -eq 6 ] && [ "$d" != "$m" ]; }; then
			echo "deps.sh: $m (rank $rm_) calls $s of $d (rank $rd)"
			bad=1
		fi
	done
done
# No cycle among the modules either (tsort names one if there is).
if [ -s "$tmp/edges" ] && tsort "$tmp/edges" 2>&1 >/dev/null | grep -q .; then
	echo "deps.sh: a cycle between modules:"
	tsort "$tmp/edges" 2>&1 >/dev/null
	bad=1
fi
for o in src/*.o; do
	p=$(basename "$o" .o)
	for s in $(nm -P --defined-only "$o" | awk '$2 ~ /^[TDBR]$/ { print $1 }'); do
		if grep -q "^$s " "$tmp/defs"; then
			echo "deps.sh: program $p defines library symbol $s"
			bad=1
		fi
	done
done
[ "$bad" -eq 0 ] && echo "deps.sh: calls run down only"
exit $bad
