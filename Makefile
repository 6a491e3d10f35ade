# tpy: a Python 3 implementation with a tracing JIT.
#
#   make            build ./tpy (optimized)
#   make test       build and run every test (three JIT modes)
#   make asan       build ./tpy-asan with AddressSanitizer + UBSan
#   make test-asan  run the whole suite under tpy-asan
#   make bench      time bench/ against python3 and pypy3
#   make deps       check that the build dependencies are installed

CC ?= gcc
OPT ?= -O2
WARN = -Wall -Wextra -Wno-unused-parameter -Wshadow=local -Wno-missing-field-initializers
CFLAGS ?= $(OPT) -g
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -fno-strict-aliasing -fno-omit-frame-pointer $(WARN) $(CFLAGS) -MMD -MP
LIBS = -lgc -lgmp -ledit -lm
LDFLAGS ?=

SRC_DIRS = src src/front src/vm src/obj src/gc src/util src/mod src/jit src/introspect
SRCS = $(foreach d,$(SRC_DIRS),$(wildcard $(d)/*.c))
OBJS = $(patsubst src/%.c,build/%.o,$(SRCS))
ASAN_OBJS = $(patsubst src/%.c,build-asan/%.o,$(SRCS))

# header -> Debian package, checked before building
DEPS = gc/gc.h:libgc-dev gmp.h:libgmp-dev editline/readline.h:libedit-dev

.PHONY: all deps test test-asan asan bench clean unit

all: deps tpy

deps:
	@missing=""; for d in $(DEPS); do h=$${d%%:*}; p=$${d##*:}; \
	  echo "#include <$$h>" | $(CC) -E -x c - >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  if [ -n "$$missing" ]; then echo "tpy: missing build dependencies; install them with:"; \
	  echo "  apt-get install -y$$missing"; exit 1; fi

tpy: $(OBJS)
	$(CC) $(LDFLAGS) -o $@ $(OBJS) $(LIBS)

build/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

ASAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -DTPY_ASAN

asan: deps tpy-asan

tpy-asan: $(ASAN_OBJS)
	$(CC) $(ASAN_FLAGS) -o $@ $(ASAN_OBJS) $(LIBS)

build-asan/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -D_GNU_SOURCE -fno-strict-aliasing -fno-omit-frame-pointer $(WARN) $(ASAN_FLAGS) -MMD -MP -c $< -o $@

test: all
	python3 tests/run.py --tpy ./tpy

# Boehm scans the stack conservatively, which ASan's stack checks dislike
# (reads of dead slots): detect_stack_use_after_return stays off.
ASAN_ENV = ASAN_OPTIONS=detect_leaks=0:detect_stack_use_after_return=0:allocator_may_return_null=1 \
           UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

test-asan: asan
	$(ASAN_ENV) python3 tests/run.py --tpy ./tpy-asan --timeout 300

bench: all
	python3 tools/bench.py --tpy ./tpy

clean:
	rm -rf build build-asan tpy tpy-asan

-include $(OBJS:.o=.d) $(ASAN_OBJS:.o=.d)
