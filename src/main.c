/* main.c: the tpy command line. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <histedit.h>

#include "front/compiler.h"
#include "front/lexer.h"
#include "jit/params.h"
#include "runtime.h"
#include "util/dynlib.h"
#include "vm/codecache.h"
#include "vm/config.h"
#include "vm/gil.h"
#include "vm/pending.h"
#include "introspect/jitevents.h"
#include "mod/modules.h"
#include "introspect/profiler.h"
#include "introspect/pypylog.h"
#include "introspect/sampler.h"
#include "vm/traceback.h"

void tpy_runtime_init(const char *executable);
void sys_set_argv(int argc, char **argv);
void sys_flush_all(void);
int sys_flush_std_at_exit(void);
extern Value sys_module, builtins_module;

/* ---- help texts ------------------------------------------------------------------------ */

static const char usage_line[] = "usage: %s [option] ... [-c cmd | -m mod | file | -] [arg] ...\n";

static const char help_options[] =
    "Options (and corresponding environment variables):\n"
    "-b     : set sys.flags.bytes_warning (-bb: 2) and add a BytesWarning filter to\n"
    "         sys.warnoptions\n"
    "-B     : don't write .pyc files on import; also PYTHONDONTWRITEBYTECODE=x\n"
    "-c cmd : program passed in as string (terminates option list)\n"
    "-d     : no effect (CPython's parser debugging); also PYTHONDEBUG=x\n"
    "-E     : ignore PYTHON* environment variables (such as PYTHONPATH)\n"
    "-h     : print this help message and exit (also -? or --help)\n"
    "-i     : inspect interactively after running script; forces a prompt even\n"
    "         if stdin does not appear to be a terminal; also PYTHONINSPECT=x\n"
    "-I     : isolate tpy from the user's environment (implies -E, -P and -s)\n"
    "-m mod : run library module as a script (terminates option list)\n"
    "-O     : remove assert and __debug__-dependent statements; also\n"
    "         PYTHONOPTIMIZE=x\n"
    "-OO    : do -O changes and also discard docstrings\n"
    "-P     : don't prepend a potentially unsafe path to sys.path (PYTHONSAFEPATH)\n"
    "-q     : don't print version and copyright messages on interactive startup\n"
    "-s     : don't add user site directory to sys.path; also PYTHONNOUSERSITE\n"
    "-S     : don't imply 'import site' on initialization (no exit, quit, help,\n"
    "         copyright, credits, license builtins)\n"
    "-u     : force the stdout and stderr streams to be unbuffered;\n"
    "         this option has no effect on stdin; also PYTHONUNBUFFERED=x\n"
    "-v     : verbose (trace import statements); also PYTHONVERBOSE=x\n"
    "         can be supplied multiple times to increase verbosity\n"
    "-V     : print the Python version number and exit (also --version)\n"
    "         when given twice, print more information about the build\n"
    "-W arg : warning control; arg is action:message:category:module:lineno\n"
    "         also PYTHONWARNINGS=arg (kept in sys.warnoptions)\n"
    "-x     : skip first line of source, allowing use of non-Unix forms of #!cmd\n"
    "-X opt : set implementation-specific option (see --help-xoptions)\n"
    "--check-hash-based-pycs always|default|never:\n"
    "         checked, then no effect (tpy reads no .pyc files)\n"
    "--help-env      : print help about Python environment variables and exit\n"
    "--help-xoptions : print help about implementation-specific -X options and exit\n"
    "--help-jit      : print help about tpy's JIT options and exit\n"
    "--help-all      : print complete help information and exit\n"
    "--jit ARG  : 'off', 'help', or NAME=VALUE,... (PyPy's syntax; see --help-jit)\n"
    "--jit-profile, --dis : time compiled loops, show bytecode (see --help-jit)\n"
    "\n"
    "Arguments:\n"
    "file   : program read from script file\n"
    "-      : program read from stdin (default; interactive mode if a tty)\n"
    "arg ...: arguments passed to program in sys.argv[1:]\n"
    "\n"
    "tpy runs CPython's standard library from " TPY_STDLIB_DIR ";\n"
    "the environment variable TPY_STDLIB names another directory (see --help-env).\n";

static const char help_jit[] =
    "tpy's JIT options:\n"
    "--jit ARG  : JIT options, PyPy's syntax: 'off', 'help', or a comma-separated\n"
    "             list of NAME=VALUE (e.g. threshold=200,trace_eagerness=50)\n"
    "--dis      : print the compiled bytecode of the program and exit\n"
    "--jit-profile[=loops|bridges|html] : record the time spent in each compiled loop\n"
    "             (and, with 'bridges', in each bridge) into a PYPYLOG file; 'html'\n"
    "             profiles bridges, logs every listing and writes the viewer's page\n"
    "--jit-profile-html FILE : that page (default report.html beside the log;\n"
    "             implies --jit-profile=html)\n"
    "--jit-profile-out FILE : that file (default jitprof.log; implies --jit-profile);\n"
    "             its report: tpy -m jitprof FILE\n"
    "--jit-profile-events : write every entry and exit as its own section\n"
    "             (jit-profile-enter/exit, as PyPy's design; large logs) instead of\n"
    "             per-batch summaries\n"
    "--jit-profile-sample N : time one in about N transitions of compiled code\n"
    "             and estimate the others' split (default 1024); 1 times them all\n"
    "--jit-profile-hz N : sample the source line running N times a CPU-second\n"
    "             (default 1000; 0: off); tpy -m jitprof FILE --lines shows them\n";

static const char help_env[] =
    "Environment variables that change behavior:\n"
    "PYTHONSTARTUP: file executed on interactive startup (no default)\n"
    "PYTHONPATH   : ':'-separated list of directories prefixed to the\n"
    "               default module search path.  The result is sys.path.\n"
    "PYTHONSAFEPATH: don't prepend a potentially unsafe path to sys.path.\n"
    "PYTHONINSPECT: as -i; PYTHONUNBUFFERED: as -u; PYTHONDONTWRITEBYTECODE: as -B;\n"
    "PYTHONOPTIMIZE: as -O (a number: that level); PYTHONVERBOSE: as -v;\n"
    "PYTHONDEBUG: as -d; PYTHONNOUSERSITE: as -s; PYTHONDEVMODE: as -X dev;\n"
    "PYTHONUTF8: 1 or 0, as -X utf8; PYTHONPROFILEIMPORTTIME: as -X importtime;\n"
    "PYTHONPYCACHEPREFIX: as -X pycache_prefix;\n"
    "PYTHONWARNDEFAULTENCODING: as -X warn_default_encoding.\n"
    "PYTHONNODEBUGRANGES: as -X no_debug_ranges.\n"
    "PYTHONFAULTHANDLER: as -X faulthandler.\n"
    "PYTHONPERFSUPPORT: 1 (a nonzero number), as -X perf.\n"
    "PYTHON_PERF_JIT_SUPPORT: 1 (a nonzero number), as -X perf_jit.\n"
    "PYTHONTRACEMALLOC: as -X tracemalloc=N (0: off).\n"
    "PYTHONWARNINGS: comma-separated -W arguments.\n"
    "PYTHONINTMAXSTRDIGITS: the limit of int<->str conversions, as\n"
    "               -X int_max_str_digits.\n"
    "PYTHONIOENCODING: encoding[:errors] of sys.stdin, stdout and stderr.\n"
    "PYTHONHASHSEED: if \"random\", a random str/bytes hash key; an integer: a\n"
    "               fixed key (CPython's for the same seed); unset: as 0 (not\n"
    "               random, unlike CPython).\n"
    "Read by CPython but without effect in tpy: PYTHONHOME, PYTHONCASEOK,\n"
    "PYTHONMALLOC, PYTHONBREAKPOINT, PYTHONPLATLIBDIR,\n"
    "PYTHONCOERCECLOCALE (tpy leaves the locale alone).\n"
    "\n"
    "tpy's own:\n"
    "PYPYLOG    : JIT logging, PyPy's syntax (e.g. PYPYLOG=jit-log-opt:log.txt)\n"
    "TPY_JIT_PROFILE : loops or bridges, the profiler's mode when PYPYLOG selects\n"
    "             jit-profile\n"
    "TPY_JIT_PROFILE_EVENTS : 1 to log every profiler event (--jit-profile-events), 0 for\n"
    "    summaries (default: PYPYLOG=jit-profile-enter,jit-profile-exit:FILE gives every\n"
    "    event, PYPYLOG=jit-profile:FILE summaries)\n"
    "TPY_JIT_PROFILE_SAMPLE : N, as --jit-profile-sample\n"
    "TPY_JIT_PROFILE_HZ : N, as --jit-profile-hz\n"
    "TPY_STDLIB : the directory of CPython 3.11's standard library that tpy runs\n"
    "             (default " TPY_STDLIB_DIR ")\n";

