#!/usr/bin/env python3
"""mkeventlog.py KIND: write a small hand-made eventlog of one kind to
standard output, in the layout of GHC's rts/eventlog/EventLog.c
(formats.md section 4), for the fault kinds that real runs rarely make.

Kinds:
  ok            a -hc heap profile in one global block, DATA_END after
                the block (GHC 9.0): two censuses, stacks with a CAF, the
                empty stack, two cost centres "go" of different modules
                whose stacks join to the same labels, an undefined id, a
                user marker between the censuses
  marks         five user markers close together, the first with a
                long text, between two censuses
  end-inside    the same with DATA_END counted inside the block (9.2)
  strings       -hd censuses (164): a name of non-UTF-8 bytes, a name
                given twice in one census (summed), a name with a TAB
  newline       -hd censuses whose names hold newlines ("new\nline"
                twice, summed, and one that starts with one), written
                \n by the reader, with one warning
  newline-cc    a -hc census with a cost centre whose label and module
                hold newlines (GHC accepts an SCC label "new\nline")
  hb            -hb censuses (166 with their own time, all at the end)
  grown         known events with trailing fields a later GHC might add
                (162 declared 16 bytes, 164 with bytes after its NUL) and
                an unknown event type, skipped by its declared size
  ipe           an IPE event (169) declaring one byte more than it writes
                (GHC 9.6), then a census
  ipe-table     IPE tables for hpcat -o ipe, -o cc and -I: info tables
                with spaces in their types, a TAB in a label, a bare ':'
                source, an unknown closure type, a definition posted
                again (once the same, once with other fields), an IPE
                event whose last field has no NUL, cost centres posted
                again, then a -hi census whose bands the table names
                (and one it lacks)
  ipe-torn      IPE events torn by a time-profile event (formats.md
                4.6): the damaged one is skipped, the ones after it read
  torn          a census in which a time-profile event (167) tore a heap
                sample event (the non-threaded RTS, formats.md 4.6), then
                a good census
  torn-band     the same, the torn census holding a band that no other
                census has (dropped with it: in no output)
  no-heap       a log with no heap events
  undeclared    an event of a type the header does not declare, outside
                any block
  bad-table     an event-type table with a wrong magic
  short         known events too short for their type (166 declared 8
                bytes, a 161 and a 163 cut short)
  no-end        a census with no end event where the log has them
  bad-magic     "hdrb" then not "hetb"
  bad-entry     an event-type table with bytes that are neither an
                event type nor the table's end
  no-datb       a header whose "datb" is missing
  big-desc      an event type with a 2 MiB description
  big-extra     an event type with 2 MiB of extra bytes
  type-ffff     the table declares type 65535
  old           no HEAP_PROF_SAMPLE_END in the table (GHC 8.2 to 8.8):
                a census ends at the next one
  extra-past    an event type whose extra bytes run past the end of the
                file (tests/fuzz found it read past the input buffer)
  block-past    the log of ok whose block declares 1 GiB, past the end
  block-loop    the log of ok whose block declares 0 bytes (less than
                its own marker: the next block would be itself)
  var-past      the log of ok whose last census string event declares
                65535 bytes, past the end (tests/limits.bats)
  prof-ok       a time profile (+RTS -l -p -N2): PROF_BEGIN (20 ms
                ticks), the cost-centre table with the RTS's own cost
                centres, 5 ticks of 2 capabilities: stacks of the RTS
                (GC, IDLE, OVERHEAD_of), the empty stack (MAIN), a CAF,
                two "go" of different modules, a recursive one
  prof-unknown  the same and a sample naming cost centre 99, which has
                no definition
  prof-cut      the same and a sample cut inside its fixed fields
  prof-depth    the same and a sample whose depth (3) is beyond its ids
  prof-255      the same and a sample of 255 cost centres (the RTS's
                cap)
  prof-no-begin the same without PROF_BEGIN
  prof-short-begin  the same with PROF_BEGIN declared and written as 4
                bytes, and a cost-centre definition cut short
  prof-no-samples  PROF_BEGIN and the cost-centre table, no sample
  prof-old      a table without the time-profile events (before 8.10)
"""
import struct
import sys

