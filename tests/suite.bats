#!/usr/bin/env bats
# The whole suite: what the README promises, install, and what every
# program shares (usage, version, output pipes).

load helper

# The programs, from the Makefile's PROGS.
progs() {
	make -s -C "$TOP" progs
}

@test "make demo runs on the bundled profiles" {
	run make -s -C "$TOP" demo
	[ "$status" -eq 0 ]
	[[ "$output" == *"hpcat: <stdin>:117: warning: incomplete sample at end of input (no END_SAMPLE): dropped"* ]]
	[[ "$output" == *"0.020958	36816	640	680	120	912	160	7298520	0"* ]]
	[[ "$output" == *"buildMap.\\"* ]]
}

@test "make install and uninstall honour DESTDIR, PREFIX and MANPREFIX" {
	d="$BATS_TEST_TMPDIR/root"
	run make -s -C "$TOP" install DESTDIR="$d" PREFIX=/usr MANPREFIX=/usr/share/man
	[ "$status" -eq 0 ]
	for p in $(progs); do
		[ -x "$d/usr/bin/$p" ]
		[ -f "$d/usr/share/man/man1/$p.1" ]
	done
	[ -f "$d/usr/share/man/man5/hptools.5" ]
	run make -s -C "$TOP" uninstall DESTDIR="$d" PREFIX=/usr MANPREFIX=/usr/share/man
	[ "$status" -eq 0 ]
	[ -z "$(find "$d" -type f)" ]
}

@test "every program: -h on stdout with exit 0, -V, bad option exit 2" {
	for p in $(progs); do
		run "$p" -h
		[ "$status" -eq 0 ]
		[[ "${lines[0]}" == "usage: $p "* ]]
		run "$p" -V
		[ "$status" -eq 0 ]
		[ "$output" = "$p 0.1.0" ]
		run "$p" -@
		[ "$status" -eq 2 ]
		[[ "$output" == *"usage: $p "* ]]
	done
}

@test "every man page's SYNOPSIS matches the program's usage line" {
	for p in $(progs); do
		syn=$(MANWIDTH=200 man -l "$TOP/man/$p.1" 2>/dev/null | sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' | sed '1d;$d' | tr -d ' \n')
		use=$("$p" -h | sed '$d' | sed 's/^usage: //' | tr -d ' \n')
		[ "$syn" = "$use" ] || { echo "man: $syn"; echo "use: $use"; return 1; }
	done
}

@test "every program: the shared usage errors, each with its one text" {
	for p in $(progs); do
		run "$p" - -
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "$p: standard input can be read only once" ]
		run "$p" "$(printf '%b' '-\001')"
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "$p: unknown option (options are single letters: see -h)" ]
		run "$p" --verbose
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "$p: unknown option \"--verbose\": options are single letters (see -h)" ]
		run "$p" -- -h
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "$p: -h: No such file or directory" ]
	done
	run proftree -d 99999999999999999999999 -m 200 x
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = 'proftree: -m: not a percentage: "200"' ]
}

@test "every program: a profile of another kind is named, not misread" {
	run hpcat "$FIX/leak.p.prof"
	[ "$status" -eq 2 ]
	[ "$output" = "hpcat: $FIX/leak.p.prof: a .prof report, not a heap profile (proftree reads it)" ]
	run proftree "$FIX/leak.hc.hp"
	[ "$status" -eq 2 ]
	[ "$output" = "proftree: $FIX/leak.hc.hp: a heap profile (.hp), not a .prof report (hpcat reads it)" ]
}

