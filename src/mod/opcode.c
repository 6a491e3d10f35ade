/* opcode.c: the opcode and _opcode modules, CPython's description of the
 * bytecode, here describing tpy's: the instructions of vm/opcodes.h under
 * their public numbers (code_public_op, obj/code.h), as co_code shows them.
 * The standard library's dis.py reads tpy's code objects through it.
 *
 * What differs from CPython's data, and why it is still what dis needs:
 *  - every tpy jump is absolute (hasjabs: target offset = arg * 2; hasjrel
 *    is empty), its argument in co_code being the target's code unit;
 *  - tpy has no inline caches and does not specialize: _inline_cache_entries
 *    is all zeros, _specializations, _specialized_instructions and
 *    _cache_format are empty;
 *  - BINARY_OP and JUMP_BACKWARD are listed (dis.py looks them up at import)
 *    but no tpy code contains them: tpy has one instruction per binary
 *    operator (BINARY_ADD, ...) and jumps back with JUMP_ABSOLUTE. */
#include <stdio.h>

#include "../runtime.h"
#include "../front/compiler.h"
#include "modules.h"
#include "../vm/opcodes.h"

/* _nb_ops: CPython's binary operator table, (name, symbol), in BINARY_OP's
 * argument order (what dis prints for that instruction) */
static const char *const nb_ops[][2] = {
    {"NB_ADD", "+"},          {"NB_AND", "&"},          {"NB_FLOOR_DIVIDE", "//"},
    {"NB_LSHIFT", "<<"},      {"NB_MATRIX_MULTIPLY", "@"}, {"NB_MULTIPLY", "*"},
    {"NB_REMAINDER", "%"},    {"NB_OR", "|"},           {"NB_POWER", "**"},
    {"NB_RSHIFT", ">>"},      {"NB_SUBTRACT", "-"},     {"NB_TRUE_DIVIDE", "/"},
    {"NB_XOR", "^"},
};

static bool is_local_op(int op) { return op == OP_LOAD_FAST || op == OP_STORE_FAST || op == OP_DELETE_FAST; }
static bool is_free_op(int op) {
    return op == OP_LOAD_DEREF || op == OP_STORE_DEREF || op == OP_DELETE_DEREF || op == OP_LOAD_CLOSURE ||
           op == OP_LOAD_CLASSDEREF;
}

/* stack_effect(opcode, oparg=None, /, *, jump=None): tpy's compiler's own
 * stack effects (op_stack_effect), with CPython's checks and messages. */
static const ArgSpec stack_effect_spec = {"stack_effect", 2, 1, 1, {"opcode", "oparg=None", "jump=None", NULL}};
static Value m_stack_effect(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&stack_effect_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t p = obj_index_i64(a[0]);
    if (p == -1 && err_occurred()) return VNULL;
    int jump = -1;   /* None: the larger of both ways */
    if (a[2] && a[2] != V_NONE) {
        if (a[2] == V_TRUE) jump = 1;
        else if (a[2] == V_FALSE) jump = 0;
        else return err_set(&exc_ValueError, "stack_effect: jump must be False, True or None");
    }
    bool has_oparg = a[1] && a[1] != V_NONE;
    int64_t oparg = 0;
    if (p >= code_pubop_have_argument) {
        if (!has_oparg) return err_set(&exc_ValueError, "stack_effect: opcode requires oparg but oparg was not specified");
        oparg = obj_index_i64(a[1]);
        if (oparg == -1 && err_occurred()) return VNULL;
    } else if (has_oparg) {
        return err_set(&exc_ValueError, "stack_effect: opcode does not permit oparg but oparg was specified");
    }
    if (p == PUBOP_CACHE || p == code_pubop_extended_arg || p == code_pubop_jump_backward) return v_int(0);
    if (p == code_pubop_binary_op) return v_int(-1);
    int op = code_private_op((int)(p >= 0 && p < 256 ? p : -1));
    if (op < 0 || oparg < 0 || oparg > INSTR_ARG_MAX) return err_set(&exc_ValueError, "invalid opcode or oparg");
    int taken = op_stack_effect(op, (int)oparg, 1), fall = op_stack_effect(op, (int)oparg, 0);
    return v_int(jump == 1 ? taken : jump == 0 ? fall : taken > fall ? taken : fall);
}

static const MethodDef functions[] = {
    {"stack_effect", m_stack_effect, MF_KEYWORDS, "Compute the stack effect of the opcode.", &stack_effect_spec},
    {NULL, NULL, 0, NULL, NULL},
};

Value _opcode_module_create(void) {
    Value m = module_new_cstr("_opcode");
    module_add_functions(m, functions);
    return m;
}

