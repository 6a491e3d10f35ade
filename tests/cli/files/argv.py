import sys
print(sys.argv)
print(__name__, __file__ == sys.argv[0] or __file__.endswith(sys.argv[0]))
