def f():
    y = 1
    global y
