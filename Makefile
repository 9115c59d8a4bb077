# hptools: POSIX make.  `make` builds every program, `make check` runs the
# tests (bats), `make demo` shows the main job on a bundled real profile.
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

PROGS = hpcat proftree
MAN1 = man/hpcat.1 man/proftree.1
MAN5 = man/hptools.5

LIBHDR = src/lib/util.h src/lib/intern.h src/lib/hp.h src/lib/prof.h
LIBOBJ = src/lib/util.o src/lib/intern.o src/lib/hp_read.o \
	src/lib/hp_write.o src/lib/prof_read.o src/lib/prof_write.o \
	src/lib/prof_tree.o src/lib/prof_text.o
LIB = src/lib/libhptools.a

all: $(PROGS)

.c.o:
	$(CC) $(CFLAGS) $(CPPFLAGS) -c -o $@ $<

$(LIBOBJ) src/hpcat.o src/proftree.o: $(LIBHDR)

$(LIB): $(LIBOBJ)
	rm -f $@
	ar rc $@ $(LIBOBJ)

hpcat: src/hpcat.o $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ src/hpcat.o $(LIB) $(LDLIBS)

proftree: src/proftree.o $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ src/proftree.o $(LIB) $(LDLIBS)

check: all
	sh tests/run

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

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 \
		$(DESTDIR)$(MANPREFIX)/man5
	cp $(PROGS) $(DESTDIR)$(PREFIX)/bin/
	cp $(MAN1) $(DESTDIR)$(MANPREFIX)/man1/
	cp $(MAN5) $(DESTDIR)$(MANPREFIX)/man5/

uninstall:
	cd $(DESTDIR)$(PREFIX)/bin && rm -f $(PROGS)
	cd $(DESTDIR)$(MANPREFIX)/man1 && rm -f hpcat.1 proftree.1
	cd $(DESTDIR)$(MANPREFIX)/man5 && rm -f hptools.5

clean:
	rm -f $(PROGS) src/*.o src/lib/*.o $(LIB)
