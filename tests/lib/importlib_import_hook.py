# The import statement calls builtins.__import__ when a program replaced
# it (as unittest.mock.patch('builtins.__import__') does), with CPython's
# arguments: name, globals, locals (None in a function), fromlist, level.
import builtins
from unittest import mock
# imported beforehand: the hook below sees only this file's own imports
import json.decoder, string, collections, os

orig = builtins.__import__
calls = []


def hook(name, globals=None, locals=None, fromlist=(), level=0):
    calls.append((name, globals is not None and globals.get('__name__'),
                  'None' if locals is None else type(locals).__name__, fromlist, level))
    return orig(name, globals, locals, fromlist, level)


def in_function():
    import json.decoder
    from os import path as p
    return json.decoder.__name__, p.__name__


builtins.__import__ = hook
try:
    import string
    from collections import OrderedDict
    print(in_function())
finally:
    builtins.__import__ = orig
for c in calls:
    print(c)


def fake_import(name, *args, **kw):
    if name == 'forbidden_module':
        raise ImportError('blocked by the test')
    return orig(name, *args, **kw)


with mock.patch('builtins.__import__', side_effect=fake_import):
    try:
        import forbidden_module
    except ImportError as e:
        print('mock:', e)
    import math
    print(math.sqrt(16))

# exec with builtins lacking __import__
try:
    exec('import os', {'__builtins__': {}})
except ImportError as e:
    print(type(e).__name__, e)
