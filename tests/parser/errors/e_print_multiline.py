print "a" \
  "b"
