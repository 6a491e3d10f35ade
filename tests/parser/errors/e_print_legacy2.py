print "a", b
