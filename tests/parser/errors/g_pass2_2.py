x = [e 1 {a b}]
