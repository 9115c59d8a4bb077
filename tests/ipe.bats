#!/usr/bin/env bats
# The IPE and cost-centre tables (hpcat -o ipe, -o cc) and readable band
# names (hpcat -I, src/lib/ipe.c, ipe_tsv.c, ev_ipe.c, hp_names.c,
# ipe_in.c): real GHC 9.6.6 -hi runs (tests/fixtures/ipe.*, made by
# generate.sh ghc96) against an independent decoder (tests/ipe_decode.py),
# GHC 9.0.2 runs whose names -L cut with the .prof of the same run, the
# cost-centre table against the -pj report of the same run, hand-made
# logs (tests/mkeventlog.py ipe-table, ipe-torn; golden cases
# tests/cases/hpcat/ipe-*, cc-*, cut-*), the corpus, the man page.

load helper

IPE_LOGS="ipe.l-hi ipe.l-hi-p"

@test "the hand-made IPE eventlogs are what mkeventlog.py makes" {
	local k
	for k in ipe-table ipe-torn; do
		python3 "$TOP/tests/mkeventlog.py" "$k" |
			cmp - "$TOP/tests/cases/hpcat/files/$k.eventlog"
	done
	hpcat -q -o ipe "$TOP/tests/cases/hpcat/files/ipe-table.eventlog" |
		cmp - "$TOP/tests/cases/hpcat/files/ipe-table.tsv"
}

@test "-o ipe: every IPE event of the GHC 9.6 and 9.2 logs, as an independent decoder reads them" {
	local f n
	for f in $IPE_LOGS; do
		f="$FIX/$f.eventlog"
		n=$(python3 "$TOP/tests/ipe_decode.py" "$f" | wc -l)
		[ "$n" -gt 100 ]
		diff <(python3 "$TOP/tests/ipe_decode.py" "$f") \
			<(hpcat -o ipe "$f" | cut -f 1-3,5-)
		# eight fields in every row, each id once
		[ "$(hpcat -o ipe "$f" | awk -F'\t' '{ print NF }' | sort -u)" = 8 ]
		[ "$(hpcat -o ipe "$f" | cut -f1 | sort | uniq -d)" = "" ]
		# closure_type is the name of closure_desc
		[ "$(hpcat -o ipe "$f" | awk -F'\t' '$3 == 16 { print $4 }' | sort -u)" = THUNK_1_0 ]
		[ "$(hpcat -o ipe "$f" | awk -F'\t' '$3 == 14 { print $4 }' | sort -u)" = FUN_STATIC ]
	done
	# a constructor of our own, and one without a location (GHC's ':')
	hpcat -o ipe "$FIX/ipe.l-hi.eventlog" | grep -qx '0x40c4a8	Circle_Main_0_con_info	2	CONSTR_1_0	Shape	shapes	Main	Ipe.hs:18:28-50'
	hpcat -o ipe "$FIX/ipe.l-hi.eventlog" | grep -qx '0x40bf68	Item_con_info	4	CONSTR_2_0			Main	'
}

@test "-hi: every band whose address has an IPE event is named, the others keep their address" {
	local f o="$BATS_TEST_TMPDIR" named bare
	for f in $IPE_LOGS; do
		hpcat -q -o ipe "$FIX/$f.eventlog" | cut -f1 | tail -n +2 | sort >"$o/ids"
		hpcat -q -o tsv "$FIX/$f.eventlog" | tail -n +2 | cut -f2 | sort -u >"$o/bands"
		# a named band ends in #ADDRESS, its id in the table
		grep '#0x[0-9a-f]*$' "$o/bands" | sed 's/.*#//' | sort -u >"$o/named"
		named=$(wc -l <"$o/named")
		[ "$named" -gt 0 ]
		[ "$(comm -23 "$o/named" "$o/ids" | wc -l)" -eq 0 ]
		# a bare address is not in the table
		grep -v '#0x[0-9a-f]*$' "$o/bands" >"$o/bare"
		grep -qvx '0x[0-9a-f]*' "$o/bare" && return 1
		[ "$(comm -12 "$o/bare" "$o/ids" | wc -l)" -eq 0 ]
		bare=$(wc -l <"$o/bare")
		# the warning counts the bare ones
		run sh -c "hpcat -o tsv '$FIX/$f.eventlog' 2>&1 >/dev/null"
		[ "$output" = "hpcat: $FIX/$f.eventlog: warning: $bare of $((named + bare)) info-table bands are not in the IPE table: bare addresses kept" ]
		# names hold no white space
		! grep -q '[[:space:]]' "$o/named"
	done
}

