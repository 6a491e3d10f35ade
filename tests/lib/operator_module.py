# operator is the standard library's operator.py over the C _operator, as in
# CPython: __all__, the functions are _operator's, and blocking _operator
# gives the pure-Python functions
import operator, _operator, sys
print(sorted(operator.__all__))
print(operator.__file__.endswith("operator.py"), operator.add is _operator.add, operator.__add__ is _operator.add)
print(operator.add.__module__, operator.itemgetter.__module__, operator.itemgetter is _operator.itemgetter)
print([n for n in operator.__all__ if getattr(operator, n) is not getattr(_operator, n, None)])
from test.support import import_helper
py = import_helper.import_fresh_module("operator", blocked=["_operator"])
print(type(py.add).__name__, py.add(2, 3), py.itemgetter(1)("ab"), py.attrgetter("real")(3), py.length_hint([1, 2]))
print(py.methodcaller("upper")("x"), py.index(7), py.concat([1], [2]), py.countOf([1, 1, 2], 1))
c = import_helper.import_fresh_module("operator", fresh=["_operator"])
print(type(c.add).__name__, c.add(2, 3), sys.modules["operator"] is operator)
