# break / continue out of every kind of handler, at module level, where
# names are globals and the loop's iterator is the only thing on the stack.
# Each loop runs hot so the JIT compiles it; a wrong exception-table depth
# shows up as a crash or a wrong total.
try:
    raise KeyError("k")
except LookupError as first:
    print("first", type(first).__name__)

log = []
total = 0
for i in range(3000):
    try:
        if i % 3 == 0:
            raise ValueError(i)
        total += 1
    except ValueError:
        continue
print("except continue", total)

total = 0
for i in range(3000):
    try:
        if i % 5 == 0:
            raise ValueError(i)
    except ValueError as e:
        total += e.args[0] % 7
        continue
    total += 1
print("except-as continue", total)
try:
    e
except NameError:
    print("name unbound after handler")

total = 0
for i in range(3000):
    try:
        pass
    except ValueError:
        pass
    else:
        if i % 4 == 0:
            continue
        total += 1
print("else continue", total)

total = 0
for i in range(3000):
    try:
        if i % 6 == 0:
            continue
    finally:
        total += 1
print("finally after continue", total)

total = 0
for i in range(3000):
    try:
        raise IndexError(i)
    except IndexError:
        try:
            if i % 2:
                raise KeyError(i)
        except KeyError as inner:
            total += 2
            continue
        total += 1
print("nested continue", total)

for i in range(3000):
    try:
        if i == 2500:
            raise ValueError("stop")
    except ValueError as e:
        print("break at", i, e)
        break

for i in range(3000):
    try:
        raise ValueError(i)
    except ValueError:
        if i == 2999:
            break
    finally:
        total += 1
print("finally after break", total)

found = None
for i in range(100):
    for j in range(100):
        try:
            if (i * j) % 97 == 96:
                raise ArithmeticError(i, j)
        except ArithmeticError as e:
            found = e.args
            break
    if found:
        break
print("nested loops", found)

import sys
print("exc_info clear", sys.exc_info()[0])
print("done")
