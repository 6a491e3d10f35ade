# repr/str/hash/format() of complex numbers: a table of values by format specs.
vals = [0j, -0j, complex(-0.0, 0.0), complex(-0.0, -0.0), 1j, -1j, 1+1j, 1.5-2.25j, 1e16j, 1e-5+1e22j, complex(float('nan'), 0), complex(1, -float('nan')), complex(-float('inf'), float('nan')), 0.1+0.2j, 123456789.125j, complex(1e300*10, 0), 10+0j]
specs = ['', '.2f', '10', '<30', '^30', '>30', '+', ' ', '-', '.3', '.0e', 'E', 'F', 'G', 'g', 'n', ',', '_.2f', '#', '#.3g', 'x<25.1f', '+.3', 'z.1f', '.10g', '.1']
for v in vals:
    print(repr(v), str(v), hash(v) if v == v else 'nan')
    for s in specs:
        try: print(' ', repr(s), repr(format(v, s)))
        except Exception as e: print(' ', repr(s), type(e).__name__, e)
print('%s %r' % (1j, 2j), str(1+1j), [1j, (1, 2j)], {1j: 2})
