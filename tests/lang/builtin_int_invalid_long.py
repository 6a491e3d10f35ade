# int() of an invalid literal longer than 200 characters: CPython's message
# shows the repr cut after 200 code points ("%.200R"); tpy showed all of it.
# float() shows all of it in both. Found by tools/fuzz.py.
for s in ['x' * 300, 'a' * 199 + "'", '-inf|' + '1' * 400, '\u00e9' * 300, 'ab\ncd' * 50, b'y' * 300,
          bytearray(b'z' * 250)]:
    for f in (int, float, lambda v: int(v, 16)):
        try:
            f(s)
        except (ValueError, TypeError) as e:
            print(len(str(e)), str(e)[:45], '...', str(e)[-25:])
n = 0
for i in range(3000):
    try:
        int(str(i) * (i % 120))
    except ValueError as e:
        n += len(str(e))
print(n)
