while x.y = 1:
  pass
