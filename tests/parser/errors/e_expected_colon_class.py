class C
  pass
