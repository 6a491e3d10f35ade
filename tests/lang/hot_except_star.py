# try/except* in hot loops: the recorder leaves the except* bytecodes to
# the interpreter (abort reason ABORT_EXCEPT_STAR), and the loops around
# them must still compute the same results in every JIT mode, including
# when what the body raises changes after the loop has been compiled.
def body(i):
    if i % 5 == 0:
        raise ExceptionGroup('g', [ValueError(i), TypeError(i)])
    if i % 7 == 0:
        raise ValueError(i)
    if i > 2500 and i % 3 == 0:
        raise ExceptionGroup('late', [KeyError(i), ValueError(-i)])
    return i

def loop(n):
    total = handled_v = handled_t = escaped = 0
    for i in range(n):
        try:
            try:
                total += body(i)
            except* ValueError as e:
                handled_v += len(e.exceptions)
                for x in e.exceptions:
                    total -= x.args[0]
            except* TypeError as e:
                handled_t += 1
                if i % 35 == 0:
                    raise RuntimeError(i)
        except* RuntimeError as e:
            escaped += 1
        except* KeyError as e:
            total += 1
    return total, handled_v, handled_t, escaped

print(loop(3000))
print(loop(4000))

# a loop whose body starts raising only after it is compiled
def late(n):
    count = 0
    acc = 0
    i = 0
    while i < n:
        try:
            if i >= 2000 and i % 11 == 0:
                raise OSError(i)
            acc += i
        except* OSError as e:
            count += 1
            acc -= e.exceptions[0].args[0]
        i += 1
    return count, acc

print(late(3500))

# a hot loop inside an except* clause (compiled with the clause's
# exception state below it on the stack), and break/continue inside it
def in_clause(n):
    try:
        raise ExceptionGroup('g', [ValueError(n), TypeError(n)])
    except* ValueError as e:
        s = 0
        for i in range(e.exceptions[0].args[0]):
            if i % 1000 == 999:
                continue
            if i == 4500:
                break
            s += i
        print('clause loop', s, repr(e))
    except* TypeError as e:
        print('second clause', repr(e))

in_clause(3000)
in_clause(6000)
