import sys
def f(a):
    b = a * 2
    raise ValueError(b)
def g():
    x = 5
    try:
        f(x)
    except ValueError:
        tb = sys.exc_info()[2]
        fr = tb.tb_frame
        print(fr.f_code.co_name, fr.f_lineno, tb.tb_lineno, sorted(fr.f_locals))
        print(tb.tb_next.tb_frame.f_code.co_name, tb.tb_next.tb_frame.f_locals)
        print(fr.f_back.f_code.co_name, tb.tb_frame is tb.tb_frame)
        print(fr.f_globals is globals())
        T = type(tb)
        t2 = T(None, fr, 6, 42)
        print(t2.tb_lineno, t2.tb_lasti, t2.tb_next, t2.tb_frame is fr)
        tb.tb_next = None
        print(tb.tb_next)
        try:
            tb.tb_next = tb
        except ValueError as e: print(e)

# a frame left by the exception keeps its locals; the handler's is live
def deep(n):
    if n == 0:
        raise KeyError(n)
    return deep(n - 1)
try:
    deep(3)
except KeyError as e:
    t = e.__traceback__
    out = []
    while t:
        out.append((t.tb_frame.f_code.co_name, t.tb_lineno, dict(t.tb_frame.f_locals).get('n')))
        t = t.tb_next
    print(out)
for i in range(3000):
    try:
        deep(2)
    except KeyError as e:
        assert e.__traceback__.tb_next.tb_frame.f_locals['n'] == 2
print("ok")
