# tpy-test: strict-stderr
# sys.exit("msg") after output without a newline: stdout is flushed, the
# message goes to stderr, exit status 1; no traceback.
import sys
print("partial", end="")
sys.exit("fatal: stopping")
