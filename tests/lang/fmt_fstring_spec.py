x = 255
name = 'World'
pi = 3.14159265
print(f'{x:#x} {x:08b} {x:,} {x:>6} {x:<6}| {x:^+7}')
print(f'{name!r} {name:>8} {name:.3} {name!s:*^11}')
print(f'{pi:.2f} {pi:10.4f}| {pi:e} {pi:.1%}')
print(f'{x=}, {name=!s}, {pi=:.1f}')
print(f'{x + 1} {[1, 2][0]} {"nested " + name} {x if x > 0 else -x}')
print(f'{{braces}} {x!r:>5}')
items = ['a', 'b']
print(f'{", ".join(items)} {len(items):03d}')
width = 12
print(f'{name:{width}}|{name:>{width}}|{pi:{width}.{2}f}|')
print(f'{1_000_000:_} {1e6:,.0f} {-0.5:+.2f}')
d = {'k': 'v'}
print(f"{d['k']} {d!r}")
print(f'{3*4} {"a" * 3} {(lambda: "lam")()}')
print(f'{x:{"^"}{10}}|')