static const char help_xoptions[] =
    "The following implementation-specific options are available:\n"
    "\n"
    "-X importtime: show how long each import takes (self and cumulative time,\n"
    "    in microseconds, nested imports indented), as CPython does\n"
    "\n"
    "-X dev: development mode: sys.flags.dev_mode is True, 'default' heads\n"
    "    sys.warnoptions and faulthandler is enabled\n"
    "\n"
    "-X faulthandler: call faulthandler.enable() at start-up (also\n"
    "    PYTHONFAULTHANDLER)\n"
    "\n"
    "-X utf8: UTF-8 mode (sys.flags.utf8_mode); -X utf8=0 turns it off. tpy's\n"
    "    interfaces are UTF-8 either way\n"
    "\n"
    "-X warn_default_encoding: set sys.flags.warn_default_encoding\n"
    "\n"
    "-X perf: name the JIT's machine code for the Linux perf profiler: each\n"
    "    compiled loop's and bridge's address, size and name\n"
    "    (py::loop 14 f (prog.py:222)) go to /tmp/perf-PID.map, which\n"
    "    `perf report` reads; also PYTHONPERFSUPPORT=1\n"
    "\n"
    "-X perf_jit: the same names with the code bytes and source lines in\n"
    "    perf's jitdump format, jit-PID.dump in the current directory (or\n"
    "    $TPY_JITDUMP_DIR), for `perf record -k 1` then `perf inject --jit`\n"
    "    (perf annotate shows the lines); also PYTHON_PERF_JIT_SUPPORT=1\n"
    "\n"
    "-X no_debug_ranges: tracebacks without the carets under the failing part\n"
    "    of a line\n"
    "\n"
    "-X tracemalloc: start tracing Python memory allocations with the\n"
    "    tracemalloc module from start-up, 1 frame per traceback;\n"
    "    -X tracemalloc=NFRAME: NFRAME frames (also PYTHONTRACEMALLOC)\n"
    "\n"    "-X pycache_prefix=PATH: write and read the bytecode cache (.pyc files)\n"
    "    in a tree under PATH instead of in __pycache__ directories; also\n"
    "    PYTHONPYCACHEPREFIX\n"
    "\n"
    "-X int_max_str_digits=number: limit the size of int<->str conversions.\n"
    "    The default is sys.int_info.default_max_str_digits.  0 disables.\n"
    "\n"
    "Any other -X option is kept in sys._xoptions and has no effect, as in CPython\n"
    "(showrefcount and frozen_modules\n"
    "are CPython's and do nothing in tpy).\n";

void signals_install_default(void);   /* mod/signal.c */
void signals_default_sigint(void);

/* An uncaught KeyboardInterrupt: the process dies by SIGINT after the
 * traceback and the shutdown, as CPython's does, so that a shell sees it
 * was interrupted (status 130) and stops a script it runs. */
static bool died_by_sigint;

/* An exception nobody caught: sys.excepthook(type, value, tb) prints it.
 * A hook that raises SystemExit decides the exit status (*status), as in
 * CPython; returns whether it did. */
static bool print_uncaught_status(Value exc, int *status) {
    sys_flush_all();
    Value hook = dict_get_cstr(module_dict(sys_module), "excepthook");
    ExcObject *e = V_AS(ExcObject, exc);
    if (!hook) {
        fprintf(stderr, "sys.excepthook is missing\n");
        err_print_exception(exc);
        return false;
    }
    Value a[3] = {V_FROM_PTR(type_of(exc)), exc, e->traceback ? e->traceback : V_NONE};
    if (AUDIT("sys.excepthook", 4, hook, a[0], a[1], a[2]) == 0 && obj_call(hook, a, 3, VNULL)) return false;
    Value e2 = err_fetch();
    if (type_is_subtype(type_of(e2), &exc_SystemExit)) {
        sys_flush_all();
        *status = err_system_exit_status(e2);
        return true;
    }
    fprintf(stderr, "Error in sys.excepthook:\n");
    err_print_exception(e2);
    fprintf(stderr, "\nOriginal exception was:\n");
    err_print_exception(exc);
    return false;
}

static void print_uncaught(Value exc) {
    int status;
    (void)print_uncaught_status(exc, &status);
}

/* The exit status for an exception that ended the program. Under -i the
 * prompt follows, so even SystemExit is only printed, as in CPython. */
static int exit_status_for(Value exc) {
    if (type_is_subtype(type_of(exc), &exc_SystemExit) && !tpy_config.inspect) {
        sys_flush_all();
        return err_system_exit_status(exc);
    }
    int status = 1;
    if (print_uncaught_status(exc, &status)) return status;
    if (type_is_subtype(type_of(exc), &exc_KeyboardInterrupt)) died_by_sigint = true;
    return 1;
}

/* Run co as __main__ (or disassemble it); the process exit status */
static int run_main_code(CodeObject *co, bool dis) {
    if (dis) {
        code_disassemble(co, stdout);
        return 0;
    }
    Value r = eval_module_code(co, module_dict(tstate.main_module), VNULL);
    if (!r) {
        Value exc = err_fetch();
        return exit_status_for(exc);
    }
    return 0;
}

/* Run source as __main__; returns the process exit status. file_input: a
 * script or stdin, which CPython reads with its file reader (compile_file) */
static int run_main_source(const char *src, size_t len, const char *filename, bool dis, bool file_input) {
    if (filename[0] != '<') traceback_register_source(str_from_cstr(filename), src, len);
    /* -c's command is text already: its coding cookie means nothing
       (bpo-32381) */
    CodeObject *co = file_input                       ? compile_file(src, len, filename)
                     : !strcmp(filename, "<string>") ? compile_text(src, len, filename, COMPILE_MODULE)
                                                      : compile_source(src, len, filename, COMPILE_MODULE);
    if (!co) {
        Value exc = err_fetch();
        return exit_status_for(exc);
    }
    return run_main_code(co, dis);
}

/* tpy prog.pyc: a .pyc file's code as __main__ (CPython's run_pyc_file) */
static int run_main_pyc(const char *data, size_t len, bool dis) {
    const char *problem = NULL;
    CodeObject *co = codecache_pyc_code(data, len, &problem);
    if (!co) {
        err_set(&exc_RuntimeError, problem);
        return exit_status_for(err_fetch());
    }
    return run_main_code(co, dis);
}

/* A script that is a .pyc file: its name says so or it starts with the
 * first two bytes of the magic number (CPython's maybe_pyc_file) */
static bool script_is_pyc(const char *path, const char *data, size_t len) {
    size_t n = strlen(path);
    if (n >= 4 && !strcmp(path + n - 4, ".pyc")) return true;
    Value magic = codecache_magic();
    return len >= 2 && !memcmp(data, bytes_data(magic), 2);
}

/* A script that is a zip archive: an end-of-central-directory record
 * ("PK\5\6") in its last 64 KiB + 22 bytes, where zipimport looks for it */
static bool script_is_zip(const char *data, size_t len) {
    size_t lo = len > 65535 + 22 ? len - 65535 - 22 : 0;
    for (size_t i = len >= 22 ? len - 22 + 1 : 0; i-- > lo;)
        if (!memcmp(data + i, "PK\5\6", 4)) return true;
    return false;
}

static char *read_all(FILE *f, size_t *len) {
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap);
    if (!buf) return NULL;
    size_t k;
    while ((k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            cap *= 2;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                return NULL;
            }
            buf = nb;
        }
    }
    *len = n;
    return buf;
}

static char *abspath(const char *path) {
    if (path[0] == '/') return strdup(path);
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd)) return strdup(path);
    while (path[0] == '.' && path[1] == '/') path += 2;
    size_t n = strlen(cwd) + strlen(path) + 2;
    char *r = malloc(n);
    snprintf(r, n, "%s/%s", cwd, path);
    return r;
}

/* path made absolute (from the current directory) and normalized as
   os.path.normpath: no '.', '..' resolved lexically, single slashes */
static char *normpath_abs(const char *path) {
    char *full = abspath(path[0] ? path : ".");
    size_t n = strlen(full);
    char *out = malloc(n + 2);
    size_t o = 0;
    for (const char *p = full; *p;) {
        while (*p == '/') p++;
        const char *q = p;
        while (*q && *q != '/') q++;
        size_t len = (size_t)(q - p);
        if (len == 0 || (len == 1 && p[0] == '.')) {
        } else if (len == 2 && p[0] == '.' && p[1] == '.') {
            while (o > 0 && out[o - 1] != '/') o--;
            if (o > 0) o--;
        } else {
            out[o++] = '/';
            memcpy(out + o, p, len);
            o += len;
        }
        p = q;
    }
    if (o == 0) out[o++] = '/';
    out[o] = 0;
    free(full);
    return out;
}

/* sys.executable: argv[0] made absolute, or found on PATH when it has
   no slash (as CPython's getpath) */
static char *executable_path(const char *argv0) {
    if (strchr(argv0, '/')) return abspath(argv0);
    const char *path = getenv("PATH");
    while (path && *path) {
        const char *end = strchr(path, ':');
        size_t n = end ? (size_t)(end - path) : strlen(path);
        char cand[PATH_MAX];
        if (n > 0 && snprintf(cand, sizeof cand, "%.*s/%s", (int)n, path, argv0) < (int)sizeof cand &&
            access(cand, X_OK) == 0)
            return abspath(cand);
        path = end ? end + 1 : NULL;
    }
    /* argv[0] names no program (a caller's choice, subprocess's
       executable=): the real one, else '' as CPython's */
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return strdup("");
    self[n] = 0;
    return strdup(self);
}

/* A `._pth` file beside the executable (its path as invoked plus "._pth",
   else the same of the path with symlinks resolved), as CPython's getpath:
   it replaces the computed sys.path with its lines, each joined to the
   file's directory; '#' starts a comment; the line "import site" runs the
   site module, which is otherwise off. Its presence means isolated mode
   (-I) whatever the command line says. */
static struct {
    bool found;
    char **entries;   /* the sys.path entries, absolute and normalized (malloc'ed:
                         plain C strings, out of the collector's sight) */
    int n, cap;
} exe_pth;

