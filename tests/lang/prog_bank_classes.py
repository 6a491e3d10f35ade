class InsufficientFunds(Exception):
    def __init__(self, needed, available):
        super().__init__('need %d, have %d' % (needed, available))
        self.needed = needed
        self.available = available
class Account:
    _next = 1
    def __init__(self, owner, balance=0):
        self.owner = owner
        self._balance = balance
        self.id = Account._next
        Account._next += 1
        self.history = []
    @property
    def balance(self):
        return self._balance
    def deposit(self, amt):
        if amt <= 0:
            raise ValueError('amount must be positive')
        self._balance += amt
        self.history.append(('dep', amt))
        return self
    def withdraw(self, amt):
        if amt > self._balance:
            raise InsufficientFunds(amt, self._balance)
        self._balance -= amt
        self.history.append(('wd', amt))
        return self
    def __repr__(self):
        return '%s(%r, %d)' % (type(self).__name__, self.owner, self._balance)
class Savings(Account):
    rate = 0.05
    def add_interest(self):
        interest = int(self._balance * self.rate)
        return self.deposit(interest)
class Overdraft(Account):
    def __init__(self, owner, balance=0, limit=100):
        super().__init__(owner, balance)
        self.limit = limit
    def withdraw(self, amt):
        if amt > self._balance + self.limit:
            raise InsufficientFunds(amt, self._balance + self.limit)
        self._balance -= amt
        return self
accts = [Account('ann', 50), Savings('bob', 1000), Overdraft('cy', 10)]
accts[0].deposit(25).withdraw(10)
accts[1].add_interest()
accts[2].withdraw(100)
print(accts, [a.id for a in accts])
for a, amt in zip(accts, [1000, 2000, 50]):
    try:
        a.withdraw(amt)
    except InsufficientFunds as e:
        print(a.owner, 'failed:', e, e.needed - e.available)
try:
    accts[0].deposit(-1)
except ValueError as e:
    print(e)
print(accts[0].history, sorted(accts, key=lambda a: a.balance))
try:
    accts[0].balance = 5
except AttributeError as e:
    print(e)
