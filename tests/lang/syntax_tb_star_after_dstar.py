# tpy-test: strict-stderr
# "*" after "**" in a call: the arguments before it are marked.
f(a, **k,
  *rest)
