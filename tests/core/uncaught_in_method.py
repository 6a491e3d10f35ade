# An uncaught AttributeError from inside a method.
class Account:
    def __init__(self, owner):
        self.owner = owner

    def report(self):
        return self.owner + ': ' + str(self.balance)

a = Account('ann')
print('owner', a.owner)
print(a.report())
