import sys
print("clipkg imported, sys.argv[0] is", sys.argv[0])
