# A running frame's repr shows its current line; a generator's frame taken
# from a traceback is its frame: clear() closes the generator.
import sys

def f():
    fr = sys._getframe()
    x = 1
    print(fr.f_lineno, repr(fr).split(", ")[2])
    y = 2
    print(fr.f_lineno, repr(fr).split(", ")[2])
    return fr
fr = f()
print(fr.f_lineno, repr(fr).split(", ")[2])

endly = False
def g():
    global endly
    try:
        1/0
    except ZeroDivisionError as e:
        fr = e.__traceback__.tb_frame
        for target in (fr, fr.f_back):
            try:
                target.clear()
            except RuntimeError as err:
                print("RuntimeError:", err)
        yield fr
    finally:
        endly = True
gen = g()
fr = next(gen)
print(fr is gen.gi_frame, endly, gen.gi_suspended)
fr.clear()
print(endly, gen.gi_frame)
