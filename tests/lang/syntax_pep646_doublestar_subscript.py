print("never")
a[**b]
