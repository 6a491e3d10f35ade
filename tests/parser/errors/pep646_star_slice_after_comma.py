a[b, *c:d]
