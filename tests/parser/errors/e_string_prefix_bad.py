x = ub"a"
