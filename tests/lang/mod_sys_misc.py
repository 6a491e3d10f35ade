import sys
print(sys.version_info[0], sys.version_info.major, sys.version_info >= (3, 0))
print(type(sys.argv).__name__, len(sys.argv))
print(sys.argv[0].endswith('mod_sys_misc.py'))
print(sys.maxsize == 2 ** 63 - 1)
print(sys.getrecursionlimit() > 0)
sys.stdout.write('written directly\n')
print('to stderr', file=sys.stderr)
print(sys.byteorder in ('little', 'big'))
print(callable(sys.exit), 'sys' in sys.modules, 'builtins' in sys.modules)
import builtins
print(builtins.len is len, builtins.__name__)
