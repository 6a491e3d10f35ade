print("never")
a[*b := 1]
