x = bf"a"
