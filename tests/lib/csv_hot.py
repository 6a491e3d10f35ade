# csv in hot loops (for the JIT): many records read and written, with the
# dialect, the field types and the errors changing part-way through
import csv, io

# write 20000 rows whose item types change mid-way, then read them back
s = io.StringIO()
w = csv.writer(s)
for i in range(20000):
    if i < 8000:
        w.writerow([i, i * 0.5, 'r%d' % i])
    elif i < 14000:
        w.writerow(['a,b' if i % 3 else None, i, 'q"%d' % i])
    else:
        w.writerow([str(i) * 2, '', 'line\n%d' % i])
text = s.getvalue()
print(len(text), text.count('\n'), text[-60:].encode())
n = total = quoted = 0
r = csv.reader(io.StringIO(text, newline=''))
for row in r:
    n += 1
    total += len(row[0]) + len(row[2])
    if '"' in row[2] or ',' in row[0]:
        quoted += 1
print(n, total, quoted, r.line_num)

# QUOTE_NONNUMERIC: floats, then strings, then a bad field
lines = ['%d,"s%d",%d.5' % (i, i, i) for i in range(6000)]
lines[4000:4010] = ['"only","strings","%d"' % i for i in range(10)]
lines.append('x,1,2')
r = csv.reader(lines, quoting=csv.QUOTE_NONNUMERIC)
acc = 0.0
kinds = {}
try:
    for row in r:
        acc += sum(f for f in row if isinstance(f, float))
        k = tuple(type(f).__name__ for f in row)
        kinds[k] = kinds.get(k, 0) + 1
except ValueError as e:
    print('ValueError', e, r.line_num)
print(acc, sorted(kinds.items()))

# errors in a hot loop: every 97th line is bad in strict mode
bad = 0
good = 0
lines = ['"a"x,b' if i % 97 == 0 else '"a",b%d' % i for i in range(10000)]
r = csv.reader(lines, strict=True)
while True:
    try:
        row = next(r)
    except StopIteration:
        break
    except csv.Error as e:
        bad += 1
        continue
    good += len(row[1])
print(bad, good, r.line_num)

# readers with different dialects, made in the loop
dialects = ['excel', 'excel-tab', 'unix']
for d in dialects:
    csv.get_dialect(d)
out = []
for i in range(6000):
    d = dialects[i % 3] if i < 3000 else csv.get_dialect(dialects[(i // 7) % 3])
    sep = csv.get_dialect(d).delimiter if isinstance(d, str) else d.delimiter
    row = next(csv.reader(['x%d%sy%s"z,%d"' % (i, sep, sep, i)], d))
    out.append(len(row))
print(sum(out), out[:5], out[-5:])

# DictWriter and DictReader round trip
s = io.StringIO()
dw = csv.DictWriter(s, fieldnames=['id', 'name', 'score'])
dw.writeheader()
for i in range(5000):
    dw.writerow({'id': i, 'name': 'n,%d' % i if i % 2 else 'n%d' % i, 'score': i / 4})
s.seek(0)
tot = 0.0
names = 0
for rec in csv.DictReader(s):
    tot += float(rec['score'])
    names += rec['name'].count(',')
print(tot, names)

# writerows with a generator, escapes and QUOTE_NONE
s = io.StringIO()
w = csv.writer(s, quoting=csv.QUOTE_NONE, escapechar='\\')
w.writerows(([i, 'a,b' if i % 5 == 0 else 'c', 'd\\e'] for i in range(8000)))
v = s.getvalue()
print(len(v), v.count('\\'), v[:40].encode())
rows = list(csv.reader(io.StringIO(v, newline=''), quoting=csv.QUOTE_NONE, escapechar='\\'))
print(len(rows), rows[0], rows[1], sum(r[1] == 'a,b' for r in rows))
