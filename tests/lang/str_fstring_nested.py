name = 'x'
print(f"{'inner'} {f'{name}-nested'} {name!r:>{4}}")
items = {'a': 1, 'b': 2}
print(f"{', '.join(f'{k}={v}' for k, v in items.items())}")
w = 7
print(f'{"|":>{w}}{"|":<{w}}|')
print(f'{[x * 2 for x in range(3)]} {dict(a=1)["a"]} {(1, 2)[1]}')
print(f'{"curly {braces}"} {{}} {"}"}')
val = 3.14159
prec = 3
print(f'{val:.{prec}f} {val:{w}.{prec}}| {val!s:>{w}}|')
print(f'{1+1=}', f'{name.upper()=}', f'{ val = :.2f}')
print(f'''{'triple'}''', F'{name}', rf'\n{name}', fr'{name}\t')
print(f'{"a" if val > 3 else "b"}', f'{(lambda: 1)()}')
print(f'{3:{"0"}{">"}{5}}')
