def f(w):
    return [[x async for x in y] for y in w]
