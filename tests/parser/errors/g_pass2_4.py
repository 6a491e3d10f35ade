x = [a {b}]