VAR = -1
TYPES = {
    18: (14, b'Block marker'),
    30: (VAR, b'Program arguments'),
    43: (16, b'Wall clock time'),
    58: (VAR, b'User marker'),
    160: (VAR, b'Start of heap profile'),
    161: (VAR, b'Cost centre definition'),
    162: (8, b'Start of heap profile sample'),
    163: (VAR, b'Heap profile cost-centre sample'),
    164: (VAR, b'Heap profile string sample'),
    165: (8, b'End of heap profile sample'),
    166: (16, b'Start of heap profile (biographical) sample'),
    167: (VAR, b'Time profile cost-centre stack'),
    169: (VAR, b'Info table provenance'),
}


def header(types):
    out = b'hdrbhetb'
    for t in sorted(types):
        size, desc = types[t]
        out += b'etb\0' + struct.pack('>Hh', t, size)
        out += struct.pack('>I', len(desc)) + desc + struct.pack('>I', 0)
        out += b'ete\0'
    return out + b'hetehdredatb'


def ev(types, t, time, payload):
    size = types[t][0]
    if size == VAR:
        return struct.pack('>HQH', t, time, len(payload)) + payload
    assert len(payload) <= size, t
    return struct.pack('>HQ', t, time) + payload.ljust(size, b'\0')


def block(events, t0, t1, cap=0xFFFF, extra=0):
    body = b''.join(events)
    size = 24 + len(body) + extra
    return struct.pack('>HQIQH', 18, t0, size, t1, cap) + body


def z(s):
    return s + b'\0'


def cc(types, time, i, label, module, caf=False):
    return ev(types, 161, time, struct.pack('>I', i) + z(label) + z(module) +
              z(b'<src>') + (b'c' if caf else b'\0'))


def sample_cc(types, time, nbytes, ids):
    return ev(types, 163, time, struct.pack('>BQB', 0, nbytes, len(ids)) +
              b''.join(struct.pack('>I', i) for i in ids))


def sample_str(types, time, nbytes, name):
    return ev(types, 164, time, struct.pack('>BQ', 0, nbytes) + z(name))


def prof_begin(types, time, breakdown):
    return ev(types, 160, time, struct.pack('>BQI', 0, 100000000, breakdown) +
              b'\0' * 7)


def preamble(types, breakdown=1):
    return [
        ev(types, 30, 1000, struct.pack('>I', 0) +
           b'/usr/bin/demo\0in.txt\0+RTS\0-l\0-hc\0'),
        ev(types, 43, 1100, struct.pack('>IQI', 1, 1600000000, 5000)),
        prof_begin(types, 2000, breakdown),
    ]


def cc_table(types):
    return [
        cc(types, 2100, 1, b'main', b'Main'),
        cc(types, 2110, 2, b'go', b'Main'),
        cc(types, 2120, 3, b'go', b'Util'),
        cc(types, 2130, 4, b'CAF', b'Main', caf=True),
        cc(types, 2140, 5, b'lazySum', b'Main'),
    ]


def census(types, t, rows, end=True):
    out = [ev(types, 162, t, struct.pack('>Q', 0))]
    for i, (nbytes, ids) in enumerate(rows):
        out.append(sample_cc(types, t + 10 + i, nbytes, ids))
    if end:
        out.append(ev(types, 165, t + 100, struct.pack('>Q', 0)))
    return out


ROWS1 = [(1000, [2, 1]), (2000, [3, 1]), (24, []), (16, [5, 4]),
         (8, [99, 1])]
ROWS2 = [(3000, [2, 1]), (500, [3, 1]), (24, [])]


def kind_ok(end_inside=False):
    t = dict(TYPES)
    evs = preamble(t) + cc_table(t)
    evs += census(t, 100000000, ROWS1)
    evs += [ev(t, 58, 150000000, z(b'phase two'))]
    evs += census(t, 200000000, ROWS2)
    data_end = struct.pack('>H', 0xFFFF)
    if end_inside:
        return header(t) + block(evs, 500, 300000000, extra=2) + data_end
    return header(t) + block(evs, 500, 300000000) + data_end


