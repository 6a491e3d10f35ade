try:
  pass
finally:
  pass
except:
  pass
