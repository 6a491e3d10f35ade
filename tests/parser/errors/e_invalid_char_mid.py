ab€cd = 1
