# tpy-test: strict-stderr
# 'return' outside a function: the compiler marks the whole statement.
x = 1
return x + 1
