print("never")
a[*b for b in c]
