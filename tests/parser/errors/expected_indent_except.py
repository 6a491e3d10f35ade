try:
  x = 1
except E:
pass
