import sys
print(__name__, __file__.endswith("appdir/__main__.py"), sys.argv, sys.path[0].endswith("files/appdir"))
