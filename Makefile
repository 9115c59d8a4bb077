# hptools: POSIX make.  `make` builds every program, `make check` runs the
# tests (bats), `make demo` shows the main job on a bundled real profile,
# `make bench` measures the performance targets.
.POSIX:
.SUFFIXES:
.SUFFIXES: .c .o

CC = cc
CFLAGS = -O2 -g -std=c99 -Wall -Wextra -pedantic
CPPFLAGS = -D_POSIX_C_SOURCE=200809L -Isrc/lib
LDFLAGS =
LDLIBS = -lm
PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man
DESTDIR =

# The programs, one src/PROG.c each, and their man pages.  Every list
# of programs (tests, install) comes from PROGS.
PROGS = hpcat hpslice hpstat proftree prof2json
MAN1 = man/hpcat.1 man/hpslice.1 man/hpstat.1 man/proftree.1 man/prof2json.1
MAN5 = man/hptools.5

# The library, bottom up: the base (diagnostics, allocation, numbers,
# output, escaping, input, program glue), the format sniffer, then per
# format its model, reader and writers.  tests/deps.sh checks that calls
# only go down this list.
LIBOBJ = src/lib/diag.o src/lib/alloc.o src/lib/num.o src/lib/output.o \
	src/lib/escape.o src/lib/input.o src/lib/intern.o src/lib/prog.o \
	src/lib/namecut.o src/lib/sniff.o src/lib/svg.o src/lib/eventlog.o \
	src/lib/hp.o src/lib/hp_stats.o src/lib/hp_read.o src/lib/hp_write.o \
	src/lib/hp_select.o src/lib/hp_stats_write.o src/lib/ev_heap.o \
	src/lib/heap_in.o src/lib/hp_svg.o \
	src/lib/ipe.o src/lib/ipe_tsv.o src/lib/ev_ipe.o src/lib/hp_names.o \
	src/lib/ipe_in.o \
	src/lib/prof.o src/lib/prof_read.o src/lib/prof_tree.o \
	src/lib/prof_write.o src/lib/prof_text.o src/lib/prof_svg.o \
	src/lib/json_read.o src/lib/prof_json.o src/lib/ev_prof.o
LIBHDR = src/lib/diag.h src/lib/alloc.h src/lib/num.h src/lib/output.h \
	src/lib/escape.h src/lib/input.h src/lib/intern.h src/lib/prog.h \
	src/lib/namecut.h src/lib/sniff.h src/lib/svg.h src/lib/eventlog.h \
	src/lib/hp.h src/lib/hp_stats.h src/lib/hp_read.h src/lib/hp_write.h \
	src/lib/hp_select.h src/lib/hp_stats_write.h src/lib/ev_heap.h \
	src/lib/heap_in.h src/lib/hp_svg.h \
	src/lib/ipe.h src/lib/ipe_tsv.h src/lib/ev_ipe.h src/lib/hp_names.h \
	src/lib/ipe_in.h \
	src/lib/prof.h src/lib/prof_read.h src/lib/prof_tree.h src/lib/row.h \
	src/lib/prof_write.h src/lib/prof_text.h src/lib/prof_svg.h \
	src/lib/json.h src/lib/prof_json.h src/lib/ev_prof.h
LIB = src/lib/libhptools.a

all: $(PROGS)

.c.o:
	$(CC) $(CFLAGS) $(CPPFLAGS) -c -o $@ $<

# Every object depends on every header: simple, and the library is small.
$(LIBOBJ) src/hpcat.o src/hpslice.o src/hpstat.o src/proftree.o \
	src/prof2json.o: $(LIBHDR)

$(LIB): $(LIBOBJ)
	rm -f $@
	ar rc $@ $(LIBOBJ)

hpcat: src/hpcat.o $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ src/hpcat.o $(LIB) $(LDLIBS)

hpslice: src/hpslice.o $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ src/hpslice.o $(LIB) $(LDLIBS)

hpstat: src/hpstat.o $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ src/hpstat.o $(LIB) $(LDLIBS)

proftree: src/proftree.o $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ src/proftree.o $(LIB) $(LDLIBS)

prof2json: src/prof2json.o $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ src/prof2json.o $(LIB) $(LDLIBS)

