#!/usr/bin/env python3
"""Broken quoting in man pages, as mandoc renders them.

mdoc's quoting macros (Ql, Sq, Dq, Qq) enclose the rest of their line:
a delimiter written as its own word (";", ",") closes the quote only at
the end of the line.  Written in the middle, as in
".Pq 999999 bytes is Ql 1.00 MB ; the time axis ...", mandoc quotes
everything after it too, and a second quoting macro on the line nests
inside the first: mandoc -Tlint says nothing of either.

For each page given: mandoc -Tutf8's text must have no quote opened
inside a quote of its kind and none left open or closed twice, and
mandoc -Ttree's parse must have no quote whose body holds a closing
delimiter followed by more words or a nested quote.  Prints
"PAGE: line N: message" (N of the source) or "PAGE: rendered line N:
message" (N of mandoc -Tutf8's text) for each and exits 1 when any is found.
"""
import re
import subprocess
import sys

QUOTES = ("Ql", "Sq", "Dq", "Qq")
NODE = re.compile(r"^( *)(.*) \((\w+)\) \*?(\d+):(\d+)(\)?)")


def tree_problems(page):
    out = subprocess.run(["mandoc", "-Ttree", page], capture_output=True,
                         text=True, check=True).stdout
    nodes = []  # (depth, name, kind, line, closing delimiter)
    for l in out.splitlines():
        m = NODE.match(l)
        if m:
            nodes.append((len(m.group(1)), m.group(2), m.group(3),
                          int(m.group(4)), m.group(6) == ")"))
    found = []
    for i, (depth, name, kind, line, _) in enumerate(nodes):
        if kind != "body" or name not in QUOTES:
            continue
        # the body's children: the nodes one level down, until the body ends
        kids, j = [], i + 1
        while j < len(nodes) and nodes[j][0] > depth:
            kids.append(nodes[j])
            j += 1
        top = min((k[0] for k in kids), default=0)
        children = [k for k in kids if k[0] == top]
        for n, k in enumerate(children):
            if k[2] == "block" and k[1] in QUOTES:
                found.append((line, "%s quoted inside %s: the first "
                              "quote runs to the end of the line" %
                              (k[1], name)))
                break
            if k[4] and any(not c[4] for c in children[n + 1:]):
                found.append((line, "%s quotes past the delimiter %r: "
                              "it ends a quote only at the end of the "
                              "line" % (name, k[1])))
                break
    return [("line %d" % n, msg) for n, msg in found]


def text_problems(page):
    out = subprocess.run(["mandoc", "-Tutf8", page], capture_output=True,
                         text=True, check=True).stdout
    out = re.sub(".\b", "", out)
    found = []
    for pair in ("‘’", "“”"):
        depth = 0
        for n, l in enumerate(out.splitlines(), 1):
            for c in l:
                if c == pair[0]:
                    if depth:
                        found.append((n, "%s opened inside %s...%s: %s"
                                      % (pair[0], pair[0], pair[1],
                                         l.strip())))
                    depth += 1
                elif c == pair[1]:
                    if depth == 0:
                        found.append((n, "%s closes no quote: %s" %
                                      (pair[1], l.strip())))
                    depth = max(depth - 1, 0)
        if depth:
            found.append((n, "%s left open at the end" % pair[0]))
    return [("rendered line %d" % n, msg) for n, msg in found]


def main():
    bad = 0
    for page in sys.argv[1:]:
        for line, msg in tree_problems(page) + text_problems(page):
            print("%s: %s: %s" % (page, line, msg))
            bad += 1
    sys.exit(1 if bad else 0)


main()
