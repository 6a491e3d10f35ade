# finally interacting with return.
def f1():
    try:
        return 'try'
    finally:
        print('f1 finally runs before return')

def f2():
    try:
        return 'try'
    finally:
        return 'finally wins'

def f3():
    try:
        raise ValueError('lost')
    finally:
        return 'exception swallowed by return'

def f4():
    x = 1
    try:
        return x
    finally:
        x = 2
        print('x changed to', x)

def f5():
    for i in range(5):
        try:
            if i == 2:
                return i
        finally:
            print('f5 finally', i)

def f6():
    try:
        try:
            return 'inner'
        finally:
            print('inner finally')
    finally:
        print('outer finally')

print(f1())
print(f2())
print(f3())
print(f4())
print(f5())
print(f6())
