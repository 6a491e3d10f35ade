# Identifiers: underscores, digits, unicode letters, soft keywords used as names.
_private = 1
__dunder_like = 2
name_with_123 = 3
CamelCase = 4
café = 5
π = 3.14159
变量 = 'chinese'
match = 'soft keyword as a name'
case = 'also fine'
_ = 'underscore'
print(_private, __dunder_like, name_with_123, CamelCase, café, π, 变量)
print(match, case, _)
def naïve(ñ):
    return ñ * 2
print(naïve(21))
class Ünïcode:
    größe = 10
print(Ünïcode.größe, Ünïcode.__name__)
True_ = False
print(True_, len('π'), π * 2)
