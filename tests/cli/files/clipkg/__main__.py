import sys
print(__name__, __package__, sys.argv[0].endswith("clipkg/__main__.py"), sys.argv[1:])
