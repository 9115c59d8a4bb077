#!/usr/bin/env python3
"""messages.py: every diagnostic the programs can print appears, with its
exact text, in some expected output of the tests.

It collects the format string of every call to the diagnostic functions
(diag.h, prog.h, and each reader's repair()) in src/ and src/lib/,
turns it into a pattern (each conversion such as %s or %llu matches any
text), and looks for it in the expected standard error of the golden
cases (tests/cases/*/*.err) and in the bats files.  Formats that are
only conversions ("%s") carry no text of their own and are skipped.
Prints each message no test shows and exits 1 if there is any.

Also checked, the same way:
  - messages made by hpt_xasprintf (hp_read.c builds its errors so) and
    the action of hpt_offset_repair(file, strict, offset, problem,
    action), shown as "problem: action";
  - the repair kinds of hp_read.c's table: each action after ": " in
    some warning, and each kind's count line "WHAT: N times in all";
  - each program's usage text (prog.h prints it after a usage error);
  - the messages the man pages list (each ".It Li" line): one that
    holds the text before the first conversion of a program's format
    or quote (16 bytes at least) must match that format, so that a page shows a
    message as the program prints it (its quotes included: "-x", not
    '-x'); the page's placeholders (FILE, N, ...) match a conversion;
  - exit statuses: a fatal message (hpt_die, hpt_die_errno,
    hpt_data_error, hpt_offset_error, hpt_usage_error) counts only where
    the exit status is asserted too: in a golden case (tests/helper.bash
    always compares the status, absent meaning 0) or in a bats @test
    that looks at $status.
"""
import glob
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CALLS = ("hpt_die", "hpt_die_errno", "hpt_data_error", "hpt_data_warn",
         "hpt_offset_error", "hpt_offset_warn", "hpt_warn", "hpt_say",
         "hpt_usage_error", "hpt_offset_repair", "repair", "repair_at",
         "warn_once",
         "hpt_xasprintf")
# hpt_xasprintf makes messages in the readers only (elsewhere: names,
# SVG text, paths)
READERS = ("_read.c", "eventlog.c", "ev_heap.c", "prof_json.c")
FATAL = ("hpt_die", "hpt_die_errno", "hpt_data_error", "hpt_offset_error",
         "hpt_usage_error")
call_re = re.compile(r"\b(" + "|".join(CALLS) + r")\s*\(")
lit_re = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
conv_re = re.compile(r'%[-+ #0]*[0-9*]*(?:\.[0-9*]+)?(?:hh|h|ll|l|z|j|t)?[diouxXcsfgeEp%]|"\s*PRI[a-zA-Z0-9]+\s*"')


def formats(path):
    src = open(path, encoding="utf-8", errors="replace").read()
    src = re.sub(r"/\*.*?\*/", "", src, flags=re.S)
    for m in call_re.finditer(src):
        # the argument list: up to the matching ')'
        i, depth = m.end(), 1
        while i < len(src) and depth:
            c = src[i]
            if c == '"':
                j = i + 1
                while src[j] != '"':
                    j += 2 if src[j] == "\\" else 1
                i = j
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
            i += 1
        args = src[m.end():i - 1]
        # the first run of adjacent string literals (PRIu64 joins them)
        lm = re.search(r'"(?:[^"\\\n]|\\.)*"(?:\s*(?:PRI[a-zA-Z0-9]+\s*)?"(?:[^"\\\n]|\\.)*")*', args)
        if not lm:
            continue
        text = lm.group(0)
        text = re.sub(r'"\s*PRI[a-zA-Z0-9]+\s*"', "%llu", text)
        fmt = "".join(lit_re.findall(text))
        fmt = fmt.encode().decode("unicode_escape")
        if m.group(1) == "hpt_offset_repair":
            rest = args[lm.end():]
            am = re.match(r'\s*,\s*((?:"(?:[^"\\\n]|\\.)*"\s*)+)', rest)
            if am:
                fmt += ": " + "".join(lit_re.findall(am.group(1))).encode(
                    ).decode("unicode_escape")
        yield m.group(1), fmt, src.count("\n", 0, m.start()) + 1


def kinds(path):
    """The (action, what) pairs of hp_read.c's repair table."""
    src = open(path, encoding="utf-8").read()
    for m in re.finditer(r'\[R_[A-Z_]+\]\s*=\s*\{((?:\s*"(?:[^"\\]|\\.)*"\s*)+)'
                         r'(?:,((?:\s*"(?:[^"\\]|\\.)*"\s*)+|\s*NULL))?\s*\}',
                         src):
        action = "".join(lit_re.findall(m.group(1)))
        what = "".join(lit_re.findall(m.group(2) or ""))
        yield action, what or None, src.count("\n", 0, m.start()) + 1


