# Basic try/except, catching by type, except tuples, bare except.
def risky(kind):
    if kind == 'zero':
        return 1 / 0
    if kind == 'index':
        return [][0]
    if kind == 'key':
        return {}['missing']
    if kind == 'type':
        return 'a' + 1
    if kind == 'value':
        return int('xyz')
    return 'fine'

for kind in ['ok', 'zero', 'index', 'key', 'type', 'value']:
    try:
        print(kind, '->', risky(kind))
    except ZeroDivisionError:
        print(kind, '-> ZeroDivisionError')
    except (IndexError, KeyError) as e:
        print(kind, '-> lookup problem', type(e).__name__, e)
    except TypeError as e:
        print(kind, '-> TypeError', e)
    except:
        print(kind, '-> something else')

try:
    raise ValueError
except ValueError as e:
    print('bare class raised:', repr(e), e.args)

try:
    raise KeyError('k')
except Exception as e:
    print('caught via Exception:', type(e).__name__, e)

try:
    x = undefined_name
except NameError as err:
    print('NameError:', err)

try:
    try:
        1 / 0
    except ValueError:
        print('wrong handler')
except ZeroDivisionError:
    print('outer handler caught it')
