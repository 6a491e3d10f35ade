x = f"{a!x}"
