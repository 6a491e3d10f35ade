# json in hot loops (compiled by the JIT in default and eager modes): the
# C scanner and encoder called from traces, with results that change
# mid-way (types of values, errors raised inside the loop).
import json
from json import decoder

docs = ['{"a": %d, "b": [1.5, "x%d", null]}', '[%d, true, "\\u00e9%d"]', '"s%d\\n%d"', '%d.25e%d']
total = 0
seen = {}
for i in range(6000):
    src = docs[i % 4] % (i, i % 7)
    v = json.loads(src)
    t = type(v).__name__
    seen[t] = seen.get(t, 0) + 1
    if isinstance(v, dict):
        total += v['a'] + len(v['b'])
    elif isinstance(v, list):
        total += v[0] + len(v[2])
    elif isinstance(v, str):
        total += len(v)
    else:
        total += int(v) % 1000
print(total, sorted(seen.items()))

out = []
for i in range(5000):
    obj = {'i': i, 'f': i / 8, 'l': [i] * (i % 3), 's': 'é' * (i % 4)}
    if i % 1000 == 999:
        obj['bad'] = {1j: 1}
    try:
        s = json.dumps(obj, ensure_ascii=i % 2 == 0, sort_keys=i % 5 == 0)
    except TypeError as e:
        out.append(str(e))
        continue
    if i % 500 == 0:
        out.append(s)
    assert json.loads(s) == obj
print('\n'.join(out))

scan = decoder.JSONDecoder().scan_once
text = '[1, 2]  "abc"  {"k": 3}  4.5  oops'
pos, vals = 0, []
for rnd in range(800):
    pos = 0
    vals = []
    while True:
        while pos < len(text) and text[pos] == ' ':
            pos += 1
        try:
            v, pos = scan(text, pos)
        except StopIteration as e:
            vals.append(('stop', e.value))
            break
        vals.append(v)
print(vals, pos)

errs = {}
for i in range(3000):
    try:
        json.loads('[1, 2' + ',]'[i % 2] * (i % 3))
    except json.JSONDecodeError as e:
        errs[(e.msg, e.pos)] = errs.get((e.msg, e.pos), 0) + 1
print(sorted(errs.items()))
