#!/usr/bin/env python3
"""ev_cuts.py HPCAT EVENTLOG: cut EVENTLOG at every byte offset of its
first and last kilobyte and read each cut with HPCAT (on standard
input).  Each cut must either read its complete prefix (exit 0; the
output, header aside, is a prefix of the whole log's output, and a
warning names the offset of the cut) or stop on a located error (exit
2, "offset N:" in the message, and any output ends in the trailer).  Prints each cut that does neither and
exits 1 if there is any.
"""
import subprocess
import sys


def run(hpcat, data):
    p = subprocess.run([hpcat], input=data, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=20)
    return p.returncode, p.stdout, p.stderr


def body(out):
    return out.split(b'\n', 4)[4] if out.count(b'\n') >= 4 else b''


def main():
    hpcat, path = sys.argv[1], sys.argv[2]
    data = open(path, 'rb').read()
    rc, full, _ = run(hpcat, data)
    if rc != 0:
        print('whole log: exit %d' % rc)
        return 1
    offsets = sorted(set(range(1, min(1024, len(data)))) |
                     set(range(max(1, len(data) - 1024), len(data))))
    bad = 0
    for n in offsets:
        rc, out, err = run(hpcat, data[:n])
        ok = False
        if rc == 2:
            # a cut of 1 to 3 bytes is not yet an eventlog's magic:
            # the .hp reader's error names line 1
            ok = (b': offset ' in err or b':1: ' in err) and \
                (not out or b'output incomplete' in out)
        elif rc == 0:
            ok = full.startswith(out) or body(full).startswith(body(out))
            ok = ok and b'cut off' in err
        if not ok:
            bad += 1
            if bad <= 5:
                print('cut at %d: exit %d\n%s' % (n, rc,
                                                  err.decode('latin-1')))
    print('%d cuts, %d bad' % (len(offsets), bad))
    return 1 if bad else 0


sys.exit(main())
