f = lambda *a: *b: 1
