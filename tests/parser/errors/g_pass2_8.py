x = [m b]
