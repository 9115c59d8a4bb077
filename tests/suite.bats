#!/usr/bin/env bats
# The whole suite: what the README promises, install, and what every
# program shares (usage, version, output pipes).

load helper

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
	for p in hpcat proftree; do
		[ -x "$d/usr/bin/$p" ]
		[ -f "$d/usr/share/man/man1/$p.1" ]
	done
	[ -f "$d/usr/share/man/man5/hptools.5" ]
	run make -s -C "$TOP" uninstall DESTDIR="$d" PREFIX=/usr MANPREFIX=/usr/share/man
	[ "$status" -eq 0 ]
	[ -z "$(find "$d" -type f)" ]
}

@test "every program: -h on stdout with exit 0, -V, bad option exit 2" {
	for p in hpcat proftree; do
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
	for p in hpcat proftree; do
		syn=$(MANWIDTH=200 man -l "$TOP/man/$p.1" 2>/dev/null | sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' | sed '1d;$d' | tr -d ' \n')
		use=$("$p" -h | sed 's/^usage: //' | tr -d ' \n')
		[ "$syn" = "$use" ] || { echo "man: $syn"; echo "use: $use"; return 1; }
	done
}
