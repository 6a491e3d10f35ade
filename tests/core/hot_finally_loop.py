# try/finally with continue and break inside hot loops.
cleanups = 0
total = 0
for i in range(30000):
    try:
        if i % 3 == 0:
            continue
        if i > 25000 and i % 1000 == 1:
            total += 1000000
        total += i
    finally:
        cleanups += 1
print(cleanups, total)
n = 0
while True:
    try:
        n += 1
        if n >= 12345:
            break
    finally:
        n += 0
print(n)

def f(i):
    try:
        if i % 2:
            return 'odd'
        return 'even'
    finally:
        if i == 9999:
            print('finally at', i)
odd = 0
for i in range(10000):
    if f(i) == 'odd':
        odd += 1
print(odd)
