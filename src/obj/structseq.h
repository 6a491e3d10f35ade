/* structseq.h: struct sequences (CPython's PyStructSequence): tuples whose
 * items are also named attributes, as os.stat_result, pwd.struct_passwd,
 * os.uname_result.
 *
 * An instance is a TupleObject of `nvisible` items followed, in the same
 * allocation, by the hidden fields (st_atime as a float, st_blocks, ...):
 * tuple operations see the visible items only, attributes read all
 * `nfields`. Unnamed fields (NULL in the names) are visible by index only,
 * and the repr names the visible items after the named fields in order, as
 * CPython's does. */
#ifndef TPY_STRUCTSEQ_H
#define TPY_STRUCTSEQ_H

#include "../vm/object.h"

#define STRUCTSEQ_MAX_FIELDS 24

/* A new type module.name with `nfields` fields (names[i] NULL: unnamed),
 * the first nvisible of them in the tuple. Calling it takes (sequence,
 * dict=None) as CPython's. */
Type *structseq_new_type(const char *module, const char *name, const char *const *names, int nvisible, int nfields);
/* An instance from nfields values (hidden ones may be VNULL: None) */
Value structseq_new(Type *t, const Value *values);
/* The type's new_ (for types that adjust its result) */
Value structseq_type_new(Type *t, Value *args, size_t nargs, Value kwnames);
/* Field i of an instance (i < nfields) */
Value structseq_get(Value self, int i);
void structseq_set(Value self, int i, Value v);

#endif
