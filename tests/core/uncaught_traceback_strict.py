# tpy-test: strict-stderr
# The whole traceback is compared. Every failing line is a complete
# statement (no caret markers in CPython 3.11's traceback).
def inner(n):
    raise ValueError('bad value ' + str(n))

def outer(n):
    inner(n * 2)

print('calling outer')
outer(21)
