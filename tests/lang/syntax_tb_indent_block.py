# tpy-test: strict-stderr
# IndentationError is a SyntaxError subclass: one caret, not the range.
if True:
pass
