# sys.argv with command-line arguments (see mod_sys_argv.args).
import sys
print(len(sys.argv))
print(sys.argv[0].endswith('mod_sys_argv.py'))
print(sys.argv[1:])
total = 0
for arg in sys.argv[1:]:
    if arg.isdigit():
        total += int(arg)
print('sum of numeric args', total)
