print("never")
x: *a = 1
