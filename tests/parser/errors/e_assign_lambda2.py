x = lambda: 1 = 2
