# sys.exit with a string: the message goes to stderr, status 1.
import sys
print('about to exit')
sys.exit('fatal: configuration missing')
