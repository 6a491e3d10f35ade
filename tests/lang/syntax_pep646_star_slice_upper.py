print("never")
a[b:*c]