static char *dirname_of(const char *path);

static void add_exe_pth_entry(const char *dir, const char *line) {
    if (exe_pth.n == exe_pth.cap) {
        exe_pth.cap = exe_pth.cap ? 2 * exe_pth.cap : 16;
        exe_pth.entries = realloc(exe_pth.entries, (size_t)exe_pth.cap * sizeof *exe_pth.entries);
    }
    size_t n = strlen(dir) + strlen(line) + 2;
    char *joined = malloc(n);
    if (line[0] == '/') snprintf(joined, n, "%s", line);
    else snprintf(joined, n, "%s/%s", dir, line);
    exe_pth.entries[exe_pth.n++] = normpath_abs(joined);
    free(joined);
}

/* Reads the ._pth file of the executable if there is one; sets the flags it
   implies: before the environment is read, which it makes ignored. */
static char *exe_pth_path;
static void find_exe_pth(const char *exe) {
    char resolved[PATH_MAX];
    const char *candidates[2] = {exe, realpath(exe, resolved)};
    for (int i = 0; i < 2 && !exe_pth_path; i++) {
        if (!candidates[i] || !*candidates[i]) continue;
        size_t n = strlen(candidates[i]) + sizeof "._pth";
        char *p = malloc(n);
        snprintf(p, n, "%s._pth", candidates[i]);
        if (access(p, R_OK) == 0) exe_pth_path = p;
        else free(p);
    }
    if (!exe_pth_path) return;
    exe_pth.found = true;
    tpy_config.isolated = tpy_config.ignore_environment = 1;
    tpy_config.no_user_site = tpy_config.safe_path = 1;
    tpy_config.no_site = 1;   /* unless the file says "import site" */
}

static void read_exe_pth_entries(void) {
    FILE *f = fopen(exe_pth_path, "r");
    if (!f) return;
    char *dir = dirname_of(exe_pth_path);
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, f) >= 0) {
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        char *b = line, *e = line + strlen(line);
        while (*b == ' ' || *b == '\t' || *b == '\r' || *b == '\n') b++;
        while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n')) e--;
        *e = 0;
        if (!*b) continue;
        if (!strcmp(b, "import site")) tpy_config.no_site = 0;
        else if (!strncmp(b, "import ", 7)) fprintf(stderr, "unsupported 'import' line in ._pth file\n");
        else add_exe_pth_entry(dir, b);
    }
    free(line);
    fclose(f);
}

static char *dirname_of(const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash) return strdup("");
    if (slash == path) return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

/* ---- the interactive prompt ------------------------------------------------------------ */

/* The prompt's line editor when the readline module is not imported
 * (-S: site's sys.__interactivehook__ imports it, see readline_hook):
 * libedit's own interface. Emacs keys, history in memory, ~/.editrc.
 * libedit is opened when the prompt first reads a line on a terminal
 * (dynlib.h); without it the prompt reads plain lines. */
#define HISTEDIT_API(X)                                                        \
    X(el_init) X(el_set) X(el_gets) X(el_line) X(el_cursor) X(el_deletestr)    \
    X(el_source) X(history_init) X(history)
DYNLIB_DEFINE(histedit, TPY_SONAME_EDIT, HISTEDIT_API)
#define ED(f) (histedit.f)

static EditLine *line_editor;
static History *line_history;
static const char *line_prompt;
static bool editor_missing;   /* libedit could not be loaded */

static char *editor_prompt(EditLine *el) {
    (void)el;
    return (char *)line_prompt;
}

/* Ctrl-D: the end of input on an empty line, else delete the character
 * under the cursor, as readline's delete-char */
static unsigned char editor_eof_or_delete(EditLine *el, int ch) {
    (void)ch;
    const LineInfo *li = ED(el_line)(el);
    if (li->buffer == li->lastchar) return CC_EOF;
    if (li->cursor == li->lastchar) return CC_ERROR;
    ED(el_cursor)(el, 1);
    ED(el_deletestr)(el, 1);
    return CC_REFRESH;
}

/* The line editor, set up once; false when libedit is missing. */
static bool editor_open(void) {
    if (line_editor) return true;
    if (editor_missing) return false;
    if (histedit_load() < 0) {
        err_clear();
        editor_missing = true;
        return false;
    }
    line_editor = ED(el_init)("tpy", stdin, stdout, stderr);
    line_history = ED(history_init)();
    HistEvent ev;
    ED(history)(line_history, &ev, H_SETSIZE, 1000);
    ED(el_set)(line_editor, EL_EDITOR, "emacs");
    ED(el_set)(line_editor, EL_PROMPT, editor_prompt);
    ED(el_set)(line_editor, EL_HIST, ED(history), line_history);
    ED(el_set)(line_editor, EL_ADDFN, "tpy-eof-or-delete", "end of input or delete a character",
               editor_eof_or_delete);
    ED(el_set)(line_editor, EL_BIND, "^D", "tpy-eof-or-delete", NULL);
    ED(el_source)(line_editor, NULL);
    return true;
}

/* One line of input for the prompt: the line editor on a terminal, else
 * the prompt written to stderr and a line read from stdin, as CPython does
 * for `tpy -i < file` (and on a terminal without a line editor). NULL at
 * the end of input or when Ctrl-C interrupted the read (pending() is then
 * set). The line has no newline; free() it. */
static char *prompt_read_line(const char *prompt, bool tty) {
    if (tty && readline_hook) {
        /* the readline module was imported: its editor, history and
           completer read the line (a raised signal handler leaves its
           exception set) */
        bool failed;
        return readline_hook(prompt, &failed);
    }
    if (tty && editor_open()) {
        line_prompt = prompt;
        int n;
        const char *line = ED(el_gets)(line_editor, &n);
        if (!line || n <= 0) return NULL;
        size_t len = strlen(line);
        if (len && line[len - 1] == '\n') len--;
        return strndup(line, len);
    }
    fputs(prompt, stderr);
    fflush(stderr);
    Buf b;
    buf_init(&b, 128);
    int ch;
    while ((ch = getchar()) != EOF && ch != '\n') buf_putc(&b, (char)ch);
    if (ch == EOF && ferror(stdin)) {
        /* a signal interrupted the read (Ctrl-C at a terminal): the
           partial line is dropped and the next read starts afresh */
        clearerr(stdin);
        return NULL;
    }
    if (ch == EOF && b.len == 0) return NULL;
    return strndup(b.data ? b.data : "", b.len);
}

static void prompt_remember(const char *line) {
    if (!line_history || !*line) return;
    HistEvent ev;
    ED(history)(line_history, &ev, H_ENTER, line);
}

/* An exception at the prompt: SystemExit ends the session (its status in
 * *status), anything else is printed and the session goes on. */
static bool prompt_exception(int *status) {
    Value exc = err_fetch();
    if (type_is_subtype(type_of(exc), &exc_SystemExit)) {
        sys_flush_all();
        *status = err_system_exit_status(exc);
        return true;
    }
    sys_flush_all();
    print_uncaught(exc);
    return false;
}

/* The read-eval-print loop on __main__, until the end of input or
 * SystemExit; returns the exit status. */
static int interactive_loop(void) {
    bool tty = isatty(0);
    Value d = module_dict(tstate.main_module);
    int status = 0;
    Buf src;
    for (;;) {
        buf_init(&src, 256);
        bool first = true;
        CodeObject *co = NULL;
        for (;;) {
            sys_flush_all();
            char *line = prompt_read_line(first ? ">>> " : "... ", tty);
            if (!line && err_occurred()) {
                /* Ctrl-C in the readline module's reader (which ran the
                   handlers): dropped input, as below */
                fputc('\n', stderr);
                if (prompt_exception(&status)) return status;
                buf_init(&src, 256);
                first = true;
                continue;
            }
            if (!line && pending()) {
                /* Ctrl-C interrupted the read: drop the input, as CPython */
                if (pending_run() < 0) {
                    fputc('\n', stderr);
                    if (prompt_exception(&status)) return status;
                }
                buf_init(&src, 256);
                first = true;
                continue;
            }
            if (!line) {
                fputc('\n', stderr);
                if (first) return 0;
                break;
            }
            if (tty && !readline_hook) prompt_remember(line);   /* else the module's auto history */
            buf_puts(&src, line);
            buf_putc(&src, '\n');
            free(line);
            SyntaxErrorInfo info;
            memset(&info, 0, sizeof info);
            Module *m = parse_source(src.data, src.len, "<stdin>", PARSE_PROMPT, &info);
            if (!m && info.incomplete) {
                first = false;
                continue;
            }
            /* an empty line does nothing (compile(..., 'single') refuses it) */
            bool empty = true;
            for (size_t k = 0; k < src.len && empty; k++)
                empty = src.data[k] == ' ' || src.data[k] == '\t' || src.data[k] == '\n' || src.data[k] == '\f';
            if (empty) {
                co = NULL;
                break;
            }
            co = compile_source(src.data, src.len, "<stdin>", COMPILE_INTERACTIVE);
            break;
        }
        if (!co) {
            if (err_occurred() && prompt_exception(&status)) return status;
            continue;
        }
        if (!eval_module_code(co, d, VNULL) && prompt_exception(&status)) return status;
    }
}

/* sys.__interactivehook__() before the prompt, as CPython: site's (tpy's
 * in sitebuiltins.c) sets up readline and rlcompleter. Its error is
 * printed and the prompt comes anyway. */
