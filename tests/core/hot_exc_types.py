# Different exception types raised in different phases of a hot loop.
def op(i):
    phase = i // 5000
    if phase == 0:
        return i
    if phase == 1:
        if i % 10 == 0:
            raise KeyError(i)
        return 1
    if phase == 2:
        if i % 3 == 0:
            return int('x' + str(i))
        return 2
    if phase == 3:
        return [][i]
    return None + i

counts = {}
total = 0
for i in range(25000):
    try:
        total += op(i)
    except KeyError:
        counts['key'] = counts.get('key', 0) + 1
    except ValueError:
        counts['value'] = counts.get('value', 0) + 1
    except LookupError as e:
        counts[type(e).__name__] = counts.get(type(e).__name__, 0) + 1
    except Exception as e:
        counts['other ' + type(e).__name__] = counts.get('other ' + type(e).__name__, 0) + 1
print(total, counts)
