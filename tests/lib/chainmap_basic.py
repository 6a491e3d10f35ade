from collections import ChainMap

defaults = {'color': 'red', 'user': 'guest', 'size': 1}
env = {'user': 'admin'}
cli = {'size': 3}
cm = ChainMap(cli, env, defaults)
print(cm, cm['color'], cm['user'], cm['size'], len(cm), sorted(cm), 'color' in cm, 'x' in cm)
print(cm.get('x'), cm.get('x', 0), cm.maps[0] is cli, dict(cm) == {'color': 'red', 'user': 'admin', 'size': 3})
cm['new'] = 1
print(cli, cm.parents, cm.parents.parents)
del cm['new']
try:
    del cm['color']
except KeyError as e:
    print('KeyError', e)
try:
    cm['nope']
except KeyError as e:
    print('KeyError', e)
child = cm.new_child({'color': 'blue'})
print(child['color'], child.parents['color'], child.maps[0], len(child.maps))
print(ChainMap(), ChainMap({1: 2}).new_child(), bool(ChainMap()), bool(ChainMap({}, {1: 1})))
print(list(ChainMap({'b': 2, 'a': 1}, {'c': 3, 'a': 0})))
print(sorted(ChainMap({'a': 1}, {'b': 2}).items()), sorted(ChainMap({'a': 1}, {'a': 2}).values()))
c = ChainMap({'x': 1})
print(c.pop('x'), c, c.setdefault('y', 5), c)
try:
    c.pop('zz')
except KeyError as e:
    print('KeyError', e)
print(ChainMap({1: 1}) == ChainMap({1: 1}), ChainMap({1: 1}) == {1: 1})
scopes = ChainMap()
scopes['x'] = 'global'
inner = scopes.new_child()
inner['x'] = 'local'
print(inner['x'], scopes['x'], inner.parents['x'])
