x = [e{ a b }]
