import helper_shapes
print(helper_shapes.PI, helper_shapes.area_circle(2))
print(helper_shapes.Square(3).area(), helper_shapes.__name__)
print(type(helper_shapes).__name__)
import helper_shapes
print('second import does not reload', helper_shapes.loaded_count)
import helper_shapes as hs
print(hs is helper_shapes, hs.Square.__module__, hs.area_circle.__module__)
from helper_shapes import Square, PI as P
print(Square(2).area(), P)
print(helper_shapes.__doc__)
print(sorted(k for k in dir(helper_shapes) if not k.startswith('__')))
