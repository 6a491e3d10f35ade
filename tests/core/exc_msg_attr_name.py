# AttributeError and NameError messages.
import math

class Foo:
    cls_attr = 1
    def __init__(self):
        self.x = 1

def check_attr(label, obj, name):
    try:
        print(label, 'no error', repr(getattr(obj, name)))
    except AttributeError as e:
        print(label + ':', e)

check_attr('int', 1, 'foo')
check_attr('str', 'x', 'push')
check_attr('list', [], 'push')
check_attr('None', None, 'x')
check_attr('instance', Foo(), 'missing')
check_attr('class', Foo, 'missing')
check_attr('module', math, 'nope')
check_attr('dict', {}, 'has_key')
check_attr('float', 1.5, 'real')
check_attr('bool', True, 'value')
check_attr('tuple', (), 'append')

def set_attr(obj, name):
    try:
        setattr(obj, name, 5)
        print('set', name, 'ok')
    except AttributeError as e:
        print('set', name + ':', e)

set_attr(1, 'x')
set_attr('s', 'y')
set_attr([], 'z')
set_attr(Foo(), 'new')
try:
    Foo().undefined_method()
except AttributeError as e:
    print('method call:', e)

try:
    print(undefined_variable)
except NameError as e:
    print(type(e).__name__ + ':', e)

def uses_unbound():
    print(local_var)
    local_var = 1

try:
    uses_unbound()
except UnboundLocalError as e:
    print(type(e).__name__ + ':', e)

def calls_missing():
    return missing_function(1)

try:
    calls_missing()
except NameError as e:
    print(type(e).__name__ + ':', e)

y = 10
del y
try:
    y
except NameError as e:
    print('after del:', e)

def del_local():
    z = 1
    del z
    return z

try:
    del_local()
except NameError as e:
    print(type(e).__name__ + ':', e)

try:
    del never_defined
except NameError as e:
    print('del undefined:', e)
