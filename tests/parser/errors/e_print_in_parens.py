x = (print "a")
