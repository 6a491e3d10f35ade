for v in (5, -5, 0):
    print('[{:+}] [{:-}] [{: }] [{:+.1f}] [{: .2f}]'.format(v, v, v, v, v))
print('{:#x} {:#X} {:#o} {:#b} {:x} {:X} {:o} {:b}'.format(255, 255, 8, 5, 255, 255, 8, 5))
print('{:#010x} {:#10x} {:<#10x}| {:^#12b}|'.format(255, 255, 255, 5))
print('{:x} {:b} {:#o}'.format(-255, -5, -8))
print('{:c}{:c}{:c} {:c}'.format(72, 105, 33, 0x263A))
print('{:d} {:n} {:,} {:_} {:_x} {:_b}'.format(1234567, 1234567, 1234567, 1234567, 0xabcdef12, 255))
print('{:,.2f} {:_.3f} {:,} {:>15,}'.format(1234567.891, 9876543.21, -1000, 123456789))
print('{:010,} {:012,.2f}'.format(1234567, 1234.5))
print('{:#.0f} {:.0f} {:#g} {:#.3e}'.format(3.0, 2.5, 1.0, 5.0))
try:
    '{:c}'.format(-1)
except (ValueError, OverflowError) as e:
    print(type(e).__name__, e)
try:
    '{:,d}'.format('x')
except ValueError as e:
    print(e)
try:
    '{:x}'.format(1.5)
except ValueError as e:
    print(e)
try:
    '{:d}'.format(1.5)
except ValueError as e:
    print(e)
try:
    '{:+s}'.format('a')
except ValueError as e:
    print(e)
try:
    '{:,s}'.format('a')
except ValueError as e:
    print(e)
try:
    '{:=s}'.format('a')
except ValueError as e:
    print(e)
