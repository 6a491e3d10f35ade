# f-string format specs.
x = 1234567.891
n = 255
s = 'hi'
print(f'[{s:>10}]')
print(f'[{s:<10}]')
print(f'[{s:^10}]')
print(f'[{s:*^10}]')
print(f'[{x:.3f}]')
print(f'[{x:,}]')
print(f'[{n:,}]', f'[{12345678:,}]', f'[{12345678:_}]')
print(f'[{x:,.2f}]')
print(f'[{x:15.2f}]')
print(f'[{x:<15.1f}]')
print(f'[{x:e}]', f'[{x:.2e}]', f'[{x:E}]')
print(f'[{x:g}]', f'[{0.00001234:g}]', f'[{1e20:g}]')
print(f'[{n:x}] [{n:X}] [{n:o}] [{n:b}]')
print(f'[{n:#x}] [{n:#o}] [{n:#b}]')
print(f'[{n:08b}] [{n:+d}] [{-n:d}] [{n: d}]')
print(f'[{n:5d}] [{n:<5d}] [{n:^5d}] [{n:05d}]')
print(f'[{0.5:%}] [{0.25:.1%}]')
print(f'[{-3.5:+.1f}] [{3.5:+.1f}]')
w = 8
p = 2
print(f'[{x:{w}.{p}f}]')
print(f'[{s:{w}}]')
print(f'[{s:>{w}}]')
print(f'[{n:{"^"}{w}}]')
print(f'[{65:c}]')
print(f'[{"abc":.2}]')
print(f'[{True:d}] [{True}]')
print(f'[{-0.0:.1f}] [{1e100:.3g}]')
print(f'[{123:=+8}]')
