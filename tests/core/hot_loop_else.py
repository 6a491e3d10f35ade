# for/else and while/else in hot loops where break starts happening later.
found = 0
not_found = 0
for n in range(2, 6000):
    for d in range(2, n):
        if d * d > n:
            not_found += 1
            break
        if n % d == 0:
            found += 1
            break
    else:
        not_found += 1
print(found, not_found)
breaks = 0
for i in range(3000):
    j = 0
    while j < 10:
        if i > 1500 and j == i % 10:
            breaks += 1
            break
        j += 1
    else:
        j = -1
print(breaks, j)
