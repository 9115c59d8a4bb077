#!/usr/bin/env python3
"""mkevlog.py SIZE SRC: a large eventlog of about SIZE bytes on standard
output, made from the real eventlog SRC (a -hc or other heap profile of
GHC) by repeating its censuses with shifted times, in global blocks of
at most 2 MiB as GHC writes them (EVENT_LOG_SIZE).  Deterministic: the
same arguments give the same bytes.
"""
import struct
import sys

BLOCK = 2 << 20


def parse(d):
    o = 8
    sizes = {}
    while d[o:o + 4] != b'hete':
        t, s = struct.unpack('>Hh', d[o + 4:o + 8])
        dl = struct.unpack('>I', d[o + 8:o + 12])[0]
        el = struct.unpack('>I', d[o + 12 + dl:o + 16 + dl])[0]
        sizes[t] = s
        o += 16 + dl + el + 4
    hdr_end = o + 12
    evs, o = [], hdr_end
    while o + 2 <= len(d):
        t = struct.unpack('>H', d[o:o + 2])[0]
        if t == 0xFFFF:
            break
        ts = struct.unpack('>Q', d[o + 2:o + 10])[0]
        s, p = sizes[t], o + 10
        if s < 0:
            s = struct.unpack('>H', d[p:p + 2])[0]
            p += 2
        evs.append((t, ts, d[o + 10:p + s]))
        o = p + s
    return d[:hdr_end], evs


def main():
    size, src = int(sys.argv[1]), sys.argv[2]
    hdr, evs = parse(open(src, 'rb').read())
    pre = [e for e in evs if e[0] not in (18, 162, 163, 164, 165, 166)]
    cen = [e for e in evs if e[0] in (162, 163, 164, 165)]
    span = cen[-1][1] - cen[0][1] + 1000000
    out = sys.stdout.buffer
    out.write(hdr)
    written = len(hdr)

    def block(raw, t0, t1):
        out.write(struct.pack('>HQIQH', 18, t0, 24 + len(raw), t1, 0xFFFF))
        out.write(raw)

    raw = b''.join(struct.pack('>HQ', t, ts) + p for t, ts, p in pre)
    block(raw, pre[0][1], pre[-1][1])
    written += 24 + len(raw)
    k, buf, t0 = 0, [], None
    n = 0
    while written < size:
        shift = k * span
        for t, ts, p in cen:
            e = struct.pack('>HQ', t, ts + shift) + p
            if n + len(e) > BLOCK - 24:
                block(b''.join(buf), t0, last)
                written += 24 + n
                buf, n, t0 = [], 0, None
            if t0 is None:
                t0 = ts + shift
            last = ts + shift
            buf.append(e)
            n += len(e)
        k += 1
    if buf:
        block(b''.join(buf), t0, last)
    out.write(b'\xff\xff')


main()
