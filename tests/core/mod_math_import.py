# Different forms of importing math and sys.
import math
import math as m
from math import sqrt, pi, floor
from sys import maxsize
import sys, time
print(m is math, sqrt(49), floor(pi * 100), m.ceil(2.01), maxsize == sys.maxsize)
print(math.pi == pi, type(time.time()).__name__)
def area(r):
    return pi * r * r
print(round(area(2), 6))
print(type(math).__name__, math.__name__, sys.__name__)