def kind_marks():
    """Markers crowded together, one with a long text, between two
    censuses: hpcat -o svg's labels."""
    t = dict(TYPES)
    evs = preamble(t) + cc_table(t)
    evs += census(t, 100000000, ROWS1)
    for i, m in enumerate([b'load the configuration from the file on disk',
                           b'parse', b'check', b'run', b'write']):
        evs += [ev(t, 58, 150000000 + i * 1000000, z(m))]
    evs += census(t, 200000000, ROWS2)
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_strings():
    t = dict(TYPES)
    evs = preamble(t, breakdown=3)
    evs += [ev(t, 162, 100000000, struct.pack('>Q', 0)),
            sample_str(t, 100000010, 64, b'caf\xe9\xff'),
            sample_str(t, 100000020, 16, b'Just'),
            sample_str(t, 100000030, 32, b'Just'),
            sample_str(t, 100000040, 8, b'a\tb'),
            ev(t, 165, 100000050, struct.pack('>Q', 0))]
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_newline():
    t = dict(TYPES)
    evs = preamble(t, breakdown=3)
    evs += [ev(t, 162, 100000000, struct.pack('>Q', 0)),
            sample_str(t, 100000010, 64, b'new\nline'),
            sample_str(t, 100000020, 16, b'\nMUNK'),
            sample_str(t, 100000030, 32, b'new\nline'),
            ev(t, 165, 100000040, struct.pack('>Q', 0)),
            ev(t, 162, 200000000, struct.pack('>Q', 0)),
            sample_str(t, 200000010, 8, b'\nMUNK'),
            ev(t, 165, 200000020, struct.pack('>Q', 0))]
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_newline_cc():
    t = dict(TYPES)
    evs = preamble(t) + cc_table(t)
    evs += [cc(t, 2150, 6, b'new\nline', b'Ma\nin')]
    evs += census(t, 100000000, [(1000, [6, 1]), (2000, [2, 1])])
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_hb():
    t = dict(TYPES)
    evs = preamble(t, breakdown=6)
    for k, when in enumerate((100000000, 200000000)):
        evs.append(ev(t, 166, 290000000, struct.pack('>QQ', 3, when)))
        for j, name in enumerate((b'VOID', b'LAG', b'USE', b'INHERENT_USE',
                                  b'DRAG')):
            evs.append(sample_str(t, 290000001, (k + 1) * j * 8, name))
        evs.append(ev(t, 165, 290000002, struct.pack('>Q', 3)))
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_grown():
    t = dict(TYPES)
    t[162] = (16, TYPES[162][1])
    t[200] = (6, b'Some later event')
    evs = preamble(t, breakdown=3)
    evs += [ev(t, 200, 90000000, b'abcdef'),
            ev(t, 162, 100000000, struct.pack('>QQ', 0, 77)),
            ev(t, 164, 100000010, struct.pack('>BQ', 0, 48) +
               z(b'Node') + b'more fields'),
            ev(t, 165, 100000050, struct.pack('>Q', 0))]
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_ipe():
    t = dict(TYPES)
    fields = struct.pack('>Q', 0x4a5b30) + b''.join(
        z(s) for s in (b'tbl', b'21', b'Int', b'lbl', b'Main', b'Main.hs:1:1'))
    # The declared length is one more than the bytes written.
    ipe = struct.pack('>HQH', 169, 2500, len(fields) + 1) + fields
    evs = preamble(t, breakdown=8) + [ipe]
    evs += [ev(t, 162, 100000000, struct.pack('>Q', 0)),
            sample_str(t, 100000010, 40, b'0x4a5b30'),
            ev(t, 165, 100000050, struct.pack('>Q', 0))]
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def ipe_ev(types, time, addr, fields, overstate=True):
    """An IPE event; GHC 9.6 declares one byte more than it writes."""
    body = struct.pack('>Q', addr) + b''.join(z(f) for f in fields)
    return struct.pack('>HQH', 169, time,
                       len(body) + (1 if overstate else 0)) + body


IPE_ROWS = [
    (0x40b640, (b'sat_s1TF_info', b'16', b'Shape', b'shapes', b'Main',
                b'Ipe.hs:18:13-64')),
    (0x40b200, (b'sat_s1TY_info', b'11', b'Int -> Int', b'adders', b'Main',
                b'Ipe.hs:25:13-17')),
    (0x40ae70, (b'sat_s1Ts_info', b'16', b'[(Int, String)]', b'main.m',
                b'Main', b'Ipe.hs:33:11-53')),
    (0x40bf68, (b'Item_con_info', b'4', b'', b'', b'Main', b':')),
    (0x40c000, (b'odd_info', b'99', b'Map Int  String', b'a\tb', b'My Mod',
                b'')),
]