@test "-I app.eventlog app.hp gives the names of hpcat app.eventlog, with the values of the same run" {
	local f o="$BATS_TEST_TMPDIR"
	for f in $IPE_LOGS; do
		hpcat -q -I "$FIX/$f.eventlog" "$FIX/$f.hp" >"$o/hp"
		hpcat -q "$FIX/$f.eventlog" >"$o/ev"
		diff <(grep '	' "$o/hp" | cut -f1 | sort -u) <(grep '	' "$o/ev" | cut -f1 | sort -u)
		grep -q '^Main\.' "$o/hp"
		run python3 "$TOP/tests/ev_compare.py" same "$o/hp" "$o/ev"
		echo "$output"
		[ "$status" -eq 0 ]
		# the table written by -o ipe names them the same
		hpcat -q -o ipe "$FIX/$f.eventlog" >"$o/ipe"
		hpcat -q -I "$o/ipe" "$FIX/$f.hp" | cmp - "$o/hp"
	done
}

@test "-I with the TSV and with the eventlog give the same names, escapes and all" {
	local d="$TOP/tests/cases/hpcat/files"
	diff <(hpcat -q -I "$d/ipe-table.tsv" "$d/ipe-hi.hp") <(hpcat -q -I "$d/ipe-table.eventlog" "$d/ipe-hi.hp")
	hpcat -q -I "$d/ipe-table.tsv" "$d/ipe-hi.hp" | grep -qx 'My_Mod.a_b{99::Map_Int_String}#0x40c000	32'
	# a table on standard input
	hpcat -q -I - "$d/ipe-hi.hp" <"$d/ipe-table.tsv" | cmp - <(hpcat -q -I "$d/ipe-table.tsv" "$d/ipe-hi.hp")
}

@test "an eventlog on standard input keeps its -hi addresses (its IPE events cannot be read first)" {
	local d="$TOP/tests/cases/hpcat/files"
	hpcat -q <"$d/ipe-table.eventlog" | grep -qx '0x40b640	40'
	hpcat -q -I "$d/ipe-table.eventlog" <"$d/ipe-table.eventlog" |
		grep -qx 'Main.shapes{THUNK_1_0::Shape}@Ipe.hs:18:13-64#0x40b640	40'
}

@test "-o cc is exactly the cost-centre table of the -pj report of the same run" {
	diff <(jq -r '.cost_centres[] | [.id, .label, .module, .src_loc, (if .is_caf then 1 else 0 end)] | @tsv' "$FIX/leak.l-pj.json" | sort -n) \
		<(hpcat -o cc "$FIX/leak.l-pj.eventlog" | tail -n +2 | sort -n)
	[ "$(hpcat -o cc "$FIX/leak.l-pj.eventlog" | head -1)" = "id	label	module	src_loc	is_caf" ]
	[ "$(hpcat -o cc "$FIX/leak.l-pj.eventlog" | wc -l)" -eq $(( $(jq '.cost_centres | length' "$FIX/leak.l-pj.json") + 1 )) ]
}

