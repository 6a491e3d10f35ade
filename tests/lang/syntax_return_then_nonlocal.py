# tpy-test: strict-stderr
# a symbol table error comes before the compiler's return outside function
return 1
nonlocal x
