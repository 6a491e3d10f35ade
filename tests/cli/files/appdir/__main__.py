import sys
print(__name__, __file__.endswith("appdir/__main__.py"), sys.argv, sys.path[0].endswith("files/appdir"))
# found through the import system (runpy), as CPython runs a directory
print(repr(__package__), __spec__.name, type(__loader__).__name__, __spec__.loader is __loader__)
