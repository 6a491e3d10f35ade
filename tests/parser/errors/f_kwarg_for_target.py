f(a=1,
  b="x"
  for "y")
