# Exceptions inside loops: continue/break from handlers, retry loops.
values = ['10', 'x', '0', '5', None, '2.5', '-4']
results = []
for v in values:
    try:
        n = int(v)
        results.append(100 // n)
    except ValueError:
        results.append('bad')
        continue
    except ZeroDivisionError:
        results.append('zero')
    except TypeError as e:
        results.append('type: ' + str(e))
        break
    else:
        results.append('ok')
    finally:
        results.append('|')
print(results)

attempts = 0
def flaky():
    global attempts
    attempts += 1
    if attempts < 4:
        raise ConnectionError('attempt ' + str(attempts) + ' failed')
    return 'connected after ' + str(attempts)

while True:
    try:
        print(flaky())
        break
    except ConnectionError as e:
        print('retrying:', e)

total = 0
i = 0
while i < 10:
    i += 1
    try:
        if i % 4 == 0:
            raise StopIteration(i)
        total += i
    except StopIteration as e:
        total -= e.value
print(total)
