# tpy: a Python 3 implementation with a tracing JIT.
#
#   make            build ./tpy (optimized)
#   make check      build and run every test: C unit tests, the suite in
#                   three JIT modes, and the suite under ASan + UBSan
#   make test       unit tests + the suite with the normal build only
#   make asan       build ./tpy-asan with AddressSanitizer + UBSan
#   make test-asan  run the whole suite under tpy-asan
#   make bench      time bench/ against python3 and pypy3
#   make cpython-tests  every CPython test module of tests/cpython/expect.txt,
#                   in the three JIT modes (make check runs the core ones)
#   make deps       check that the build dependencies are installed
#   make lib        build/libtpy.a, the embedding library (include/tpy.h)
#   make examples   the example programs of examples/ (embedding tpy)

CC ?= gcc
OPT ?= -O2
# -Wshadow=local is gcc's (clang only has -Wshadow, which also flags
# shadowed globals): added when the compiler accepts it
SHADOW := $(shell $(CC) -Werror -Wshadow=local -x c -c /dev/null -o /dev/null 2>/dev/null && echo -Wshadow=local)
WARN = -Wall -Wextra -Wno-unused-parameter $(SHADOW) -Wno-missing-field-initializers
CFLAGS ?= $(OPT) -g
# CPython 3.11's standard library (Debian's python3, not a version manager's):
# tpy runs its pure-Python modules; TPY_STDLIB overrides it at run time
PY_STDLIB := $(shell PATH=$$(getconf PATH) python3 -c 'import sysconfig; print(sysconfig.get_path("stdlib"))' 2>/dev/null || echo /usr/lib/python3.11)
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -fno-strict-aliasing -fno-omit-frame-pointer $(WARN) $(CFLAGS) -MMD -MP \
             -DTPY_STDLIB_DIR='"$(PY_STDLIB)"' $(SONAMES)
LIBS = -lgc -lgmp -lz -lexpat -lffi -ldl -lm
# Libraries opened when a module first needs them, not at every start
# (src/util/dynlib.h): libcrypto (_hashlib, _md5, _sha*, _ssl), libssl
# (_ssl), libsqlite3,
# libdb (_dbm), libb2 (_blake2), libedit (readline, the prompt), libbz2,
# liblzma, libuuid, libcrypt (_crypt) and libnsl (nis; both from libc6-dev),
# libcapstone (_disasm, the JIT viewer's disassembler), libncursesw and
# libpanelw (_curses, _curses_panel).
# They are not linked; their SONAMEs are read from the -dev packages' link
# libraries, so that tpy opens the ABI it was compiled against.
# Debian's libncursesw.so is a linker script, INPUT(libncursesw.so.6 -ltinfo):
# its first input is the library to open
soname_or_script = $(or $(call soname,$(1)),$(shell sed -n 's/^INPUT(\([^ )]*\).*/\1/p' $$($(CC) -print-file-name=lib$(1).so) 2>/dev/null))
soname = $(shell objdump -p $$($(CC) -print-file-name=lib$(1).so) 2>/dev/null | sed -n 's/^ *SONAME *//p')
SONAMES := -DTPY_SONAME_CRYPTO='"$(call soname,crypto)"' -DTPY_SONAME_SQLITE3='"$(call soname,sqlite3)"' \
           -DTPY_SONAME_DB='"$(call soname,db)"' -DTPY_SONAME_B2='"$(call soname,b2)"' \
           -DTPY_SONAME_EDIT='"$(call soname,edit)"' -DTPY_SONAME_BZ2='"$(call soname,bz2)"' \
           -DTPY_SONAME_LZMA='"$(call soname,lzma)"' -DTPY_SONAME_UUID='"$(call soname,uuid)"' \
           -DTPY_SONAME_CRYPT='"$(call soname,crypt)"' -DTPY_SONAME_NSL='"$(call soname,nsl)"' \
           -DTPY_SONAME_CAPSTONE='"$(call soname,capstone)"' \
           -DTPY_SONAME_NCURSESW='"$(call soname_or_script,ncursesw)"' -DTPY_SONAME_PANELW='"$(call soname,panelw)"' \
           -DTPY_SONAME_SSL='"$(call soname,ssl)"'
