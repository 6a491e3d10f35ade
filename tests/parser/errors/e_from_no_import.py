from x
