f(e {a b})