check: all
	sh tests/run

# The suite with every program run under valgrind's memcheck (Debian
# package valgrind): a memory error or leak fails its test.  An hour of
# CPU or more; `make check-valgrind VALGRIND_PARTS=6 VALGRIND_PART=K`
# runs part K (0 to 5) of the runs under memcheck, the rest natively.
VALGRIND_PARTS = 1
VALGRIND_PART = 0
check-valgrind: all
	HPT_VALGRIND=$(VALGRIND_PARTS) HPT_VALGRIND_PART=$(VALGRIND_PART) sh tests/run

# The performance targets, measured on large inputs built in bench/out/
# (never part of `make check`; minutes, not seconds): `make bench QUICK=1`
# for fewer runs and no 1 GB inputs, GHC_PROF_SRC=DIR for the ghc-prof
# reference (see bench/run).
QUICK =
bench: all
	QUICK=$(QUICK) sh bench/run

# The program list, for the tests.
progs:
	@echo $(PROGS)

# The man pages, checked by mandoc (Debian package mandoc): no warning.
lint:
	mandoc -Tlint -W warning $(MAN1) $(MAN5)

demo: all
	@echo '# A heap profile cut off while its program was still writing it:'
	@echo '# hpcat keeps the complete samples and says what it dropped.'
	@echo '$$ head -c 3000 tests/fixtures/leak.hc.hp | ./hpcat | tail -3'
	@head -c 3000 tests/fixtures/leak.hc.hp | ./hpcat | tail -3
	@echo
	@echo '# Residency per module over time, one column per band (for gnuplot):'
	@echo '$$ ./hpcat -o wide tests/fixtures/leak.hm.hp | head -6'
	@./hpcat -o wide tests/fixtures/leak.hm.hp | head -6
	@echo
	@echo '# The hot path of the same program, from its time profile:'
	@echo '$$ ./proftree -d 5 -m 1 tests/fixtures/leak.P.prof'
	@./proftree -d 5 -m 1 tests/fixtures/leak.P.prof
	@echo
	@echo '# The figures of the heap profile, and the bands that grew most:'
	@echo '$$ ./hpstat -b -n 3 -S slope tests/fixtures/leak.hy.hp'
	@./hpstat -b -n 3 -S slope tests/fixtures/leak.hy.hp
	@echo
	@echo '# The heap chart and the flame graph, as SVG pictures:'
	@echo '$$ ./hpcat -o svg tests/fixtures/leak.hc.hp > demo-heap.svg'
	@./hpcat -o svg tests/fixtures/leak.hc.hp > demo-heap.svg
	@echo '$$ ./proftree -o svg tests/fixtures/leak.P.prof > demo-flame.svg'
	@./proftree -o svg tests/fixtures/leak.P.prof > demo-flame.svg
	@echo 'wrote demo-heap.svg and demo-flame.svg: open them in a browser'

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 \
		$(DESTDIR)$(MANPREFIX)/man5
	cp $(PROGS) $(DESTDIR)$(PREFIX)/bin/
	cp $(MAN1) $(DESTDIR)$(MANPREFIX)/man1/
	cp $(MAN5) $(DESTDIR)$(MANPREFIX)/man5/

uninstall:
	cd $(DESTDIR)$(PREFIX)/bin && rm -f $(PROGS)
	cd $(DESTDIR)$(MANPREFIX)/man1 && rm -f hpcat.1 hpslice.1 hpstat.1 \
		proftree.1 prof2json.1
	cd $(DESTDIR)$(MANPREFIX)/man5 && rm -f hptools.5

clean:
	rm -f demo-heap.svg demo-flame.svg $(PROGS) src/*.o src/lib/*.o $(LIB)

# Coverage-guided fuzzing of every reader (libFuzzer, clang, ASan and
# UBSan; never part of check): tests/fuzz/README.  FUZZ names the
# harnesses (default all), FUZZ_TIME the seconds each runs, FUZZ_JOBS
# the processes each runs on (default 1), FUZZ_CORPUS where the corpora
# are kept between runs (default ~/.cache/hptools-fuzz).
FUZZ =
fuzz:
	sh tests/fuzz/run.sh $(LIBOBJ) -- $(FUZZ)
