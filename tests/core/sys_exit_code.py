# sys.exit with an integer status.
import sys
print('exiting with 3')
sys.stdout.flush()
sys.exit(3)
print('not reached')