@test "-o cc holds every cost centre of the .prof of the same run (9.0.2 -hc, 9.6.6 -hi)" {
	local f o="$BATS_TEST_TMPDIR"
	for f in leak.hcL-p ipe.l-hi-p; do
		proftree -o tsv "$FIX/$f.prof" | tail -n +2 | cut -f 4-6 | sort -u >"$o/prof"
		[ "$(wc -l <"$o/prof")" -gt 5 ]
		hpcat -o cc "$FIX/$f.eventlog" | tail -n +2 | cut -f 2-4 | sort -u >"$o/cc"
		[ "$(comm -23 "$o/prof" "$o/cc" | wc -l)" -eq 0 ]
	done
	# and those of the retainer sets of leak.l-hr.prof (Mod.label)
	hpcat -o cc "$FIX/leak.l-hr.eventlog" | awk -F'\t' 'NR > 1 { print $3 "." $2 }' | sort -u >"$o/cc"
	grep '^SET' "$FIX/leak.l-hr.prof" | grep -o '<[^>]*>' | tr -d '<>' | tr ',' '\n' | grep . | sort -u >"$o/sets"
	[ "$(wc -l <"$o/sets")" -gt 3 ]
	[ "$(comm -23 "$o/sets" "$o/cc" | wc -l)" -eq 0 ]
}

@test "-hc -L12 with its .prof: every cut band comes out whole, as the eventlog of the same run names it" {
	local o="$BATS_TEST_TMPDIR"
	grep -q '\.\.\.	' "$FIX/leak.hcL-p.hp"
	hpcat -I "$FIX/leak.hcL-p.prof" "$FIX/leak.hcL-p.hp" >"$o/hp"
	! grep -q '\.\.\.	' "$o/hp"
	hpcat "$FIX/leak.hcL-p.eventlog" >"$o/ev"
	# the eventlog's stacks are never cut: compared with no -L at all
	run python3 "$TOP/tests/ev_compare.py" hc "$o/hp" "$o/ev" 100000
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *" samples agree" ]]
	# each whole name begins with the cut one, the (N) kept
	paste <(grep '	' "$FIX/leak.hcL-p.hp") <(grep '	' "$o/hp") |
		awk -F'\t' '{ c = $1; sub(/\.\.\.$/, "", c); if (index($3, c) != 1 || $2 != $4) bad++ } END { exit bad > 0 }'
}

@test "-hr -L10 with its .prof: bands get the whole of their listed retainer set" {
	local o="$BATS_TEST_TMPDIR"
	hpcat -I "$FIX/leak.hrL.prof" "$FIX/leak.hrL.hp" >"$o/hp"
	grep -qx '(88)wordsOf	[0-9]*' "$o/hp"
	grep -qx '(91)SYSTEM,wordsOf	[0-9]*' "$o/hp"
	grep -qx '(120)CAF,CAF,SYSTEM	[0-9]*' "$o/hp"
	# set 120 of another census keeps its cut name
	grep -qx '(120)CAF,M	[0-9]*' "$o/hp"
	# every name begins with GHC's, values unchanged
	paste <(grep '	' "$FIX/leak.hrL.hp") <(grep '	' "$o/hp") |
		awk -F'\t' '{ if (index($3, $1) != 1 || $2 != $4) bad++ } END { exit bad > 0 }'
	# with the default -L 25 the names of leak.hr.hp are whole already
	hpcat -I "$FIX/leak.hr.prof" "$FIX/leak.hr.hp" | cmp - <(hpcat "$FIX/leak.hr.hp")
}

@test "-I: an IPE table and a .prof at once, and a profile with neither kind of band" {
	local d="$TOP/tests/cases/hpcat/files"
	hpcat -I "$FIX/leak.hcL-p.prof" -I "$d/ipe-table.tsv" "$FIX/leak.hm.hp" | cmp - "$FIX/leak.hm.hp"
	[ "$(hpcat -I "$FIX/leak.hcL-p.prof" -I "$d/ipe-table.tsv" "$d/cut-missing.hp" "$d/ipe-hi.hp" 2>/dev/null | grep -c '#0x\|/main')" -eq 6 ]
	# a .prof alone leaves an eventlog to name its own -hi bands
	hpcat -q -I "$FIX/leak.hcL-p.prof" "$FIX/ipe.l-hi.eventlog" | cmp - <(hpcat -q "$FIX/ipe.l-hi.eventlog")
	[ "$(hpcat -q -I "$FIX/leak.hcL-p.prof" "$FIX/ipe.l-hi.eventlog" "$d/cut-missing.hp" | grep -c '/main.items/main	20$')" -eq 1 ]
}

