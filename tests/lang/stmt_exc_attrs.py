try:
    undefined_name_here
except NameError as e:
    print(repr(e.name))
def f():
    try:
        local_missing
    except NameError as e:
        return e.name
print(f())
class A:
    pass
try:
    A().missing_attr
except AttributeError as e:
    print(e.name, type(e.obj).__name__)
try:
    getattr(5, 'nope')
except AttributeError as e:
    print(e.name, e.obj)
print(NameError('x').name, AttributeError('y').name)
print(NameError('x', name='nm').name)
for code, cls_name in [(2, 'ENOENT'), (13, 'EACCES'), (17, 'EEXIST'), (99999, 'other')]:
    e = OSError(code, 'message')
    print(cls_name, type(e).__name__, e.errno, e.strerror, str(e))
print(type(OSError(2, 'x', 'f.txt')).__name__, OSError(2, 'x', 'f.txt'))
print(type(OSError('just msg')).__name__, OSError('just msg').errno)
try:
    import nonexistent_for_attrs
except ImportError as e:
    print(e.name, e.path)
