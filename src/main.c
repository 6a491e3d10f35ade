/* main.c: the tpy command line. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <editline/readline.h>

#include "front/compiler.h"
#include "jit/params.h"
#include "runtime.h"
#include "vm/pending.h"
#include "introspect/jitevents.h"
#include "introspect/profiler.h"
#include "introspect/pypylog.h"
#include "vm/traceback.h"

void tpy_runtime_init(const char *executable);
void sys_set_argv(int argc, char **argv);
void sys_flush_all(void);
extern Value sys_module, builtins_module;

#define TPY_VERSION "0.1.0"

static const char usage_text[] =
    "usage: tpy [option] ... [-c cmd | file | -] [arg] ...\n"
    "Options:\n"
    "-c cmd     : program passed in as string (terminates option list)\n"
    "-h         : print this help message and exit (also -? or --help)\n"
    "-i         : inspect interactively after running script\n"
    "-u         : unbuffered stdout and stderr\n"
    "-B, -E, -s, -S, -O : accepted for compatibility, no effect\n"
    "-V         : print the version number and exit (also --version)\n"
    "--jit ARG  : JIT options, PyPy's syntax: 'off', 'help', or a comma-separated\n"
    "             list of NAME=VALUE (e.g. threshold=200,trace_eagerness=50)\n"
    "--dis      : print the compiled bytecode of the program and exit\n"
    "--jit-profile[=loops|bridges] : record the time spent in each compiled loop\n"
    "             (and, with 'bridges', in each bridge) into a PYPYLOG file\n"
    "--jit-profile-out FILE : that file (default jitprof.log); its report:\n"
    "             tpy -m jitprof FILE\n"
    "--jit-profile-events : write every entry and exit as its own section (the\n"
    "             seed's format; large logs) instead of per-batch summaries\n"
    "--jit-profile-sample N : time one in about N transitions of compiled code\n"
    "             and estimate the others' split (default 1024); 1 times them all\n"
    "-m mod     : run library module as a script (terminates option list)\n"
    "file       : program read from script file\n"
    "-          : program read from stdin (default; interactive mode if a tty)\n"
    "arg ...    : arguments passed to program in sys.argv[1:]\n"
    "\n"
    "Environment variables:\n"
    "PYPYLOG    : JIT logging, PyPy's syntax (e.g. PYPYLOG=jit-log-opt:log.txt)\n"
    "TPY_JIT_PROFILE : loops or bridges, the profiler's mode when PYPYLOG selects\n"
    "             jit-profile\n"
    "TPY_JIT_PROFILE_EVENTS : 1 to log every profiler event (--jit-profile-events), 0 for\n"
    "    summaries (default: PYPYLOG=jit-profile-enter,jit-profile-exit:FILE gives every\n"
    "    event, PYPYLOG=jit-profile:FILE summaries)\n"
    "TPY_JIT_PROFILE_SAMPLE : N, as --jit-profile-sample\n";

void signals_install_default(void);   /* mod/signal.c */
void signals_default_sigint(void);

/* An uncaught KeyboardInterrupt: the process dies by SIGINT after the
 * traceback and the shutdown, as CPython's does, so that a shell sees it
 * was interrupted (status 130) and stops a script it runs. */
static bool died_by_sigint;

static int exit_status_for(Value exc) {
    if (type_is_subtype(type_of(exc), &exc_SystemExit)) {
        sys_flush_all();
        return err_system_exit_status(exc);
    }
    if (type_is_subtype(type_of(exc), &exc_KeyboardInterrupt)) died_by_sigint = true;
    /* sys.excepthook(type, value, tb) */
    sys_flush_all();
    Value hook = dict_get_cstr(module_dict(sys_module), "excepthook");
    ExcObject *e = V_AS(ExcObject, exc);
    if (hook) {
        Value a[3] = {V_FROM_PTR(type_of(exc)), exc, e->traceback ? e->traceback : V_NONE};
        if (!obj_call(hook, a, 3, VNULL)) {
            Value e2 = err_fetch();
            fprintf(stderr, "Error in sys.excepthook:\n");
            err_print_exception(e2);
            fprintf(stderr, "\nOriginal exception was:\n");
            err_print_exception(exc);
        }
    } else {
        err_print_exception(exc);
    }
    return 1;
}

