# Nested loops: inner loops compiled first, outer loops around them,
# loop-invariant values from the outer loop used by the inner one.


def matrix(n):
    m = [[i * n + j for j in range(n)] for i in range(n)]
    total = 0
    for i in range(n):
        row = m[i]
        for j in range(n):
            total += row[j] * (i - j)
    return total


def triangle(n):
    count = 0
    i = 0
    while i < n:
        j = 0
        while j < i:
            if (i ^ j) & 3 == 0:
                count += 1
            j += 1
        i += 1
    return count


def primes(n):
    out = []
    for k in range(2, n):
        d = 2
        prime = True
        while d * d <= k:
            if k % d == 0:
                prime = False
                break
            d += 1
        if prime:
            out.append(k)
    return len(out), out[-5:]


def float_grid(n):
    s = 0.0
    for i in range(n):
        x = i / n
        for j in range(n):
            y = j / n
            s += x * y - 0.25
    return round(s, 6)


print(matrix(60))
print(triangle(300))
print(primes(3000))
print(float_grid(120))
