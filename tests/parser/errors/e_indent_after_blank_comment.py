if x:
  # c

    pass
  pass
