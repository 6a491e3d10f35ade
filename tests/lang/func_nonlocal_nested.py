def level1():
    x = 'L1'
    def level2():
        def level3():
            nonlocal x
            x = x + '-L3'
            return x
        r = level3()
        return r + '|' + x
    r = level2()
    return r, x
print(level1())

def counter3():
    n = 0
    def a():
        def b():
            def c():
                nonlocal n
                n += 1
            c(); c()
        b()
    a(); a()
    return n
print(counter3())

def shadow():
    x = 1
    def mid():
        x = 2
        def inner():
            nonlocal x
            x += 10
            return x
        inner()
        return x
    m = mid()
    return x, m
print(shadow())
