# An uncaught TypeError after output on stdout and stderr.
import sys
print('partial output')
sys.stderr.write('a line on stderr first\n')
total = 0
for x in [1, 2, '3']:
    total = total + x
    print('total', total)
