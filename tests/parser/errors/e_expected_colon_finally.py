try:
  pass
finally
  pass
