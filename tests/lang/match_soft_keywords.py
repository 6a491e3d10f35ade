# `match`, `case` and `_` are soft keywords: names everywhere except at the
# head of a match statement and of its case blocks.
match = 1
case = 2
_ = 3
print(match, case, _)

def match(*args):
    return 'called match%r' % (args,)

print(match(1, 2))
print(match((1)))
x = [match]
print(x[0]('a'))

class case:
    x = 'case.x'
    match = 'case.match'

print(case.x, case.match)
case.y = 5
print(case.y)

match, case = 10, 20
print(match, case)
match += 1
print(match)
match -= case
print(match)
match = [1, 2, 3]
print(match[0], match[1:])
match[0] = 'm'
print(match)
match * 2
print(match * 2)
case = {'match': 1, 'case': 2}
print(case['match'])

def f(match, case=0, _=1):
    return match + case + _

print(f(1), f(match=2, case=3, _=4))

# a match statement whose subject is named match, with a case capturing
# names called match and case
match = {'case': [1, 2]}
match match:
    case {'case': [match, case]}:
        print('matched', match, case)

match = 7
match match:
    case case if case > 5:
        print('case bound to', case)

def g(x):
    match x:
        case match if match == 0:
            return 'zero named match'
        case _:
            return 'wildcard; _ is still', _

_ = 'underscore'
print(g(0), g(1))

# `_` in a case never binds
match 42:
    case _:
        print('_ after wildcard:', _)

# match as an expression statement: calls and subscripts
match = lambda *a: a
print(match (1, 2))
match = [[0, 1]]
print(match [0][1])
lst = [match]
match - 1 if False else print('match - 1 not evaluated')
print([match for match in range(3)])
print({case: 1 for case in 'ab'})
