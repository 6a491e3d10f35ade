/* ir_parse.h: traces as text, for optimizer unit tests.
 *
 * The syntax is PyPy's log syntax (what ir_print writes) with names for
 * descriptors and a notation for guard snapshots:
 *
 *   [p0, i1, f2]                          input arguments (first line)
 *   p3 = getfield_gc_r(p0, descr=next)    a descr registered by the test
 *   i4 = int_add_ovf(i1, 1)
 *   guard_no_overflow() [p0, i4, -, bool(i5), 2.5, ConstPtr(int 3)]
 *   label(p0, i1, descr=T0)               targets are created by name
 *   jump(p0, i4, descr=T0)
 *
 * Value names start with their type letter (p, i, f) and are free
 * otherwise; constants are integers, floats, ConstPtr(int N),
 * ConstPtr(float X), ConstPtr(null|None|True|False), ConstClass(type) and
 * ConstPtr(obj:NAME) for registered objects.
 *
 * A guard's snapshot is one frame whose slots are listed in [...]:
 *   pN / ConstPtr(..)    SK_VALUE          iN / int(5)      SK_INT
 *   fN / float(2.5)      SK_FLOAT          bool(iN)         SK_BOOL
 *   -                    SK_NULL           Vk               virtual k
 * followed, in optimized traces, by the virtuals:
 *   {V0=tuple/32(8i=int(2), 16r=p1, 24r=V1), V1=...}
 * (type/size, then offset, field type and the field's slot).
 *
 * irtext_print writes a trace in one canonical form (values named by
 * index, targets T0, T1... by first use, virtuals numbered by first use,
 * no guard ids), so two traces are equal when their printouts are.
 */
#ifndef TPY_TESTS_IR_PARSE_H
#define TPY_TESTS_IR_PARSE_H

#include "../../src/jit/ir.h"
#include "../../src/jit/snapshot.h"
#include "../../src/util/buf.h"

void irtext_register_descr(const char *name, Descr *d);
void irtext_register_value(const char *name, Value v);
/* Parse text into b (irbuf_init'ed here). false: *err says why. */
bool irtext_parse(const char *text, IRBuf *b, char *err, size_t errsize);
void irtext_print(const IRBuf *b, Buf *out);

#endif
