"""Helper module for mod_* tests (not a test itself)."""
PI = 3.14159
loaded_count = 0
loaded_count += 1
print('helper_shapes loading, __name__ =', __name__)

def area_circle(r):
    return PI * r * r

class Square:
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s * self.s

_private = 'underscore'
__all__ = ['area_circle', 'Square', 'PI']

if __name__ == '__main__':
    print('helper_shapes run as script')