@test "every diagnostic of every program appears in a test with its text and exit status" {
	run python3 "$TOP/tests/messages.py"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "library calls run from the programs down to the base, no cycle" {
	run sh "$TOP/tests/deps.sh"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "make lint: mandoc finds nothing to warn about in the man pages" {
	command -v mandoc >/dev/null || skip "no mandoc (apt-get install mandoc)"
	run make -s -C "$TOP" lint
	echo "$output"
	[ "$status" -eq 0 ]
	[ -z "$(echo "$output" | grep -v 'mandoc.db')" ]
}

@test "every man page renders without broken quoting (a Ql that runs past its delimiter, nested quotes)" {
	run python3 "$TOP/tests/man_quotes.py" "$TOP"/man/*.1 "$TOP"/man/*.5
	echo "$output"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	# the check sees both ways a quote breaks
	printf '.Dd x\n.Dt X 1\n.Os\n.Sh NAME\n.Nm x\n.Nd y\n.Sh DESCRIPTION\n.Pq 9 is Ql 1 MB ; the axis\n.Pq Ql 6 , Ql 1 .\n' >"$BATS_TEST_TMPDIR/bad.1"
	run python3 "$TOP/tests/man_quotes.py" "$BATS_TEST_TMPDIR/bad.1"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "$BATS_TEST_TMPDIR/bad.1: line 8: Ql quotes past the delimiter ';': it ends a quote only at the end of the line" ]
	[ "${lines[1]}" = "$BATS_TEST_TMPDIR/bad.1: line 9: Ql quotes past the delimiter ',': it ends a quote only at the end of the line" ]
	[[ "$output" == *"rendered line "*": ‘ opened inside ‘...’: "* ]]
}

@test "no output looks complete after an error: every program, every output format (hptools.5)" {
	cd "$BATS_TEST_TMPDIR"
	# inputs far above the 64 KiB output buffer, malformed at the end
	awk 'BEGIN { printf "JOB \"x\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
		for (i = 1; i <= 20000; i++) printf "BEGIN_SAMPLE %d.0\nalpha\t1\nbeta\t2\nEND_SAMPLE %d.0\n", i, i
		printf "BEGIN_SAMPLE 99999.0\nbad\tx\nEND_SAMPLE 99999.0\n" }' >late.hp
	awk 'BEGIN { printf "COST CENTRE MODULE SRC no. entries %%time %%alloc %%time %%alloc ticks bytes\n\nMAIN M M.hs:1:1 1 0 0.0 0.0 0.0 0.0 0 0\n"
		for (i = 0; i < 5000; i++) printf " f%d M M.hs:1:1 %d 1 0.0 0.0 0.0 0.0 1 8\n", i, i + 2
		printf "MAIN2 M M.hs:1:1 9999 0 0.0 0.0 0.0 0.0 0 0\n" }' >late.prof
	head -n 5003 late.prof >ok.prof
	prof2json ok.prof | sed '$s/}$/, "profile": 1}/' >late.json
	trailer() { [ "$(tail -n 1 "$2")" = "$1: error: output incomplete, see the messages of $1" ]; }
	# .hp and TSV, streamed: whole samples or rows, then the trailer
	for o in hp tsv; do
		run sh -c "hpcat -o $o late.hp >out"
		[ "$status" -eq 2 ]
		[ "$output" = "hpcat: late.hp:80006: bad value 'x' in band row" ]
		trailer hpcat out
		[ "$(sed -n '$=' out)" -gt 1000 ]
		run sh -c "hpslice -o $o late.hp >out"
		[ "$status" -eq 2 ]
		trailer hpslice out
	done
	head -n 84 late.hp >ok.hp
	run sh -c "hpstat -o tsv ok.hp late.hp >out"
	[ "$status" -eq 2 ]
	trailer hpstat out
	[ "$(head -n 1 out | cut -f 1)" = file ]
	# .hp cut by an error never ends with the final empty sample
	hpcat late.hp >out.hp 2>/dev/null || true
	[ "$(tail -n 2 out.hp | head -n 1)" = "END_SAMPLE 20000.0" ]
	run hpcat out.hp
	[ "$status" -eq 2 ]
	# written once all is read: nothing at all
	for o in wide svg; do
		run sh -c "hpcat -o $o late.hp >out"
		[ "$status" -eq 2 ]
		[ ! -s out ]
	done
	for o in tree prof tsv folded svg; do
		run sh -c "proftree -o $o late.prof >out"
		[ "$status" -eq 2 ]
		[ "$output" = "proftree: late.prof:5004: second root row \"MAIN2 M M.hs:1:1 9999 0 0.0 0.0 0.0 0.0 0 0\"" ]
		[ ! -s out ]
		run sh -c "proftree -o $o late.json >out"
		[ "$status" -eq 2 ]
		[ ! -s out ]
	done
	run sh -c "proftree -a late.prof >out"
	[ "$status" -eq 2 ]
	[ ! -s out ]
	run sh -c "prof2json late.json >out"
	[ "$status" -eq 2 ]
	[ "${output%%:*}" = prof2json ]
	[ "${output##*: }" = "key \"profile\" given twice" ]
	[ ! -s out ]
	run sh -c "prof2json late.prof >out"
	[ "$status" -eq 2 ]
	[ ! -s out ]
}
