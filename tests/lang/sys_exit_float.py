# tpy-test: strict-stderr
# sys.exit(3.5): not an int, so printed like a message, exit status 1.
import sys
sys.exit(3.5)
