with (a as b, c as d) as e:
  pass
