# a struct sequence's dict argument, when given, must be a dict (None too
# is refused, as CPython's); type.mro has the signature ($self, /), so
# rlcompleter completes it as 'mro()'
import inspect, os, rlcompleter, time
for args, kw in [(("123456789",), {}), (("123456789", None), {}), (("123456789",), {"dict": None}),
                 (("123456789",), {"dict": {}}), (("123",), {}), ((), {})]:
    try:
        print(tuple(time.struct_time(*args, **kw)))
    except TypeError as e:
        print("TypeError", e)
print(inspect.signature(type.mro), inspect.signature(int.mro), type.mro.__text_signature__)
class CompleteMe:
    spam = 1
c = rlcompleter.Completer(dict(CompleteMe=CompleteMe))
print(sorted(c.attr_matches('CompleteMe.')))
