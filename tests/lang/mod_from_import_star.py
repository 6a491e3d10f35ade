from helper_shapes import *
print(PI, area_circle(1), Square(4).area())
try:
    _private
except NameError as e:
    print(e)
import helper_shapes
print(helper_shapes._private, helper_shapes.__all__)