def kind_ipe_table():
    t = dict(TYPES)
    evs = preamble(t, breakdown=8)
    evs += [cc(t, 2100, 1, b'main', b'Main'),
            cc(t, 2110, 2, b'CAF', b'Main', caf=True),
            cc(t, 2120, 1, b'main', b'Main'),
            cc(t, 2130, 2, b'CAF', b'Other')]
    for k, (addr, fields) in enumerate(IPE_ROWS):
        evs.append(ipe_ev(t, 2500 + k, addr, fields, overstate=k % 2 == 0))
    # posted again: the same, then with another type
    evs.append(ipe_ev(t, 2600, *IPE_ROWS[0]))
    evs.append(ipe_ev(t, 2610, IPE_ROWS[1][0],
                      IPE_ROWS[1][1][:2] + (b'Int',) + IPE_ROWS[1][1][3:]))
    # no NUL after the last field
    bad = struct.pack('>Q', 0x40d000) + b'x\0' * 5 + b'Ipe.hs'
    evs.append(struct.pack('>HQH', 169, 2620, len(bad)) + bad)
    evs += [ev(t, 162, 100000000, struct.pack('>Q', 0)),
            sample_str(t, 100000010, 40, b'0x40b640'),
            sample_str(t, 100000020, 16, b'0x40b200'),
            sample_str(t, 100000030, 24, b'0x40bf68'),
            sample_str(t, 100000040, 32, b'0x40c000'),
            sample_str(t, 100000050, 8, b'0x4a5b30'),
            ev(t, 165, 100000060, struct.pack('>Q', 0))]
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_ipe_torn():
    t = dict(TYPES)
    evs = preamble(t, breakdown=8)
    prof = ev(t, 167, 2505, struct.pack('>IQB', 0, 7, 1) +
              struct.pack('>I', 1))
    first = ipe_ev(t, 2500, *IPE_ROWS[0])
    torn = ipe_ev(t, 2510, *IPE_ROWS[1])
    # The first two bytes of the 167 event land inside the second IPE
    # event, which loses its last byte; the rest of the 167 follows.
    evs += [first, prof[:2] + torn[:-1] + prof[2:],
            ipe_ev(t, 2520, *IPE_ROWS[2]),
            ev(t, 162, 100000000, struct.pack('>Q', 0)),
            sample_str(t, 100000010, 40, b'0x40b640'),
            sample_str(t, 100000020, 16, b'0x40ae70'),
            ev(t, 165, 100000060, struct.pack('>Q', 0))]
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_torn():
    t = dict(TYPES)
    evs = preamble(t) + cc_table(t)
    prof = ev(t, 167, 100000015, struct.pack('>IQB', 0, 7, 1) +
              struct.pack('>I', 1))
    good = sample_cc(t, 100000020, 4000, [2, 1])
    # The first two bytes of the 167 event land before the heap sample
    # event, which loses its last byte; the rest of the 167 follows.
    torn = prof[:2] + good[:-1] + prof[2:]
    evs += [ev(t, 162, 100000000, struct.pack('>Q', 0)),
            sample_cc(t, 100000010, 1000, [3, 1]),
            torn,
            sample_cc(t, 100000030, 24, []),
            ev(t, 165, 100000100, struct.pack('>Q', 0))]
    evs += census(t, 200000000, ROWS2)
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_torn_time():
    t = dict(TYPES)
    evs = preamble(t) + cc_table(t)
    # A heap sample timed after its block's end and bytes of no event
    # after it: torn, skipped once, the events after it read.
    evs += [ev(t, 162, 100000000, struct.pack('>Q', 0)),
            sample_cc(t, 100000010, 1000, [3, 1]),
            sample_cc(t, 999999999999, 2000, [2, 1]),
            b'\x7f' * 10,
            sample_cc(t, 100000030, 24, []),
            ev(t, 165, 100000100, struct.pack('>Q', 0))]
    evs += census(t, 200000000, ROWS2)
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_torn_band():
    t = dict(TYPES)
    evs = preamble(t) + cc_table(t)
    prof = ev(t, 167, 100000015, struct.pack('>IQB', 0, 7, 1) +
              struct.pack('>I', 1))
    good = sample_cc(t, 100000020, 4000, [2, 1])
    torn = prof[:2] + good[:-1] + prof[2:]
    # the dropped census holds a band (lazySum) no other census has
    evs += [ev(t, 162, 100000000, struct.pack('>Q', 0)),
            sample_cc(t, 100000010, 1000, [5, 4]),
            torn,
            ev(t, 165, 100000100, struct.pack('>Q', 0))]
    evs += census(t, 200000000, ROWS2)
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_no_heap():
    t = dict(TYPES)
    evs = preamble(t)[:2]
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_undeclared():
    t = dict(TYPES)
    return header(t) + struct.pack('>HQ', 201, 5) + b'\xff\xff'


