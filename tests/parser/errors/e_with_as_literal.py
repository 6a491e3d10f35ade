with a as 1, b:
  pass
