/* config.h: what the command line and the environment chose (the part of
 * CPython's PyConfig tpy uses). main.c fills it before tpy_runtime_init();
 * embedders get the defaults below. Readers: sys.flags and friends
 * (mod/sys.c), the compiler (-O: asserts, __debug__, -OO: docstrings),
 * imports (-v, -X importtime), int<->str conversion (int_max_str_digits),
 * the standard streams (-u). Values are CPython's: counters for options
 * that may repeat (-v -v, -OO, -bb), 0/1 otherwise. */
#ifndef TPY_CONFIG_H
#define TPY_CONFIG_H

/* tpy's own release, and the Python release whose language and standard
 * library it implements (sys.version_info; Debian 12's CPython) */
#define TPY_VERSION "0.1.0"
#define TPY_PY_MAJOR 3
#define TPY_PY_MINOR 11
#define TPY_PY_MICRO 2
#define TPY_PY_VERSION "3.11.2"
#if defined(__clang__)
#define TPY_COMPILER "[Clang " __clang_version__ "]"
#elif defined(__GNUC__)
#define TPY_COMPILER "[GCC " __VERSION__ "]"
#else
#define TPY_COMPILER "[unknown compiler]"
#endif
/* sys.version, and the first line of the prompt's banner after "Python " */
#define TPY_SYS_VERSION TPY_PY_VERSION " (tpy " TPY_VERSION ", tracing JIT) " TPY_COMPILER

/* CPython's pure-Python standard library, found by the Makefile from
 * Debian's python3; the environment variable TPY_STDLIB overrides it */
#ifndef TPY_STDLIB_DIR
#define TPY_STDLIB_DIR "/usr/lib/python3.11"
#endif
/* Debian's pure-Python packages (python3-*), on sys.path unless -S */
#define TPY_DIST_PACKAGES_DIR "/usr/lib/python3/dist-packages"

typedef struct TpyConfig {
    int debug, inspect, interactive, optimize, dont_write_bytecode, no_user_site, no_site;
    int ignore_environment, verbose, bytes_warning, quiet, isolated, dev_mode, utf8_mode;
    int warn_default_encoding, safe_path;
    int int_max_str_digits;   /* -1: the default (4300); 0: no limit */
    int unbuffered;           /* -u, PYTHONUNBUFFERED */
    int import_time;          /* -X importtime */
    int no_debug_ranges;      /* -X no_debug_ranges, PYTHONNODEBUGRANGES: tracebacks without carets */
    int faulthandler;         /* -X faulthandler, PYTHONFAULTHANDLER: enabled at start-up */
    int perf_map;             /* -X perf, PYTHONPERFSUPPORT: /tmp/perf-PID.map names compiled code for perf */
    int perf_jitdump;         /* -X perf_jit, PYTHON_PERF_JIT_SUPPORT: jit-PID.dump for perf inject --jit */
    int tracemalloc;          /* -X tracemalloc[=N], PYTHONTRACEMALLOC: frames to trace from start-up (0: off) */
    /* PYTHONHASHSEED: "random" (hash_random, also when unset, as CPython),
       or an integer (hash_seed; 0: no key, CPython's hashes under 0). */
    int hash_random;
    unsigned long hash_seed;
    const char *pycache_prefix; /* -X pycache_prefix=DIR, PYTHONPYCACHEPREFIX: sys.pycache_prefix */
    const char *check_hash_based_pycs; /* --check-hash-based-pycs: always, default (NULL) or never */
} TpyConfig;

extern TpyConfig tpy_config;

#endif
