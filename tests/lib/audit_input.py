# builtins.input's two events (stdin replaced by a StringIO)
import io, sys

sys.stdin = io.StringIO("first line\nsecond\n")
sys.addaudithook(lambda e, a: print("event", e, a) if e.startswith("builtins.input") else None)
print(repr(input("prompt> ")))
print(repr(input()))
try:
    input()
except EOFError as e:
    print("EOFError", e)
