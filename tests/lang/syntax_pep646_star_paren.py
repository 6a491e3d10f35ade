print("never")
a[(*b)]
