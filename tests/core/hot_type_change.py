# A loop variable changes type mid-way: int -> float -> str -> int again.
x = 0
log = []
for i in range(30000):
    if i == 10000:
        x = float(x)
        log.append(('float at', i, x))
    elif i == 20000:
        x = str(x)
        log.append(('str at', i, x))
    elif i == 25000:
        x = len(x)
        log.append(('int at', i, x))
    if i < 20000:
        x = x + 1
    elif i < 25000:
        if i % 1000 == 0:
            x = x + '!'
    else:
        x = x * 2 % 1000003
print(log)
print(type(x).__name__, x)
