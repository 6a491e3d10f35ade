import warnings
def f():
    warnings.warn("careful", UserWarning)
f()
f()
warnings.warn("dep", DeprecationWarning)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    f(); f()
    print(len(w), w[0].category.__name__, str(w[0].message))
warnings.simplefilter("error")
try:
    f()
except UserWarning as e:
    print("raised", e)
warnings.resetwarnings()
warnings.filterwarnings("ignore", "car")
f()
print("done")
import _warnings
print(type(_warnings.filters), _warnings._defaultaction)
