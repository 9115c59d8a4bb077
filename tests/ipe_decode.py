#!/usr/bin/env python3
"""ipe_decode.py EVENTLOG: the IPE events (169) of an eventlog as the
rows of hpcat -o ipe without its closure_type column, decoded here
independently of hptools (formats.md 4.1, 4.3, 4.6): the event sizes
of the header, each IPE event read by its seven fields (so that GHC
9.6's declared length, one byte too many, does not matter), each
address once, a bare ':' source as empty, fields escaped as hptools'
TSV.  For logs without damage (it stops at the first undeclared type).
"""
import struct
import sys


def esc(b):
    return (b.replace(b'\\', b'\\\\').replace(b'\t', b'\\t')
            .replace(b'\n', b'\\n').replace(b'\r', b'\\r')
            .replace(b'\0', b'\\0'))


def main():
    d = open(sys.argv[1], 'rb').read()
    i = 8
    sizes = {}
    while d[i:i + 4] == b'etb\0':
        t, s, dl = struct.unpack('>HhI', d[i + 4:i + 12])
        el = struct.unpack('>I', d[i + 12 + dl:i + 16 + dl])[0]
        sizes[t] = s
        i += 16 + dl + el + 4
    i = d.index(b'datb', i) + 4
    seen = set()
    out = sys.stdout.buffer
    out.write(b'id\tname\tclosure_desc\ttype\tlabel\tmodule\tsrc_loc\n')
    while i + 2 <= len(d):
        t = struct.unpack('>H', d[i:i + 2])[0]
        if t == 0xFFFF or t not in sizes:
            break
        if sizes[t] < 0:
            n = struct.unpack('>H', d[i + 10:i + 12])[0]
            p, tot = i + 12, 12 + n
        else:
            p, tot = i + 10, 10 + sizes[t]
        if t == 169:
            addr = struct.unpack('>Q', d[p:p + 8])[0]
            q, f = p + 8, []
            for _ in range(6):
                z = d.index(b'\0', q)
                f.append(d[q:z])
                q = z + 1
            tot = q - i
            if f[5] == b':':
                f[5] = b''
            if addr not in seen:
                seen.add(addr)
                out.write(b'0x%x\t' % addr +
                          b'\t'.join(esc(x) for x in f) + b'\n')
        i += tot
    return 0


sys.exit(main())
