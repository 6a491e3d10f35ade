# A hot loop of matches (the JIT compiles the loop; the engine is C).
import re

word = re.compile(r'[A-Za-z]+')
num = re.compile(r'(\d+)\.(\d+)')
text = 'alpha 12.5 beta 3.75 gamma 100.0 delta'
total = 0
words = 0
spans = []
for i in range(3000):
    for m in num.finditer(text):
        total += int(m.group(1)) * 100 + int(m.group(2))
    words += len(word.findall(text))
    m = word.match(text, i % 5)
    if m and i % 500 == 0:
        spans.append(m.span())
    if re.search(r'gam+a', text) is None:
        total -= 1
    s = re.sub(r'\s+', ' ', text)
print(total, words, spans, s)

counts = {}
for i in range(2000):
    key = 'k%d' % (i % 7)
    m = re.fullmatch(r'k(\d)', key)
    counts[m.group(1)] = counts.get(m.group(1), 0) + 1
print(sorted(counts.items()))
