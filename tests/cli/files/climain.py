import sys
print(__name__, sys.argv[0].endswith("climain.py"), sys.argv[1:])
