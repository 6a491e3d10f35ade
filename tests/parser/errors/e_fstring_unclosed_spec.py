x = f"{a:{b}"
