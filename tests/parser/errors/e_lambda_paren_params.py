lambda (a, b): 0
