# Fibonacci numbers in a loop: small ints that become huge.
a = 0
b = 1
checkpoints = []
for i in range(10000):
    a, b = b, a + b
    if i in (50, 90, 91, 92, 100, 1000):
        checkpoints.append(len(str(a)))
print(checkpoints)
print(len(str(a)), a % 1000000007, a.bit_length())
m = 0
n = 1
for i in range(50000):
    m, n = n, (m + n) % 1000000007
print(m)
