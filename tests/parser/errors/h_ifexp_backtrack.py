f(g(1)
  h(2)
if x:
    pass
