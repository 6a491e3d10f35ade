x = f"{yield = 1}"
