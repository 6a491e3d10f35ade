# sys.exit() with no argument: status 0.
import sys
print('clean exit')
sys.exit()
print('not reached')
