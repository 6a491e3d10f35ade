# tpy-test: strict-stderr
# A symbol-table error is located at the whole statement's range; its
# text is read from the file.
def f(x):
    global x
