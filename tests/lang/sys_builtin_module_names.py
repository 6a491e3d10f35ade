# sys.builtin_module_names: a sorted tuple that names the modules built in
import sys
names = sys.builtin_module_names
print(type(names).__name__, list(names) == sorted(names))
print(all(n in names for n in ("sys", "builtins", "gc", "time", "_signal")))
print(all(n not in names for n in ("os", "collections", "signal")))
print(sys.flags.optimize, sys.flags.no_site, sys.orig_argv[-1].endswith("sys_builtin_module_names.py"))
