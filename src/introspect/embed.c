/* embed.c: the embedding API (include/tpy.h) and its C hooks. */
#include "../../include/tpy.h"

#include <stdio.h>
#include <string.h>

#include "../front/compiler.h"
#include "../jit/params.h"
#include "../runtime.h"
#include "../vm/traceback.h"
#include "hooks.h"
#include "jitevents.h"
#include "pypyform.h"

void tpy_runtime_init(const char *executable);
void sys_set_argv(int argc, char **argv);
void sys_flush_all(void);
extern Value builtins_module;

struct tpy_vm {
    tpy_compile_hook compile;
    void *compile_data;
    tpy_abort_hook abort;
    void *abort_data;
    tpy_trace_too_long_hook too_long;
    void *too_long_data;
    tpy_optimize_hook optimize;
    void *optimize_data;
};

static tpy_vm the_vm;
static bool vm_made;

tpy_vm *tpy_new(const char *program_name) {
    if (vm_made) return NULL;
    vm_made = true;
    tpy_runtime_init(program_name ? program_name : "tpy");
    tstate.main_module = module_new_cstr("__main__");
    Value d = module_dict(tstate.main_module);
    dict_set(d, NAME(__builtins__), builtins_module);
    dict_set(tstate.sys_modules, str_intern_cstr("__main__"), tstate.main_module);
    char *argv[1] = {""};
    sys_set_argv(1, argv);
    return &the_vm;
}

int tpy_run_string(tpy_vm *vm, const char *source, const char *filename) {
    (void)vm;
    size_t len = strlen(source);
    traceback_register_source(str_from_cstr(filename), source, len);
    CodeObject *co = compile_source(source, len, filename, COMPILE_MODULE);
    Value r = co ? eval_module_code(co, module_dict(tstate.main_module), VNULL) : VNULL;
    sys_flush_all();
    if (r) return 0;
    Value exc = err_fetch();
    if (type_is_subtype(type_of(exc), &exc_SystemExit)) return err_system_exit_status(exc);
    err_print_exception(exc);
    return 1;
}

int tpy_set_jit_params(tpy_vm *vm, const char *spec) {
    (void)vm;
    const char *err;
    return jit_params_parse(spec, &err);
}

void tpy_free(tpy_vm *vm) {
    (void)vm;
    sys_flush_all();
    jitev_exit();
}

void tpy_set_compile_hook(tpy_vm *vm, tpy_compile_hook hook, void *data) {
    vm->compile = hook;
    vm->compile_data = data;
}
void tpy_set_abort_hook(tpy_vm *vm, tpy_abort_hook hook, void *data) {
    vm->abort = hook;
    vm->abort_data = data;
}
void tpy_set_trace_too_long_hook(tpy_vm *vm, tpy_trace_too_long_hook hook, void *data) {
    vm->too_long = hook;
    vm->too_long_data = data;
}
void tpy_set_optimize_hook(tpy_vm *vm, tpy_optimize_hook hook, void *data) {
    vm->optimize = hook;
    vm->optimize_data = data;
}

long long tpy_jit_counter(tpy_vm *vm, const char *name) {
    (void)vm;
    for (int i = 0; i < CNT__COUNT; i++)
        if (strcmp(jit_counter_names[i], name) == 0) return (long long)jit.counters[i];
    return -1;
}

/* ---- the hooks ------------------------------------------------------------------------- */

bool chooks_any(void) {
    return vm_made && (the_vm.compile || the_vm.abort || the_vm.too_long || the_vm.optimize);
}

static tpy_greenkey greenkey_of(CodeObject *co, int32_t pc) {
    tpy_greenkey k = {str_data(co->name), str_data(co->filename), co->firstlineno, jitev_offset(co, pc), 0};
    return k;
}

