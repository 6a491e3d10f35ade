print("never")
f = lambda *a: *b: 1
