# Positional, keyword and default arguments.
def describe(name, age, city='Paris', country='France'):
    return name + ' ' + str(age) + ' ' + city + ' ' + country

print(describe('Ann', 30))
print(describe('Bob', 25, 'Lyon'))
print(describe('Cid', 40, country='Spain'))
print(describe(age=22, name='Dee'))
print(describe('Eve', city='Nice', age=33))

def defaults_evaluated_once(x, acc=[]):
    acc.append(x)
    return acc

print(defaults_evaluated_once(1))
print(defaults_evaluated_once(2))
print(defaults_evaluated_once(3, []))

def none_default(x, acc=None):
    if acc is None:
        acc = []
    acc.append(x)
    return acc

print(none_default(1), none_default(2))

def kwonly(a, *, b, c=3):
    return a + b + c

print(kwonly(1, b=2), kwonly(1, b=2, c=10))

def posonly(a, b, /, c):
    return a * 100 + b * 10 + c

print(posonly(1, 2, 3), posonly(1, 2, c=4))

def noargs():
    return 'no args'

print(noargs())
print(describe.__name__)
