def describe(x):
    match x:
        case 0:
            return 'zero'
        case [a, b]:
            return 'pair %s %s' % (a, b)
        case {'k': v}:
            return 'dict ' + str(v)
        case str() as s:
            return 'str ' + s
        case _:
            return 'other'
print([describe(v) for v in (0, [1, 2], {'k': 3}, 'x', 5.5)])
