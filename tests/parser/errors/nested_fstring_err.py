x = f"{a b}"