def usages(path):
    src = open(path, encoding="utf-8").read()
    m = re.search(r'usage\[\]\s*=\s*((?:\s*"(?:[^"\\]|\\.)*")+)', src)
    if m:
        yield "".join(lit_re.findall(m.group(1))).encode().decode(
            "unicode_escape")


def pattern(fmt):
    parts = conv_re.split(fmt)
    if not "".join(parts).strip(" :,.'\"()"):
        return None
    return re.compile(".*".join(re.escape(p) for p in parts), re.S)


# Messages no test can provoke on a machine of today, each with why.
EXEMPT = (
    "out of memory",                 # malloc failing
    "formatting failed",             # vsnprintf failing
    "too many distinct names",       # 2^32 names
    "too many cost-centre stacks",   # 2^32 nodes
    "internal error",                # a broken invariant of the code
)


# Repair kinds that can happen once per input only (the last line, the
# last sample), so that their count line cannot be printed.
ONCE = ("unterminated last line", "incomplete sample at end of input")


def roff(s):
    """The text of a man page line as it shows."""
    for a, b in (("\\(dq", '"'), ("\\&", ""), ("\\e", "\\"),
                 ("\\-", "-")):
        s = s.replace(a, b)
    return s


def man_messages(srcs):
    """The messages of the man pages that a program prints otherwise:
    (page, line, text, the program's format)."""
    fmts = []
    for path in srcs:
        for fn, fmt, line in formats(path):
            # a decimal printed as two integers ("%lld.%lld") is one
            # placeholder on the page
            fmt = re.sub(r"(%ll?d)\.%ll?d", r"\1", fmt)
            # the text before the first conversion or quote
            head = re.split(r"[\"']", conv_re.split(fmt)[0])[0]
            p = pattern(fmt)
            if p is not None and len(head) >= 16:
                fmts.append((head, p, fmt))
    for man in sorted(glob.glob(os.path.join(TOP, "man", "*.[15]"))):
        rel = os.path.relpath(man, TOP)
        for n, l in enumerate(open(man, encoding="utf-8"), 1):
            m = re.match(r"\.It Li (.*)", l.rstrip("\n"))
            if not m:
                continue
            msg = roff(m.group(1))
            cands = [f for f in fmts if f[0] in msg]
            if cands and not any(f[1].search(msg) for f in cands):
                yield rel, n, msg, cands[0][2]


def blocks(path):
    """The @test blocks of a bats file, and whether each asserts $status."""
    text = open(path, encoding="utf-8", errors="replace").read()
    for b in re.split(r"\n@test ", text):
        yield b, bool(re.search(r"\$status|\brun -[0-9]|\bst=", b))


def main():
    shown = []        # (line, status asserted)
    for f in glob.glob(os.path.join(TOP, "tests", "cases", "*", "*.err")):
        for l in open(f, encoding="utf-8", errors="replace").read().splitlines():
            shown.append((l, True))
    for f in glob.glob(os.path.join(TOP, "tests", "*.bats")):
        for b, st in blocks(f):
            for l in b.splitlines():
                shown.append((l, st))
    missing = 0

    def seen(p, fatal):
        return any(p.search(l) and (st or not fatal) for l, st in shown)

    srcs = sorted(glob.glob(os.path.join(TOP, "src", "*.c")) +
                  glob.glob(os.path.join(TOP, "src", "lib", "*.c")))
    for path in srcs:
        rel = os.path.relpath(path, TOP)
        for fn, fmt, line in formats(path):
            p = pattern(fmt)
            if fn == "hpt_xasprintf" and not path.endswith(READERS):
                continue
            if p is None or any(e in fmt for e in EXEMPT):
                continue
            # a message is one line: search line by line
            if not seen(p, fn in FATAL):
                print("untested%s: %s:%d: %s(\"%s\")" %
                      (" (or its exit status)" if fn in FATAL else "",
                       rel, line, fn, fmt))
                missing += 1
        if path.endswith("hp_read.c"):
            for action, what, line in kinds(path):
                if not seen(re.compile(re.escape(": " + action)), False):
                    print("untested: %s:%d: repair action \"%s\"" %
                          (rel, line, action))
                    missing += 1
                if what and what not in ONCE and not seen(re.compile(
                        re.escape(what) + r": [0-9]+ times in all"), False):
                    print("untested: %s:%d: repair count \"%s: N times "
                          "in all\"" % (rel, line, what))
                    missing += 1
        for u in usages(path):
            for ul in u.splitlines():
                if not seen(re.compile(re.escape(ul.strip())), True):
                    print("untested (or its exit status): %s: usage "
                          "line \"%s\"" % (rel, ul.strip()))
                    missing += 1
    for rel, n, msg, fmt in man_messages(srcs):
        print("%s:%d: the page's message \"%s\" is not what the program "
              "prints: \"%s\"" % (rel, n, msg, fmt))
        missing += 1
    print("messages: %d untested" % missing)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
