# finally interacting with break and continue.
for i in range(5):
    try:
        if i == 3:
            break
        print('body', i)
    finally:
        print('finally', i)
print('after loop')

i = 0
while i < 5:
    i += 1
    try:
        if i % 2:
            continue
        print('even', i)
    finally:
        print('cleanup', i)

def swallow():
    for i in range(3):
        try:
            raise ValueError(i)
        finally:
            break
    return 'exception discarded by break, i=' + str(i)

print(swallow())

def cont():
    out = []
    for i in range(3):
        try:
            raise KeyError(i)
        finally:
            out.append(i)
            continue
    return out

print(cont())

for i in range(2):
    for j in range(3):
        try:
            if j == 1:
                break
        finally:
            print('nested finally', i, j)
