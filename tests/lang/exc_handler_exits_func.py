# break / continue / return out of every kind of handler inside functions
# and generators; each function is called often enough to be compiled.
import sys

def ret_from_except(i):
    try:
        if i % 3 == 0:
            raise ValueError(i)
    except ValueError:
        return -1
    return i

def ret_from_except_as(i):
    try:
        if i % 4 == 0:
            raise KeyError(i)
    except KeyError as e:
        return e.args[0] * 2
    return i

def ret_from_else(i):
    try:
        x = i + 1
    except Exception:
        return 0
    else:
        if i % 2:
            return x
    return -x

def ret_from_finally_overrides(i):
    try:
        if i % 10 == 0:
            raise RuntimeError(i)
        return i
    finally:
        if i % 5 == 0:
            return 1000   # swallows the RuntimeError

def ret_through_finally(i, log):
    try:
        try:
            return i
        finally:
            log.append(i)
    finally:
        log.append(-i)

def loop_exits(n):
    total = 0
    for i in range(n):
        try:
            try:
                if i % 7 == 0:
                    raise ValueError(i)
                if i % 11 == 0:
                    continue
            except ValueError as e:
                if e.args[0] % 2:
                    continue
                total += 100
            else:
                total += 1
            finally:
                total += 2
        except Exception:
            return None
        if i == n - 3:
            break
    return total

def while_exits(n):
    i = 0
    total = 0
    while True:
        i += 1
        try:
            if i > n:
                raise StopIteration
            if i % 2:
                raise ValueError
        except StopIteration:
            break
        except ValueError:
            total += 1
            continue
        finally:
            total += 10
    return total

def with_exits(n):
    class Ctx:
        def __init__(self):
            self.entered = 0
            self.exited = 0
        def __enter__(self):
            self.entered += 1
            return self
        def __exit__(self, t, v, tb):
            self.exited += 1
            return t is KeyError
    c = Ctx()
    for i in range(n):
        with c:
            if i % 3 == 0:
                continue
            if i % 3 == 1:
                raise KeyError(i)   # suppressed by __exit__
            if i == n - 1:
                break
    return c.entered, c.exited

def gen_exits(n):
    for i in range(n):
        try:
            if i % 4 == 0:
                raise ValueError(i)
            yield i
        except ValueError as e:
            if i > n - 5:
                return
            continue
        finally:
            pass

def deep_handlers(i):
    try:
        try:
            try:
                raise TypeError(i)
            except TypeError as a:
                raise ValueError(i) from a
        except ValueError as b:
            try:
                raise KeyError(i)
            except KeyError:
                return ("inner", i, type(b.__cause__).__name__)
    finally:
        pass

s = 0
for i in range(3000):
    s += ret_from_except(i) + ret_from_except_as(i) + ret_from_else(i) + ret_from_finally_overrides(i)
print("returns", s)
log = []
for i in range(2000):
    ret_through_finally(i, log)
print("finally log", len(log), sum(log), log[:4])
print("loop_exits", loop_exits(3000))
print("while_exits", while_exits(3000))
print("with_exits", with_exits(3000))
print("gen_exits", sum(gen_exits(3000)), len(list(gen_exits(100))))
print("deep", [deep_handlers(i) for i in range(2000)][-1])
print("exc_info clear", sys.exc_info()[0])
