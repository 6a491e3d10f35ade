# A global counter updated from a function; its type changes from int to float.
counter = 0

def bump(step):
    global counter
    counter += step

for i in range(30000):
    if i < 20000:
        bump(1)
    else:
        bump(0.5)
print(counter, type(counter).__name__)

history = []
def record(v):
    global history
    if len(history) >= 100:
        history = history[50:]
    history.append(v)

for i in range(25000):
    record(i)
print(len(history), history[0], history[-1])
