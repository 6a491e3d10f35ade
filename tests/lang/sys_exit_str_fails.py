# tpy-test: strict-stderr
# sys.exit(obj) whose str() raises: CPython still writes the newline (exit 1).
import sys
class C:
    def __str__(self):
        raise ValueError("no str")
print("exiting")
sys.exit(C())
