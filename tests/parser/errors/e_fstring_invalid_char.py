x = f"{a € b}"
