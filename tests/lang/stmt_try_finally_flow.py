def f1():
    try:
        return 'try'
    finally:
        print('finally f1')
print(f1())
def f2():
    try:
        return 'try'
    finally:
        return 'finally'
print(f2())
def f3():
    try:
        raise ValueError('lost')
    finally:
        return 'swallowed'
print(f3())
def f4():
    for i in range(5):
        try:
            if i == 2:
                break
        finally:
            print('f4 finally', i)
    return i
print(f4())
def f5():
    out = []
    for i in range(4):
        try:
            if i % 2:
                continue
            out.append(i)
        finally:
            out.append('f%d' % i)
    return out
print(f5())
def f6():
    for i in range(3):
        try:
            return i
        finally:
            if i < 2:
                continue
    return 'end'
print(f6())
def f7():
    while True:
        try:
            raise KeyError('k')
        finally:
            break
    return 'broke out of exception'
print(f7())
def f8():
    x = 1
    try:
        return x
    finally:
        x = 2
print(f8())
def f9():
    lst = []
    try:
        return lst
    finally:
        lst.append('mutated')
print(f9())
def f10():
    try:
        try:
            return 'inner'
        finally:
            print('inner finally')
    finally:
        print('outer finally')
print(f10())
def f11():
    try:
        1 / 0
    except ZeroDivisionError:
        return 'from except'
    finally:
        print('f11 finally')
print(f11())
def f12():
    try:
        pass
    finally:
        pass
    return 'normal'
print(f12())