static void run_interactive_hook(void) {
    Value hook = dict_get_cstr(module_dict(sys_module), "__interactivehook__");
    if (!hook) return;
    if (obj_call(hook, NULL, 0, VNULL)) return;
    Value exc = err_fetch();
    sys_flush_all();
    fprintf(stderr, "Failed calling sys.__interactivehook__\n");
    print_uncaught(exc);
}

/* PYTHONSTARTUP: run before the first prompt; its errors are printed */
static void run_startup_file(void) {
    const char *path = getenv("PYTHONSTARTUP");
    if (tpy_config.ignore_environment || !path || !*path) return;
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "Could not open PYTHONSTARTUP\n");
        fprintf(stderr, "FileNotFoundError: [Errno %d] %s: '%s'\n", errno, strerror(errno), path);
        return;
    }
    size_t len;
    char *src = read_all(f, &len);
    fclose(f);
    traceback_register_source(str_from_cstr(path), src, len);
    CodeObject *co = compile_source(src, len, path, COMPILE_MODULE);
    if (!co || !eval_module_code(co, module_dict(tstate.main_module), VNULL)) {
        int status;
        if (prompt_exception(&status)) exit(status);
    }
    free(src);
}

/* ---- the command line ------------------------------------------------------------------ */

/* What main() runs, and tpy's own options; CPython's go to tpy_config. */
typedef struct Options {
    const char *command, *module, *script;   /* script "-": stdin */
    int first_arg;                           /* argv index of sys.argv[1] */
    int version;                             /* -V count */
    enum { HELP_NONE, HELP_USAGE, HELP_ENV, HELP_XOPTIONS, HELP_JIT, HELP_ALL } help;
    bool skip_first_line;
    bool dis;
    const char *jit_spec;
    const char *profile_mode, *profile_out, *profile_sample, *profile_hz, *profile_html;
    bool profile_events;
    const char **warnoptions, **xoptions;
    int nwarnoptions, nxoptions;
} Options;

static const char *prog_name;

/* CPython's message for a bad command line: status 2 */
static int usage_error(const char *fmt, const char *what) {
    fprintf(stderr, fmt, what);
    fprintf(stderr, usage_line, prog_name);
    fprintf(stderr, "Try `tpy -h' for more information.\n");
    return 2;
}

/* CPython's failure to start with a bad setting (status 1) */
static int fatal_config(const char *func, const char *msg) {
    fprintf(stderr, "Fatal Python error: %s: %s\nPython runtime state: preinitialized\n\n", func, msg);
    return 1;
}

/* -X tracemalloc=N and PYTHONTRACEMALLOC: a number of frames, 0 (off) or
 * more (tracemalloc_start checks its limit, as CPython) */
static bool parse_nframe(const char *s, int *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < 0 || v > INT_MAX) return false;
    *out = (int)v;
    return true;
}
static bool tracemalloc_from_x;
static bool hash_random_forced;      /* -R: PYTHONHASHSEED is ignored */
static bool pycache_prefix_chosen;   /* -X pycache_prefix given: PYTHONPYCACHEPREFIX is ignored */
static bool utf8_chosen;   /* -X utf8 or PYTHONUTF8 said; else the locale decides */

static bool parse_int_limit(const char *s, int *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < 0 || v > INT_MAX || (v > 0 && v < INT_MAX_STR_DIGITS_THRESHOLD)) return false;
    *out = (int)v;
    return true;
}

/* -X OPT: the ones with a meaning; all are kept in sys._xoptions.
 * Returns 0, or the exit status of a fatal value. */
static int apply_xoption(const char *x) {
    if (strcmp(x, "dev") == 0) tpy_config.dev_mode = 1;
    else if (strcmp(x, "importtime") == 0 || strncmp(x, "importtime=", 11) == 0) tpy_config.import_time = 1;
    else if (strcmp(x, "warn_default_encoding") == 0) tpy_config.warn_default_encoding = 1;
    else if (strcmp(x, "perf") == 0) tpy_config.perf_map = 1;
    else if (strcmp(x, "perf_jit") == 0) tpy_config.perf_jitdump = 1;
    else if (strcmp(x, "faulthandler") == 0) tpy_config.faulthandler = 1;
    else if (strcmp(x, "no_debug_ranges") == 0) tpy_config.no_debug_ranges = 1;
    else if (strncmp(x, "pycache_prefix=", 15) == 0 || strcmp(x, "pycache_prefix") == 0) {
        /* an empty or missing path: none, whatever PYTHONPYCACHEPREFIX says */
        tpy_config.pycache_prefix = x[14] && x[15] ? x + 15 : NULL;
        pycache_prefix_chosen = true;
    }
    else if (strcmp(x, "utf8") == 0 || strcmp(x, "utf8=1") == 0) tpy_config.utf8_mode = 1, utf8_chosen = true;
    else if (strcmp(x, "utf8=0") == 0) tpy_config.utf8_mode = 0, utf8_chosen = true;
    else if (strncmp(x, "utf8=", 5) == 0) {
        fprintf(stderr, "Fatal Python error: preconfig_init_utf8_mode: invalid -X utf8 option value\n"
                        "Python runtime state: preinitializing\n\n");
        return 1;
    } else if (strcmp(x, "tracemalloc") == 0) {
        tpy_config.tracemalloc = 1;
        tracemalloc_from_x = true;
    } else if (strncmp(x, "tracemalloc=", 12) == 0) {
        if (!parse_nframe(x + 12, &tpy_config.tracemalloc))
            return fatal_config("config_init_tracemalloc", "-X tracemalloc=NFRAME: invalid number of frames");
        tracemalloc_from_x = true;
    } else if (strcmp(x, "int_max_str_digits") == 0 || strncmp(x, "int_max_str_digits=", 19) == 0) {
        if (!x[18] || !parse_int_limit(x + 19, &tpy_config.int_max_str_digits))
            return fatal_config("config_init_int_max_str_digits",
                                "-X int_max_str_digits: invalid limit; must be >= 640 or 0 for unlimited.");
    }
    return 0;
}

/* An environment flag: CPython takes the larger of the option's count and
 * the variable's number (a non-numeric value counts 1). */
static void env_flag(const char *name, int *flag) {
    const char *v = getenv(name);
    if (!v || !*v) return;
    char *end;
    long n = strtol(v, &end, 10);
    int level = *end || n < 1 ? 1 : (int)(n > 1000 ? 1000 : n);
    if (level > *flag) *flag = level;
}

/* a variable that only switches something on: 1, whatever its value */
static void env_switch(const char *name, int *flag) {
    const char *v = getenv(name);
    if (v && *v) *flag = 1;
}

/* a variable that switches something on when it is a nonzero number (a
 * word or 0: off), as CPython reads PYTHONPERFSUPPORT */
static void env_nonzero(const char *name, int *flag) {
    const char *v = getenv(name);
    if (!v || !*v) return;
    char *end;
    long n = strtol(v, &end, 10);
    if (!*end && n != 0) *flag = 1;
}

/* PYTHON* variables, unless -E or -I. Returns 0 or a fatal exit status. */
static int read_environment(bool int_digits_from_x) {
    if (tpy_config.ignore_environment) return 0;
    env_flag("PYTHONDEBUG", &tpy_config.debug);
    env_flag("PYTHONINSPECT", &tpy_config.inspect);
    env_flag("PYTHONOPTIMIZE", &tpy_config.optimize);
    env_switch("PYTHONDONTWRITEBYTECODE", &tpy_config.dont_write_bytecode);
    env_switch("PYTHONNOUSERSITE", &tpy_config.no_user_site);
    env_flag("PYTHONVERBOSE", &tpy_config.verbose);
    env_switch("PYTHONUNBUFFERED", &tpy_config.unbuffered);
    env_switch("PYTHONSAFEPATH", &tpy_config.safe_path);
    env_flag("PYTHONDEVMODE", &tpy_config.dev_mode);
    env_flag("PYTHONFAULTHANDLER", &tpy_config.faulthandler);
    env_flag("PYTHONPROFILEIMPORTTIME", &tpy_config.import_time);
    env_flag("PYTHONWARNDEFAULTENCODING", &tpy_config.warn_default_encoding);
    env_flag("PYTHONNODEBUGRANGES", &tpy_config.no_debug_ranges);
    env_nonzero("PYTHONPERFSUPPORT", &tpy_config.perf_map);
    env_nonzero("PYTHON_PERF_JIT_SUPPORT", &tpy_config.perf_jitdump);
    const char *prefix = getenv("PYTHONPYCACHEPREFIX");
    if (prefix && *prefix && !pycache_prefix_chosen) tpy_config.pycache_prefix = prefix;
    const char *utf8 = getenv("PYTHONUTF8");
    if (utf8 && *utf8 && !utf8_chosen) {   /* -X utf8 comes first */
        utf8_chosen = true;
        if (strcmp(utf8, "1") == 0) tpy_config.utf8_mode = 1;
        else if (strcmp(utf8, "0") == 0) tpy_config.utf8_mode = 0;
        else {
            fprintf(stderr, "Fatal Python error: preconfig_init_utf8_mode: invalid PYTHONUTF8 environment "
                            "variable value\nPython runtime state: preinitializing\n\n");
            return 1;
        }
    }
    const char *seed = getenv("PYTHONHASHSEED");
    if (seed && *seed && !hash_random_forced) {
        if (strcmp(seed, "random") == 0) {
            tpy_config.hash_random = 1;
        } else {
            char *end;
            errno = 0;
            unsigned long n = strtoul(seed, &end, 10);
            if (*end || errno || seed[0] == '-' || n > 4294967295UL)
                return fatal_config("config_init_hash_seed",
                                    "PYTHONHASHSEED must be \"random\" or an integer in range [0; 4294967295]");
            tpy_config.hash_seed = n;
            tpy_config.hash_random = 0;
        }
    }
    const char *nframe = getenv("PYTHONTRACEMALLOC");
    if (nframe && *nframe && !tracemalloc_from_x && !parse_nframe(nframe, &tpy_config.tracemalloc))
        return fatal_config("config_init_tracemalloc", "PYTHONTRACEMALLOC: invalid number of frames");
    const char *digits = getenv("PYTHONINTMAXSTRDIGITS");
    if (digits && *digits && !int_digits_from_x && !parse_int_limit(digits, &tpy_config.int_max_str_digits))
        return fatal_config("config_init_int_max_str_digits",
                            "PYTHONINTMAXSTRDIGITS: invalid limit; must be >= 640 or 0 for unlimited.");
    return 0;
}

