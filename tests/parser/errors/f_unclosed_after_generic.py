x = get_on{e_match(expr, members)
y = 1
z = 2
