# gc's thresholds are kept and reported (tpy's collector has no
# generations to tune); garbage is a list, empty.
import gc
print(gc.get_threshold())
gc.set_threshold(5)
print(gc.get_threshold())
gc.set_threshold(1, 2, 3)
print(gc.get_threshold(), gc.garbage, type(gc.garbage).__name__)
for args in ((), (1, 2, 3, 4), (1.5,), ("x",)):
    try:
        gc.set_threshold(*args)
    except TypeError as e:
        print(e)
print(gc.get_threshold())
gc.set_threshold(700, 10, 10)
print(gc.collect() >= 0, gc.isenabled())
