# f-strings: expressions, conversions, self-documenting =.
name = 'World'
n = 42
f = 3.14159
print(f'Hello, {name}!')
print(f'{n + 1} {n * 2} {n // 5} {n % 5}')
print(f'{name!r} {name!s} {name!a}')
print(f'{"é"!a} {"é"!r}')
print(f'{n=}')
print(f'{n = }')
print(f'{name=!s}')
print(f'{f=:.2f}')
print(f'{n}{n}{{literal}}{n}')
print(f'{{}}')
items = [1, 2, 3]
print(f'{items} {items[0]} {len(items)}')
d = {'a': 1}
print(f"{d['a']} {d}")
print(f'{"nested quotes"}')
print(f'''triple {n}''')
print(f'{n if n > 10 else 0}')
print(f'{str(n) + "!"}')
print(f'{3 + 4:5}|')
print(f'{None} {True} {1.5}')
