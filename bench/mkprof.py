#!/usr/bin/env python3
"""mkprof.py: large cost-centre profiles made from real GHC ones,
deterministically (the same arguments give the same bytes), on standard
output.

  mkprof.py graft SIZE SRC.prof   a report of about SIZE bytes: SRC's
                                  root row, then copies of SRC's whole
                                  tree under it, renumbered
  mkprof.py deep N SRC.prof       a report whose tree is a chain N levels
                                  deep of SRC's rows (about N*N/2 bytes:
                                  one space of indent per level)
  mkprof.py deepjson N SRC.json   a -pj profile whose tree is a chain of
                                  SRC's nodes, N objects nested in each
                                  other

SRC.prof must have the ticks and bytes columns (+RTS -pa or -P).  The
header's totals are made the sums of the new tree, so that the report is
exact; the percentages of deep are recomputed, those of graft are SRC's.
"""
import json
import re
import sys

out = sys.stdout


def read_prof(path):
    lines = open(path).read().split('\n')
    h = next(i for i, l in enumerate(lines)
             if l.startswith('COST CENTRE') and ' no. ' in l)
    if not lines[h].rstrip().endswith('bytes'):
        sys.exit('mkprof.py: %s has no ticks and bytes columns' % path)
    rows = [l for l in lines[h + 2:] if l.strip()]
    return lines[:h + 2], rows


def fields(row):
    """The tokens of a row and their spans."""
    return [(m.start(), m.end(), m.group()) for m in re.finditer(r'\S+', row)]


def header(head, ticks, nbytes):
    """SRC's header with its totals made TICKS and NBYTES."""
    res = []
    for l in head:
        m = re.match(r'(\ttotal time  =\s*)[0-9.]+( secs\s+\()\d+( ticks @ )(\d+)( us.*)', l)
        if m:
            secs = '%.2f' % (ticks * int(m.group(4)) / 1e6)
            l = m.group(1) + secs + m.group(2) + str(ticks) + m.group(3) + m.group(4) + m.group(5)
        m = re.match(r'(\ttotal alloc =\s*)[0-9,]+( bytes.*)', l)
        if m:
            l = m.group(1) + '{:,}'.format(nbytes) + m.group(2)
        res.append(l)
    return res


def renumber(row, no, width, extra):
    """ROW with its no. column (8th field from the end) set to NO, the
    column made EXTRA characters wider, ending where it did plus EXTRA."""
    f = fields(row)
    s, e, _ = f[-8]
    left = row[:s].rstrip(' ')
    num = str(no)
    pad = max(1, e + extra - len(left) - len(num))
    return left + ' ' * pad + num + row[e:]


def graft(size, path):
    head, rows = read_prof(path)
    nos = [int(fields(r)[-8][2]) for r in rows]
    step = 10 ** len(str(max(nos)))
    oldw = max(len(str(n)) for n in nos)
    extra = copies = 0
    for _ in range(2):  # the copies widen the no. column
        tree_bytes = sum(len(r) + 2 + extra for r in rows)
        copies = max(1, (size - sum(len(l) + 1 for l in head)) // tree_bytes)
        extra = max(0, len(str(max(nos) + step * copies)) - oldw)
    ticks = [int(fields(r)[-2][2]) for r in rows]
    nbytes = [int(fields(r)[-1][2]) for r in rows]
    head = header(head, ticks[0] + copies * sum(ticks),
                  nbytes[0] + copies * sum(nbytes))
    h = len(head) - 2
    head[h] = head[h].replace(' no. ', ' ' * extra + ' no. ', 1)
    # the copies are one level deeper, so their widest label is one
    # column wider: GHC widens the COST CENTRE column of every row
    # (rts/ProfilerReport.c pads labels to the widest indent + label)
    m = head[h].index('MODULE')
    head[h] = head[h][:m] + ' ' + head[h][m:]
    out.write('\n'.join(head) + '\n')
    root = renumber(rows[0], nos[0], 0, extra)
    out.write(root[:m] + ' ' + root[m:] + '\n')
    for c in range(1, copies + 1):
        out.write(''.join(' ' + renumber(r, n + c * step, 0, extra) + '\n'
                          for r, n in zip(rows, nos)))


def below_root(nodes, builtin, costs, n):
    """N of NODES (in a cycle) to chain under the root: not the built-in
    cost centres (MAIN, GC, SYSTEM...: never below the root in GHC's
    output), and the deepest one with a cost (GHC drops empty leaves)."""
    nodes = [x for x in nodes if not builtin(x)]
    chain = [nodes[i % len(nodes)] for i in range(n)]
    chain[-1] = next(x for x in nodes if costs(x))
    return chain


def deep(n, path):
    head, rows = read_prof(path)
    rows = [fields(r.lstrip(' ')) for r in rows]
    chain = [rows[0]] + below_root(rows[1:], lambda f: f[2][2] == '<built-in>',
                                   lambda f: f[-2][2] != '0' or f[-1][2] != '0', n - 1)
    ticks = [int(f[-2][2]) for f in chain]
    nbytes = [int(f[-1][2]) for f in chain]
    tt, tb = max(1, sum(ticks)), max(1, sum(nbytes))
    out.write('\n'.join(header(head, sum(ticks), sum(nbytes))) + '\n')
    inh_t, inh_b = sum(ticks), sum(nbytes)
    spaces = ' ' * n
    for i, f in enumerate(chain):
        words = [w for _, _, w in f[:-8]]
        pct = '%.1f %.1f %.1f %.1f' % (100 * ticks[i] / tt, 100 * nbytes[i] / tb,
                                       100 * inh_t / tt, 100 * inh_b / tb)
        out.write(spaces[:i])
        out.write('%s %d %s %s %d %d\n' % (' '.join(words), i + 1, f[-7][2],
                                            pct, ticks[i], nbytes[i]))
        inh_t -= ticks[i]
        inh_b -= nbytes[i]


def deepjson(n, path):
    src = json.load(open(path))
    nodes, todo = [], [src['profile']]
    while todo:
        x = todo.pop()
        nodes.append(x)
        todo.extend(reversed(x['children']))
    builtin = set(c['id'] for c in src['cost_centres']
                  if c['src_loc'] == '<built-in>')
    chain = [nodes[0]] + below_root(nodes[1:], lambda x: x['id'] in builtin,
                                    lambda x: x['ticks'] or x['alloc'], n - 1)
    src['total_ticks'] = sum(x['ticks'] for x in chain)
    src['total_alloc'] = sum(x['alloc'] for x in chain)
    out.write('{\n')
    for k, v in src.items():
        if k != 'profile':
            out.write('"%s": %s,\n' % (k, json.dumps(v)))
    out.write('"profile": ')
    for x in chain:
        out.write('{"id": %d, "entries": %d, "alloc": %d, "ticks": %d, '
                  '"children": [' % (x['id'], x['entries'], x['alloc'], x['ticks']))
    out.write(']}' * n + '\n}\n')


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ('graft', 'deep', 'deepjson'):
        sys.exit(__doc__)
    globals()[sys.argv[1]](int(sys.argv[2]), sys.argv[3])


main()
