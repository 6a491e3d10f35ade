class C(x for x in y, z): pass