/* Parse argv as CPython's getopt does: short options may be combined
 * (-Bc 'code', -cprint(5), -Wignore), -c and -m end the options, the first
 * non-option is the script. Returns -1 to go on, else an exit status. */
static int parse_command_line(int argc, char **argv, Options *o) {
    static const char flags_noarg[] = "bBdEhiIOPqRsSuvVx?";
    o->warnoptions = calloc((size_t)argc, sizeof(char *));
    o->xoptions = calloc((size_t)argc, sizeof(char *));
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || strcmp(a, "-") == 0) break;   /* the script, or stdin */
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (a[1] == '-') {
            /* long options: CPython's, then tpy's */
            if (strcmp(a, "--help") == 0) o->help = HELP_USAGE;
            else if (strcmp(a, "--version") == 0) o->version++;
            else if (strcmp(a, "--help-env") == 0) o->help = HELP_ENV;
            else if (strcmp(a, "--help-xoptions") == 0) o->help = HELP_XOPTIONS;
            else if (strcmp(a, "--help-jit") == 0) o->help = HELP_JIT;
            else if (strcmp(a, "--help-all") == 0) o->help = HELP_ALL;
            else if (strcmp(a, "--check-hash-based-pycs") == 0) {
                if (i + 1 >= argc) return usage_error("Argument expected for the %s options\n", a);
                const char *v = argv[++i];
                if (strcmp(v, "always") != 0 && strcmp(v, "default") != 0 && strcmp(v, "never") != 0)
                    return usage_error("%s must be one of 'default', 'always', or 'never'\n", a);
                tpy_config.check_hash_based_pycs = v;
            } else if (strcmp(a, "--jit") == 0 || strncmp(a, "--jit=", 6) == 0) {
                if (a[5] == '=') o->jit_spec = a + 6;
                else if (i + 1 < argc) o->jit_spec = argv[++i];
                else return usage_error("Argument expected for the %s option\n", a);
            } else if (strcmp(a, "--dis") == 0) {
                o->dis = true;
            } else if (strcmp(a, "--jit-profile") == 0 || strncmp(a, "--jit-profile=", 14) == 0) {
                o->profile_mode = a[13] == '=' ? a + 14 : "loops";
                if (strcmp(o->profile_mode, "loops") != 0 && strcmp(o->profile_mode, "bridges") != 0 &&
                    strcmp(o->profile_mode, "html") != 0) {
                    fprintf(stderr, "tpy: --jit-profile takes 'loops', 'bridges' or 'html', not '%s'\n",
                            o->profile_mode);
                    return 2;
                }
            } else if (strcmp(a, "--jit-profile-html") == 0 || strncmp(a, "--jit-profile-html=", 19) == 0) {
                if (a[18] == '=') o->profile_html = a + 19;
                else if (i + 1 < argc) o->profile_html = argv[++i];
                else return usage_error("Argument expected for the %s option\n", a);
            } else if (strcmp(a, "--jit-profile-events") == 0) {
                o->profile_events = true;
            } else if (strcmp(a, "--jit-profile-sample") == 0 || strncmp(a, "--jit-profile-sample=", 21) == 0) {
                const char *n = a[20] == '=' ? a + 21 : i + 1 < argc ? argv[++i] : NULL;
                char *end = NULL;
                long v = n ? strtol(n, &end, 10) : 0;
                if (!n || !*n || *end || v < 1 || v > PROF_MAX_SAMPLE) {
                    fprintf(stderr, "tpy: --jit-profile-sample takes a whole number from 1 to %d%s%s%s\n",
                            PROF_MAX_SAMPLE, n ? ", not '" : "", n ? n : "", n ? "'" : "");
                    return 2;
                }
                o->profile_sample = n;
            } else if (strcmp(a, "--jit-profile-hz") == 0 || strncmp(a, "--jit-profile-hz=", 17) == 0) {
                const char *n = a[16] == '=' ? a + 17 : i + 1 < argc ? argv[++i] : NULL;
                if (!n || sampler_parse_hz(n) < 0) {
                    fprintf(stderr, "tpy: --jit-profile-hz takes a whole number from 0 (off) to %d%s%s%s\n",
                            SAMPLER_MAX_HZ, n ? ", not '" : "", n ? n : "", n ? "'" : "");
                    return 2;
                }
                o->profile_hz = n;
            } else if (strcmp(a, "--jit-profile-out") == 0 || strncmp(a, "--jit-profile-out=", 18) == 0) {
                if (a[17] == '=') o->profile_out = a + 18;
                else if (i + 1 < argc) o->profile_out = argv[++i];
                else return usage_error("Argument expected for the %s option\n", a);
            } else {
                return usage_error("unknown option %s\n", a);
            }
            continue;
        }
        /* a cluster of short options */
        for (const char *p = a + 1; *p; p++) {
            char c = *p;
            if (c == 'c' || c == 'm' || c == 'W' || c == 'X') {
                const char *arg = p[1] ? p + 1 : i + 1 < argc ? argv[++i] : NULL;
                if (!arg) {
                    char opt[3] = {'-', c, 0};
                    return usage_error("Argument expected for the %s option\n", opt);
                }
                if (c == 'c') o->command = arg;
                else if (c == 'm') o->module = arg;
                else if (c == 'W') o->warnoptions[o->nwarnoptions++] = arg;
                else o->xoptions[o->nxoptions++] = arg;
                if (c == 'c' || c == 'm') {
                    o->first_arg = i + 1;
                    return -1;
                }
                break;
            }
            if (c == 'J') {
                fprintf(stderr, "-J is reserved for Jython\n");
                fprintf(stderr, usage_line, prog_name);
                fprintf(stderr, "Try `tpy -h' for more information.\n");
                return 2;
            }
            if (!strchr(flags_noarg, c)) {
                char opt[3] = {'-', c, 0};
                return usage_error("Unknown option: %s\n", opt);
            }
            switch (c) {
            case 'b': tpy_config.bytes_warning++; break;
            case 'B': tpy_config.dont_write_bytecode = 1; break;
            case 'd': tpy_config.debug++; break;
            case 'E': tpy_config.ignore_environment = 1; break;
            case 'h': case '?': o->help = HELP_USAGE; break;
            case 'i': tpy_config.inspect = tpy_config.interactive = 1; break;
            case 'I': tpy_config.isolated = tpy_config.ignore_environment = 1;
                      tpy_config.no_user_site = tpy_config.safe_path = 1; break;
            case 'O': tpy_config.optimize++; break;
            case 'P': tpy_config.safe_path = 1; break;
            case 'q': tpy_config.quiet = 1; break;
            case 'R': hash_random_forced = true; break;   /* a random key, whatever PYTHONHASHSEED says */
            case 's': tpy_config.no_user_site = 1; break;
            case 'S': tpy_config.no_site = 1; break;
            case 'u': tpy_config.unbuffered = 1; break;
            case 'v': tpy_config.verbose++; break;
            case 'V': o->version++; break;
            case 'x': o->skip_first_line = true; break;
            }
        }
    }
    if (i < argc) o->script = argv[i++];
    o->first_arg = i;
    return -1;
}

/* sys.argv: argv0 then the program's arguments */
static void set_argv(const char *argv0, int argc, char **argv, int first) {
    char **sa = malloc(sizeof(char *) * (size_t)(argc - first + 2));
    int na = 0;
    sa[na++] = (char *)argv0;
    for (int i = first; i < argc; i++) sa[na++] = argv[i];
    sys_set_argv(na, sa);
    free(sa);
}

