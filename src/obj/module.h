/* module.h: module objects. A module's namespace is a cells dict
 * (obj/dict.h) so that code can cache the cell of each global. */
#ifndef TPY_MODULE_H
#define TPY_MODULE_H

#include "../vm/object.h"

typedef struct ModuleObject {
    Object hdr;
    Value name;     /* str */
    Value dict;     /* cells dict */
    bool initializing;   /* its code is running (an import in progress) */
} ModuleObject;

extern Type module_type;

static inline bool module_check(Value v) {
    return v_is_ptr(v) && v && V_OBJ(v)->type == &module_type;
}

Value module_new(Value name);
Value module_new_cstr(const char *name);
static inline Value module_dict(Value m) { return V_AS(ModuleObject, m)->dict; }
int module_add(Value m, const char *name, Value v);
/* Add every function of a NULL-terminated table as a builtin function. */
void module_add_functions(Value m, const MethodDef *defs);

void module_init(void);

#endif
