#!/usr/bin/env python3
"""ev_compare.py MODE HP EVHP [L]: the .hp that GHC wrote (HP) and hpcat's
.hp of the eventlog of the same run (EVHP) hold the same census values.

Compares the non-empty samples in order: the same number, and in each
the same band values under the same names.  MODE "same": the names
are the same bytes (-hr, -hy, -hT, -hd, -hm, -hb).  MODE "hc": GHC's
.hp names are mapped as the .hp writer makes them (formats.md 4.6): the "(ccsID)"
prefix of a -hc name is dropped, and the eventlog's full stack name is
cut as -L (default 25) cuts it: kept whole up to L bytes, else its first
L-4 bytes and "...".  Two stacks may cut to the same name: their values
are summed on both sides.  Prints the first difference and exits 1.
"""
import re
import sys


def samples(path, fix):
    out, cur = [], None
    with open(path, 'rb') as f:
        for line in f.read().split(b'\n'):
            if line.startswith(b'BEGIN_SAMPLE '):
                cur = {}
            elif line.startswith(b'END_SAMPLE '):
                if cur:
                    out.append(cur)
                cur = None
            elif cur is not None and b'\t' in line:
                name, val = line.rsplit(b'\t', 1)
                name = fix(name)
                cur[name] = cur.get(name, 0) + int(val)
    return out


def main():
    mode, hp, ev = sys.argv[1], sys.argv[2], sys.argv[3]
    lim = int(sys.argv[4]) if len(sys.argv) > 4 else 25
    prefix = re.compile(rb'^\([0-9]+\)')

    def cut(n):
        return n if len(n) <= lim else n[:lim - 4] + b'...'

    if mode == 'hc':
        a = samples(hp, lambda n: prefix.sub(b'', n))
        b = samples(ev, cut)
    else:
        a = samples(hp, lambda n: n)
        b = samples(ev, lambda n: n)
    if len(a) != len(b):
        print('%s: %d non-empty samples, %s: %d' % (hp, len(a), ev, len(b)))
        return 1
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            print('sample %d differs:' % (i + 1))
            for k in sorted(set(x) | set(y)):
                if x.get(k) != y.get(k):
                    print('  %r: %s %s' % (k, x.get(k), y.get(k)))
            return 1
    print('%d samples agree' % len(a))
    return 0


sys.exit(main())
