#!/usr/bin/env bats
# prof2json, and -pj JSON as proftree's input: golden cases, validity of
# every output, fixed points, agreement with GHC's own -pj output, the
# corpus, deep nesting, pipes, full disks and the man page's examples.

load helper

# valid FILE: FILE is strict JSON for Python's json (which, unlike jq,
# takes any nesting depth).
valid() {
	python3 -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$1" ||
		{ echo "$1: not valid JSON"; return 1; }
}

@test "golden cases" {
	golden_all prof2json
}

@test "every golden output is valid JSON" {
	local f
	for f in "$TOP"/tests/cases/prof2json/*.out; do
		valid "$f"
		if command -v jq >/dev/null; then
			jq empty "$f" || { echo "$f: jq refuses it"; return 1; }
		fi
	done
}

@test "every fixture: exit 0, valid JSON, a fixed point" {
	local f o="$BATS_TEST_TMPDIR/o" p="$BATS_TEST_TMPDIR/p"
	for f in "$FIX"/*.prof "$FIX"/*.json; do
		# the retainer-set list alone: no tree to write
		grep -q 'COST CENTRE' "$f" || [ "${f%.json}" != "$f" ] || continue
		[ "$(basename "$f")" = leak.hr.prof ] && continue # no tree
		prof2json -q "$f" >"$o" || { echo "$f failed"; return 1; }
		valid "$o"
		prof2json "$o" >"$p" 2>"$BATS_TEST_TMPDIR/err"
		[ ! -s "$BATS_TEST_TMPDIR/err" ] || { cat "$BATS_TEST_TMPDIR/err"; return 1; }
		cmp "$o" "$p" || { echo "$f: not a fixed point"; return 1; }
	done
}

@test "GHC's valid -pj output is written back byte for byte" {
	prof2json "$FIX/leak.pj.json" | cmp - "$FIX/leak.pj.json"
}

@test "GHC's invalid -pj (names: quote, backslash, empty, non-ASCII) is repaired" {
	run prof2json "$FIX/names.pj.json"
	[ "$status" -eq 0 ]
	prof2json -q "$FIX/names.pj.json" >"$BATS_TEST_TMPDIR/o"
	valid "$BATS_TEST_TMPDIR/o"
	run python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
labels = {c["label"] for c in d["cost_centres"]}
for want in ["say\"hi", "back\\slash", "", "größe", "a.b:c-d(x)", "<+>", "go'"'"'"]:
    assert want in labels, want
print("ok")' "$BATS_TEST_TMPDIR/o"
	[ "$output" = ok ]
	# outside the repaired string, the same bytes as GHC's
	diff <(sed 's/say\\"hi/say"hi/' "$BATS_TEST_TMPDIR/o") "$FIX/names.pj.json"
}

@test "GHC's -pj with raw control characters in a label (names-ctl)" {
	prof2json "$FIX/names-ctl.pj.json" 2>"$BATS_TEST_TMPDIR/err" >/dev/null
	[ "$(cat "$BATS_TEST_TMPDIR/err")" = "prof2json: $FIX/names-ctl.pj.json:12:13064: warning: invalid JSON as GHC writes it, read as meant: 1 unescaped '\"', 2 raw control characters kept in their strings (the first here)" ]
	for f in "$FIX/names-ctl.pj.json" "$FIX/names-ctl.P.prof"; do
		prof2json -q "$f" >"$BATS_TEST_TMPDIR/o"
		valid "$BATS_TEST_TMPDIR/o"
		run python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
print(" ".join(repr(c["label"]) for c in d["cost_centres"] if "ctl" in c["label"]))' "$BATS_TEST_TMPDIR/o"
		[ "$output" = "'a.b:c-d(x)\\tctl\\x01'" ]
	done
	run prof2json -S "$FIX/names-ctl.pj.json"
	[ "$status" -eq 2 ]
	[ "$output" = "prof2json: $FIX/names-ctl.pj.json:12:13064: unescaped '\"' inside a string" ]
}

@test "the shared case pj-bad-escapes.json: read with a warning, written valid" {
	need_cases
	prof2json "$CASES/pj-bad-escapes.json" >"$BATS_TEST_TMPDIR/o" 2>"$BATS_TEST_TMPDIR/err"
	valid "$BATS_TEST_TMPDIR/o"
	[ "$(cat "$BATS_TEST_TMPDIR/err")" = "prof2json: $CASES/pj-bad-escapes.json:4:41: warning: invalid JSON as GHC writes it, read as meant: 1 unescaped '\"', 1 '\\' not starting an escape kept in their strings (the first here)" ]
	run python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
c = [c for c in d["cost_centres"] if c["id"] == 2][0]
print(c["label"], c["src_loc"])' "$BATS_TEST_TMPDIR/o"
	[ "$output" = 'say"hi src\Main.hs:3:1-9' ]
	run prof2json -S "$CASES/pj-bad-escapes.json"
	[ "$status" -eq 2 ]
	[ "$output" = "prof2json: $CASES/pj-bad-escapes.json:4:41: unescaped '\"' inside a string" ]
}

@test "the shared .prof cases: empty label, SRC with spaces, no SRC, exact ticks" {
	need_cases
	local f
	for f in "$CASES"/prof-*.prof; do
		prof2json -q "$f" >"$BATS_TEST_TMPDIR/o"
		valid "$BATS_TEST_TMPDIR/o"
	done
	# query FILE EXPR: a Python expression over the document d, its
	# table cc and its nodes (preorder)
	query() {
		python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
def nodes(n):
    todo = [n]
    while todo:
        x = todo.pop()
        yield x
        todo.extend(reversed(x["children"]))
cc = d["cost_centres"]
print(eval(sys.argv[2]))' "$1" "$2"
	}
	local o="$BATS_TEST_TMPDIR/o"
	prof2json -q "$CASES/prof-empty-label.prof" >"$o"
	run query "$o" '[c["label"] for c in cc if c["module"] == "Net"]'
	[[ "$output" == *"''"* ]]
	prof2json -q "$CASES/prof-src-spaces.prof" >"$o"
	run query "$o" '[c["src_loc"] for c in cc]'
	[[ "$output" == *"'<no location info>'"* ]]
	[[ "$output" == *"'my dir/Main.hs:4:1-12'"* ]]
	prof2json -q "$CASES/prof-ticks-bytes.prof" >"$o"
	run query "$o" '[x["alloc"] for x in nodes(d["profile"]) if x["ticks"] == 99]'
	[ "$output" = "[8000000]" ]
}

# GHC's -pj tree cut as the text report is (formats.md 3.1), by a
# program of its own, against prof2json of the -P report: the same tree
# of (label, module, src, entries), children in any order.
ghc_check() {
	python3 - "$1" "$2" <<'EOF'
import json, sys

def tree(path, cut):
    d = json.load(open(path, encoding="utf-8"))
    cc = {c["id"]: (c["label"], c["module"], c["src_loc"]) for c in d["cost_centres"]}
    def walk(n, depth):
        name = cc[n["id"]]
        if cut and depth > 0 and name[2] == "<built-in>":
            return None
        kids = [k for k in (walk(c, depth + 1) for c in n["children"]) if k]
        if cut and depth > 0 and not kids and not (n["entries"] or n["ticks"] or n["alloc"]):
            return None
        return (name, n["entries"], tuple(sorted(kids)))
    # GHC's -pj escaping is invalid: prof2json made it readable
    return walk(d["profile"], 0)

a = tree(sys.argv[1], True)
b = tree(sys.argv[2], False)
def count(t):
    return 1 + sum(count(k) for k in t[2])
if a != b:
    print("trees differ:", a, b, sep="\n")
    sys.exit(1)
print(count(a))
EOF
}

@test "checked against GHC: -pj and prof2json of -P describe the same tree" {
	local s
	for s in leak names names-ctl; do
		prof2json -q "$FIX/$s.pj.json" >"$BATS_TEST_TMPDIR/pj"
		prof2json "$FIX/$s.P.prof" >"$BATS_TEST_TMPDIR/P"
		run ghc_check "$BATS_TEST_TMPDIR/pj" "$BATS_TEST_TMPDIR/P"
		echo "$output"
		[ "$status" -eq 0 ]
		[ "$output" -ge 20 ] # nodes compared
	done
}

@test "proftree -o tsv: a -pj file gives the rows of prof2json of its -P report" {
	local s
	for s in leak names names-ctl; do
		proftree -o tsv "$FIX/$s.pj.json" 2>/dev/null | cut -f1-7 | sort >"$BATS_TEST_TMPDIR/a"
		prof2json "$FIX/$s.P.prof" | proftree -o tsv | cut -f1-7 | sort >"$BATS_TEST_TMPDIR/b"
		diff -u "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
		[ "$(wc -l <"$BATS_TEST_TMPDIR/a")" -ge 20 ]
	done
	# and of the -P report itself, up to no. (GHC's stack ids)
	proftree -o tsv "$FIX/leak.pj.json" | cut -f1,4-7 | sort >"$BATS_TEST_TMPDIR/a"
	proftree -o tsv "$FIX/leak.P.prof" | cut -f1,4-7 | sort >"$BATS_TEST_TMPDIR/b"
	diff -u "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}

@test "proftree of prof2json X shows what proftree X shows (-pa keeps GC and the empty leaves)" {
	local f
	for f in leak.pa.prof leak.P.prof names.P.prof; do
		prof2json "$FIX/$f" | proftree -o tsv | cut -f1,4- >"$BATS_TEST_TMPDIR/a"
		proftree -o tsv "$FIX/$f" | cut -f1,4- >"$BATS_TEST_TMPDIR/b"
		diff -u "$BATS_TEST_TMPDIR/b" "$BATS_TEST_TMPDIR/a"
		prof2json "$FIX/$f" | proftree | sed -n 1,5p >"$BATS_TEST_TMPDIR/a"
		proftree "$FIX/$f" | sed -n 1,5p >"$BATS_TEST_TMPDIR/b"
		diff -u "$BATS_TEST_TMPDIR/b" "$BATS_TEST_TMPDIR/a"
	done
	run sh -c 'prof2json "$1" | proftree' sh "$FIX/leak.pa.prof"
	[ "${lines[2]}" = "total time   0.54 secs (543 ticks @ 1000 us, 1 processor)" ]
	[[ "$output" == *"OVERHEAD_of"* ]]
}

@test "proftree on -pj: the text report's tree, totals without built-in stacks" {
	run proftree "$FIX/leak.pj.json"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "command      leak +RTS -pj -RTS 200000" ]
	# the seconds of the ticks left: GHC's 0.50 counts 501 ticks
	grep -q '"total_time":        0.50' "$FIX/leak.pj.json"
	[ "${lines[2]}" = "total time   0.23 secs (226 ticks @ 1000 us, 1 processor)" ]
	[ "${lines[3]}" = "total alloc  397275224 bytes" ]
	[[ "$output" != *"OVERHEAD_of"* ]]
	[[ "$output" != *"Data.Map.Internal"* ]]
	# the -P report of the other run has the same total alloc, to the byte
	grep -q 'total alloc = 397,275,224 bytes' "$FIX/leak.P.prof"
	# divided by the capabilities, as GHC divides
	sed 's/"initial_capabilities": 0/"initial_capabilities": 2/' \
	    "$FIX/leak.pj.json" >"$BATS_TEST_TMPDIR/n2.json"
	run proftree "$BATS_TEST_TMPDIR/n2.json"
	[ "${lines[2]}" = "total time   0.11 secs (226 ticks @ 1000 us, 2 processors)" ]
}

@test "proftree: every output works on -pj, without a warning" {
	local o
	for o in "-o tree" "-o tsv" "-o folded" "-o prof" "-a" "-i" "-z -m 1 -d 3" "-f main" "-x CAF" "-w alloc -o folded"; do
		proftree $o "$FIX/leak.pj.json" >"$BATS_TEST_TMPDIR/o" 2>"$BATS_TEST_TMPDIR/err" ||
			{ echo "proftree $o failed"; cat "$BATS_TEST_TMPDIR/err"; return 1; }
		[ -s "$BATS_TEST_TMPDIR/o" ]
		[ ! -s "$BATS_TEST_TMPDIR/err" ] || { echo "$o:"; cat "$BATS_TEST_TMPDIR/err"; return 1; }
	done
	run proftree -D -o tsv "$FIX/leak.P.prof" "$FIX/leak.pj.json"
	[ "$status" -eq 0 ]
	# -o prof of a -pj reads back as the same tree
	proftree -o tsv "$FIX/leak.pj.json" >"$BATS_TEST_TMPDIR/a"
	proftree -o prof "$FIX/leak.pj.json" | proftree -o tsv >"$BATS_TEST_TMPDIR/b"
	diff -u "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}

@test "proftree: a JSON input that is not -pj is an error with line and column" {
	run proftree "$TOP/tests/cases/prof2json/truncated-node.in"
	[ "$status" -eq 2 ]
	[ "$output" = "proftree: $TOP/tests/cases/prof2json/truncated-node.in:2:1: expected a key (a string), found end of input" ]
}

@test "-p report: ticks and bytes estimated, adding up to the total the percentages give" {
	prof2json "$FIX/leak.p.prof" >"$BATS_TEST_TMPDIR/o"
	run python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
t = a = 0
todo = [d["profile"]]
while todo:
    x = todo.pop()
    t += x["ticks"]
    a += x["alloc"]
    todo.extend(x["children"])
print([t, d["total_ticks"], a, d["total_alloc"]])' "$BATS_TEST_TMPDIR/o"
	echo "$output"
	[ "$output" = "[304, 304, 396877949, 397275224]" ]
}

@test "every -pj file of the corpus is read and written back as the same profile" {
	need_corpus
	local f n=0
	for f in "$CORPUS"/json/*.json; do
		prof2json "$f" >"$BATS_TEST_TMPDIR/o" 2>"$BATS_TEST_TMPDIR/err" ||
			{ echo "$f failed"; cat "$BATS_TEST_TMPDIR/err"; return 1; }
		valid "$BATS_TEST_TMPDIR/o"
		python3 -c '
import json, sys
a = json.load(open(sys.argv[1], encoding="utf-8"))
b = json.load(open(sys.argv[2], encoding="utf-8"))
assert a == b, sys.argv[1]' "$f" "$BATS_TEST_TMPDIR/o"
		proftree -o tsv "$f" >/dev/null
		n=$((n + 1))
	done
	[ "$n" -ge 3 ]
}

@test "every .prof of the corpus: valid JSON, a fixed point" {
	need_corpus
	local f n=0
	for f in "$CORPUS"/prof/*.prof; do
		[ -s "$f" ] || continue
		prof2json -q "$f" >"$BATS_TEST_TMPDIR/o" || { echo "$f failed"; return 1; }
		valid "$BATS_TEST_TMPDIR/o"
		prof2json "$BATS_TEST_TMPDIR/o" | cmp - "$BATS_TEST_TMPDIR/o"
		n=$((n + 1))
	done
	[ "$n" -ge 18 ]
}

@test "a tree 100000 levels deep works, arrays nested 100000 deep are an error" {
	python3 - "$BATS_TEST_TMPDIR/deep.json" <<'EOF'
import sys
n = 100000
with open(sys.argv[1], "w") as f:
    f.write('{"program": "d", "arguments": ["d"], "rts_arguments": [], '
            '"end_time": "", "initial_capabilities": 0, "total_time": 0.01, '
            '"total_ticks": %d, "tick_interval": 1000, "total_alloc": 0, '
            '"cost_centres": [{"id": 1, "label": "f", "module": "M", '
            '"src_loc": "", "is_caf": false}], "profile": ' % n)
    f.write('{"id": 1, "entries": 1, "alloc": 0, "ticks": 1, "children": [' * n)
    f.write(']}' * n)
    f.write('}\n')
with open(sys.argv[1] + ".arr", "w") as f:
    f.write('{"x_deep": ' + '[' * n + ']' * n + ', "y_deep": ' + '[' * n + '\n')
EOF
	prof2json "$BATS_TEST_TMPDIR/deep.json" >"$BATS_TEST_TMPDIR/o"
	[ "$(grep -o '"id": 1' "$BATS_TEST_TMPDIR/o" | wc -l)" -eq 100001 ] # table + nodes
	prof2json "$BATS_TEST_TMPDIR/o" | cmp - "$BATS_TEST_TMPDIR/o"
	run proftree -o tsv "$BATS_TEST_TMPDIR/deep.json"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 100001 ]
	run prof2json "$BATS_TEST_TMPDIR/deep.json.arr"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "prof2json: $BATS_TEST_TMPDIR/deep.json.arr:1:2: warning: key \"x_deep\" is not in the -pj schema: skipped" ]
	[ "${lines[1]}" = "prof2json: $BATS_TEST_TMPDIR/deep.json.arr:2:1: expected a value, found end of input" ]
}

@test "standard input, a closed pipe, a full disk" {
	run sh -c "prof2json < '$FIX/leak.pj.json' | cmp - '$FIX/leak.pj.json'"
	[ "$status" -eq 0 ]
	run sh -c "prof2json '$FIX/leak.pj.json' | head -c 10 >/dev/null"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	run sh -c "prof2json '$FIX/leak.pj.json' > /dev/full"
	[ "$status" -eq 2 ]
	[[ "$output" == "prof2json: write error: "* ]]
}

@test "man page EXAMPLES: every .Dl line runs and gives what it says" {
	command -v jq >/dev/null || skip "no jq"
	local d="$BATS_TEST_TMPDIR/ex" l i=0
	mkdir -p "$d"
	cp "$FIX/leak.P.prof" "$d/app.prof"
	cp "$FIX/names.pj.json" "$d/app.pj.json"
	man_examples prof2json.1 >"$BATS_TEST_TMPDIR/lines"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/lines")" -eq 4 ]
	while IFS= read -r l; do
		i=$((i + 1))
		(cd "$d" && sh -c "$l") >"$BATS_TEST_TMPDIR/out$i" 2>&1 ||
			{ echo "failed: $l"; cat "$BATS_TEST_TMPDIR/out$i"; return 1; }
	done <"$BATS_TEST_TMPDIR/lines"
	valid "$d/app.json"
	[ ! -s "$BATS_TEST_TMPDIR/out1" ]
	[ "$(sed -n 1p "$BATS_TEST_TMPDIR/out2")" = '[224,"Main","buildMap.\\"]' ]
	[ "$(wc -l <"$BATS_TEST_TMPDIR/out2")" -eq 10 ]
	[ "$(cat "$BATS_TEST_TMPDIR/out3")" = 397275224 ]
	[ "$(cat "$BATS_TEST_TMPDIR/out4")" = valid ]
}

@test "no locale changes the output" {
	LC_ALL=C prof2json "$FIX/leak.p.prof" >"$BATS_TEST_TMPDIR/a"
	for l in de_DE.UTF-8 fr_FR.UTF-8 C.UTF-8; do
		LC_ALL=$l prof2json "$FIX/leak.p.prof" 2>/dev/null | cmp - "$BATS_TEST_TMPDIR/a"
	done
}

# Session 9, an outside review: prof2json of an exact report with empty
# leaves, read by proftree, lost them (the JSON's text view drops them,
# as GHC's text report does): "hptools_whole" keeps them.
@test "prof2json of an exact report with empty leaves: proftree shows the same rows as of the report" {
	local d="$BATS_TEST_TMPDIR" f
	printf '\tx Time and Allocation Profiling Report  (Final)\n\n\t   t +RTS -P -RTS\n\n\ttotal time  =        0.02 secs   (16 ticks @ 1000 us, 1 processor)\n\ttotal alloc =          25 bytes  (excludes profiling overheads)\n\nCOST CENTRE MODULE SRC no. entries %%time %%alloc %%time %%alloc ticks bytes\n\nMAIN MAIN <built-in> 1 0 6.2 40.0 100.0 100.0 1 10\n q M s 4 1 62.5 40.0 62.5 40.0 10 10\n p M s 2 1 31.2 20.0 31.2 20.0 5 5\n  z M s 3 0 0.0 0.0 0.0 0.0 0 0\n' >"$d/zl.prof"
	prof2json "$d/zl.prof" >"$d/zl.json"
	[ "$(tail -3 "$d/zl.json" | tr -d '\n')" = ',"hptools_whole": true}' ]
	diff <(proftree -o tsv "$d/zl.prof" | cut -f 1,4-) <(proftree -o tsv "$d/zl.json" | cut -f 1,4-)
	# kept by prof2json reading its own JSON
	[ "$(prof2json "$d/zl.json" | tail -3 | tr -d '\n')" = ',"hptools_whole": true}' ]
	# not written for a report without such rows, nor for GHC's JSON
	[ "$(prof2json "$FIX/leak.P.prof" | grep -c hptools_whole)" -eq 0 ]
	[ "$(prof2json "$FIX/leak.pj.json" | grep -c hptools_whole)" -eq 0 ]
	run proftree -o tsv <(sed 's/"hptools_whole": true/"hptools_whole": 1/' "$d/zl.json")
	[ "$status" -eq 2 ]
	[[ "${lines[0]}" == *'"hptools_whole": expected true or false, found a number' ]]
	need_corpus
	f="$CORPUS/prof/llelf_flamingra__pandoc.prof"
	[ "$(proftree -q -o tsv "$f" | wc -l)" -eq "$(prof2json "$f" 2>/dev/null | proftree -q -o tsv | wc -l)" ]
}
