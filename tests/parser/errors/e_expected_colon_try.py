try
  pass