def kind_bad_table():
    return header(dict(TYPES)).replace(b'ete\0', b'etX\0', 1)


def kind_old():
    t = dict(TYPES)
    del t[165]
    evs = preamble(t) + cc_table(t)
    evs += census(t, 100000000, ROWS1, end=False)
    evs += census(t, 200000000, ROWS2, end=False)
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_short():
    t = dict(TYPES)
    t[166] = (8, TYPES[166][1])
    evs = preamble(t) + cc_table(t)
    evs += [ev(t, 161, 2200, b'\0\0\0'),
            ev(t, 166, 90000000, struct.pack('>Q', 0)),
            ev(t, 162, 100000000, struct.pack('>Q', 0)),
            ev(t, 163, 100000010, struct.pack('>BQB', 0, 8, 2) + b'\0\0\0\1'),
            ev(t, 165, 100000020, struct.pack('>Q', 0))]
    evs += census(t, 200000000, ROWS2)
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def kind_no_end():
    t = dict(TYPES)
    evs = preamble(t) + cc_table(t)
    evs += census(t, 100000000, ROWS1, end=False)
    evs += census(t, 200000000, ROWS2)
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


def table_entry(t, size, desc, extra=b''):
    return (b'etb\0' + struct.pack('>Hh', t, size) +
            struct.pack('>I', len(desc)) + desc +
            struct.pack('>I', len(extra)) + extra + b'ete\0')


def kind_block(size):
    log = kind_ok()
    at = log.index(b'datb') + 4 + 10  # the block marker's u32 size
    return log[:at] + struct.pack('>I', size) + log[at + 4:]


def kind_var_past():
    log = kind_ok()[:-2]  # no DATA_END
    t = dict(TYPES)
    return log + struct.pack('>HQH', 164, 250000000, 65535) + b'cut'


PROF_CCS = [(1, b'main', b'Main', b'Demo.hs:(8,1)-(9,20)'),
            (2, b'go', b'Main', b'Demo.hs:3:1-20'),
            (3, b'go', b'Util', b'Util.hs:5:1-9'),
            (4, b'CAF', b'Main', b'<entire-module>'),
            (5, b'lazySum', b'Main', b'Demo.hs:6:1-22'),
            (10, b'MAIN', b'MAIN', b'<built-in>'),
            (11, b'GC', b'GC', b'<built-in>'),
            (12, b'IDLE', b'IDLE', b'<built-in>'),
            (13, b'OVERHEAD_of', b'PROFILING', b'<built-in>'),
            (14, b'SYSTEM', b'SYSTEM', b'<built-in>')]
# (capability 0 stack, capability 1 stack) per tick, ids innermost first
PROF_TICKS = [([2, 1], [11]), ([2, 1], [3, 1]), ([5, 4], []),
              ([12], [1]), ([2, 2, 1], [13])]


def prof_sample(t, time, cap, tick, ids, depth=None):
    depth = len(ids) if depth is None else depth
    return ev(t, 167, time, struct.pack('>IQB', cap, tick, depth) +
              b''.join(struct.pack('>I', i) for i in ids))


