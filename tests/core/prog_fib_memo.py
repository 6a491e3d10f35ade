# Fibonacci with a memo dict, and other memoised recursions.
memo = {0: 0, 1: 1}
def fib(n):
    if n in memo:
        return memo[n]
    r = fib(n - 1) + fib(n - 2)
    memo[n] = r
    return r

print(fib(10), fib(50), fib(100))
print(fib(300))
print(len(memo))

paths_memo = {}
def grid_paths(r, c):
    if r == 0 or c == 0:
        return 1
    key = (r, c)
    if key in paths_memo:
        return paths_memo[key]
    v = grid_paths(r - 1, c) + grid_paths(r, c - 1)
    paths_memo[key] = v
    return v

print(grid_paths(2, 2), grid_paths(10, 10), grid_paths(16, 16))

coin_memo = {}
def ways(amount, coins):
    if amount == 0:
        return 1
    if amount < 0 or not coins:
        return 0
    key = (amount, len(coins))
    if key in coin_memo:
        return coin_memo[key]
    v = ways(amount - coins[0], coins) + ways(amount, coins[1:])
    coin_memo[key] = v
    return v

print(ways(100, [50, 25, 10, 5, 1]), ways(7, [2, 4]))

def fib_iter(n):
    a = 0
    b = 1
    for i in range(n):
        a, b = b, a + b
    return a
ok = True
for i in range(200):
    if fib_iter(i) != fib(i):
        ok = False
print('iterative matches memo:', ok)