@test "corpus: the IPE events of GHC 9.2's log, and the logs that declare IPE but have none" {
	need_corpus
	local f="$CORPUS/eventlog/haskell_ghc-events__ghc-9.2-events.eventlog"
	diff <(python3 "$TOP/tests/ipe_decode.py" "$f") <(hpcat -o ipe "$f" | cut -f 1-3,5-)
	[ "$(hpcat -o ipe "$f" | wc -l)" -eq 5 ]
	hpcat -o ipe "$f" | grep -qx '0x40a088	main_info	21	THUNK_STATIC	IO ()	main	Main	Test.hs:5:1-30'
	for f in haskell_ghc-events__nonmoving-gc-pruned-segments joshuahahn_ParallelBagging__Main; do
		run hpcat -o ipe "$CORPUS/eventlog/$f.eventlog"
		[ "$status" -eq 0 ]
		[ "${lines[0]}" = "hpcat: $CORPUS/eventlog/$f.eventlog: warning: no IPE events in the eventlog (GHC 9.2 or later writes them for code built with -finfo-table-map)" ]
		[ "${lines[1]}" = "id	name	closure_desc	closure_type	type	label	module	src_loc" ]
		[ "${#lines[@]}" -eq 2 ]
	done
}

@test "corpus: every eventlog gives well-formed tables, or refuses as the heap reader does" {
	need_corpus
	local f st
	for f in "$CORPUS"/eventlog/*.eventlog; do
		st=0
		hpcat -q -o ipe "$f" >"$BATS_TEST_TMPDIR/ipe" 2>/dev/null || st=$?
		[ "$st" -eq 0 ] || { hpcat -q "$f" >/dev/null 2>&1 && { echo "-o ipe fails: $f"; return 1; }; continue; }
		[ "$(awk -F'\t' '{ print NF }' "$BATS_TEST_TMPDIR/ipe" | sort -u)" = 8 ]
		hpcat -q -o cc "$f" | awk -F'\t' 'NF != 5 { exit 1 }'
	done
}

# ---- the man page's EXAMPLES: the IPE lines, run as written ----

@test "man examples: the IPE database lines of hpcat.1 run and do what they say" {
	local line n=0
	cd "$BATS_TEST_TMPDIR"
	cp "$FIX/ipe.l-hi.eventlog" app.eventlog
	cp "$FIX/ipe.l-hi.hp" app.hp
	cp "$FIX/leak.hcL-p.prof" cut.prof
	cp "$FIX/leak.hcL-p.hp" cut.hp
	printf '0x40b640\n0x40b200\n' >ids
	while IFS= read -r line; do
		case $line in *app.*|*cut.*) ;; *) continue ;; esac
		n=$((n + 1))
		sh -c "$line" >out 2>err
		case $line in
		"hpcat -o ipe app.eventlog > app.ipe")
			[ "$(head -1 app.ipe)" = "id	name	closure_desc	closure_type	type	label	module	src_loc" ]
			[ "$(wc -l <app.ipe)" -eq 111 ] ;;
		*'$1 == "0x40b640"'*)
			[ "$(cat out)" = "0x40b640	sat_s1TF_info	16	THUNK_1_0	Shape	shapes	Main	Ipe.hs:18:13-64" ] ;;
		*"want[\$1]"*)
			[ "$(cut -f1 out)" = "$(printf '0x40b200\n0x40b640')" ] ;;
		"cut -f 1,6-8 app.ipe")
			[ "$(sed -n 2p out)" = "0x40bc50	main	Main	Ipe.hs:(28,1)-(39,38)" ] ;;
		"hpcat -o cc app.eventlog > app.cc")
			[ "$(cat app.cc)" = "id	label	module	src_loc	is_caf" ]
			grep -q 'no cost-centre events' err
			hpcat -o cc "$FIX/ipe.l-hi-p.eventlog" >app.cc ;;
		*'$3 == "Main"'*)
			[ "$(wc -l <out)" -gt 5 ]
			[ "$(cut -f3 out | sort -u)" = Main ] ;;
		"hpcat -I app."*" app.hp | hp2ps -c > app.ps")
			grep -q 'are not in the IPE table' err
			command -v hp2ps >/dev/null || continue
			head -1 app.ps | grep -q '^%!PS'
			grep -q 'Main.shapes' app.ps
			rm app.ps ;;
		"hpcat -q -o tsv app.eventlog | awk"*)
			[ "$(wc -l <out)" -gt 20 ]
			[ "$(cut -f2 out | grep -c '^Main\..*#0x4[0-9a-f]*$')" -eq "$(wc -l <out)" ] ;;
		"hpcat -I cut.prof cut.hp | hp2ps -c > cut.ps")
			command -v hp2ps >/dev/null || continue
			head -1 cut.ps | grep -q '^%!PS'
			grep -q 'buildMap.*main.m/main' cut.ps ;;
		*) echo "no check for this example: $line"; return 1 ;;
		esac
	done < <(man_examples hpcat.1)
	[ "$n" -eq 10 ]
}

@test "-I TABLE on a -hi eventlog: the log's own IPE events and the table are merged, the log's own kept on a shared id" {
	d="$TOP/tests/cases/hpcat/files"
	# without -I the log names 63 rows; a table of other ids loses none
	[ "$(hpcat -q -o tsv "$FIX/ipe.l-hi.eventlog" | cut -f2 | grep -c '#0x')" -eq 63 ]
	[ "$(hpcat -q -o tsv -I "$d/ipe-table.tsv" "$FIX/ipe.l-hi.eventlog" | cut -f2 | grep -c '#0x')" -eq 63 ]
	# a table that gives one of the log's ids other fields: the log's kept
	id=$(hpcat -q -o tsv "$FIX/ipe.l-hi.eventlog" | cut -f2 | grep -m1 -o '#0x[0-9a-f]*$' | cut -c2-)
	{ head -1 "$d/ipe-table.tsv"; printf '%s\tother_info\t16\tTHUNK_1_0\t\tother\tOther\t\n' "$id"; } >"$BATS_TEST_TMPDIR/t.ipe"
	run sh -c "hpcat -o tsv -I '$BATS_TEST_TMPDIR/t.ipe' '$FIX/ipe.l-hi.eventlog' 2>&1 >'$BATS_TEST_TMPDIR/out'"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hpcat: $FIX/ipe.l-hi.eventlog: warning: 1 info tables of -I differ from the eventlog's own IPE events: its own kept" ]
	! grep -q 'Other\.other' "$BATS_TEST_TMPDIR/out"
	hpcat -q -o tsv "$FIX/ipe.l-hi.eventlog" | cmp - "$BATS_TEST_TMPDIR/out"
	# a table naming an id the log lacks adds it
	bare=$(hpcat -q -o tsv "$FIX/ipe.l-hi.eventlog" | cut -f2 | grep -m1 -x '0x[0-9a-f]*')
	{ head -1 "$d/ipe-table.tsv"; printf '%s\tadded_info\t16\tTHUNK_1_0\t\tadded\tAdded\t\n' "$bare"; } >"$BATS_TEST_TMPDIR/a.ipe"
	[ "$(hpcat -q -o tsv -I "$BATS_TEST_TMPDIR/a.ipe" "$FIX/ipe.l-hi.eventlog" | cut -f2 | grep -c "^Added.added{THUNK_1_0}#$bare\$")" -ge 1 ]
	[ "$(hpcat -q -o tsv -I "$BATS_TEST_TMPDIR/a.ipe" "$FIX/ipe.l-hi.eventlog" | cut -f2 | grep -c '#0x')" -gt 63 ]
}

@test "-I tables that name nothing say why: a header only, an eventlog without IPE events, a .prof with nothing to restore" {
	d="$TOP/tests/cases/hpcat/files"
	run sh -c "hpcat -I '$d/ipe-header-only.tsv' '$d/ipe-hi.hp' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "hpcat: $d/ipe-header-only.tsv: warning: no info tables in the IPE table (a header only): it names no band" ]
	run sh -c "hpcat -I '$FIX/leak.l-hc.eventlog' '$d/ipe-hi.hp' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "hpcat: $FIX/leak.l-hc.eventlog: warning: no IPE events in the eventlog (GHC 9.2 or later writes them for code built with -finfo-table-map): it names no band" ]
	# the output is the profile unchanged
	hpcat -q -I "$d/ipe-header-only.tsv" "$d/ipe-hi.hp" | cmp - <(hpcat "$d/ipe-hi.hp")
	# a report without a retainer-set list for an -hr -L10 profile
	run sh -c "hpcat -I '$FIX/leak.P.prof' '$FIX/leak.hrL.hp' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "hpcat: $FIX/leak.P.prof: warning: nothing to restore: no band ends in \"...\" (-hc -L), and the report has no retainer-set list (-hr): names kept as they are" ]
	# the report of a run without -L: its sets are the bands already
	run sh -c "hpcat -I '$FIX/leak.hr.prof' '$FIX/leak.hr.hp' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "hpcat: $FIX/leak.hr.prof: warning: nothing to restore: no band ends in \"...\" (-hc -L) or begins a longer retainer set of the report (-hr): names kept as they are" ]
	# a profile with no numbered band at all (-hm)
	run sh -c "hpcat -I '$FIX/leak.hcL-p.prof' '$FIX/leak.hm.hp' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "hpcat: $FIX/leak.hcL-p.prof: warning: nothing to restore: no band is a cost-centre stack or retainer set numbered (N) as in a .hp: names kept as they are" ]
	# -q: quiet
	run sh -c "hpcat -q -I '$FIX/leak.P.prof' '$FIX/leak.hrL.hp' 2>&1 >/dev/null"
	[ "$output" = "" ]
	# an IPE table for a profile with no -hi band (issue 25: it was silent)
	run sh -c "hpcat -I '$d/ipe-table.tsv' '$FIX/leak.hy.hp' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "hpcat: $d/ipe-table.tsv: warning: nothing to name: no band is an info-table address (-hi): names kept as they are" ]
	hpcat -q -I "$d/ipe-table.tsv" "$FIX/leak.hy.hp" | cmp - "$FIX/leak.hy.hp"
	# but not when it named an eventlog's bands with the log's own
	run sh -c "hpcat -I '$d/ipe-table.tsv' '$FIX/ipe.l-hi.eventlog' 2>&1 >/dev/null"
	[[ "$output" != *"nothing to name"* ]]
}

@test "a -hi eventlog on standard input or followed keeps its addresses, with one warning saying why" {
	run sh -c "hpcat <'$FIX/ipe.l-hi.eventlog' 2>&1 >/dev/null"
	[ "$status" -eq 0 ]
	[ "$output" = "hpcat: <stdin>: warning: 60 info-table bands keep bare addresses: an eventlog names its own only as a file, not from standard input (give its IPE table to -I)" ]
	# with its table, no such warning
	hpcat -q -o ipe "$FIX/ipe.l-hi.eventlog" >"$BATS_TEST_TMPDIR/t.ipe"
	run sh -c "hpcat -I '$BATS_TEST_TMPDIR/t.ipe' <'$FIX/ipe.l-hi.eventlog' 2>&1 >/dev/null"
	[ "$output" = "hpcat: $BATS_TEST_TMPDIR/t.ipe: warning: 39 of 60 info-table bands are not in the IPE table: bare addresses kept" ]
	# a -hc eventlog has no -hi band: nothing to say
	run sh -c "hpcat <'$FIX/leak.l-hc.eventlog' 2>&1 >/dev/null"
	[ "$output" = "" ]
}

@test "a -hi eventlog from a pipe named as a file (<(...), /dev/stdin, a FIFO) keeps its addresses with the same warning" {
	local o="$BATS_TEST_TMPDIR" w="warning: 60 info-table bands keep bare addresses: an eventlog names its own only as a file, not from a pipe (give its IPE table to -I)"
	hpcat -q <"$FIX/ipe.l-hi.eventlog" >"$o/want"
	run bash -c "hpcat <(cat '$FIX/ipe.l-hi.eventlog') 2>&1 >'$o/got'"
	[ "$status" -eq 0 ]
	[[ "$output" == "hpcat: /dev/fd/"*": $w" ]]
	cmp "$o/want" "$o/got"
	run bash -c "cat '$FIX/ipe.l-hi.eventlog' | hpcat /dev/stdin 2>&1 >'$o/got'"
	[ "$status" -eq 0 ]
	[ "$output" = "hpcat: /dev/stdin: $w" ]
	cmp "$o/want" "$o/got"
	mkfifo "$o/fifo"
	cat "$FIX/ipe.l-hi.eventlog" >"$o/fifo" &
	run bash -c "timeout -k 5 20 hpcat '$o/fifo' 2>&1 >'$o/got'"
	[ "$status" -eq 0 ]
	[ "$output" = "hpcat: $o/fifo: $w" ]
	cmp "$o/want" "$o/got"
}

# Issue 25 (kin of the cut -hc log): the hint to build with
# -finfo-table-map or to profile is not for a log cut short.
@test "-o ipe and -o cc of a log cut before those events say where it was cut" {
	local f="$BATS_TEST_TMPDIR/cut.eventlog"
	head -c 3000 "$FIX/leak.l-hc.eventlog" >"$f"
	run hpcat -o ipe "$f"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "hpcat: $f: warning: no IPE events in the eventlog up to its cut at offset 2996 (the RTS writes them late: a run stopped early may have written none)" ]
	head -c 9000 "$FIX/ipe.l-hi.eventlog" >"$f"
	run hpcat -o cc "$f"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "hpcat: $f: warning: no cost-centre events in the eventlog up to its cut at offset 8995 (the RTS writes them late: a run stopped early may have written none)" ]
	# a whole log keeps the other hint
	run sh -c "hpcat -o cc '$FIX/ipe.l-hi.eventlog' 2>&1 >/dev/null"
	[ "$output" = "hpcat: $FIX/ipe.l-hi.eventlog: warning: no cost-centre events in the eventlog (a profiled program writes them)" ]
}

@test "a second -I table that repeats the first is not called empty (issue 25)" {
	local t="$BATS_TEST_TMPDIR/t.ipe" w
	hpcat -o ipe "$FIX/ipe.l-hi.eventlog" >"$t"
	# what one table says (39 bands it does not name), and no more
	w="hpcat: $FIX/ipe.l-hi.eventlog: warning: 39 of 60 info-table bands are not in the IPE table: bare addresses kept"
	[ "$(hpcat -I "$FIX/ipe.l-hi.eventlog" "$FIX/ipe.l-hi.hp" 2>&1 >/dev/null)" = "$w" ]
	[ "$(hpcat -I "$FIX/ipe.l-hi.eventlog" -I "$t" "$FIX/ipe.l-hi.hp" 2>&1 >/dev/null)" = "$w" ]
	[ "$(hpcat -I "$FIX/ipe.l-hi.eventlog" -I "$FIX/ipe.l-hi.eventlog" "$FIX/ipe.l-hi.hp" 2>&1 >/dev/null)" = "$w" ]
	[ "$(hpcat -I "$t" -I "$t" "$FIX/ipe.l-hi.hp" 2>&1 >/dev/null)" = "${w/$FIX\/ipe.l-hi.eventlog/$t}" ]
	[ "$(hpcat -I "$t" -I "$FIX/ipe.l-hi.eventlog" "$FIX/ipe.l-hi.hp" 2>&1 >/dev/null)" = "${w/$FIX\/ipe.l-hi.eventlog/$t}" ]
	# a table of a header only still says so
	head -1 "$t" >"$BATS_TEST_TMPDIR/h.ipe"
	run hpcat -I "$t" -I "$BATS_TEST_TMPDIR/h.ipe" "$FIX/ipe.l-hi.hp"
	[ "$status" -eq 0 ]
	[[ "$output" == *"hpcat: $BATS_TEST_TMPDIR/h.ipe: warning: no info tables in the IPE table (a header only): it names no band"* ]]
}
