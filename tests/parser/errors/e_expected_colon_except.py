try:
  pass
except E
  pass
