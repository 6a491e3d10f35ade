def g(x):
    try:
        pass
    except (KeyError, IndexError) as e:
        print(e)
try:
    raise Exception("x")
except BaseException as e:
    print(type(e).__name__)
for i in range(10):
    try:
        if i % 3 == 0:
            raise ValueError(i)
    except ValueError:
        continue
print("done")