/* The operations of b as tpy_jit_op (GC memory, alive during the call). */
static tpy_jit_op *make_ops(const IRBuf *b, const int32_t *offsets, int *n_out) {
    tpy_jit_op *ops = gc_alloc(sizeof(tpy_jit_op) * (size_t)(b->nops + 1));
    int n = 0;
    Buf text;
    for (int i = 0; i < b->nops; i++) {
        const IROp *op = &b->ops[i];
        if (op->opcode == IR_inputarg_i || op->opcode == IR_inputarg_f || op->opcode == IR_inputarg_r) continue;
        tpy_jit_op *o = &ops[n++];
        buf_init(&text, 96);
        pypyform_format_op(b, i, &text);
        o->repr = text.data;
        o->name = pypyform_name(op);
        o->offset = offsets ? offsets[i] : -1;
        if (op->opcode == IR_debug_merge_point && op->descr) {
            const PosDescr *p = (const PosDescr *)op->descr;
            o->kind = TPY_OP_DEBUG_MERGE_POINT;
            o->offset = -1;
            o->call_depth = p->call_depth;
            o->call_id = p->call_id;
            o->greenkey = greenkey_of(p->code, p->pc);
        } else if (irop_is_guard(op->opcode)) {
            o->kind = TPY_OP_GUARD;
            if (op->descr && op->descr->kind == DESCR_GUARD) o->guard_hash = ((GuardDescr *)op->descr)->id;
        }
    }
    *n_out = n;
    return ops;
}

void chooks_abort(AbortReason reason, CodeObject *code, int32_t pc, GuardDescr *g, const IRBuf *ops) {
    HookScope sc;
    if (!the_vm.abort || !hook_enter(&sc)) return;
    int n;
    tpy_jit_op *o = make_ops(ops, NULL, &n);
    tpy_greenkey k;
    if (code && !g) k = greenkey_of(code, pc);
    the_vm.abort("pypyjit", code && !g ? &k : NULL, abort_names[reason], n, o, the_vm.abort_data);
    hook_leave(&sc);
}

void chooks_too_long(CodeObject *code, int32_t pc) {
    HookScope sc;
    if (!the_vm.too_long || !hook_enter(&sc)) return;
    tpy_greenkey k = greenkey_of(code, pc);
    the_vm.too_long("pypyjit", &k, the_vm.too_long_data);
    hook_leave(&sc);
}

void chooks_compiled(Trace *t) {
    HookScope sc;
    if (!the_vm.compile || !hook_enter(&sc)) return;
    tpy_jit_loop_info info;
    memset(&info, 0, sizeof info);
    tpy_greenkey k;
    info.jitdriver_name = "pypyjit";
    info.type = jitev_kind_name(t->kind);
    if (t->kind != TRACE_BRIDGE) {
        k = greenkey_of(t->code, t->pc);
        info.greenkey = &k;
    }
    info.loop_no = jitev_loop_no(t);
    info.bridge_no = t->kind == TRACE_BRIDGE ? (long)t->number : -1;
    info.asmaddr = (uintptr_t)t->mcode;
    info.asmlen = t->mcode_len;
    info.ops = make_ops(&t->ir, t->op_offsets, &info.nops);
    the_vm.compile(&info, the_vm.compile_data);
    hook_leave(&sc);
}

void chooks_optimize(Trace *t) {
    HookScope sc;
    if (!the_vm.optimize || !hook_enter(&sc)) return;
    int n;
    tpy_jit_op *o = make_ops(&t->ir, NULL, &n);
    tpy_greenkey k;
    if (t->kind != TRACE_BRIDGE) k = greenkey_of(t->code, t->pc);
    const char *const *lines =
        the_vm.optimize("pypyjit", jitev_kind_name(t->kind), t->kind != TRACE_BRIDGE ? &k : NULL,
                        t->kind == TRACE_BRIDGE ? (long)t->number : -1, n, o, the_vm.optimize_data);
    if (lines) {
        int nl = 0;
        while (lines[nl]) nl++;
        const char *err = NULL;
        struct OpsReplacement *r = jitev_parse_ops(t, lines, nl, &err);
        if (r) {
            jitev_apply_ops(t, r);
        } else {
            sys_flush_all();
            fprintf(stderr, "tpy: the optimize hook returned invalid operations (the trace is kept): %s\n", err);
        }
    }
    hook_leave(&sc);
}
