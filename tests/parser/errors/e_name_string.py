x = [f "a"]
