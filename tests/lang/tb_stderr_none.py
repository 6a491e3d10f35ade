# tpy-test: strict-stderr
# With sys.stderr = None an uncaught exception is reported nowhere (exit 1).
import sys
print("before")
sys.stderr = None
1 / 0
