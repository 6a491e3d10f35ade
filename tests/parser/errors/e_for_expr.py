for a + b in x:
  pass
