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
"""
import glob
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CALLS = ("hpt_die", "hpt_die_errno", "hpt_data_error", "hpt_data_warn",
         "hpt_offset_error", "hpt_offset_warn", "hpt_warn", "hpt_say",
         "hpt_usage_error", "repair", "repair_at", "warn_once")
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
        yield m.group(1), fmt, src.count("\n", 0, m.start()) + 1


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


def main():
    shown = ""
    for f in glob.glob(os.path.join(TOP, "tests", "cases", "*", "*.err")):
        shown += open(f, encoding="utf-8", errors="replace").read()
    for f in glob.glob(os.path.join(TOP, "tests", "*.bats")):
        shown += open(f, encoding="utf-8", errors="replace").read()
    missing = 0
    srcs = sorted(glob.glob(os.path.join(TOP, "src", "*.c")) +
                  glob.glob(os.path.join(TOP, "src", "lib", "*.c")))
    for path in srcs:
        for fn, fmt, line in formats(path):
            p = pattern(fmt)
            if p is None or any(e in fmt for e in EXEMPT):
                continue
            # a message is one line: search line by line
            if not any(p.search(l) for l in shown.splitlines()):
                print("untested: %s:%d: %s(\"%s\")" %
                      (os.path.relpath(path, TOP), line, fn, fmt))
                missing += 1
    print("messages: %d untested" % missing)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
