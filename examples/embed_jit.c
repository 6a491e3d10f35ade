/* embed_jit.c: a C program that embeds tpy and watches its JIT through
 * the C hooks of include/tpy.h -- the same events pypyjit's Python hooks
 * see. Built by `make examples`; `make check` runs it and compares its
 * output with embed_jit.expected.
 */
#include <stdio.h>
#include <string.h>

#include "tpy.h"

/* What the hooks saw, printed after the program ran (the program's own
 * output goes through tpy's sys.stdout). */
static char events[8192];
#define EVENT(...) snprintf(events + strlen(events), sizeof events - strlen(events), __VA_ARGS__)

static int ncompiled;

static void on_compile(const tpy_jit_loop_info *info, void *data) {
    (void)data;
    int guards = 0, dmps = 0, offsets_ok = 1;
    for (int i = 0; i < info->nops; i++) {
        const tpy_jit_op *op = &info->ops[i];
        if (op->kind == TPY_OP_GUARD) guards++;
        if (op->kind == TPY_OP_DEBUG_MERGE_POINT) dmps++;
        else if (op->offset < 0 || (size_t)op->offset >= info->asmlen) offsets_ok = 0;
    }
    ncompiled++;
    EVENT("compiled %s '%s' of %s() at offset %d: ops %s, guards %s, bytecodes %s, code %s, offsets %s\n",
           info->jitdriver_name, info->type, info->greenkey ? info->greenkey->co_name : "?",
           info->greenkey ? info->greenkey->offset : -1, info->nops > 0 ? "yes" : "no", guards ? "yes" : "no",
           dmps ? "yes" : "no", info->asmaddr && info->asmlen ? "yes" : "no", offsets_ok ? "ok" : "BAD");
}

static void on_abort(const char *jd, const tpy_greenkey *gk, const char *reason, int nops, const tpy_jit_op *ops,
                     void *data) {
    (void)ops;
    (void)data;
    if (strcmp(reason, "ABORT_TOO_LONG") != 0) return;   /* others depend on the recorder */
    EVENT("aborted %s trace of %s(): %s, %s operations recorded\n", jd, gk ? gk->co_name : "?", reason,
           nops > 0 ? "some" : "no");
}

static void on_too_long(const char *jd, const tpy_greenkey *gk, void *data) {
    (void)data;
    EVENT("too long (%s): %s() at offset %d will not be inlined\n", jd, gk->co_name, gk->offset);
}

/* Drops the debug_merge_points of loops in `slim`, keeps the rest. */
static const char *lines[4096];
static const char *const *on_optimize(const char *jd, const char *type, const tpy_greenkey *gk, long guard,
                                      int nops, const tpy_jit_op *ops, void *data) {
    (void)jd;
    (void)type;
    (void)guard;
    (void)data;
    if (!gk || strcmp(gk->co_name, "slim") != 0 || nops >= 4096) return NULL;
    int n = 0;
    for (int i = 0; i < nops; i++)
        if (ops[i].kind != TPY_OP_DEBUG_MERGE_POINT) lines[n++] = ops[i].repr;
    lines[n] = NULL;
    EVENT("optimize hook: slim() without its debug_merge_points (%s)\n", nops > n ? "some" : "none");
    return lines;
}

static const char program[] =
    "def f(n):\n"
    "    s = 0\n"
    "    for i in range(n):\n"
    "        s += i * 2\n"
    "    return s\n"
    "print('f ->', f(20000))\n"
    "def slim(n):\n"
    "    s = 0\n"
    "    for i in range(n):\n"
    "        s += i % 3\n"
    "    return s\n"
    "print('slim ->', slim(20000))\n"
    "def huge(i):\n"
    "    t = 0\n"
    "    t += i*1; t += i*2; t += i*3; t += i*4; t += i*5; t += i*6; t += i*7; t += i*8\n"
    "    t += i*1; t += i*2; t += i*3; t += i*4; t += i*5; t += i*6; t += i*7; t += i*8\n"
    "    t += i*1; t += i*2; t += i*3; t += i*4; t += i*5; t += i*6; t += i*7; t += i*8\n"
    "    return t\n"
    "def caller(n):\n"
    "    s = 0\n"
    "    for i in range(n):\n"
    "        s += huge(i)\n"
    "    return s\n"
    "print('caller ->', caller(3000))\n";

int main(void) {
    tpy_vm *vm = tpy_new("embed_jit");
    if (!vm) return 1;
    tpy_set_compile_hook(vm, on_compile, NULL);
    tpy_set_abort_hook(vm, on_abort, NULL);
    tpy_set_trace_too_long_hook(vm, on_too_long, NULL);
    tpy_set_optimize_hook(vm, on_optimize, NULL);
    tpy_set_jit_params(vm, "trace_limit=120");
    int status = tpy_run_string(vm, program, "<embedded>");
    fputs(events, stdout);
    printf("status %d, loops compiled: %s, TOTAL_COMPILED_LOOPS matches: %s\n", status, ncompiled >= 2 ? "2+" : "few",
           tpy_jit_counter(vm, "TOTAL_COMPILED_LOOPS") == ncompiled ? "yes" : "no");
    tpy_free(vm);
    return status;
}