static bool is_dir(const char *p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* True when path (a list of str) holds entry. */
static bool path_has(Value path, Value entry) {
    for (int64_t k = 0; k < list_size(path); k++)
        if (str_check(list_get(path, k)) && str_eq(list_get(path, k), entry)) return true;
    return false;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A .pth line that failed: CPython's site module reports it so and reads
 * no more of that file. The traceback comes from the traceback module,
 * indented as site does it; should that fail too, the bare exception. */
static void report_pth_error(const char *file, int lineno, Value exc) {
    fflush(stdout);
    fprintf(stderr, "Error processing line %d of %s:\n\n", lineno, file);
    Value tb = import_name(str_intern_cstr("traceback"), VNULL, v_int(0), VNULL);
    Value fn = tb ? obj_getattr(tb, str_intern_cstr("format_exception")) : VNULL;
    Value lines = fn ? obj_call1(fn, exc) : VNULL;
    if (lines && list_check(lines)) {
        for (int64_t i = 0; i < list_size(lines); i++) {
            Value rec = list_get(lines, i);
            if (!str_check(rec)) continue;
            const char *p = str_data(rec), *end = p + str_nbytes(rec);
            while (p < end) {
                const char *nl = memchr(p, '\n', (size_t)(end - p));
                size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
                fprintf(stderr, "  %.*s\n", (int)n, p);
                p += n + (nl ? 1 : 0);
            }
        }
    } else {
        err_clear();
        err_print_exception(exc);
    }
    fprintf(stderr, "\nRemainder of file ignored\n");
}

/* The .pth files of a site directory, read as CPython's site.addpackage
 * reads them, in sorted order (names starting with '.' skipped): a line
 * starting with '#' or blank is skipped, one starting with "import " or
 * "import\t" is executed, any other names a directory (relative to the
 * site directory) appended to sys.path when it exists and is not there
 * yet. The first line that fails ends its file. */
static void add_pth_files(Value path, const char *sitedir) {
    DIR *d = opendir(sitedir);
    if (!d) return;
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || len < 4 || strcmp(e->d_name + len - 4, ".pth") != 0) continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 8;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown) break;
            names = grown;
        }
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, compare_names);
    for (size_t i = 0; i < n; i++) {
        char file[PATH_MAX];
        int fl = snprintf(file, sizeof file, "%s/%s", sitedir, names[i]);
        FILE *f = fl > 0 && (size_t)fl < sizeof file ? fopen(file, "rb") : NULL;
        size_t len = 0;
        char *text = f ? read_all(f, &len) : NULL;
        if (f) fclose(f);
        if (!text) continue;
        int lineno = 0;
        for (char *line = text, *end = text + len; line < end;) {
            /* universal newlines, as the text file site opens */
            char *eol = line;
            while (eol < end && *eol != '\n' && *eol != '\r') eol++;
            char *next = eol < end ? eol + (eol[0] == '\r' && eol + 1 < end && eol[1] == '\n' ? 2 : 1) : end;
            lineno++;
            size_t ll = (size_t)(eol - line);
            char *cur = line;
            line = next;
            if (ll && cur[0] == '#') continue;
            size_t b = 0;
            while (b < ll && isspace((unsigned char)cur[b])) b++;
            if (b == ll) continue;
            if (ll > 6 && !strncmp(cur, "import", 6) && (cur[6] == ' ' || cur[6] == '\t')) {
                CodeObject *co = compile_text(cur, ll, "<string>", COMPILE_MODULE);
                Value globals = dict_new();   /* tstate's builtins serve */
                if (!co || !eval_module_code(co, globals, VNULL)) {
                    report_pth_error(file, lineno, err_fetch());
                    break;
                }
                continue;
            }
            while (ll && isspace((unsigned char)cur[ll - 1])) ll--;
            char rel[PATH_MAX], joined[PATH_MAX];
            if (ll >= sizeof rel) continue;
            memcpy(rel, cur, ll);
            rel[ll] = 0;
            int jl = rel[0] == '/' ? snprintf(joined, sizeof joined, "%s", rel)
                                   : snprintf(joined, sizeof joined, "%s/%s", sitedir, rel);
            if (jl <= 0 || (size_t)jl >= sizeof joined) continue;
            Value entry = str_from_fs(normpath_abs(joined));
            struct stat st;
            if (!path_has(path, entry) && stat(str_data(entry), &st) == 0) list_append(path, entry);
        }
        free(text);
    }
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
}

/* A site directory that exists, then its .pth files. */
static void add_site_dir(Value path, const char *dir) {
    if (!is_dir(dir)) return;
    Value entry = str_from_fs(dir);
    if (!path_has(path, entry)) list_append(path, entry);
    add_pth_files(path, dir);
}

/* The directories Debian's site module adds, those that exist, in its
 * order, each followed by what its .pth files add: the user's
 * site-packages (PEP 370: $PYTHONUSERBASE or ~/.local, unless -s, -I or
 * PYTHONNOUSERSITE, or a setuid process), then
 * /usr/local/lib/python3.11/dist-packages (pip), Debian's pure-Python
 * packages, /usr/lib/python3.11/dist-packages. */
static void add_site_dirs(Value path) {
    char buf[PATH_MAX];
    char ver[16];
    snprintf(ver, sizeof ver, "python%d.%d", TPY_PY_MAJOR, TPY_PY_MINOR);
    if (!tpy_config.no_user_site && getuid() == geteuid() && getgid() == getegid()) {
        const char *base = getenv("PYTHONUSERBASE"), *home = getenv("HOME");
        int n = base && *base ? snprintf(buf, sizeof buf, "%s/lib/%s/site-packages", base, ver)
                : home && *home ? snprintf(buf, sizeof buf, "%s/.local/lib/%s/site-packages", home, ver)
                                : -1;
        if (n > 0 && (size_t)n < sizeof buf) add_site_dir(path, buf);
    }
    snprintf(buf, sizeof buf, "/usr/local/lib/%s/dist-packages", ver);
    add_site_dir(path, buf);
    add_site_dir(path, TPY_DIST_PACKAGES_DIR);
    snprintf(buf, sizeof buf, "/usr/lib/%s/dist-packages", ver);
    add_site_dir(path, buf);
}

/* --jit-profile-out must name a file tpy can write, checked before the
 * program runs (the log is opened when the JIT first logs). */
static int check_profile_out(const char *path) {
    FILE *f = fopen(path, "a");
    if (!f) {
        fprintf(stderr, "tpy: --jit-profile-out: cannot write '%s': [Errno %d] %s\n", path, errno, strerror(errno));
        return 2;
    }
    fclose(f);
    return 0;
}

/* tpy --jit-profile=html: once the log is complete (this runs after
 * jitev_exit, registered later, has written the last sections), a second
 * tpy turns it into the viewer's page: `tpy -m jitprof --html PAGE LOG`.
 * A child, not this process: the runtime is being torn down by now. */
static const char *viewer_log, *viewer_page;

static void write_viewer_page(void) {
    /* the child profiles nothing and logs nothing */
    unsetenv("PYPYLOG");
    unsetenv("TPY_JIT_PROFILE");
    unsetenv("TPY_JIT_PROFILE_EVENTS");
    unsetenv("TPY_JIT_PROFILE_SAMPLE");
    unsetenv("TPY_JIT_PROFILE_HZ");
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        fprintf(stderr, "tpy: --jit-profile=html: cannot find tpy to write the page; "
                        "run tpy -m jitprof --html %s %s\n", viewer_page, viewer_log);
        return;
    }
    self[n] = 0;
    fflush(NULL);
    char *args[] = {self, "-m", "jitprof", "--html", (char *)viewer_page, (char *)viewer_log, NULL};
    extern char **environ;
    pid_t pid;
    int err = posix_spawn(&pid, self, NULL, NULL, args, environ);
    if (err != 0) {
        fprintf(stderr, "tpy: --jit-profile=html: cannot run %s: %s\n", self, strerror(err));
        return;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
}

/* The page's default path: report.html in the log's directory. */
static const char *viewer_page_beside(const char *log) {
    const char *slash = strrchr(log, '/');
    if (!slash) return "report.html";
    size_t dir = (size_t)(slash - log) + 1;
    char *page = malloc(dir + sizeof "report.html");
    if (!page) return "report.html";
    memcpy(page, log, dir);
    memcpy(page + dir, "report.html", sizeof "report.html");
    return page;
}

Value import_module_source(const char *name, const char **path);   /* mod/import.c */
void sys_add_warnoption(const char *opt);                           /* mod/sys.c */
void sys_add_xoption(const char *opt);
void sys_set_orig_argv(int argc, char **argv);
void sys_set_unbuffered(void);
void sys_remake_std_streams(bool unbuffered);
extern bool sys_finalizing;

/* -m NAME: its source (and file), as CPython finds it: a dotted name's
 * packages are imported first, a package runs its __main__ submodule.
 * *package: the __package__ the code runs with, or VNULL. Reports what is
 * missing on stderr and returns VNULL. */
/* -m NAME, tpy's fast path: the source of a module or of a package's
 * __main__ that tpy's own importer finds as a file (*path), importing the
 * parents first as runpy does. VNULL when it finds none (no error set):
 * then runpy itself runs the module or reports why not, as in CPython
 * (zip archives, other importers, CPython's messages). An exception other
 * than ImportError from a parent's import goes to *uncaught (its traceback
 * is the report). */
static Value find_main_module(const char *name, const char **path, Value *package, Value *uncaught) {
    if (name[0] == '.') return VNULL;   /* runpy: "Relative module names not supported" */
    const char *dot = strrchr(name, '.');
    if (dot) {
        Value parent = str_new(name, (size_t)(dot - name));
        if (!import_name(parent, V_NONE, v_int(0), VNULL)) {
            if (err_matches(&exc_ImportError)) err_clear();
            else *uncaught = err_fetch();
            return VNULL;
        }
        *package = parent;
    }
    Value src = import_module_source(name, path);
    if (src) return src;
    /* a package with a __main__ file: import the package (its __init__
       runs first, as under runpy), then run NAME.__main__. Nothing else is
       imported here: runpy finds what this does not without running it. */
    Value main_name = str_printf("%s.__main__", name);
    const char *main_path;
    if (!import_module_source(str_data(main_name), &main_path)) return VNULL;
    Value pkg = import_name(str_from_cstr(name), V_NONE, v_int(0), VNULL);
    if (!pkg) {
        if (err_matches(&exc_ImportError)) err_clear();
        else *uncaught = err_fetch();
        return VNULL;
    }
    if (!obj_getattr_opt(pkg, str_intern_cstr("__path__")) ||
        !(src = import_module_source(str_data(main_name), path))) {
        err_clear();
        return VNULL;
    }
    *package = str_from_cstr(name);
    return src;
}

