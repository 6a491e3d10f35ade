/* tpyopcode.c: the _tpy_opcode module, what lib/dis.py needs to read
 * tpy's bytecode: opcode names, a code object's instructions and its
 * disassembly (tpy --dis's). Offsets are code_offset()'s (obj/code.h): 2
 * per instruction, as in greenkeys and debug_merge_points. */
#include "../runtime.h"
#include "../vm/opcodes.h"

/* instructions(code) -> [(offset, opname, arg, line), ...] */
static Value m_instructions(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("instructions", kwnames) < 0 || arg_count("instructions", nargs, 1, 1) < 0) return VNULL;
    if (!code_check(args[0])) return err_format(&exc_TypeError, "instructions() argument must be code, not %T", args[0]);
    CodeObject *co = V_AS(CodeObject, args[0]);
    Value l = list_new(co->ncode);
    for (int i = 0; i < co->ncode; i++) {
        uint32_t w = co->code[i];
        list_append(l, tuple_pack(4, v_int(code_offset(i)), str_intern_cstr(opcode_names[INSTR_OP(w)]), v_int(w >> 8),
                                  v_int(code_line(co, i))));
    }
    return l;
}

/* disassemble(code) -> str: what tpy --dis prints for it */
static Value m_disassemble(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("disassemble", kwnames) < 0 || arg_count("disassemble", nargs, 1, 1) < 0) return VNULL;
    if (!code_check(args[0])) return err_format(&exc_TypeError, "disassemble() argument must be code, not %T", args[0]);
    Buf b;
    buf_init(&b, 1024);
    code_disassembly(V_AS(CodeObject, args[0]), &b);
    return str_new(b.data, b.len);
}

static const MethodDef functions[] = {
    {"instructions", m_instructions, 0, NULL},
    {"disassemble", m_disassemble, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value _tpy_opcode_module_create(void) {
    Value m = module_new_cstr("_tpy_opcode");
    module_add_functions(m, functions);
    Value names = list_new(OP__COUNT);
    for (int i = 0; i < OP__COUNT; i++) list_append(names, str_intern_cstr(opcode_names[i]));
    module_add(m, "opname", names);
    return m;
}
