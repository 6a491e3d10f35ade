# A divisor that becomes zero part-way through a hot loop.
results = []
errors = 0
total = 0.0
for i in range(20000):
    d = 10000 - i
    try:
        total += 1000 / d
    except ZeroDivisionError as e:
        errors += 1
        results.append((i, str(e)))
print(errors, results, round(total, 6))
q = 0
for i in range(1, 30000):
    try:
        q += (i * 7) // (i % 1000)
    except ZeroDivisionError:
        q -= 1
print(q)
