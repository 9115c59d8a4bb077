#!/usr/bin/env bats
# hpstat: golden cases (tests/cases/hpstat), every figure of every real
# profile (fixtures and ../shared/corpus) against an independent awk
# computation, TSV against JSON, the ../shared/cases rows, pipes, files,
# and the EXAMPLES of man/hpstat.1.

load helper

# reference [START END] < PROFILE: the figures of a .hp (as hpcat writes
# it: repaired, duplicates summed) computed by awk, independently of
# hpstat: one TSV row per band, the columns of hpstat -o tsv, then a row
# "<summary>  samples first last duration bands max_cost max_cost_time
# max_total max_total_time mean_total final_total total_integral".
# The slope is computed the textbook way, in two passes over the kept
# samples (centred sums), not by hpstat's running sums, without GHC's
# exit census (the input's last sample, when it is empty, kept and not
# the first kept); the growth is the slope times the time from the
# band's first sample to the last sample the slope counts.
reference() {
	awk -v s="${1-}" -v e="${2-}" '
	BEGIN { N = 0 }  # a number, not "", as an array index
	function esc(x) { gsub(/\\/, "&&", x); gsub(/\t/, "\\t", x); return x }
	function take(   k, v, tot, dt) {
		if (N > 0 && t > pt) {
			dt = t - pt; cov += dt
			for (k in prev) integ[k] += prev[k] / 2 * dt
			for (k in cur) integ[k] += cur[k] / 2 * dt
		}
		T[N] = t; tot = 0
		for (k in cur) {
			v = cur[k]; tot += v
			if (!(k in cnt)) {
				cnt[k] = 0; fi[k] = N; first[k] = t; mx[k] = v; mt[k] = t
				nb++
			} else if (v > mx[k]) { mx[k] = v; mt[k] = t }
			cnt[k]++; last[k] = t; sum[k] += v; V[k, N] = v
			if (!hasmc || v > mc || (v == mc && N < mcn)) { hasmc = 1; mc = v; mct = t; mcn = N }
		}
		if (N == 0 || tot > mtot) { mtot = tot; mtt = t }
		ftot = tot; stot += tot
		delete prev
		for (k in cur) prev[k] = cur[k]
		pt = t; N++
	}
	/^BEGIN_SAMPLE / { t = $2 + 0; delete cur; rows = 0; in_s = 1; next }
	/^END_SAMPLE / {
		in_s = 0
		lastkept = 0
		if ((s == "" || t >= s + 0) && (e == "" || t <= e + 0)) {
			take(); lastkept = 1
		}
		lastempty = rows == 0
		next
	}
	in_s {
		i = match($0, /\t[0-9]+$/)
		if (i) { cur[esc(substr($0, 1, i - 1))] += substr($0, i + 1) + 0; rows++ }
	}
	END {
		# the samples the slopes count: the exit census left out
		NS = N - (lastempty && lastkept && N > 1)
		# the time the trapezoids cover: steps back in time add nothing
		dur = cov + 0
		tint = 0
		for (k in integ) tint += integ[k]
		for (k in cnt) {
			mean = dur > 0 ? integ[k] / dur : sum[k] / N
			share = tint > 0 ? 100 * integ[k] / tint : 0
			n = NS - fi[k]; slope = 0
			if (n >= 2) {
				tm = 0; ym = 0
				for (i = fi[k]; i < NS; i++) { tm += T[i]; ym += V[k, i] }
				tm /= n; ym /= n; num = 0; den = 0
				for (i = fi[k]; i < NS; i++) {
					dt = T[i] - tm; num += dt * (V[k, i] - ym); den += dt * dt
				}
				if (den > 0) slope = num / den
			}
			growth = slope * (T[NS - 1] - first[k])
			printf "%s\t%d\t%.0f\t%.6f\t%.6f\t%.0f\t%.6f\t%.6f\t%.6f\t%.6f\t%.6f\t%.6f\n", k, cnt[k], mx[k], mt[k], mean, sum[k], integ[k] + 0, share, first[k], last[k], slope, growth
		}
		mtl = dur > 0 ? tint / dur : (N ? stot / N : 0)
		printf "<summary>\t%d\t%.6f\t%.6f\t%.6f\t%d\t%.0f\t%.6f\t%.0f\t%.6f\t%.6f\t%.0f\t%.6f\n", N, (N ? T[0] : 0), (N ? T[N - 1] : 0), dur, nb, mc, mct, mtot, mtt, mtl, ftot, tint
	}'
}

# same_figures A B: two TSV files of figures, rows sorted by their first
# field, agree: the fields named exact (by number) byte for byte, the
# others to 6 significant digits (or 2e-6 absolutely, for the 6
# decimals of near-zero figures).
same_figures() {
	local exact=$3
	if ! awk -F'\t' -v exact="$exact" '
	BEGIN { n = split(exact, x, ","); for (i = 1; i <= n; i++) ex[x[i]] = 1 }
	FNR == NR { a[FNR] = $0; na = FNR; next }
	{
		nb = FNR
		if (!(FNR in a)) { print "extra row: " $0; bad = 1; next }
		m = split(a[FNR], f, "\t")
		if (m != NF) { print "fields differ:\n" a[FNR] "\n" $0; bad = 1; next }
		for (i = 1; i <= NF; i++) {
			if (i == 1 || (i in ex)) {
				if (f[i] != $i) { print "field " i ": " f[i] " != " $i " in " $1; bad = 1 }
				continue
			}
			d = f[i] - $i; if (d < 0) d = -d
			m1 = f[i] < 0 ? -f[i] : f[i]; m2 = $i < 0 ? -$i : $i
			if (m2 > m1) m1 = m2
			if (d > 1e-6 * m1 + 2e-6) { print "field " i ": " f[i] " != " $i " in " $1; bad = 1 }
		}
	}
	END { if (na != nb) { print "rows: " na " != " nb; bad = 1 } exit bad }
	' "$1" "$2"; then
		return 1
	fi
}

# check_profile FILE [START END]: every figure hpstat gives for FILE, in
# TSV and in JSON, against the reference.
check_profile() {
	local f=$1 d="$BATS_TEST_TMPDIR" iv=""
	[ $# -eq 3 ] && iv="-s $2 -e $3"
	hpcat -q "$f" | reference "${2-}" "${3-}" >"$d/ref.all"
	grep -v '^<summary>' "$d/ref.all" | LC_ALL=C sort >"$d/ref.tsv"
	grep '^<summary>' "$d/ref.all" >"$d/ref.sum"
	# shellcheck disable=SC2086
	hpstat $iv -o tsv "$f" 2>/dev/null | tail -n +2 | LC_ALL=C sort >"$d/tsv"
	# shellcheck disable=SC2086
	hpstat $iv -o json "$f" 2>/dev/null >"$d/json"
	jq -r '.per_band[] | [.band, .samples, .max, .max_time, .mean, .sum, .integral, .share, .first, .last, .slope, .growth] | @tsv' "$d/json" | LC_ALL=C sort >"$d/json.tsv"
	jq -r '["<summary>", .samples, .first, .last, .duration, .bands, .max_cost.bytes, .max_cost.time, .max_total.bytes, .max_total.time, .mean_total, .final_total, .total_integral] | @tsv' "$d/json" >"$d/json.sum"
	same_figures "$d/ref.tsv" "$d/tsv" 2,3,6 || { echo "TSV of $f $iv"; return 1; }
	same_figures "$d/tsv" "$d/json.tsv" 2,3,6 || { echo "JSON of $f $iv"; return 1; }
	same_figures "$d/ref.sum" "$d/json.sum" 2,6,7,9,12 || { echo "summary of $f $iv"; return 1; }
}

@test "golden cases" { golden_all hpstat; }

@test "every fixture: every figure against an independent computation, TSV and JSON alike" {
	n=0
	for f in "$FIX"/*.hp; do
		# the awk of check_profile reads a band row as one line: the
		# names that hold a newline are checked by golden cases
		case $f in */newline.*) continue ;; esac
		check_profile "$f" || return 1
		n=$((n + 1))
	done
	[ "$n" -ge 10 ]
}

