# tpy-test: strict-stderr
# nonlocal at module level: the whole statement is marked.
nonlocal x