/* Run source as __main__; returns the process exit status. */
static int run_main_source(const char *src, size_t len, const char *filename, bool dis) {
    Value main_mod = tstate.main_module;
    Value d = module_dict(main_mod);
    if (filename[0] != '<') traceback_register_source(str_from_cstr(filename), src, len);
    CodeObject *co = compile_source(src, len, filename, COMPILE_MODULE);
    if (!co) {
        Value exc = err_fetch();
        return exit_status_for(exc);
    }
    if (dis) {
        code_disassemble(co, stdout);
        return 0;
    }
    (void)d;
    Value r = eval_module_code(co, d, VNULL);
    if (!r) {
        Value exc = err_fetch();
        return exit_status_for(exc);
    }
    return 0;
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

static char *dirname_of(const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash) return strdup("");
    if (slash == path) return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

/* ---- the interactive prompt ------------------------------------------------------------ */

static int interactive_loop(void) {
    fprintf(stderr, "tpy %s (Python 3.11 compatible, tracing JIT)\n"
                    "Type \"help\", \"copyright\", \"credits\" or \"license\" for more information.\n",
            TPY_VERSION);
    Value d = module_dict(tstate.main_module);
    Buf src;
    for (;;) {
        buf_init(&src, 256);
        bool first = true;
        CodeObject *co = NULL;
        for (;;) {
            sys_flush_all();
            char *line = readline(first ? ">>> " : "... ");
            if (!line && pending()) {
                /* Ctrl-C interrupted the read: drop the input, as CPython */
                if (pending_run() < 0) {
                    Value exc = err_fetch();
                    if (type_is_subtype(type_of(exc), &exc_SystemExit)) return exit_status_for(exc);
                    fputc('\n', stderr);
                    err_print_exception(exc);
                }
                buf_init(&src, 256);
                first = true;
                continue;
            }
            if (!line) {
                if (first) {
                    fputc('\n', stderr);
                    return 0;
                }
                fputc('\n', stderr);
                break;
            }
            if (*line) add_history(line);
            buf_puts(&src, line);
            buf_putc(&src, '\n');
            free(line);
            SyntaxErrorInfo info;
            memset(&info, 0, sizeof info);
            Module *m = parse_source(src.data, src.len, "<stdin>", PARSE_SINGLE, &info);
            if (!m && info.incomplete) {
                first = false;
                continue;
            }
            co = compile_source(src.data, src.len, "<stdin>", COMPILE_INTERACTIVE);
            break;
        }
        if (!co) {
            if (err_occurred()) {
                Value exc = err_fetch();
                if (type_is_subtype(type_of(exc), &exc_SystemExit)) return exit_status_for(exc);
                err_print_exception(exc);
            }
            continue;
        }
        Value r = eval_module_code(co, d, VNULL);
        if (!r) {
            Value exc = err_fetch();
            if (type_is_subtype(type_of(exc), &exc_SystemExit)) return exit_status_for(exc);
            sys_flush_all();
            err_print_exception(exc);
        }
    }
}

Value import_module_source(const char *name, const char **path);   /* mod/import.c */

int main(int argc, char **argv) {
    const char *command = NULL, *script = NULL;
    bool dis = false, inspect = false;
    int i = 1;
    const char *jit_spec = NULL;
    const char *profile_mode = NULL, *profile_out = "jitprof.log", *profile_sample = NULL, *module = NULL;
    bool profile_events = false;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-c") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "Argument expected for the -c option\n%s", usage_text);
                return 2;
            }
            command = argv[++i];
            i++;
            break;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0 || strcmp(a, "-?") == 0) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strcmp(a, "-V") == 0 || strcmp(a, "--version") == 0) {
            printf("tpy %s (Python 3.11 compatible)\n", TPY_VERSION);
            return 0;
        } else if (strcmp(a, "--jit") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "Argument expected for the --jit option\n");
                return 2;
            }
            jit_spec = argv[++i];
            if (strcmp(jit_spec, "help") == 0) {
                jit_params_print_help(stdout);
                return 0;
            }
        } else if (strncmp(a, "--jit=", 6) == 0) {
            jit_spec = a + 6;
        } else if (strcmp(a, "--dis") == 0) {
            dis = true;
        } else if (strcmp(a, "--jit-profile") == 0 || strncmp(a, "--jit-profile=", 14) == 0) {
            profile_mode = a[13] == '=' ? a + 14 : "loops";
            if (strcmp(profile_mode, "loops") != 0 && strcmp(profile_mode, "bridges") != 0) {
                fprintf(stderr, "tpy: --jit-profile takes 'loops' or 'bridges', not '%s'\n", profile_mode);
                return 2;
            }
        } else if (strcmp(a, "--jit-profile-events") == 0) {
            profile_events = true;
            if (!profile_mode) profile_mode = "loops";
        } else if (strcmp(a, "--jit-profile-sample") == 0 || strncmp(a, "--jit-profile-sample=", 21) == 0) {
            const char *n = a[20] == '=' ? a + 21 : i + 1 < argc ? argv[++i] : NULL;
            char *end = NULL;
            long v = n ? strtol(n, &end, 10) : 0;
            if (!n || !*n || *end || v < 1 || v > PROF_MAX_SAMPLE) {
                fprintf(stderr, "tpy: --jit-profile-sample takes a whole number from 1 to %d%s%s%s\n",
                        PROF_MAX_SAMPLE, n ? ", not '" : "", n ? n : "", n ? "'" : "");
                return 2;
            }
            profile_sample = n;
            if (!profile_mode) profile_mode = "loops";
        } else if (strcmp(a, "--jit-profile-out") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "Argument expected for the --jit-profile-out option\n");
                return 2;
            }
            profile_out = argv[++i];
        } else if (strcmp(a, "-m") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "Argument expected for the -m option\n%s", usage_text);
                return 2;
            }
            module = argv[++i];
            i++;
            break;
        } else if (strcmp(a, "-i") == 0) {
            inspect = true;
        } else if (strcmp(a, "-u") == 0 || strcmp(a, "-B") == 0 || strcmp(a, "-E") == 0 || strcmp(a, "-s") == 0 ||
                   strcmp(a, "-S") == 0 || strcmp(a, "-O") == 0) {
            /* accepted, no effect */
        } else if (strcmp(a, "-") == 0) {
            script = "-";
            i++;
            break;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "Unknown option: %s\n%s", a, usage_text);
            return 2;
        } else {
            script = a;
            i++;
            break;
        }
    }
    if (profile_mode) {
        /* the profiler writes PYPYLOG sections: the events, and the tracing
           and compiling sections the report needs */
        setenv("TPY_JIT_PROFILE", profile_mode, 1);
        if (profile_events) setenv("TPY_JIT_PROFILE_EVENTS", "1", 1);
        if (profile_sample) setenv("TPY_JIT_PROFILE_SAMPLE", profile_sample, 1);
        jitev_profile_cli = true;
        if (getenv("PYPYLOG")) {
            fprintf(stderr, "tpy: --jit-profile: PYPYLOG is set, so it decides where the profile goes\n");
        } else {
            char spec[4200];
            snprintf(spec, sizeof spec, "jit-profile,jit-tracing,jit-optimize,jit-backend:%s", profile_out);
            setenv("PYPYLOG", spec, 1);
            pypylog_profile_bodies_only = true;
        }
    }
    tpy_runtime_init(argv[0]);
    signals_install_default();
    if (jit_spec) {
        const char *err;
        if (jit_params_parse(jit_spec, &err) < 0) {
            fprintf(stderr, "tpy: --jit '%s': error in JIT parameters string: %s; see tpy --jit help\n", jit_spec, err);
            return 2;
        }
    }
    tstate.main_module = module_new_cstr("__main__");
    Value d = module_dict(tstate.main_module);
    dict_set(d, NAME(__builtins__), builtins_module);
    dict_set(tstate.sys_modules, str_intern_cstr("__main__"), tstate.main_module);
    Value path = dict_get_cstr(module_dict(sys_module), "path");
    int status = 0;
    if (module) {
        const char *mpath = NULL;
        list_append(path, str_from_cstr(""));
        Value msrc = import_module_source(module, &mpath);
        if (!msrc) {
            fprintf(stderr, "%s: No module named %s\n", argv[0], module);
            return 1;
        }
        char **sa = malloc(sizeof(char *) * (size_t)(argc - i + 2));
        int na = 0;
        sa[na++] = (char *)mpath;
        for (; i < argc; i++) sa[na++] = argv[i];
        sys_set_argv(na, sa);
        dict_set(d, NAME(__file__), str_from_cstr(mpath));
        status = run_main_source(str_data(msrc), (size_t)str_nbytes(msrc), mpath, dis);
    } else if (command) {
        char *sa[64];
        int na = 0;
        sa[na++] = "-c";
        for (; i < argc && na < 63; i++) sa[na++] = argv[i];
        sys_set_argv(na, sa);
        list_append(path, str_from_cstr(""));
        status = run_main_source(command, strlen(command), "<string>", dis);
    } else if (script && strcmp(script, "-") != 0) {
        FILE *f = fopen(script, "rb");
        if (!f) {
            char *ap = abspath(script);
            fprintf(stderr, "%s: can't open file '%s': [Errno %d] %s\n", argv[0], ap, errno, strerror(errno));
            return 2;
        }
        struct stat st;
        if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
            fclose(f);
            char *ap = abspath(script);
            fprintf(stderr, "%s: can't find '__main__' module in '%s'\n", argv[0], ap);
            return 1;
        }
        size_t len;
        char *src = read_all(f, &len);
        fclose(f);
        char **sa = malloc(sizeof(char *) * (size_t)(argc - i + 2));
        int na = 0;
        sa[na++] = (char *)script;
        for (; i < argc; i++) sa[na++] = argv[i];
        sys_set_argv(na, sa);
        char *ap = abspath(script);
        char *dir = dirname_of(ap);
        list_append(path, str_from_cstr(dir));
        dict_set(d, NAME(__file__), str_from_cstr(ap));
        status = run_main_source(src, len, ap, dis);
        free(src);
    } else if (isatty(0) && !dis) {
        char *sa[1] = {""};
        sys_set_argv(1, sa);
        list_append(path, str_from_cstr(""));
        status = interactive_loop();
        inspect = false;
    } else {
        size_t len;
        char *src = read_all(stdin, &len);
        char *sa[64];
        int na = 0;
        sa[na++] = script ? "-" : "";
        for (; i < argc && na < 63; i++) sa[na++] = argv[i];
        sys_set_argv(na, sa);
        list_append(path, str_from_cstr(""));
        status = run_main_source(src ? src : "", src ? len : 0, "<stdin>", dis);
    }
    if (inspect && isatty(0)) status = interactive_loop();
    /* as CPython does at shutdown: __del__ of what is still alive, close
       suspended generators */
    gc_finalize_all();
    sys_flush_all();
    if (profile_mode && !getenv("PYPYLOG"))
        fprintf(stderr, "tpy: JIT profile written to %s; report: tpy -m jitprof %s\n", profile_out, profile_out);
    if (died_by_sigint && status == 1) {
        fflush(NULL);
        signals_default_sigint();
        kill(getpid(), SIGINT);
        return 128 + SIGINT;   /* if SIGINT could not kill us */
    }
    return status;
}
