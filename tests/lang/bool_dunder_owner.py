# bool defines only &, | and ^ (and repr) itself; its other operators are int's
print(True.__add__(1), True.__radd__(2), True.__and__(False), True.__or__(1), True.__xor__(True), True.__rand__(True))
print(bool.__add__ is int.__add__, True + True, True & 1, True | False, True ^ True, 2 & True, True * 3, -True, True ** 2, True / 2)
print(sorted(k for k in bool.__dict__))
print(True.__mul__(3), True.__lt__(2), True.__pow__(2), True.__rsub__(5))
