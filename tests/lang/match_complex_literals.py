# complex literals as match values (match and complex together)
for v in [1+2j, -1j, 1-2j, 2j, -0.5+1j, 3]:
    match v:
        case 1+2j: print("a")
        case -1j: print("b")
        case 1-2j: print("c")
        case 2j: print("d")
        case -0.5+1j: print("e")
        case _: print("other", v)
