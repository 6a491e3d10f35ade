# A return inside a finally body that is itself inside try/except/finally:
# the outer finally body is compiled inline at the return, once per copy of
# the inner finally body (normal and exceptional path), and its own blocks
# (a try/except whose handler breaks or continues) used to overwrite the
# block stack the next copy unwound through (SystemError "stack depths 2
# and 1 meet", or a SyntaxError without location). Found by tools/fuzz.py.
def cont(n):
    out = 0
    for i in range(n):
        try:
            try:
                out += i
            finally:
                return out * 2
        except TypeError:
            pass
        finally:
            try:
                if i % 3 == 0:
                    raise KeyError(i)
            except KeyError:
                continue
    return -1

def brk(n):
    for i in range(n):
        try:
            try:
                if i % 2:
                    raise ValueError(i)
            finally:
                return i
        except ValueError:
            pass
        finally:
            try:
                if i > 5:
                    raise KeyError(i)
            except KeyError as e:
                break
    return 'after'

def named(n, log):
    for i in range(n):
        try:
            try:
                log.append(i)
            finally:
                if i % 4 == 1:
                    return 'r%d' % i
        except Exception:
            log.append('x')
        finally:
            try:
                log.append(-i)
            except KeyError:
                break
    return len(log)

total = 0
for k in range(2500):
    total += cont(k % 7)
    b = brk(k % 9)
    total += b if isinstance(b, int) else len(b)
print(total)
print([cont(k) for k in range(5)], [brk(k) for k in range(9)])
log = []
print([named(k, log) for k in range(6)], log[:12])
