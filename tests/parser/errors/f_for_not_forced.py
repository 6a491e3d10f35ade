for base in reversed= (obj):
  pass
