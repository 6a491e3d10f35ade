print("never")
a[b, *c:d]
