a[b:*c]