@test "every fixture: the figures of an interval (-s/-e)" {
	for f in "$FIX"/leak.hc.hp "$FIX"/leak.hy.hp "$FIX"/leak.hb.hp "$FIX"/names.P.hp; do
		check_profile "$f" 0.05 0.15 || return 1
		check_profile "$f" 0.1 0.1 || return 1
		check_profile "$f" 100 200 || return 1
	done
}

@test "every corpus .hp: every figure against an independent computation" {
	need_corpus
	n=0
	for f in "$CORPUS"/hp/*.hp; do
		check_profile "$f" || return 1
		n=$((n + 1))
	done
	[ "$n" -ge 10 ]
}

@test "the reference computation itself catches a wrong figure" {
	# the check above must be able to fail: one figure off by 1e-5
	d="$BATS_TEST_TMPDIR"
	printf 'a\t1\t2\t3.5\n' >"$d/x"
	printf 'a\t1\t2\t3.50004\n' >"$d/y"
	run same_figures "$d/x" "$d/y" 2,3
	[ "$status" -eq 1 ]
	printf 'a\t1\t2\t3.500001\n' >"$d/y"
	same_figures "$d/x" "$d/y" 2,3
	printf 'a\t1\t3\t3.5\n' >"$d/y"
	run same_figures "$d/x" "$d/y" 2,3
	[ "$status" -eq 1 ]
}

@test "an eventlog gives the figures of the same run's .hp" {
	# compares the slopes of two runs
	one_valgrind_part
	ev="$FIX/leak.l-hc.eventlog"
	hpcat -q "$ev" >"$BATS_TEST_TMPDIR/ev.hp" 2>/dev/null || skip "no eventlog input yet"
	hpstat -o tsv "$BATS_TEST_TMPDIR/ev.hp" >"$BATS_TEST_TMPDIR/a"
	hpstat -o tsv "$ev" >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}

@test "sorting: each -S key orders the bands of a real profile" {
	# compares the slopes of two runs
	one_valgrind_part
	f="$FIX/leak.hc.hp"
	# column of the key in the TSV, and sort(1) flags for the expected order
	for k in max:3 sum:6 integral:7 slope:11 growth:12; do
		col=${k#*:}
		hpstat -o tsv -S "${k%:*}" "$f" | tail -n +2 | cut -f "$col" >"$BATS_TEST_TMPDIR/got"
		sort -g -r "$BATS_TEST_TMPDIR/got" | cmp - "$BATS_TEST_TMPDIR/got"
	done
	hpstat -o tsv -S name "$f" | tail -n +2 | cut -f 1 >"$BATS_TEST_TMPDIR/got"
	LC_ALL=C sort "$BATS_TEST_TMPDIR/got" | cmp - "$BATS_TEST_TMPDIR/got"
	[ "$(hpstat -o tsv -n 3 "$f" | wc -l)" -eq 4 ]
	# the default is -S integral in TSV and JSON, -S growth in text
	[ "$(hpstat -o tsv "$f")" = "$(hpstat -o tsv -S integral "$f")" ]
	[ "$(hpstat -o json "$f")" = "$(hpstat -o json -S integral "$f")" ]
	[ "$(hpstat -b "$f")" = "$(hpstat -b -S growth "$f")" ]
	[ "$(hpstat -b "$f")" != "$(hpstat -b -S integral "$f")" ]
}

@test "-d: a profile against itself changes nothing; the gates pass" {
	f="$FIX/leak.hc.hp"
	run hpstat -o tsv -d -G 0 "$f" "$f"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | tail -n +2 | awk -F'\t' '$4 != "0.000000" || $7 != "0" || $10 != "0.000000" { bad = 1 } END { exit bad }'
	[ "$(printf '%s\n' "$output" | wc -l)" -eq $(( $(hpstat -o tsv "$f" | wc -l) )) ]
}

@test "-d: two real breakdowns of one run, every band of either listed" {
	a="$FIX/leak.hc.hp" b="$FIX/leak.hm.hp"
	hpstat -o tsv -d "$a" "$b" | tail -n +2 | cut -f 1 | LC_ALL=C sort >"$BATS_TEST_TMPDIR/got"
	# by identity: the -hc stacks without their "(N)"
	{ hpstat -o tsv "$a"; hpstat -o tsv "$b"; } | grep -v '^band' | cut -f 1 | sed 's/^([0-9]*)//' | LC_ALL=C sort -u >"$BATS_TEST_TMPDIR/want"
	cmp "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	# sorted by the absolute change in integral
	hpstat -o tsv -d "$a" "$b" | tail -n +2 | awk -F'\t' '{ d = $4 < 0 ? -$4 : $4; print d }' >"$BATS_TEST_TMPDIR/d"
	sort -g -r "$BATS_TEST_TMPDIR/d" | cmp - "$BATS_TEST_TMPDIR/d"
	hpstat -o json -d "$a" "$b" | jq -e '.old.bands > 0 and .new.bands > 0 and (.per_band | length) > 0' >/dev/null
}

@test "-L on a real profile: 1 above the max total, 0 at it, figures either way" {
	# compares the slopes of two runs
	one_valgrind_part
	f="$FIX/leak.hc.hp"
	max=$(hpstat -o json "$f" | jq .max_total.bytes)
	t=$(hpstat -o json "$f" | jq -r .max_total.time)
	run hpstat -o tsv -L "$max" "$f"
	[ "$status" -eq 0 ]
	[ "$output" = "$(hpstat -o tsv "$f")" ]
	run hpstat -L "$((max - 1))" "$f"
	[ "$status" -eq 1 ]
	[[ "$output" == *"hpstat: $f: max total 45.1 MiB ($max bytes) at 0.175242 s exceeds the limit 45.1 MiB ($((max - 1)) bytes)"* ]]
	[ "$t" = 0.175242 ]
	run hpstat -L 1k -L 100M "$f"
	[ "$status" -eq 0 ]
	run hpstat -L 45M "$f"
	[ "$status" -eq 1 ]
	run hpstat -L 1G "$f"
	[ "$status" -eq 0 ]
}

@test "JSON is valid: one object, several files an array, names with any bytes" {
	hpstat -o json "$FIX/leak.hd.hp" | jq -e 'type == "object" and (.per_band | length) == .bands' >/dev/null
	hpstat -o json "$FIX/leak.hd.hp" "$FIX/leak.hy.hp" | jq -e 'type == "array" and length == 2' >/dev/null
	hpstat -o json "$TOP/tests/cases/hpstat/names.in" | jq -e '.per_band | map(.band) | index("tab\there") != null' >/dev/null
	hpstat -o json -d "$FIX/leak.hd.hp" "$FIX/leak.hy.hp" | jq -e '.old.file and .new.file' >/dev/null
}

# narrow FILE...: no line of the text output in FILE wider than 79
# columns (characters, not bytes: the units and marks are UTF-8, so
# continuation bytes do not count).
narrow() {
	LC_ALL=C tr -d '\200-\277' <"$1" |
	    awk -v f="$2" 'length($0) > 79 { print f ": " length($0) ": " $0; bad = 1 } END { exit bad }'
}

@test "text: no line wider than 80 columns, names cut in text only" {
	prev="$FIX/leak.hc.hp"
	for f in "$FIX"/*.hp "$CORPUS"/hp/*.hp; do
		[ -f "$f" ] || continue
		hpstat -b "$f" >"$BATS_TEST_TMPDIR/t" 2>/dev/null
		narrow "$BATS_TEST_TMPDIR/t" "$f" || return 1
		hpstat -d "$prev" "$f" >"$BATS_TEST_TMPDIR/t" 2>/dev/null
		narrow "$BATS_TEST_TMPDIR/t" "-d $prev $f" || return 1
		prev=$f
	done
	# cut in the middle (namecut.h), keeping GHC's own "..." cut
	hpstat -b "$FIX/leak.hc.hp" | grep -q '^(308)buildM…ldMap/m\.\.\. '
	hpstat -o tsv "$FIX/leak.hc.hp" | grep -q '^(308)buildMap.\\\\/buildMap/m...	'
}

@test "text: a long name, job, date or file name is cut to the line, in every line" {
	d="$BATS_TEST_TMPDIR"
	long=$(printf 'x%.0s' $(seq 300))
	# a file name of 150 bytes or more, in two directories
	mkdir -p "$d/${long:0:60}/${long:0:60}"
	long_file="$d/${long:0:60}/${long:0:60}/p.hp"
	awk -v n="$long" 'BEGIN {
		printf "JOB \"%s\"\nDATE \"%s\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n", n, n
		printf "BEGIN_SAMPLE 0.0\n(1)%s\t100\nEND_SAMPLE 0.0\n", n
		printf "BEGIN_SAMPLE 1.0\n(1)%s\t200\nEND_SAMPLE 1.0\n", n
	}' >"$long_file"
	cp "$long_file" "$d/b.hp"
	hpstat -b "$long_file" "$d/b.hp" >"$d/t" 2>/dev/null
	narrow "$d/t" several
	# cut: the long file name, and in both blocks job, date, max cost
	[ "$(grep -v '^(1)' "$d/t" | grep -c '…')" -eq 7 ]
	grep -qxF "max cost    200 B at 1.0 s: (1)${long:0:22}…${long:0:25}" "$d/t"
	hpstat -d "$long_file" "$d/b.hp" >"$d/t" 2>/dev/null
	narrow "$d/t" -d
	[ "$(sed -n 2p "$d/t")" = "            2 samples, 0.0 s to 1.0 s, no exit census" ]
	# TSV and JSON keep every byte
	[ "$(hpstat -o json "$long_file" | jq -r '.job, .per_band[0].band' | awk '{ print length($0) }' | tr '\n' ' ')" = "300 303 " ]
}

@test "text: names of bytes 0xA0 to 0xBF (not UTF-8) are cut and padded as the terminal shows them" {
	{
		printf 'JOB "j"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.0\n'
		printf 'short\240\277\t100\n'
		printf 'long\240\241\242\243\244\245\246\247\250\251\252\253\254\255\256\257\260\261\262\263\264\265\266\267\270\271\272\273\274\275\276\277end\t200\n'
		printf 'END_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n'
	} >"$BATS_TEST_TMPDIR/a0.hp"
	hpstat -b "$BATS_TEST_TMPDIR/a0.hp" >"$BATS_TEST_TMPDIR/t"
	# each byte one column (U+FFFD): every line fits, the rows aligned
	python3 -c '
import sys
rows = open(sys.argv[1], "rb").read().decode("utf-8", "replace").splitlines()
assert all(len(r) <= 79 for r in rows), [len(r) for r in rows]
band = [r for r in rows if r.startswith(("short", "long"))]
assert len(band) == 2 and len({r.index(" B ") for r in band}) == 1, band
assert band[0].startswith("long") and band[0].split()[0].endswith("end"), band[0]
' "$BATS_TEST_TMPDIR/t"
}

@test "memory grows with bands, not samples: no sample is kept" {
	# a profile 64 times as long has the same bands: the same figures
	# per sample count scale, and hpstat never holds a sample (valgrind
	# counts the bytes allocated at the peak)
	command -v valgrind >/dev/null || skip "no valgrind"
	f="$FIX/leak.hc.hp"
	big="$BATS_TEST_TMPDIR/big.hp"
	awk -f "$TOP/bench/mkhp.awk" -v target=4000000 "$f" >"$big"
	peak() {
		valgrind --tool=massif --pages-as-heap=no --massif-out-file="$BATS_TEST_TMPDIR/m" "$TOP/hpstat" -o tsv "$1" >/dev/null 2>&1
		awk -F= '/^mem_heap_B=/ { if ($2 > m) m = $2 } END { print m }' "$BATS_TEST_TMPDIR/m"
	}
	small=$(peak "$f")
	[ -n "$small" ] || skip "valgrind cannot run this build (sanitizers)"
	large=$(peak "$big")
	echo "peak heap: $small bytes on $(wc -c <"$f"), $large bytes on $(wc -c <"$big")"
	[ "$large" -lt $((small + 65536)) ]
}

# ---- ../shared/cases rows ----

@test "case hp-name-spaces: the name is all before the last TAB, in every format" {
	need_cases
	run hpstat -o tsv "$CASES/hp-name-spaces.hp"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -v warning | sed -n 2p | cut -f 1-3)" = "$(printf '(7)parse input/main\t1\t4096')" ]
	[ "$(hpstat -o json "$CASES/hp-name-spaces.hp" 2>/dev/null | jq -r '.per_band[0].band')" = "(7)parse input/main" ]
	hpstat -b "$CASES/hp-name-spaces.hp" 2>/dev/null | grep -q '^(7)parse input/main  '
}

@test "case hp-time-carry: 13.100 is read as 14.00 with a warning" {
	need_cases
	run hpstat -o json "$CASES/hp-time-carry.hp"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hpstat: $CASES/hp-time-carry.hp:8: warning: two-decimal time '13.100' has a carry: read as 14.00" ]
	hpstat -o json "$CASES/hp-time-carry.hp" 2>/dev/null | jq -e '.first == 13.9 and .last == 14.09' >/dev/null
}

@test "case hp-job-quoting: the JOB value, unquoted" {
	need_cases
	[ "$(hpstat -o json "$CASES/hp-job-quoting.hp" | jq -r .job)" = 'demo C:\work\in.txt "two words" +RTS -hT' ]
	hpstat "$CASES/hp-job-quoting.hp" | grep -qxF 'job         demo C:\work\in.txt "two words" +RTS -hT'
}

@test "case hp-incomplete-tail: the tail is dropped with one warning, exit 0" {
	need_cases
	hpstat -o json "$CASES/hp-incomplete-tail.hp" >"$BATS_TEST_TMPDIR/o" 2>"$BATS_TEST_TMPDIR/e"
	[ "$(head -1 "$BATS_TEST_TMPDIR/e")" = "hpstat: $CASES/hp-incomplete-tail.hp:8: warning: incomplete sample at end of input (no END_SAMPLE): dropped" ]
	jq -e '.samples == 1' "$BATS_TEST_TMPDIR/o" >/dev/null
}

@test "case hp-header-only: 1 sample, 0 bands, exit 0" {
	need_cases
	run hpstat -o json "$CASES/hp-header-only.hp"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | jq -e '.samples == 1 and .bands == 0 and .per_band == []' >/dev/null
}

@test "case empty.hp: empty input, exit 2, no output" {
	need_cases
	st=0
	hpstat "$CASES/empty.hp" >"$BATS_TEST_TMPDIR/o" 2>"$BATS_TEST_TMPDIR/e" || st=$?
	[ "$st" -eq 2 ]
	[ ! -s "$BATS_TEST_TMPDIR/o" ]
	[ "$(cat "$BATS_TEST_TMPDIR/e")" = "hpstat: $CASES/empty.hp: empty input" ]
}

# ---- files, pipes, locale ----

@test "an error in a later file leaves output that cannot pass for complete" {
	# a first file whose rows fill more than the output buffer
	awk 'BEGIN {
		print "JOB \"many\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\""
		print "BEGIN_SAMPLE 0.0"
		for (i = 0; i < 3000; i++) printf "(%d)band/number/%d/of/a/wide/profile\t%d\n", i, i, 8 * i
		print "END_SAMPLE 0.0"
	}' >"$BATS_TEST_TMPDIR/many.hp"
	printf 'not a profile\n' >"$BATS_TEST_TMPDIR/bad.hp"
	hpstat -o tsv "$BATS_TEST_TMPDIR/many.hp" "$BATS_TEST_TMPDIR/bad.hp" >"$BATS_TEST_TMPDIR/o" 2>"$BATS_TEST_TMPDIR/e" && return 1
	[ "$(tail -1 "$BATS_TEST_TMPDIR/o")" = "hpstat: error: output incomplete, see the messages of hpstat" ]
	# every line before it is a whole row
	[ "$(sed '$d' "$BATS_TEST_TMPDIR/o" | awk -F'\t' 'NF != 13' | wc -l)" -eq 0 ]
	[ "$(sed '$d' "$BATS_TEST_TMPDIR/o" | wc -l)" -gt 500 ]
	grep -q "^hpstat: $BATS_TEST_TMPDIR/bad.hp:1: " "$BATS_TEST_TMPDIR/e"
}

@test "an error in a later file: the figures of the files before it, then the trailer" {
	need_cases
	f="$FIX/leak.hc.hp"
	run hpstat -L 1M "$f" "$CASES/empty.hp"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "file        $f" ]
	[ "${lines[1]}" = "job         leak 200000 +RTS -hc -i0.02" ]
	[[ "$output" == *"hpstat: $f: max total 45.1 MiB (47274800 bytes) at 0.175242 s exceeds the limit 1.0 MiB (1048576 bytes)"* ]]
	[[ "$output" == *"hpstat: $CASES/empty.hp: empty input"* ]]
	# standard output alone: the first file's block, then the trailer
	hpstat -o tsv "$f" "$CASES/empty.hp" >"$BATS_TEST_TMPDIR/o" 2>/dev/null && return 1
	[ "$(tail -1 "$BATS_TEST_TMPDIR/o")" = "hpstat: error: output incomplete, see the messages of hpstat" ]
	[ "$(sed '$d' "$BATS_TEST_TMPDIR/o" | wc -l)" -eq "$(hpstat -o tsv "$f" | wc -l)" ]
	# JSON: the document, then the trailer on a line of its own
	hpstat -o json "$f" "$CASES/empty.hp" >"$BATS_TEST_TMPDIR/o" 2>/dev/null && return 1
	[ "$(tail -1 "$BATS_TEST_TMPDIR/o")" = "hpstat: error: output incomplete, see the messages of hpstat" ]
	[ "$(tail -2 "$BATS_TEST_TMPDIR/o" | head -1)" = "  }" ]
}

@test "standard input has one name, <stdin>, in messages and in every output" {
	hpstat -L 1 -o json <"$FIX/leak.hd.hp" >"$BATS_TEST_TMPDIR/o" 2>"$BATS_TEST_TMPDIR/e" && return 1
	[ "$(jq -r .file "$BATS_TEST_TMPDIR/o")" = "<stdin>" ]
	grep -q '^hpstat: <stdin>: max total ' "$BATS_TEST_TMPDIR/e"
	[ "$(hpstat -o tsv - "$FIX/leak.hd.hp" <"$FIX/leak.hd.hp" | sed -n 2p | cut -f 1)" = "<stdin>" ]
	[ "$(hpstat - "$FIX/leak.hd.hp" <"$FIX/leak.hd.hp" | head -1)" = "file        <stdin>" ]
}

@test "a full disk is a write error, exit 2" {
	run sh -c "hpstat -b '$FIX/leak.hd.hp' >/dev/full"
	[ "$status" -eq 2 ]
	[ "$output" = "hpstat: write error: No space left on device" ]
}

@test "a closed pipe ends hpstat quietly" {
	run bash -c "set -o pipefail; hpstat -o tsv '$FIX/leak.hd.hp' | head -1"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'band\tsamples\tmax\tmax_time\tmean\tsum\tintegral\tshare\tfirst\tlast\tslope\tgrowth')" ]
}

@test "a terminal on standard input is refused with the usage" {
	command -v script >/dev/null || skip "no script(1)"
	run script -qec "$TOP/hpstat" /dev/null
	[ "$status" -eq 2 ]
	[[ "$output" == *"hpstat: standard input is a terminal; name a profile or pipe one in"* ]]
}

@test "output does not depend on the locale" {
	for loc in C de_DE.UTF-8 fr_FR.UTF-8; do
		for fmt in text tsv json; do
			LC_ALL=$loc hpstat -b -o $fmt "$FIX/leak.hc.hp" >"$BATS_TEST_TMPDIR/$loc.$fmt"
		done
	done
	for fmt in text tsv json; do
		cmp "$BATS_TEST_TMPDIR/C.$fmt" "$BATS_TEST_TMPDIR/de_DE.UTF-8.$fmt"
		cmp "$BATS_TEST_TMPDIR/C.$fmt" "$BATS_TEST_TMPDIR/fr_FR.UTF-8.$fmt"
	done
	grep -q '"mean_total": 25451037.608644,' "$BATS_TEST_TMPDIR/C.json"
}

@test "-h prints the usage on stdout, exit 0" {
	run hpstat -h
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "usage: hpstat [-s START] [-e END] [-b] [-S max|sum|integral|slope|growth|name]" ]
	[ "${lines[1]}" = "              [-n N] [-L LIMIT] [-d] [-G PERCENT] [-C] [-o text|tsv|json] [-q]" ]
	[ "${lines[2]}" = "              [file ...]" ]
}

# ---- the EXAMPLES of man/hpstat.1, run on real profiles ----

# examples: the example lines, with the quotes of the page as the shell
# sees them.
examples() {
	man_examples hpstat.1 | sed 's/\\(dq/"/g'
}

@test "man examples: every line runs on real profiles" {
	cd "$BATS_TEST_TMPDIR"
	cp "$FIX/leak.hc.hp" app.hp
	cp "$FIX/leak.hc.hp" old.hp
	# the new run holds more: the same profile with every value doubled
	awk -F'\t' 'NF == 2 { $2 = $2 * 2 } { print }' OFS='\t' "$FIX/leak.hc.hp" >new.hp
	n=0
	while IFS= read -r line; do
		case $line in
		gnuplot*) command -v gnuplot >/dev/null || continue ;;
		esac
		st=0
		bash -c "$line" >out 2>err || st=$?
		case $line in
		*-G*) [ "$st" -eq 1 ] || { echo "$line: exit $st"; return 1; }
		      grep -q 'new.hp: max total 90.2 MiB is 100.0% above old.hp' err ;;
		*) [ "$st" -eq 0 ] || { echo "$line: exit $st"; cat err; return 1; } ;;
		esac
		n=$((n + 1))
	done < <(examples)
	[ "$n" -ge 5 ]
	# the last awk example printed the band above 1 MB on average
	[ "$(bash -c "$(examples | grep awk)")" = "(306)mkItems/main.items/main
(308)buildMap.\\\\/buildMap/m..." ]
	# the leak suspects: five rows, growing fastest first
	[ "$(hpstat -b -S slope -n 5 app.hp | sed -n '/^band /,$p' | wc -l)" -eq 6 ]
	[ -s bands.tsv ]
}

@test "man examples: the Makefile rule fails above 200 MB, passes below" {
	command -v make >/dev/null || skip "no make"
	cd "$BATS_TEST_TMPDIR"
	# the rule as the page shows it
	sed -n '/^residency:/,/^\.Ed/p' "$TOP/man/hpstat.1" | sed '$d' >Makefile
	[ "$(wc -l <Makefile)" -eq 2 ]
	cp "$FIX/leak.hc.hp" app.hp
	run make -s residency
	[ "$status" -eq 0 ]
	# a profile whose peak is 45 MiB x 5 = 225 MiB
	awk -F'\t' 'NF == 2 { $2 = $2 * 5 } { print }' OFS='\t' "$FIX/leak.hc.hp" >app.hp
	run make -s residency
	[ "$status" -ne 0 ]
	[[ "$output" == *"hpstat: app.hp: max total 225.4 MiB (236374000 bytes) at 0.175242 s exceeds the limit 200.0 MiB (209715200 bytes)"* ]]
}

@test "-L and -G fail (exit 1) on an input with no heap sample, with the reason even under -q" {
	run sh -c "hpstat -q -L 1 '$FIX/leak.l-p.eventlog' 2>&1 >/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = "hpstat: $FIX/leak.l-p.eventlog: no heap sample to check against the limit 1 B (1 bytes): the gate fails" ]
	run sh -c "hpstat -q -L 200M '$FIX/leak.l-killed.eventlog' 2>&1 >/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = "hpstat: $FIX/leak.l-killed.eventlog: no heap sample to check against the limit 200.0 MiB (209715200 bytes): the gate fails" ]
	# an interval without a sample has measured nothing either
	run sh -c "hpstat -q -s 100 -L 1G '$FIX/leak.hc.hp' 2>&1 >/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = "hpstat: $FIX/leak.hc.hp: no heap sample in the interval to check against the limit 1.0 GiB (1073741824 bytes): the gate fails" ]
	run sh -c "hpstat -q -d -G 10 '$FIX/leak.hc.hp' '$FIX/leak.l-p.eventlog' 2>&1 >/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = "hpstat: $FIX/leak.l-p.eventlog: no heap sample to compare: the gate -G fails" ]
	run sh -c "hpstat -q -s 100 -d -G 10 '$FIX/leak.hc.hp' '$FIX/leak.hc.hp' 2>&1 >/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = "hpstat: $FIX/leak.hc.hp: no heap sample in the interval to compare: the gate -G fails" ]
	# the figures are written as usual; a profile with samples passes
	hpstat -q -L 1 "$FIX/leak.l-p.eventlog" | grep -qx 'samples     0'
	hpstat -q -L 1G "$FIX/leak.hc.hp" >/dev/null
}

# ---- comparisons and trends on real runs (tests/fixtures/trend*) ----

# trend_ref OLD NEW: the -d rows of two .hp files computed by python
# from their samples, independently of hpstat: each band by its
# identity (its name without a leading "(N)"), an identity of one band
# in each; "identity TAB old_integral new_integral old_max new_max
# old_slope new_slope old_growth new_growth", the slope by least squares
# from the band's first sample to the last before the exit census (the
# last sample, when empty), the growth the slope times that time.
trend_ref() {
	python3 - "$1" "$2" <<'PY'
import re, sys
def read(path):
    samples, cur = [], None
    for line in open(path, encoding="latin-1"):
        line = line.rstrip("\n")
        if line.startswith("BEGIN_SAMPLE "):
            cur = (float(line.split()[1]), {})
        elif line.startswith("END_SAMPLE "):
            samples.append(cur)
            cur = None
        elif cur is not None and "\t" in line:
            name, v = line.rsplit("\t", 1)
            cur[1][name] = cur[1].get(name, 0) + int(v)
    return samples
def figures(samples):
    fit = samples[:-1] if len(samples) > 1 and not samples[-1][1] else samples
    out = {}
    names = {n for _, s in samples for n in s}
    for n in names:
        integ = sum((a[1].get(n, 0) + b[1].get(n, 0)) / 2 * (b[0] - a[0])
                    for a, b in zip(samples, samples[1:]) if b[0] > a[0])
        mx = max(s.get(n, 0) for _, s in samples)
        i0 = next(i for i, (_, s) in enumerate(samples) if n in s)
        pts = [(t, s.get(n, 0)) for t, s in fit[i0:]]
        slope = 0.0
        if len(pts) >= 2:
            tm = sum(t for t, _ in pts) / len(pts)
            ym = sum(y for _, y in pts) / len(pts)
            den = sum((t - tm) ** 2 for t, _ in pts)
            if den > 0:
                slope = sum((t - tm) * (y - ym) for t, y in pts) / den
        growth = slope * (fit[-1][0] - samples[i0][0])
        ident = re.sub(r"^\(\d+\)", "", n)
        assert ident not in out, "identity of two bands: " + ident
        out[ident] = (integ, mx, slope, growth)
    return out
a, b = figures(read(sys.argv[1])), figures(read(sys.argv[2]))
z = (0.0, 0, 0.0, 0.0)
for k in sorted(set(a) | set(b)):
    x, y = a.get(k, z), b.get(k, z)
    print("\t".join([k.replace("\\", "\\\\")] + ["%.6f" % x[0], "%.6f" % y[0],
          str(x[1]), str(y[1]), "%.6f" % x[2], "%.6f" % y[2],
          "%.6f" % x[3], "%.6f" % y[3]]))
PY
}

@test "-d of two builds: every stack once, by its identity, every figure against python" {
	one_valgrind_part
	d="$BATS_TEST_TMPDIR"
	a="$FIX/trend.hc.hp" b="$FIX/trend-b.hc.hp"
	# the second build numbers the stacks after its new function anew
	grep -q '^(304)mkTable/main	' "$a"
	grep -q '^(305)mkTable/main	' "$b"
	! grep -q '^(305)mkTable/main	' "$a"
	run hpstat -d -o tsv "$a" "$b"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$(printf 'band\told_integral\tnew_integral\tdelta_integral\told_max\tnew_max\tdelta_max\told_slope\tnew_slope\tdelta_slope\told_growth\tnew_growth\tdelta_growth')" ]
	printf '%s\n' "$output" | tail -n +2 |
	    awk -F'\t' -v OFS='\t' '{ print $1, $2, $3, $5, $6, $8, $9, $11, $12 }' |
	    LC_ALL=C sort >"$d/got"
	trend_ref "$a" "$b" | LC_ALL=C sort >"$d/want"
	# 13 stacks, each once, in both profiles
	[ "$(wc -l <"$d/got")" -eq 13 ]
	[ "$(cut -f 1 "$d/got" | sort -u | wc -l)" -eq 13 ]
	[ "$(awk -F'\t' '$2 > 0 && $3 > 0' "$d/got" | wc -l)" -eq 11 ]
	same_figures "$d/want" "$d/got" 4,5
	# the leak's row, exactly
	[ "$(grep '^leakStep/' "$d/got" | cut -f 2-)" = "$(printf '419901.896480\t389524.229248\t2035200\t2063200\t4712543.915929\t5144676.599332\t2092204.559636\t2089021.656542')" ]
}

@test "-d of two runs of one build: the same stacks, no warning; the same profile: no change" {
	run hpstat -d "$FIX/trend.hc.hp" "$FIX/trend.l-hc.hp"
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
	hpstat -d -o tsv "$FIX/trend.hc.hp" "$FIX/trend.l-hc.hp" 2>"$BATS_TEST_TMPDIR/e" | tail -n +2 | cut -f 1 | sort >"$BATS_TEST_TMPDIR/got"
	[ ! -s "$BATS_TEST_TMPDIR/e" ]
	hpstat -o tsv "$FIX/trend.hc.hp" | tail -n +2 | cut -f 1 | sed 's/^([0-9]*)//' | sort >"$BATS_TEST_TMPDIR/want"
	cmp "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	hpstat -d -o tsv "$FIX/trend.hc.hp" "$FIX/trend.hc.hp" | tail -n +2 |
	    awk -F'\t' '$4 != "0.000000" || $7 != "0" || $10 != "0.000000" || $13 != "0.000000" { bad = 1 } END { exit bad }'
}

@test "-d: stacks of one profile cut to one name (-L8) stay apart, paired by their numbers" {
	d="$BATS_TEST_TMPDIR"
	a="$FIX/trend.hcL8.hp" b="$FIX/trend-b.hcL8.hp"
	hpstat -o tsv "$a" | tail -n +2 | cut -f 1,7 >"$d/a"
	hpstat -o tsv "$b" | tail -n +2 | cut -f 1,7 >"$d/b"
	hpstat -d -o tsv "$a" "$b" | tail -n +2 | cut -f 1-3 >"$d/d"
	# two stacks cut to "main..." in each build, three to "GHC...."
	[ "$(grep -c '^([0-9]*)main\.\.\.	' "$d/a")" -eq 2 ]
	[ "$(grep -c '^([0-9]*)GHC\.\.\.\.	' "$d/b")" -eq 4 ]
	# old (305) with new (306), old (306) with new (307): the new names
	[ "$(grep '^(306)main\.\.\.	' "$d/d" | cut -f 2)" = "$(grep '^(305)main\.\.\.	' "$d/a" | cut -f 2)" ]
	[ "$(grep '^(306)main\.\.\.	' "$d/d" | cut -f 3)" = "$(grep '^(306)main\.\.\.	' "$d/b" | cut -f 2)" ]
	[ "$(grep '^(307)main\.\.\.	' "$d/d" | cut -f 2)" = "$(grep '^(306)main\.\.\.	' "$d/a" | cut -f 2)" ]
	[ "$(grep '^(307)main\.\.\.	' "$d/d" | cut -f 3)" = "$(grep '^(307)main\.\.\.	' "$d/b" | cut -f 2)" ]
	# a name of one band in each shows without its number
	grep -q '^mkTa\.\.\.	' "$d/d"
	# every band of either profile once: 13 rows, integrals summing up
	[ "$(wc -l <"$d/d")" -eq 13 ]
	[ "$(awk -F'\t' '{ s += $2 } END { printf "%.3f", s }' "$d/d")" = "$(awk -F'\t' '{ s += $2 } END { printf "%.3f", s }' "$d/a")" ]
	[ "$(awk -F'\t' '{ s += $3 } END { printf "%.3f", s }' "$d/d")" = "$(awk -F'\t' '{ s += $2 } END { printf "%.3f", s }' "$d/b")" ]
}

@test "-d: -hi bands named by their IPE tables match by description across two builds; an eventlog names its own" {
	d="$BATS_TEST_TMPDIR"
	# the plain and the profiled build of one program (GHC 9.6): other
	# info-table addresses
	hpcat -q -I "$FIX/ipe.l-hi.eventlog" "$FIX/ipe.l-hi.eventlog" >"$d/a.hp"
	hpcat -q -I "$FIX/ipe.l-hi-p.eventlog" "$FIX/ipe.l-hi-p.eventlog" >"$d/b.hp"
	grep -q '^Main.shapes{THUNK_1_0::Shape}@Ipe.hs:18:13-64#0x' "$d/a.hp"
	[ "$(grep '^Main.shapes{THUNK_1_0::Shape}@Ipe.hs:18:13-64#0x' "$d/a.hp" | cut -f 1 | sort -u)" != \
	  "$(grep '^Main.shapes{THUNK_1_0::Shape}@Ipe.hs:18:13-64#0x' "$d/b.hp" | cut -f 1 | sort -u)" ]
	hpstat -d -o tsv "$d/a.hp" "$d/b.hp" >"$d/d"
	awk -F'\t' '$1 == "Main.shapes{THUNK_1_0::Shape}@Ipe.hs:18:13-64" && $2 > 0 && $3 > 0 { ok = 1 } END { exit !ok }' "$d/d"
	# one description of two info tables in a build: shown whole
	[ "$(grep -c '^Main.main{THUNK_2_0::IO_()}@Ipe.hs:(28,1)-(39,38)#0x' "$d/d")" -eq 2 ]
	# bare addresses (no IPE entry) match only themselves
	[ "$(awk -F'\t' '$1 ~ /^0x/ && $2 > 0 && $3 > 0' "$d/d" | wc -l)" -eq 0 ]
	# the eventlogs themselves: each names its bands by its own IPE
	# events, as hpcat does, and -d gives the same rows
	hpstat -d -o tsv "$FIX/ipe.l-hi.eventlog" "$FIX/ipe.l-hi-p.eventlog" >"$d/e" 2>"$d/err"
	cmp "$d/d" "$d/e"
	[ "$(cat "$d/err")" = "hpstat: $FIX/ipe.l-hi.eventlog: warning: 39 of 60 info-table bands are not in the IPE table: bare addresses kept
hpstat: $FIX/ipe.l-hi-p.eventlog: warning: 35 of 39 info-table bands are not in the IPE table: bare addresses kept" ]
	hpcat -q "$FIX/ipe.l-hi.eventlog" >"$d/c.hp"
	[ "$(hpstat -q -o tsv "$FIX/ipe.l-hi.eventlog")" = "$(hpstat -q -o tsv "$d/c.hp")" ]
	# from standard input the log is read once: bare addresses
	hpstat -q -o tsv - <"$FIX/ipe.l-hi.eventlog" | tail -n +2 | cut -f 1 | grep -v '^0x' | { ! grep -q .; }
	# ... and a warning says so, as hpcat's (from a pipe likewise)
	run sh -c "hpstat -o tsv - <'$FIX/ipe.l-hi.eventlog' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "hpstat: <stdin>: warning: 60 info-table bands keep bare addresses: an eventlog names its own only as a file, not from standard input (name the file instead, or its bands with hpcat -I first)" ]
	run sh -c "cat '$FIX/ipe.l-hi.eventlog' | hpstat -o tsv /dev/stdin 2>&1 >/dev/null"
	[ "$output" = "hpstat: /dev/stdin: warning: 60 info-table bands keep bare addresses: an eventlog names its own only as a file, not from a pipe (name the file instead, or its bands with hpcat -I first)" ]
	# an eventlog of another breakdown, or a .hp of -hi bands: no word
	run sh -c "hpstat -o tsv - <'$FIX/leak.l-hc.eventlog' 2>&1 >/dev/null"
	[ "$output" = "" ]
	run sh -c "hpstat -o tsv - <'$FIX/ipe.l-hi.hp' 2>&1 >/dev/null"
	[ "$output" = "" ]
}

@test "trends: the exit census counts in no slope; a steady leak grows, a table is flat, a burst shrinks" {
	f="$FIX/trend.hc.hp"
	# GHC's exit census: the last sample, empty
	[ "$(tail -2 "$f" | head -1 | cut -d' ' -f1)" = BEGIN_SAMPLE ]
	[ "$(tail -1 "$f" | cut -d' ' -f1)" = END_SAMPLE ]
	hpstat -o tsv "$f" >"$BATS_TEST_TMPDIR/t"
	row() { grep "^$1	" "$BATS_TEST_TMPDIR/t" | cut -f "$2"; }
	[ "$(row '(304)mkTable/main' 11)" = 0.000000 ]
	[ "$(row '(304)mkTable/main' 12)" = 0.000000 ]
	[ "$(row '(308)leakStep/main.\\\\/main' 11)" = 4712543.915929 ]
	[ "$(row '(308)leakStep/main.\\\\/main' 12)" = 2092204.559636 ]
	[ "$(row '(309)burst/main.\\\\/main' 12)" = -4786197.613480 ]
	# the text leads with the bands that grew most; -S slope, -S growth
	hpstat -b "$f" | sed -n '/^band /{n;p;}' | grep -q '^(308)leakStep/'
	hpstat -b "$f" | tail -1 | grep -q '^(309)burst/main'
	hpstat -o tsv -S growth "$f" | tail -n +2 | cut -f 12 >"$BATS_TEST_TMPDIR/g"
	sort -g -r "$BATS_TEST_TMPDIR/g" | cmp - "$BATS_TEST_TMPDIR/g"
	# a band that grew in the last 0.1 s outranks a steady grower by
	# slope, not by growth
	[ "$(hpstat -b "$TOP/tests/cases/hpstat/late.in" | sed -n '/^band /{n;p;}' | cut -c 1-12)" = "(7)grow/main" ]
	[ "$(hpstat -b -S slope "$TOP/tests/cases/hpstat/late.in" | sed -n '/^band /{n;p;}' | cut -c 1-12)" = "(9)late/main" ]
}

@test "gates on a killed run: a warning that names it, the figures and statuses as usual; hpcat -S fails it" {
	k="$FIX/trend.killed.hp"
	w="hpstat: $k: warning: no final empty sample (GHC's exit census): the run was killed or is still running, and the gate saw only part of it"
	run hpstat -L 1G "$k"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qFx "$w"
	run hpstat -d -G 1000 "$FIX/trend.hc.hp" "$k"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c warning)" -eq 1 ]
	printf '%s\n' "$output" | grep -qFx "$w"
	run hpstat -d -G 1000 "$k" "$FIX/trend.hc.hp"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qFx "$w"
	# no gate, no warning; a finished run, no warning
	run hpstat "$k"
	[[ "$output" != *warning* ]]
	run hpstat -L 1G "$FIX/trend.hc.hp"
	[[ "$output" != *warning* ]]
	# -q keeps it: it says what the gate's status is worth
	run sh -c "hpstat -q -L 200M '$k' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "$w" ]
	run sh -c "hpstat -q -d -G 1000 '$k' '$FIX/trend.hc.hp' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "$w" ]
	# without a gate, -q hides every warning
	run sh -c "hpstat -q '$k' 2>&1 >/dev/null"
	[ "$output" = "" ]
}

@test "-C fails (exit 1) on a run without its exit census, with one line naming it, even under -q; a finished run passes" {
	k="$FIX/trend.killed.hp"
	m="hpstat: $k: no final empty sample (GHC's exit census): the run was killed or is still running: the gate -C fails"
	run sh -c "hpstat -C '$k' 2>&1 >/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = "$m" ]
	# the figures as usual
	[ "$(hpstat -C -o tsv "$k" 2>/dev/null)" = "$(hpstat -o tsv "$k")" ]
	run sh -c "hpstat -q -C -L 200M '$k' 2>&1 >/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = "$m" ]
	run sh -c "hpstat -C -L 1G '$FIX/trend.hc.hp' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "" ]
	# the limit too: two messages
	run sh -c "hpstat -q -C -L 1M '$k' 2>&1 >/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = "$m
hpstat: $k: max total 3.1 MiB (3204656 bytes) at 0.354314 s exceeds the limit 1.0 MiB (1048576 bytes)" ]
	# -d: OLD and NEW alike
	run sh -c "hpstat -C -d '$k' '$FIX/trend.hc.hp' 2>&1 >/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = "$m" ]
	run sh -c "hpstat -C -d '$FIX/trend.hc.hp' '$k' 2>&1 >/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = "$m" ]
	run hpstat -C -d "$FIX/trend.hc.hp" "$FIX/trend-b.hc.hp"
	[ "$status" -eq 0 ]
	# several files: each judged, the finished ones pass
	run sh -c "hpstat -C '$FIX/trend.hc.hp' '$k' '$FIX/leak.hc.hp' 2>&1 >/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = "$m" ]
	# an eventlog that ended has its exit census; a killed one not
	run hpstat -C "$FIX/trend.l-hc.eventlog"
	[ "$status" -eq 0 ]
	run sh -c "hpstat -q -C '$FIX/leak.l-killed.eventlog' 2>&1 >/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = "hpstat: $FIX/leak.l-killed.eventlog: no census at all (no +RTS -h, or stopped before its first): the gate -C fails" ]
	# no census at all is not a killed run (session 9, an outside
	# review): an eventlog of a run without -h
	run sh -c "hpstat -q -C '$FIX/leak.l-p.eventlog' 2>&1 >/dev/null"
	[ "$status" -eq 1 ]
	[ "$output" = "hpstat: $FIX/leak.l-p.eventlog: no census at all (no +RTS -h, or stopped before its first): the gate -C fails" ]
}

@test "whether the run ended: JSON's exit_census, a text line only when it is missing, -d's lines" {
	k="$FIX/trend.killed.hp" f="$FIX/trend.hc.hp"
	[ "$(hpstat -o json "$k" | jq .exit_census)" = false ]
	[ "$(hpstat -o json "$f" | jq .exit_census)" = true ]
	[ "$(hpstat -o json "$f" "$k" | jq -c '[.[].exit_census]')" = "[true,false]" ]
	[ "$(hpstat -o json -d "$f" "$k" | jq -c '[.old.exit_census, .new.exit_census]')" = "[true,false]" ]
	[ "$(hpstat "$k" | sed -n 4p)" = "exit census none: the run was killed or is still running" ]
	! hpstat "$f" | grep -q '^exit census'
	[ "$(hpstat -d "$f" "$k" | sed -n 4p)" = "            49 samples, 0.000000 s to 0.354314 s, no exit census" ]
	[ "$(hpstat -d "$f" "$k" | sed -n 2p)" = "            61 samples, 0.000000 s to 0.454529 s" ]
}

@test "-d: each run's time (its last sample's) and the change, in the text table" {
	run hpstat -d "$FIX/trend.hc.hp" "$FIX/trend-b.hc.hp"
	[ "${lines[9]}" = "run time          0.454529 s    0.421220 s     -7.3%" ]
	# times of other precisions stay apart
	run hpstat -q -d -n 0 "$FIX/trend.l-hc.hp" "$FIX/trend.l-hc.eventlog"
	[ "${lines[9]}" = "run time          0.450110 s 1.256139011 s   +179.1%" ]
}

@test "-d of a .hp and its eventlog: stacks match without their numbers; cut names once hpcat -I restores them" {
	F="$FIX"
	# every stack of the run, the .hp numbered, the eventlog not
	run hpstat -d -o tsv "$F/trend.l-hc.hp" "$F/trend.l-hc.eventlog"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | tail -n +2 | awk -F'\t' '$2 == 0 || $3 == 0' | wc -l)" -eq 0 ]
	[[ "$output" == *"hpstat: $F/trend.l-hc.eventlog: warning: sample times are elapsed seconds, those of $F/trend.l-hc.hp mutator CPU seconds: integrals, means and slopes are on two clocks: compared anyway"* ]]
	# names cut at -L12 match nothing of the eventlog's whole names ...
	[ "$(hpstat -q -d -o tsv "$F/leak.hcL-p.hp" "$F/leak.hcL-p.eventlog" | tail -n +2 | awk -F'\t' '$2 == 0 || $3 == 0' | wc -l)" -eq 18 ]
	# ... until the .prof of the run gives them whole (CAVEATS)
	hpcat -q -I "$F/leak.hcL-p.prof" "$F/leak.hcL-p.hp" >"$BATS_TEST_TMPDIR/r.hp"
	[ "$(hpstat -q -d -o tsv "$BATS_TEST_TMPDIR/r.hp" "$F/leak.hcL-p.eventlog" | tail -n +2 | awk -F'\t' '$2 == 0 || $3 == 0' | wc -l)" -eq 0 ]
}

@test "sample times closer than their doubles tell apart: a warning, not a false \"all at one time\" (issue 25)" {
	local f="$BATS_TEST_TMPDIR/big.hp" t
	{
		printf 'JOB "a"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
		printf 'BEGIN_SAMPLE %s\na\t%s\nEND_SAMPLE %s\n' 10000000.000000001 100 10000000.000000001 10000000.000000002 200 10000000.000000002
		printf 'BEGIN_SAMPLE 10000000.000000003\nEND_SAMPLE 10000000.000000003\n'
	} >"$f"
	run sh -c 'hpstat "$1" 2>&1 >/dev/null' sh "$f"
	[ "$status" -eq 0 ]
	[ "$output" = "hpstat: $f: warning: sample times too close for their size (about 16 digits are kept): integrals, means, slopes and growth are not reliable" ]
	t=100000000000000000000000000000000000000
	{
		printf 'JOB "a"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
		printf 'BEGIN_SAMPLE %s\na\t%s\nEND_SAMPLE %s\n' $t.0 100 $t.0 $t.2 200 $t.2
		printf 'BEGIN_SAMPLE %s.4\nEND_SAMPLE %s.4\n' $t $t
	} >"$f"
	run sh -c 'hpstat "$1" 2>&1 >/dev/null' sh "$f"
	[ "$status" -eq 0 ]
	[ "$output" = "hpstat: $f: warning: sample times too close for their size (about 16 digits are kept): integrals, means, slopes and growth are not reliable" ]
	# times equal as decimals, written differently: all at one time
	printf 'JOB "a"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 1.0\na\t1\nEND_SAMPLE 1.0\nBEGIN_SAMPLE 1.00\na\t2\nEND_SAMPLE 1.00\n' >"$f"
	run sh -c 'hpstat "$1" 2>&1 >/dev/null' sh "$f"
	[ "$status" -eq 0 ]
	[ "$output" = "hpstat: $f: warning: 2 samples, all at one time: integrals, shares and slopes are 0, means are plain averages" ]
	# ordinary times: no warning
	hpstat "$FIX/leak.hc.hp" 2>&1 >/dev/null | cmp - /dev/null
}

# A reviewer's -L 100MiB, 100m and 0.1G were refused: sizes take the
# units people write (binary whatever the spelling), fractions with one.
@test "-L takes k/M/G/T in either case, with B or iB, and fractions of a unit" {
	local a want
	for a in 200M 200m 200MiB 200MB 200mb 209715200 209715200B; do
		run hpstat -L "$a" -o json "$FIX/leak.hc.hp"
		[ "$status" -eq 0 ] || { echo "$a: $status"; return 1; }
	done
	want='hpstat: '"$FIX"'/leak.hc.hp: max total 45.1 MiB (47274800 bytes) at 0.175242 s exceeds the limit 10.5 KiB (10737 bytes)'
	run hpstat -L 0.00001G -o json "$FIX/leak.hc.hp"
	[ "$status" -eq 1 ]
	[ "${lines[${#lines[@]}-1]}" = "$want" ]
	run hpstat -L 0.5k -o json "$FIX/leak.hc.hp"
	[ "$status" -eq 1 ]
	[ "${lines[${#lines[@]}-1]}" = "hpstat: $FIX/leak.hc.hp: max total 45.1 MiB (47274800 bytes) at 0.175242 s exceeds the limit 512 B (512 bytes)" ]
	run hpstat -L 16777215.999999999T -o json "$FIX/leak.hc.hp"
	[ "$status" -eq 0 ]
	for a in 1.5 .5G 1.G 1.0000000001G 1Gi 1iB B 12x; do
		run hpstat -L "$a" "$FIX/leak.hc.hp"
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "hpstat: -L: not a size in bytes: \"$a\" (digits, then k, M, G or T for powers of 1024)" ]
	done
	run hpstat -L 16777216T "$FIX/leak.hc.hp"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = 'hpstat: -L: size out of range: "16777216T" (at most 2^64-1 bytes)' ]
}

# Session 9, an outside review: a program argument after -RTS ("app +RTS
# -hy -RTS -h") was taken for the breakdown: a false "breakdown differs"
# warning from -d, and hpcat -S refused the join.
@test "-d and hpcat -S: the breakdown is the last -h between +RTS and -RTS, not a program argument after it" {
	local d="$BATS_TEST_TMPDIR"
	mk() { printf 'JOB "%s"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\na\t5\nEND_SAMPLE 1.0\nBEGIN_SAMPLE 2.0\nEND_SAMPLE 2.0\n' "$1"; }
	mk 'app +RTS -hy' >"$d/y0.hp"
	mk 'app +RTS -hy -RTS -h' >"$d/y1.hp"
	mk 'app +RTS -hc -RTS -hy +RTS -hd -i0.1' >"$d/y2.hp"
	run sh -c "hpstat -d '$d/y0.hp' '$d/y1.hp' 2>&1 >/dev/null"
	[ "$output" = "" ]
	hpcat -S "$d/y0.hp" "$d/y1.hp" >/dev/null
	run sh -c "hpstat -d '$d/y0.hp' '$d/y2.hp' 2>&1 >/dev/null"
	[ "$output" = "hpstat: $d/y2.hp: warning: breakdown '-hd' differs from '-hy' in $d/y0.hp: compared anyway" ]
}

# Session 9, an outside review: a SAMPLE_UNIT other than seconds was
# shown as seconds without a word.
@test "a SAMPLE_UNIT other than seconds is warned of: the times are in it, labelled s" {
	local d="$BATS_TEST_TMPDIR"
	printf 'JOB "x +RTS -hc"\nDATE ""\nSAMPLE_UNIT "minutes"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0\na\t1\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\n' >"$d/min.hp"
	run sh -c "hpstat '$d/min.hp' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "hpstat: $d/min.hp: warning: SAMPLE_UNIT \"minutes\", not seconds: times are in that unit, though labelled s" ]
	run sh -c "hpstat -q '$d/min.hp' 2>&1 >/dev/null"
	[ "$output" = "" ]
	# GHC's own: no word
	run sh -c "hpstat '$FIX/leak.hc.hp' '$FIX/leak.l-hc.eventlog' 2>&1 >/dev/null"
	[ "$output" = "" ]
}
