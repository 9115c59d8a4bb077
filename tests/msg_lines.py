#!/usr/bin/env python3
"""msg_lines.py BIN [--odd DIR] FILE...: every message of every program fits one line
of at most 200 bytes of printable text, whatever the input.  Runs each
program of BIN (hpcat in its forms, hpslice, hpstat, proftree,
prof2json) on each FILE, and checks each line of its standard error: at
most 200 bytes once the file's own name is taken out (a name is the
user's, as long as it is), valid UTF-8, with no control character (C0,
DEL, C1), so that what a terminal shows is the text, never an effect of
bytes of the input.  With --odd, inputs made to provoke long or unprintable messages
(binary data, compressed files, long lines, names, times and numbers,
control bytes) are written into DIR and checked first.  Prints each
line that breaks this; exits 1 if any.
"""
import os
import subprocess
import sys

LIMIT = 200
FIX = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'fixtures')


def bad_line(line, name):
    short = line.replace(name.encode(), b'FILE')
    if len(short) > LIMIT:
        return 'longer than %d bytes' % LIMIT
    try:
        text = line.decode('utf-8')
    except UnicodeDecodeError:
        return 'not UTF-8'
    for ch in text:
        if ord(ch) < 0x20 or 0x7f <= ord(ch) < 0xa0:
            return 'control character U+%04X' % ord(ch)
    return None


def odd_inputs(d):
    """Write inputs made to provoke long or unprintable messages into
    directory d; return their paths."""
    import gzip
    import random
    rnd = random.Random(25)
    hdr = b'JOB "a"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
    big = b'9' * 600 + b'.5'
    files = {
        'random.bin': bytes(rnd.randrange(256) for _ in range(8192)),
        'random-lines.bin': bytes(rnd.choice(b'\n\x00\x01\xff\xfeabc\t ')
                                  for _ in range(8192)),
        'long-line.txt': b'x' * 100000 + b'\n',
        'controls.txt': bytes(range(1, 32)) * 50 + b'\n',
        'nuls.bin': b'\x00' * 10000,
        'c1.txt': b'\xc2\x9b31m' * 100 + b'\n',
        'long-band.hp': hdr + b'BEGIN_SAMPLE 0.0\n' +
        b'\x01\x7f\xc3(\xc2\x85' * 3000 + b'\tzz\nEND_SAMPLE 0.0\n',
        'long-time.hp': b'JOB "a"\nBEGIN_SAMPLE ' + b'9' * 5000 +
        b'\x00\x1b[31m\nEND_SAMPLE 1\n',
        'big-times.hp': hdr + b'BEGIN_SAMPLE ' + big + b'\nx\t1\nEND_SAMPLE ' +
        big + b'\nBEGIN_SAMPLE 3.0\nx\t1\nEND_SAMPLE ' + b'4' * 700 + b'\n',
        'zeros-time.hp': hdr + b'BEGIN_SAMPLE 5.0\nx\t1\nEND_SAMPLE 5.0\n'
        b'BEGIN_SAMPLE ' + b'0' * 800 + b'1.0\nx\t1\nEND_SAMPLE 1.0\n',
        'long-job.hp': b'JOB "' + b'\x1b' * 5000 + b'\nDATE ""\n',
        'long-unit.hp': b'JOB "a"\nDATE ""\nSAMPLE_UNIT "' +
        b'\xc2\x85' * 300 + b'"\nVALUE_UNIT "' + b'z' * 900 +
        b'"\nBEGIN_SAMPLE 0.0\nx\t1\nEND_SAMPLE 0.0\n',
        'bad-value.hp': b'JOB "a"\nBEGIN_SAMPLE 0.0\nx\t' +
        b'\xff\x00' * 3000 + b'\nEND_SAMPLE 0.0\n',
        'big-value.hp': b'JOB "a"\nBEGIN_SAMPLE 0.0\nx\t' + b'1' * 900 +
        b'\nEND_SAMPLE 0.0\n',
        'long-row.prof': b'COST CENTRE MODULE SRC no. entries %time %alloc '
        b'%time %alloc\n\nMAIN MAIN <built-in> 1 0 0.0 0.0 100.0 100.0\n ' +
        b'\x02\x80' * 4000 + b' M s 2 1 abc 1 1 1\n',
        'binary-header.prof': b'COST CENTRE MODULE ' +
        bytes(range(128, 256)) * 40 + b'\n',
        'big-number.prof': b'COST CENTRE MODULE no. entries %time %alloc '
        b'%time %alloc\n\nMAIN MAIN 1 ' + b'9' * 500 +
        b' 0.0 0.0 100.0 100.0\n',
        'long-key.json': b'{"' + bytes(range(1, 256)) * 20 + b'": 1}',
        'long-string.json': b'{"program": "' + b'\\u0001' * 5000 +
        b'", "x": ' + b'[' * 300 + b'\n',
        'big-number.json': b'{"program":"x","total_ticks":' + b'9' * 600 +
        b'}',
        'bad-time.json': b'{"program":"x","total_time":"\x1b' + b'9' * 600 +
        b'"}',
        'binary.eventlog': b'hdrb' + bytes(rnd.randrange(256)
                                           for _ in range(4000)),
        'long-row.tsv': b'id\tname\tclosure_desc\tclosure_type\ttype\t'
        b'label\tmodule\tsrc_loc\n' + b'\x01' * 5000 + b'\n',
        'crs.hp': b'JOB "a"\r\nBEGIN_SAMPLE 0.0\r\n' + b'\r' * 5000 + b'x\n',
        'gzip.prof.gz': gzip.compress(b'COST CENTRE MODULE\n' * 100),
        'xz.hp.xz': b'\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4F' + b'\x00' * 40,
        'zstd.hp.zst': b'\x28\xb5\x2f\xfd' + b'\x00' * 40,
        'bzip2.prof.bz2': b'BZh91AY&SY' + b'\x00' * 40,
    }
    paths = []
    for name, data in sorted(files.items()):
        path = os.path.join(d, name)
        with open(path, 'wb') as f:
            f.write(data)
        paths.append(path)
    return paths


def main():
    binp, files = sys.argv[1], sys.argv[2:]
    if files[:1] == ['--odd']:
        files = odd_inputs(files[1]) + files[2:]
    runs = bad = 0
    hp = os.path.join(FIX, 'leak.hc.hp')
    for f in files:
        for argv in (['hpcat'], ['hpcat', '-o', 'ipe'], ['hpslice'],
                     ['hpstat'], ['proftree'], ['prof2json'],
                     ['hpcat', '-I', f, hp]):
            cmd = [os.path.join(binp, argv[0])] + argv[1:]
            if argv[-1] != hp:
                cmd.append(f)
            try:
                p = subprocess.run(cmd, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, timeout=60)
            except subprocess.TimeoutExpired:
                print('%s %s: timed out' % (' '.join(argv), f))
                bad += 1
                continue
            runs += 1
            for line in p.stderr.split(b'\n'):
                why = bad_line(line, f)
                if why:
                    bad += 1
                    print('%s %s: %s: %r' % (' '.join(argv), f, why,
                                             line[:120]))
    print('%d runs, %d bad lines' % (runs, bad))
    sys.exit(1 if bad else 0)


main()