def kind_prof(variant='ok'):
    t = dict(TYPES)
    t[168] = (8, b'Start of a time profile')
    if variant == 'old':
        del t[167], t[168]
    if variant == 'short-begin':
        t[168] = (4, t[168][1])
    evs = [ev(t, 30, 1000, struct.pack('>I', 0) +
              b'/usr/bin/demo\0in.txt\0+RTS\0-l\0-p\0-N2\0-RTS\0-v\0'),
           ev(t, 43, 1100, struct.pack('>IQI', 1, 1600000000, 5000))]
    evs += [ev(t, 161, 1200 + i, struct.pack('>I', i) + z(lab) + z(mod) +
               z(src) + (b'c' if lab == b'CAF' else b'\0'))
            for i, lab, mod, src in PROF_CCS]
    if variant == 'short-begin':
        evs.append(ev(t, 161, 1400, b'\0\0\0'))
    if variant not in ('no-begin', 'old'):
        evs.append(ev(t, 168, 1500, struct.pack('>Q', 20000000)
                      [:t[168][0]]))
    if variant not in ('no-samples', 'old'):
        for k, stacks in enumerate(PROF_TICKS):
            for cap, ids in enumerate(stacks):
                evs.append(prof_sample(t, 20000000 * (k + 1) + cap, cap,
                                       k + 1, ids))
    when = 120000000
    if variant == 'unknown':
        evs.append(prof_sample(t, when, 0, 6, [99, 1]))
    elif variant == 'cut':
        evs.append(ev(t, 167, when, struct.pack('>IQ', 0, 6)[:9]))
    elif variant == 'depth':
        evs.append(prof_sample(t, when, 0, 6, [2], depth=3))
    elif variant == '255':
        evs.append(prof_sample(t, when, 0, 6, [2] * 254 + [1]))
    return header(t) + block(evs, 500, 300000000) + b'\xff\xff'


KINDS = {
    "marks": kind_marks,
    'extra-past': lambda: b'hdrbhetb' + b'etb\0' +
    struct.pack('>HhI', 1, 4, 1) + b'x' + struct.pack('>I', 1000) +
    b'ete\0hetehdredatb\xff\xff',
    'block-past': lambda: kind_block(1 << 30),
    'block-loop': lambda: kind_block(0),
    'var-past': kind_var_past,
    'short': kind_short,
    'newline': kind_newline,
    'newline-cc': kind_newline_cc,
    'no-end': kind_no_end,
    'bad-entry': lambda: header(dict(TYPES)).replace(b'etb\0', b'xyz\0', 2)
    .replace(b'xyz\0', b'etb\0', 1),
    'no-datb': lambda: header(dict(TYPES))[:-4] + b'datX\xff\xff',
    'bad-magic': lambda: b'hdrbhetX' + b'\0' * 16,
    'big-desc': lambda: b'hdrbhetb' + b'etb\0' + struct.pack('>HhI', 1, 4,
                                                              2 << 20),
    'big-extra': lambda: b'hdrbhetb' + table_entry(1, 4, b'x')[:-8] +
    struct.pack('>I', 2 << 20),
    'type-ffff': lambda: b'hdrbhetb' + table_entry(0xFFFF, 0, b'x') +
    b'hetehdredatb\xff\xff',
    'ok': kind_ok,
    'end-inside': lambda: kind_ok(end_inside=True),
    'strings': kind_strings,
    'hb': kind_hb,
    'grown': kind_grown,
    'ipe': kind_ipe,
    'ipe-table': kind_ipe_table,
    'ipe-torn': kind_ipe_torn,
    'torn': kind_torn,
    'torn-time': kind_torn_time,
    'torn-band': kind_torn_band,
    'no-heap': kind_no_heap,
    'undeclared': kind_undeclared,
    'bad-table': kind_bad_table,
    'old': kind_old,
    'prof-ok': kind_prof,
    'prof-unknown': lambda: kind_prof('unknown'),
    'prof-cut': lambda: kind_prof('cut'),
    'prof-depth': lambda: kind_prof('depth'),
    'prof-255': lambda: kind_prof('255'),
    'prof-no-begin': lambda: kind_prof('no-begin'),
    'prof-short-begin': lambda: kind_prof('short-begin'),
    'prof-no-samples': lambda: kind_prof('no-samples'),
    'prof-old': lambda: kind_prof('old'),
}

if len(sys.argv) != 2 or sys.argv[1] not in KINDS:
    sys.stderr.write('usage: mkeventlog.py %s\n' % '|'.join(KINDS))
    sys.exit(2)
sys.stdout.buffer.write(KINDS[sys.argv[1]]())
