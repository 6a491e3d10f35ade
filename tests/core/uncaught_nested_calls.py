# An uncaught exception raised deep inside nested calls.
def level3(d):
    print('level3 looking up', repr('missing'))
    return d['missing']

def level2(d):
    print('level2')
    return level3(d) + 1

def level1():
    print('level1')
    return level2({'present': 1})

print('start')
level1()
print('not printed')