static void add_op(Value opname, Value opmap, int p, const char *name) {
    Value s = str_intern_cstr(name);
    list_items(opname)[p] = s;
    dict_set(opmap, s, v_int(p));
}

Value opcode_module_create(void) {
    Value m = module_new_cstr("opcode");
    /* the same function object as _opcode's, as CPython's `from _opcode import` */
    Value opc = import_name(str_intern_cstr("_opcode"), V_NONE, v_int(0), VNULL);
    if (!opc) return VNULL;
    Value se = obj_getattr_cstr(opc, "stack_effect");
    if (!se) return VNULL;
    module_add(m, "stack_effect", se);

    Value opname = list_new(256), opmap = dict_new();
    char buf[16];
    for (int p = 0; p < 256; p++) {
        snprintf(buf, sizeof buf, "<%d>", p);
        list_append(opname, str_from_cstr(buf));
    }
    add_op(opname, opmap, PUBOP_CACHE, "CACHE");
    Value hasconst = list_new(0), hasname = list_new(0), hasjabs = list_new(0), haslocal = list_new(0),
          hascompare = list_new(0), hasfree = list_new(0);
    for (int op = 0; op < OP__COUNT; op++) {
        int p = code_public_op(op);
        add_op(opname, opmap, p, opcode_names[op]);
        unsigned char f = opcode_flags[op];
        Value pv = v_int(p);
        if (op == OP_LOAD_CONST) list_append(hasconst, pv);
        if (f & (OPF_NAME | OPF_CACHE)) list_append(hasname, pv);
        if (f & OPF_JUMP) list_append(hasjabs, pv);
        if (is_local_op(op)) list_append(haslocal, pv);
        if (op == OP_COMPARE_OP) list_append(hascompare, pv);
        if (is_free_op(op)) list_append(hasfree, pv);
    }
    add_op(opname, opmap, code_pubop_extended_arg, "EXTENDED_ARG");
    add_op(opname, opmap, code_pubop_binary_op, "BINARY_OP");
    add_op(opname, opmap, code_pubop_jump_backward, "JUMP_BACKWARD");

    Value cmp = tuple_new(CMP__COUNT);
    for (int i = 0; i < CMP__COUNT; i++) V_AS(TupleObject, cmp)->items[i] = str_intern_cstr(cmpop_symbols[i]);
    module_add(m, "cmp_op", cmp);
    module_add(m, "hasconst", hasconst);
    module_add(m, "hasname", hasname);
    module_add(m, "hasjrel", list_new(0));
    module_add(m, "hasjabs", hasjabs);
    module_add(m, "haslocal", haslocal);
    module_add(m, "hascompare", hascompare);
    module_add(m, "hasfree", hasfree);
    module_add(m, "hasnargs", list_new(0));   /* unused in 3.11 too */
    module_add(m, "opname", opname);
    module_add(m, "opmap", opmap);
    module_add(m, "HAVE_ARGUMENT", v_int(code_pubop_have_argument));
    module_add(m, "EXTENDED_ARG", v_int(code_pubop_extended_arg));

    Value nb = list_new(0);
    for (size_t i = 0; i < sizeof nb_ops / sizeof nb_ops[0]; i++) {
        list_append(nb, tuple_pack(2, str_from_cstr(nb_ops[i][0]), str_from_cstr(nb_ops[i][1])));
    }
    /* then the in-place forms, in the same order */
    for (size_t i = 0; i < sizeof nb_ops / sizeof nb_ops[0]; i++) {
        Value name = str_printf("NB_INPLACE_%s", nb_ops[i][0] + 3), sym = str_printf("%s=", nb_ops[i][1]);
        list_append(nb, tuple_pack(2, name, sym));
    }
    module_add(m, "_nb_ops", nb);
    Value caches = list_new(256);
    for (int p = 0; p < 256; p++) list_append(caches, v_int(0));
    module_add(m, "_inline_cache_entries", caches);
    module_add(m, "_specializations", dict_new());
    module_add(m, "_specialized_instructions", list_new(0));
    module_add(m, "_cache_format", dict_new());

    static const char *const all[] = {"cmp_op", "hasconst", "hasname", "hasjrel", "hasjabs", "haslocal",
                                      "hascompare", "hasfree", "opname", "opmap", "HAVE_ARGUMENT",
                                      "EXTENDED_ARG", "hasnargs", "stack_effect"};
    Value allv = list_new(0);
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) list_append(allv, str_intern_cstr(all[i]));
    module_add(m, "__all__", allv);
    return m;
}
