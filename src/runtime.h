/* runtime.h: the whole runtime API in one include, for the runtime's own
 * files (types, modules, interpreter). */
#ifndef TPY_RUNTIME_H
#define TPY_RUNTIME_H

#include "gc/gc.h"
#include "obj/bytes.h"
#include "obj/code.h"
#include "obj/complex.h"
#include "obj/dict.h"
#include "obj/float.h"
#include "obj/func.h"
#include "obj/int.h"
#include "obj/list.h"
#include "obj/misc.h"
#include "obj/module.h"
#include "obj/set.h"
#include "obj/str.h"
#include "obj/tuple.h"
#include "obj/type.h"
#include "util/buf.h"
#include "vm/errors.h"
#include "vm/interp.h"
#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"

#endif
