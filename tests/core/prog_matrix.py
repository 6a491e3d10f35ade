# Matrix multiplication, transpose, identity, power.
def zeros(n, m):
    rows = []
    for i in range(n):
        rows.append([0] * m)
    return rows

def identity(n):
    m = zeros(n, n)
    for i in range(n):
        m[i][i] = 1
    return m

def matmul(a, b):
    n = len(a)
    k = len(b)
    m = len(b[0])
    c = zeros(n, m)
    for i in range(n):
        for j in range(m):
            s = 0
            for t in range(k):
                s += a[i][t] * b[t][j]
            c[i][j] = s
    return c

def transpose(a):
    t = zeros(len(a[0]), len(a))
    for i in range(len(a)):
        for j in range(len(a[0])):
            t[j][i] = a[i][j]
    return t

def matpow(a, p):
    result = identity(len(a))
    while p:
        if p & 1:
            result = matmul(result, a)
        a = matmul(a, a)
        p >>= 1
    return result

def show(m):
    for row in m:
        line = ''
        for v in row:
            line += str(v).rjust(6)
        print(line)
    print()

a = [[1, 2, 3], [4, 5, 6]]
b = [[7, 8], [9, 10], [11, 12]]
show(matmul(a, b))
show(transpose(a))
show(matmul(identity(3), b))
fib = matpow([[1, 1], [1, 0]], 90)
print(fib[0][1])
show(matpow([[2, 0], [0, 3]], 10))
m = zeros(4, 4)
for i in range(4):
    for j in range(4):
        m[i][j] = (i + 1) * 0.5 - j
show(matmul(m, transpose(m)))
