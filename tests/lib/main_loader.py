# __main__'s __loader__ once importlib is imported: a script's is the
# file loader for '__main__' (its __spec__ stays None), which can give the
# script's own source, as linecache, inspect and doctest ask it.
import importlib
import sys

main = sys.modules['__main__']
print(type(main.__loader__).__name__, main.__spec__)
print(main.__loader__.name, main.__loader__.path.endswith('main_loader.py'))
print(__loader__ is main.__loader__)
print(main.__loader__.get_source('__main__').splitlines()[0])