LDFLAGS ?=
# tpy is linked position-dependent (as Debian links CPython): the loader
# then applies no relative relocations to it at each start (~15,000 of
# them; `tpy -c pass`: 5% fewer instructions, 95 fewer page faults). The
# objects stay -fPIE (the compiler's default), which such a link accepts.
EXE_LDFLAGS = -no-pie

SRC_DIRS = src src/front src/vm src/obj src/gc src/util src/mod src/jit src/introspect
SRCS = $(foreach d,$(SRC_DIRS),$(wildcard $(d)/*.c))
OBJS = $(patsubst src/%.c,build/%.o,$(SRCS)) build/frozen.o build/cjk_tables.o
ASAN_OBJS = $(patsubst src/%.c,build-asan/%.o,$(SRCS)) build-asan/frozen.o build-asan/cjk_tables.o
# standard-library modules written in Python, embedded in the binary
LIB_PY = $(sort $(wildcard lib/*.py))

# header -> Debian package, checked before building
DEPS = crypt.h:libcrypt-dev curses.h:libncurses-dev rpcsvc/ypclnt.h:libnsl-dev gc/gc.h:libgc-dev gmp.h:libgmp-dev editline/readline.h:libedit-dev capstone/capstone.h:libcapstone-dev zlib.h:zlib1g-dev openssl/evp.h:libssl-dev openssl/ssl.h:libssl-dev expat.h:libexpat1-dev ffi.h:libffi-dev bzlib.h:libbz2-dev lzma.h:liblzma-dev blake2.h:libb2-dev sqlite3.h:libsqlite3-dev uuid/uuid.h:uuid-dev db.h:libdb-dev

.PHONY: all deps check test test-asan asan bench clean unit lib examples cpython-tests

all: deps tpy build/_ctypes_test.so

deps:
	@missing=""; for d in $(DEPS); do h=$${d%%:*}; p=$${d##*:}; \
	  echo "#include <$$h>" | $(CC) -E -x c - >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  if [ -n "$$missing" ]; then echo "tpy: missing build dependencies; install them with:"; \
	  echo "  apt-get install -y$$missing"; exit 1; fi

tpy: $(OBJS)
	$(CC) $(EXE_LDFLAGS) $(LDFLAGS) -o $@ $(OBJS) $(LIBS)

build/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# the C functions CPython's ctypes tests call (lib/_ctypes_test.py names it)
build/_ctypes_test.so: tests/cpython/ctypes_test_lib.c
	@mkdir -p build
	$(CC) -std=c11 $(WARN) -O1 -fPIC -shared -o $@ $< -lm

build/embed: tools/embed.c
	@mkdir -p build
	$(CC) -O1 -o $@ $<

# the names of the embedded files, rewritten only when they change: a file
# removed from lib/ must rebuild frozen.c too
build/lib_py.list: FORCE
	@mkdir -p build
	@echo '$(LIB_PY)' | cmp -s - $@ || echo '$(LIB_PY)' > $@

FORCE:

build/frozen.c: build/embed $(LIB_PY) build/lib_py.list
	build/embed $@ $(LIB_PY)

# The compiler's identity for the bytecode cache (src/vm/codecache.c): a hash
# of the sources that decide what bytecode a program compiles to, so that a
# rebuilt compiler never reads another's cache. Rewritten only when it changes.
CODE_ID_SRCS = $(sort $(wildcard src/front/*.c src/front/*.h)) src/vm/opcodes.h src/obj/code.h src/vm/codecache.c
build/compiler_id.h: $(CODE_ID_SRCS)
	@mkdir -p build
	@line="#define TPY_COMPILER_ID $$(cat $(CODE_ID_SRCS) | cksum | cut -d' ' -f1)u"; \
	  echo "$$line" | cmp -s - $@ || echo "$$line" > $@

build/vm/codecache.o build-asan/vm/codecache.o: build/compiler_id.h

# the CJK codecs' mapping tables, read back from CPython's own codecs
build/cjk_tables.c: tools/gen_cjk.py
	@mkdir -p build
	PATH=$$(getconf PATH) python3 tools/gen_cjk.py $@.tmp && mv $@.tmp $@

build/cjk_tables.o: build/cjk_tables.c src/mod/cjkcodecs.h
	$(CC) $(ALL_CFLAGS) -c $< -o $@

build-asan/cjk_tables.o: build/cjk_tables.c src/mod/cjkcodecs.h
	@mkdir -p build-asan
	$(CC) -std=c11 $(ASAN_FLAGS) -c $< -o $@

build/frozen.o: build/frozen.c
	$(CC) $(ALL_CFLAGS) -c $< -o $@

build-asan/frozen.o: build/frozen.c
	@mkdir -p build-asan
	$(CC) -std=c11 $(ASAN_FLAGS) -c $< -o $@

ASAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -DTPY_ASAN

asan: deps tpy-asan

tpy-asan: $(ASAN_OBJS)
	$(CC) $(ASAN_FLAGS) -o $@ $(ASAN_OBJS) $(LIBS)

build-asan/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -D_GNU_SOURCE -fno-strict-aliasing -fno-omit-frame-pointer $(WARN) $(ASAN_FLAGS) $(SONAMES) -MMD -MP -c $< -o $@

# C unit tests: each prints "N passed, N failed" and exits non-zero on failure
UNIT_TESTS = build/unit/test_numfmt build/unit/test_asm_x64 build/unit/test_opt

build/unit/test_numfmt: tests/unit/test_numfmt.c src/util/numfmt.c src/util/buf.c src/gc/gc.c
	@mkdir -p build/unit
	$(CC) -std=c11 -D_GNU_SOURCE $(WARN) -O1 -g -Isrc -o $@ $^ -lgc -lgmp -lm

# the x86-64 encoder, checked instruction by instruction against Capstone
build/unit/test_asm_x64: tests/unit/test_asm_x64.c src/jit/asm_x64.c src/jit/asm_x64.h
	@mkdir -p build/unit
	$(CC) -std=c11 -D_GNU_SOURCE $(WARN) -O1 -g -Isrc -o $@ tests/unit/test_asm_x64.c src/jit/asm_x64.c -lcapstone

# the optimizer's tests link the whole runtime (all objects but main.o)
build/unit/test_opt: tests/unit/test_opt.c tests/unit/ir_parse.c tests/unit/ir_parse.h $(filter-out build/main.o,$(OBJS))
	@mkdir -p build/unit
	$(CC) -std=c11 -D_GNU_SOURCE -fno-strict-aliasing $(WARN) -O1 -g -Isrc -o $@ tests/unit/test_opt.c tests/unit/ir_parse.c \
	    $(filter-out build/main.o,$(OBJS)) $(LIBS)

# the parser alone, printing ast.dump() of a file (tools/parsetest_compare.py)
build/parsetest: tools/parsetest.c src/front/lexer.c src/front/parser.c src/front/ast_dump.c src/gc/gc.c src/util/buf.c src/util/numfmt.c
	@mkdir -p build
	$(CC) -std=c11 -D_GNU_SOURCE $(WARN) -O2 -g -Isrc -o $@ $^ -lgc -lgmp -lm

unit: $(UNIT_TESTS) examples build/parsetest

# the embedding library: the runtime without main.o
LIB_OBJS = $(filter-out build/main.o,$(OBJS))

lib: build/libtpy.a

build/libtpy.a: $(LIB_OBJS)
	rm -f $@
	ar rcs $@ $(LIB_OBJS)

examples: build/examples/embed_jit

build/examples/embed_jit: examples/embed_jit.c include/tpy.h build/libtpy.a
	@mkdir -p build/examples
	$(CC) -std=c11 $(WARN) -O1 -g -Iinclude -o $@ $< build/libtpy.a $(LIBS)

check: all unit asan
	sh tools/check.sh

test: all unit
	sh tools/check.sh --no-asan

# Boehm scans the stack conservatively, which ASan's stack checks dislike
# (reads of dead slots): detect_stack_use_after_return stays off.
ASAN_ENV = ASAN_OPTIONS=detect_leaks=0:detect_stack_use_after_return=0:allocator_may_return_null=1 \
           UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

test-asan: asan
	$(ASAN_ENV) python3 tests/run.py --tpy ./tpy-asan --timeout 300

bench: all
	python3 tools/bench.py --tpy ./tpy

cpython-tests: all
	python3 tests/cpython/run.py --tpy ./tpy --modes off,default,eager

clean:
	rm -rf build build-asan tpy tpy-asan

-include $(OBJS:.o=.d) $(ASAN_OBJS:.o=.d)
