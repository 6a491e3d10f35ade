/* pypyform.h: operations as logs and hooks write them, in PyPy's
 * vocabulary (the table is IROP_PYPY_DEF in jit/ir.h).
 *
 * Every writer of operations for others to read (PYPYLOG, the pypyjit
 * hooks' ResOperation, the embedding API's tpy_jit_op) goes through
 * pypyform_format_op() and pypyform_name(); the optimize hook's parser
 * (opparse.c) reads the same text back with pypyform_decode().
 * TPY_JITDUMP (ir_print) keeps tpy's own names: it is tpy's debugging
 * dump, not a log PyPy's tools read.
 */
#ifndef TPY_INTROSPECT_PYPYFORM_H
#define TPY_INTROSPECT_PYPYFORM_H

#include "../jit/ir.h"
#include "../util/buf.h"

/* The name op is written under: PyPy's name for it. */
const char *pypyform_name(const IROp *op);

/* Operation index of b as logs and hooks write it (appended to out). */
void pypyform_format_op(const IRBuf *b, int index, Buf *out);

/* Which argument of opcode's written form is the ConstClass(WHAT) the form
 * adds (its other arguments are the operation's own, in order); -1: the
 * operation is written as it is. */
int pypyform_added_arg(int opcode);

/* The tpy operation that an operation written `name(args...)` stands for,
 * when it is one of IROP_PYPY_DEF's forms (result_prefix: the first
 * letter of its result's name, 0 for none): its opcode, *added set to the
 * index of the argument the form added. -1 if it is not such a form. */
int pypyform_decode(const char *name, char result_prefix, char *const *args, int nargs, int *added);

/* The descr a call form writes for opcode: result type ret, argument
 * types argtypes ("ri"). */
void pypyform_call_descr(int opcode, char ret, const char *argtypes, Buf *out);

#endif
