#!/usr/bin/env python3
"""band_agree.py BIN FILE...: the outputs of one heap profile agree on
its bands.  For each FILE that hpcat -o tsv reads (exit 0), the bands
-o tsv lists (its distinct band fields) must be exactly the columns of
-o wide; the chart's key (-o svg) must have one entry for each of them,
or fold some into its OTHER entry ("OTHER: N more bands summed", with
"the input's own OTHER" for a band of the input called OTHER), and
no other entry; and hpstat's "bands" line must count them.  A band of a
census the reader dropped (a torn event, a sample cut off) is in none.
Prints each disagreement; exits 1 if any, 2 if no FILE was read.
"""
import re
import subprocess
import sys


def run(argv):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout


def main():
    binp, files = sys.argv[1], sys.argv[2:]
    bad = read = 0
    for f in files:
        st, tsv = run([binp + '/hpcat', '-q', '-o', 'tsv', f])
        if st != 0:
            continue
        read += 1
        lines = tsv.split(b'\n')
        bands = set()
        for ln in lines[1:]:
            if ln:
                bands.add(ln.split(b'\t')[1])
        st, wide = run([binp + '/hpcat', '-q', '-o', 'wide', f])
        cols = wide.split(b'\n', 1)[0].split(b'\t')[1:]
        if st != 0 or set(cols) != bands or len(cols) != len(bands):
            bad += 1
            print('%s: -o wide has %d columns %s, -o tsv %d bands %s' % (
                f, len(cols), sorted(set(cols) - bands)[:3], len(bands),
                sorted(bands - set(cols))[:3]))
        st, svg = run([binp + '/hpcat', '-q', '-o', 'svg', f])
        entries = svg.count(b'<g class="key-entry"')
        # "OTHER: N more bands summed", "OTHER: the input's own OTHER"
        # (one band: an input band called OTHER is never drawn by name),
        # "OTHER: the input's own OTHER and N more bands summed"
        m = re.search(rb"<title>OTHER: (the input&#39;s own OTHER|"
                      rb"the input's own OTHER)?(?: and )?(\d+)? ?(more band)?",
                      svg)
        folded = 0
        if m:
            folded = (1 if m.group(1) else 0) + int(m.group(2) or 0)
        named = entries - (1 if m else 0)
        if st != 0 or named + folded != len(bands):
            bad += 1
            print('%s: the chart\'s key has %d entries and %d in OTHER, '
                  '-o tsv %d bands' % (f, named, folded, len(bands)))
        st, stat = run([binp + '/hpstat', '-q', f])
        m = re.search(rb'^bands +(\d+)$', stat, re.M)
        if st != 0 or not m or int(m.group(1)) != len(bands):
            bad += 1
            print('%s: hpstat counts %s bands, -o tsv %d' % (
                f, m.group(1).decode() if m else '?', len(bands)))
    if read == 0:
        print('no input read')
        sys.exit(2)
    print('%d inputs read, %d disagreements' % (read, bad))
    sys.exit(1 if bad else 0)


main()
