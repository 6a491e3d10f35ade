# A float loop and a string-building loop with an `if` (docs/profiler.md).

def integrate(n):
    total = 0.0
    dx = 1.0 / n
    for i in range(n):
        x = (i + 0.5) * dx
        total += 4.0 / (1.0 + x * x)
    return total * dx


def words(n):
    parts = []
    for i in range(n):
        if i % 3 == 0:
            parts.append("fizz")
        else:
            parts.append(str(i))
    return len("".join(parts))


print("%.6f" % integrate(20000000))
print(words(300000))
