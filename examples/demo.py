# A short tour: classes, closures, generators, big ints, formatting.
class Account:
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance

    def deposit(self, amount):
        self.balance += amount
        return self

    def __repr__(self):
        return f"Account({self.owner!r}, {self.balance:,})"


def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


def make_counter():
    count = 0
    def tick():
        nonlocal count
        count += 1
        return count
    return tick


acct = Account("ada").deposit(1_000_000).deposit(234_567)
print(acct)
gen = fib()
print([next(gen) for _ in range(15)])
tick = make_counter()
print(tick(), tick(), tick())
print(2 ** 200)
print(sum(i * i for i in range(1_000_000)))
print("{:>10}|{:^10}|{:<10}".format("right", "mid", "left"))
