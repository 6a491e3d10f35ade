match = 5
case = 6
_ = 7
print(match + case + _)
print([match for match in range(2)], match)
def match(x, case=None):
    return ('match called', x, case)
print(match(1, case=2))
type = 'shadowed builtin type'
print(type)
del type
print(type(1).__name__)
class case:
    match = 'attr'
print(case.match)