/* -m NAME the way CPython runs it: runpy._run_module_as_main, which also
 * reports what cannot be run ("No module named ...") as SystemExit */
static int run_module_with_runpy(const char *name, bool alter_argv) {
    Value runpy = import_name(str_intern_cstr("runpy"), VNULL, v_int(0), VNULL);
    Value run = runpy ? obj_getattr_cstr(runpy, "_run_module_as_main") : VNULL;
    Value a[2] = {str_from_cstr(name), alter_argv ? V_TRUE : V_FALSE};
    if (!run || !obj_call(run, a, 2, VNULL)) return exit_status_for(err_fetch());
    return 0;
}

/* -m: __main__ gets the module's spec and loader, as runpy gives them
 * (multiprocessing's spawn re-imports the main module by that name) */
static void set_main_spec(Value d, const char *name, const char *path, bool package_main) {
    Value util = import_name(str_intern_cstr("importlib.util"), tuple_pack(1, str_intern_cstr("spec_from_file_location")),
                             v_int(0), VNULL);
    Value make = util ? obj_getattr(util, str_intern_cstr("spec_from_file_location")) : VNULL;
    Value fullname = package_main ? str_printf("%s.__main__", name) : str_from_cstr(name);
    Value spec = make ? obj_call2(make, fullname, str_from_cstr(path)) : VNULL;
    Value loader = spec && spec != V_NONE ? obj_getattr(spec, str_intern_cstr("loader")) : VNULL;
    if (!loader) {
        /* a module embedded in tpy (lib/) has no file to describe: the
           program runs without a spec */
        err_clear();
        return;
    }
    dict_set_cstr(d, "__spec__", spec);
    dict_set_cstr(d, "__loader__", loader);
}

