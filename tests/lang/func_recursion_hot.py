def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(22))
def make_memo():
    memo = {}
    def partitions(n, k):
        if n == 0:
            return 1
        if n < 0 or k == 0:
            return 0
        key = (n, k)
        if key not in memo:
            memo[key] = partitions(n - k, k) + partitions(n, k - 1)
        return memo[key]
    return partitions
p = make_memo()
print(p(100, 100))
def perms(s):
    if len(s) <= 1:
        yield s
        return
    for i, c in enumerate(s):
        for rest in perms(s[:i] + s[i + 1:]):
            yield c + rest
ps = list(perms('abcdef'))
print(len(ps), ps[:3], ps[-1])
