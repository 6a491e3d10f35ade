# list.pop() and list.append(x) in hot loops, which the JIT records inline
# (record.c, record_list_stack_method): results must match CPython in the
# three modes. Covered: a stack machine's push/pop, pop of an empty list
# (IndexError caught in the loop), append growing a full list, an alias of
# the popped list whose size was checked before the pop, the popped slot no
# longer holding the item, pop/append on a list subclass, pop(i) with an
# argument, a list shrinking while the loop dispatches on its length,
# a list's truth (`while s`), bound methods kept in variables, and append
# of the list to itself.


def stack_machine(n):
    prog = [0, 1, 2, 0, 3, 1, 4]          # i*2 + i - 2
    total = 0
    for i in range(n):
        stack = []
        for op in prog:
            if op == 0:
                stack.append(i)
            elif op == 1:
                stack.append(2)
            elif op == 2:
                b = stack.pop()
                stack.append(stack.pop() * b)
            elif op == 3:
                b = stack.pop()
                stack.append(stack.pop() + b)
            else:
                b = stack.pop()
                stack.append(stack.pop() - b)
        total += stack.pop() + len(stack) * 1000
        total += stack.pop() if stack else 0
    return total


def pop_empty(n):
    s = [1, 2, 3]
    caught = 0
    got = 0
    for i in range(n):
        try:
            got += s.pop()
        except IndexError as e:
            caught += 1
            msg = str(e)
            s.extend([i % 5, 7])
    return caught, got, msg


def grow(n):
    s = []
    caps = 0
    for i in range(n):
        s.append(i)
        if i % 3 == 0:
            s.pop()
    return len(s), s[:5], s[-3:], sum(s)


def alias(n):
    a = [0] * 10
    b = a
    out = 0
    for i in range(n):
        if len(b) > 3:
            out += b[3]
        a.pop()
        if len(a) < 2:
            a.extend(range(i, i + 9))
        out += len(b)
    return out, b


class MyList(list):
    def pop(self, *args):
        return list.pop(self, *args) * 10


def subclass(n):
    s = MyList([1, 2, 3])
    plain = [1, 2, 3]
    total = 0
    for i in range(n):
        s.append(i)
        plain.append(i)
        total += s.pop() + plain.pop()
    return total, s, plain


def pop_index(n):
    s = list(range(20))
    total = 0
    for i in range(n):
        total += s.pop(0) + s.pop(-1)
        s.append(i)
        s.insert(0, i)
    return total, s[:4]


def shrink(n):
    s = list(range(n))
    steps = 0
    while len(s) > 0:
        x = s.pop()
        if x % 7 == 0 and len(s) > 2:
            s.pop()
        steps += 1
    return steps, s


def drain(n):
    s = []
    total = 0
    rounds = 0
    for i in range(n):
        s.append(i)
        if i % 4 == 0:
            s.append(-i)
        if not s:
            total -= 1000000
        while s and (i % 3 or len(s) > 1):
            total += s.pop()
            rounds += 1
        if s:
            total += 1
    return total, rounds, s


def bound(n):
    s = []
    push = s.append
    pop = s.pop
    total = 0
    for i in range(n):
        push(i)
        push(i * 2)
        total += pop() - pop()
    return total, s


def selfref(n):
    s = [1]
    for i in range(n):
        s.append(s)
        s.pop()
    s.append(s)
    return len(s), repr(s)


def popped_slot(n):
    import sys
    class Box:
        pass
    s = []
    for i in range(n):
        s.append(Box())
        s.pop()
    return len(s)


print(stack_machine(3000))
print(pop_empty(3000))
print(grow(3000))
print(alias(3000))
print(subclass(3000))
print(pop_index(3000))
print(shrink(3000))
print(drain(3000))
print(bound(3000))
print(selfref(3000))
print(popped_slot(3000))