int main(int argc, char **argv) {
    prog_name = argv[0];
    Options o = {.profile_out = NULL};
    int r = parse_command_line(argc, argv, &o);
    if (r >= 0) return r;
    if (o.help) {
        if (o.help == HELP_USAGE || o.help == HELP_ALL) {
            printf(usage_line, prog_name);
            fputs(help_options, stdout);
        }
        if (o.help == HELP_ENV || o.help == HELP_ALL) fputs(help_env, stdout);
        if (o.help == HELP_XOPTIONS || o.help == HELP_ALL) fputs(help_xoptions, stdout);
        if (o.help == HELP_JIT || o.help == HELP_ALL) fputs(help_jit, stdout);
        return 0;
    }
    if (o.version) {
        if (o.version == 1) printf("Python %s\n", TPY_PY_VERSION);
        else printf("Python %s\n", TPY_SYS_VERSION);
        return 0;
    }
    if (o.jit_spec && strcmp(o.jit_spec, "help") == 0) {
        jit_params_print_help(stdout);
        return 0;
    }
    bool int_digits_from_x = false;
    for (int k = 0; k < o.nxoptions; k++) {
        if ((r = apply_xoption(o.xoptions[k])) != 0) return r;
        if (strncmp(o.xoptions[k], "int_max_str_digits", 18) == 0) int_digits_from_x = true;
    }
    char *exe = executable_path(argv[0]);
    find_exe_pth(exe);
    if (exe_pth.found) read_exe_pth_entries();
    if ((r = read_environment(int_digits_from_x)) != 0) return r;
    {
        /* LC_CTYPE from the environment, as CPython sets it at start-up
           (locale.setlocale(LC_CTYPE) reports it; the other categories stay
           "C" until the program sets them); PEP 540: the C and POSIX locales
           turn UTF-8 mode on */
        const char *loc = setlocale(LC_CTYPE, "");
        if (!utf8_chosen) tpy_config.utf8_mode = !loc || !strcmp(loc, "C") || !strcmp(loc, "POSIX");
    }
    if (o.profile_html) o.profile_mode = "html";   /* the page implies the viewer's profile */
    if (o.profile_out && !o.profile_mode) o.profile_mode = "loops";   /* the file implies the profile */
    if ((o.profile_events || o.profile_sample || o.profile_hz) && !o.profile_mode) o.profile_mode = "loops";
    if (!o.profile_out) o.profile_out = "jitprof.log";
    bool profile_to_file = false;
    if (o.profile_mode) {
        /* the profiler writes PYPYLOG sections: the events, and the tracing
           and compiling sections the report needs */
        /* html: the viewer shows bridges apart, so they are profiled */
        bool html = strcmp(o.profile_mode, "html") == 0;
        setenv("TPY_JIT_PROFILE", html ? "bridges" : o.profile_mode, 1);
        if (o.profile_events) setenv("TPY_JIT_PROFILE_EVENTS", "1", 1);
        if (o.profile_sample) setenv("TPY_JIT_PROFILE_SAMPLE", o.profile_sample, 1);
        if (o.profile_hz) setenv("TPY_JIT_PROFILE_HZ", o.profile_hz, 1);
        /* html wants the run counts of jit-backend-counts (a bridge's runs
           are its guard's failures); the other forms do without their cost */
        jitev_profile_cli = !html;
        if (getenv("PYPYLOG")) {
            fprintf(stderr, "tpy: --jit-profile: PYPYLOG is set, so it decides where the profile goes\n");
        } else {
            if ((r = check_profile_out(o.profile_out)) != 0) return r;
            char spec[4200];
            if (html) {
                /* with bodies: the listings with their machine-code offsets,
                   the code, run counts, aborts, freed loops */
                snprintf(spec, sizeof spec,
                         "jit-profile,jit-tracing,jit-optimize,jit-backend,jit-log-opt,jit-abort,"
                         "jit-disableinlining,jit-mem,jit-summary:%s", o.profile_out);
                viewer_log = o.profile_out;
                viewer_page = o.profile_html ? o.profile_html : viewer_page_beside(o.profile_out);
                /* before tpy_runtime_init registers jitev_exit: runs after it */
                atexit(write_viewer_page);
            } else {
                snprintf(spec, sizeof spec, "jit-profile,jit-tracing,jit-optimize,jit-backend:%s", o.profile_out);
                pypylog_profile_bodies_only = true;
            }
            setenv("PYPYLOG", spec, 1);
            profile_to_file = true;
        }
    }
    tpy_runtime_init(exe);
    signals_install_default();
    if (o.jit_spec) {
        const char *err;
        if (jit_params_parse(o.jit_spec, &err) < 0) {
            fprintf(stderr, "tpy: --jit '%s': error in JIT parameters string: %s; see tpy --jit help\n", o.jit_spec,
                    err);
            return 2;
        }
    }
    /* after --jit: tracing keeps the JIT off */
    if (tpy_config.tracemalloc && tracemalloc_start(tpy_config.tracemalloc) < 0) {
        Value msg = obj_str(tstate.exc);
        fprintf(stderr, "Fatal Python error: init_interp_main: can't initialize tracemalloc\n"
                        "Python runtime state: core initialized\nValueError: %s\n", msg ? str_data(msg) : "");
        return 1;
    }
    if (tpy_config.unbuffered) sys_set_unbuffered();
    sys_set_orig_argv(argc, argv);
    /* sys.warnoptions in CPython's order: -X dev, PYTHONWARNINGS, -W, -b */
    if (tpy_config.dev_mode) sys_add_warnoption("default");
    const char *envwarn = tpy_config.ignore_environment ? NULL : getenv("PYTHONWARNINGS");
    if (envwarn && *envwarn) {
        char *copy = strdup(envwarn), *save = NULL;
        for (char *w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save))
            if (*w) sys_add_warnoption(w);
    }
    for (int k = 0; k < o.nwarnoptions; k++) sys_add_warnoption(o.warnoptions[k]);
    if (tpy_config.bytes_warning) sys_add_warnoption(tpy_config.bytes_warning > 1 ? "error::BytesWarning"
                                                                                  : "default::BytesWarning");
    for (int k = 0; k < o.nxoptions; k++) sys_add_xoption(o.xoptions[k]);

    tstate.main_module = module_new_cstr("__main__");
    Value d = module_dict(tstate.main_module);
    dict_set(d, NAME(__builtins__), builtins_module);
    dict_set_cstr(d, "__annotations__", dict_new());   /* as CPython's __main__ starts */
    dict_set(tstate.sys_modules, str_intern_cstr("__main__"), tstate.main_module);
    if (!tpy_config.no_site) site_install_builtins();
    if (tpy_config.faulthandler || tpy_config.dev_mode) faulthandler_enable_at_start();

    /* sys.path: the script's directory (or '' / the current directory)
       unless -P, then PYTHONPATH */
    Value path = dict_get_cstr(module_dict(sys_module), "path");
    char *script_path = NULL, *script_src = NULL;
    bool script_dir_main = false;   /* the script is a directory's __main__ */
    size_t script_len = 0;
    enum { SCRIPT_SOURCE, SCRIPT_PYC, SCRIPT_ZIP } script_kind = SCRIPT_SOURCE;
    bool from_stdin = !o.command && !o.module && (!o.script || strcmp(o.script, "-") == 0);
    if (o.script && !from_stdin) {
        FILE *f = fopen(o.script, "rb");
        if (!f) {
            char *ap = abspath(o.script);
            fprintf(stderr, "%s: can't open file '%s': [Errno %d] %s\n", argv[0], ap, errno, strerror(errno));
            return 2;
        }
        struct stat st;
        const char *file = o.script;
        if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
            /* a directory runs its __main__.py (or, without it, __main__.pyc),
               the directory first on sys.path */
            fclose(f);
            size_t n = strlen(o.script) + sizeof "/__main__.pyc";
            char *main_py = malloc(n);
            snprintf(main_py, n, "%s/__main__.py", o.script);
            f = fopen(main_py, "rb");
            if (!f) {
                strcat(main_py, "c");
                f = fopen(main_py, "rb");
            }
            if (!f) {
                fprintf(stderr, "%s: can't find '__main__' module in '%s'\n", argv[0], abspath(o.script));
                return 1;
            }
            file = main_py;
            script_dir_main = true;
        }
        script_src = read_all(f, &script_len);
        fclose(f);
        script_path = utf8_from_fs(abspath(file));   /* as text: __file__, sys.path[0] */
        if (script_src && file == o.script && script_is_zip(script_src, script_len)) script_kind = SCRIPT_ZIP;
        else if (script_src && script_is_pyc(file, script_src, script_len)) script_kind = SCRIPT_PYC;
    }
    /* a zip archive is itself the first entry, a directory the directory:
       their __main__ module runs, so (as CPython) even -P and -I put them
       there */
    if (script_kind == SCRIPT_ZIP) list_append(path, str_from_cstr(script_path));
    else if (script_dir_main) list_append(path, str_from_cstr(dirname_of(script_path)));
    else if (!tpy_config.safe_path) {
        if (script_path) list_append(path, str_from_cstr(dirname_of(script_path)));
        else if (o.module) {
            char cwd[PATH_MAX];
            list_append(path, str_from_cstr(getcwd(cwd, sizeof cwd) ? cwd : ""));
        } else list_append(path, str_from_cstr(""));
    }
    /* a ._pth file beside the executable gives the rest */
    for (int k = 0; k < exe_pth.n; k++) list_append(path, str_from_fs(exe_pth.entries[k]));
    const char *pythonpath = tpy_config.ignore_environment ? NULL : getenv("PYTHONPATH");
    if (pythonpath && *pythonpath) {
        char *copy = strdup(pythonpath), *save = NULL;
        /* made absolute and normalized, as CPython's getpath makes them (an
           empty entry is the current directory), without the duplicates
           CPython's site then removes */
        (void)save;
        for (char *p = copy, *end; p; p = end ? end + 1 : NULL) {
            end = strchr(p, ':');
            if (end) *end = 0;
            Value entry = str_from_fs(normpath_abs(p));
            if (!path_has(path, entry)) list_append(path, entry);
        }
    }
    /* then CPython's standard library and, unless -S (CPython's site module
       adds it), Debian's pure-Python packages; lib-dynload is left out:
       CPython's extension modules cannot load into tpy */
    const char *stdlib = tpy_config.ignore_environment ? NULL : getenv("TPY_STDLIB");
    if (!exe_pth.found) list_append(path, str_from_cstr(stdlib && *stdlib ? stdlib : TPY_STDLIB_DIR));
    /* the streams first: a .pth file's code may print */
    sys_remake_std_streams(tpy_config.unbuffered);
    if (!tpy_config.no_site) add_site_dirs(path);
    /* -W options and PYTHONWARNINGS take effect as CPython's: warnings.py
       reads sys.warnoptions when imported, which start-up then does */
    Value warnoptions = dict_get_cstr(module_dict(sys_module), "warnoptions");
    if (warnoptions && list_check(warnoptions) && list_size(warnoptions) > 0 &&
        !import_name(str_intern_cstr("warnings"), VNULL, v_int(0), VNULL)) {
        err_print_exception(err_fetch());
        err_clear();
    }

    bool stdin_tty = isatty(0);
    int status = 0;
    if (o.module) {
        const char *mpath = NULL;
        Value package = VNULL;
        Value uncaught = VNULL;
        /* as CPython: a package's __init__ run while looking for the
           module sees sys.argv[0] == '-m' */
        set_argv("-m", argc, argv, o.first_arg);
        Value msrc = find_main_module(o.module, &mpath, &package, &uncaught);
        if (uncaught) {
            status = exit_status_for(uncaught);
        } else if (!msrc) {
            status = run_module_with_runpy(o.module, true);
        } else {
        set_argv(mpath, argc, argv, o.first_arg);
        dict_set(d, NAME(__file__), str_from_cstr(mpath));
        dict_set_cstr(d, "__cached__", codecache_cached_path(mpath));   /* runpy's spec.cached */
        /* runpy: the spec's parent, '' for a top-level module */
        dict_set_cstr(d, "__package__", package ? package : str_intern_cstr(""));
        set_main_spec(d, o.module, mpath, package && str_eq_cstr(package, o.module));
        status = run_main_source(str_data(msrc), (size_t)str_nbytes(msrc), mpath, o.dis, false);
        }
    } else if (o.command) {
        set_argv("-c", argc, argv, o.first_arg);
        int bad_at;
        if (lex_utf8_error(o.command, (int)strlen(o.command), &bad_at)) {
            /* CPython decodes the argument with surrogateescape and then
               cannot encode it for its parser: the same report */
            int chars = 0;
            for (int i = 0; i < bad_at; i++) chars += ((unsigned char)o.command[i] & 0xC0) != 0x80;
            sys_flush_all();
            fprintf(stderr,
                    "Unable to decode the command from the command line:\n"
                    "UnicodeEncodeError: 'utf-8' codec can't encode character '\\udc%02x' in position %d: "
                    "surrogates not allowed\n",
                    (unsigned char)o.command[bad_at], chars);
            return 1;
        }
        status = run_main_source(o.command, strlen(o.command), "<string>", o.dis, false);
    } else if (script_kind == SCRIPT_ZIP || script_dir_main) {
        /* as CPython: runpy runs the archive's or the directory's __main__
           (found through the import system: __spec__, __package__ ''),
           sys.argv[0] stays */
        set_argv(o.script, argc, argv, o.first_arg);
        status = run_module_with_runpy("__main__", false);
    } else if (script_kind == SCRIPT_PYC) {
        set_argv(o.script, argc, argv, o.first_arg);
        dict_set(d, NAME(__file__), str_from_cstr(script_path));
        dict_set_cstr(d, "__cached__", V_NONE);
        status = run_main_pyc(script_src, script_len, o.dis);
        free(script_src);
    } else if (script_path) {
        if (o.skip_first_line) {
            /* -x: the first line goes, its newline stays (line numbers hold) */
            size_t k = 0;
            while (k < script_len && script_src[k] != '\n') k++;
            memmove(script_src, script_src + k, script_len - k);
            script_len -= k;
        }
        set_argv(o.script, argc, argv, o.first_arg);
        dict_set(d, NAME(__file__), str_from_cstr(script_path));
        dict_set_cstr(d, "__cached__", V_NONE);   /* a script is never cached */
        status = run_main_source(script_src, script_len, script_path, o.dis, true);
        free(script_src);
    } else if ((stdin_tty || tpy_config.interactive) && !o.dis) {
        /* -i forces the prompt even when stdin is not a terminal */
        set_argv(o.script ? "-" : "", argc, argv, o.first_arg);
        if (!tpy_config.quiet) {
            fprintf(stderr, "Python %s on linux\n", TPY_SYS_VERSION);
            if (!tpy_config.no_site)
                fprintf(stderr, "Type \"help\", \"copyright\", \"credits\" or \"license\" for more information.\n");
        }
        run_startup_file();
        run_interactive_hook();
        status = interactive_loop();
        tpy_config.inspect = 0;
    } else {
        size_t len;
        char *src = read_all(stdin, &len);
        set_argv(o.script ? "-" : "", argc, argv, o.first_arg);
        status = run_main_source(src ? src : "", src ? len : 0, "<stdin>", o.dis, true);
    }
    if (tpy_config.inspect && (stdin_tty || tpy_config.interactive) && !o.dis) {
        /* -i: the prompt after the program, whatever it ended with; with
           PYTHONINSPECT only if stdin is a terminal (-i forces it) */
        died_by_sigint = false;
        run_interactive_hook();
        status = interactive_loop();
    }
    /* as CPython shuts down: wait for the threads that are not daemons
       (threading._shutdown), run the atexit callbacks, then keep the
       interpreter lock for good (daemon threads stay blocked), then __del__
       of what is still alive and suspended generators' close */
    /* once threading is imported, also with no thread started: its
       _register_atexit callbacks run there */
    {
        Value threading = dict_get(tstate.sys_modules, str_intern_cstr("threading"));
        Value shutdown = threading ? obj_getattr_opt(threading, str_intern_cstr("_shutdown")) : VNULL;
        if (shutdown && !obj_call(shutdown, NULL, 0, VNULL))
            err_write_unraisable(err_fetch(), NULL, threading);
        err_clear();
    }
    atexit_run_exitfuncs();
    sys_finalizing = true;
    if (gil_threads_started) gil_finalizing = true;
    gc_finalize_all();
    if (sys_flush_std_at_exit() < 0) status = 120;
    sys_flush_all();
    if (profile_to_file)
        fprintf(stderr, "tpy: JIT profile written to %s; report: tpy -m jitprof %s\n", o.profile_out, o.profile_out);
    if (died_by_sigint && status == 1) {
        fflush(NULL);
        signals_default_sigint();
        kill(getpid(), SIGINT);
        return 128 + SIGINT;   /* if SIGINT could not kill us */
    }
    return status;
}
