a < < b
