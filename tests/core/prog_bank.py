# A small bank-account simulation with custom exceptions.
class InsufficientFunds(Exception):
    def __init__(self, account, amount):
        super().__init__('insufficient funds in ' + account.owner + ': balance ' +
                         str(account.balance) + ', requested ' + str(amount))
        self.amount = amount

class Account:
    next_number = 1000

    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.number = Account.next_number
        Account.next_number += 1
        self.history = []

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError('deposit must be positive')
        self.balance += amount
        self.history.append(('deposit', amount))

    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(self, amount)
        self.balance -= amount
        self.history.append(('withdraw', amount))

    def __repr__(self):
        return 'Account(%d, %s, %d)' % (self.number, self.owner, self.balance)

class SavingsAccount(Account):
    def __init__(self, owner, balance, rate):
        super().__init__(owner, balance)
        self.rate = rate

    def add_interest(self):
        interest = self.balance * self.rate // 100
        self.deposit(interest)
        return interest

class Bank:
    def __init__(self):
        self.accounts = {}

    def open(self, account):
        self.accounts[account.number] = account
        return account.number

    def transfer(self, src, dst, amount):
        a = self.accounts[src]
        b = self.accounts[dst]
        a.withdraw(amount)
        b.deposit(amount)

    def total(self):
        t = 0
        for acc in self.accounts.values():
            t += acc.balance
        return t

bank = Bank()
n1 = bank.open(Account('alice', 100))
n2 = bank.open(Account('bob'))
n3 = bank.open(SavingsAccount('carol', 1000, 5))
print(bank.accounts)
bank.transfer(n1, n2, 30)
print(bank.accounts[n1], bank.accounts[n2])
ops = [(n1, n2, 50), (n2, n1, 100), (n3, n1, 500), (n1, 9999, 1), (n2, n3, -5)]
for src, dst, amt in ops:
    try:
        bank.transfer(src, dst, amt)
        print('transfer', src, '->', dst, amt, 'ok')
    except InsufficientFunds as e:
        print('failed:', e)
    except KeyError as e:
        print('no such account:', e)
    except ValueError as e:
        print('invalid:', e)
for year in range(3):
    print('interest', bank.accounts[n3].add_interest())
print(bank.accounts)
print('total', bank.total())
for acc in bank.accounts.values():
    print(acc.owner, acc.history)
