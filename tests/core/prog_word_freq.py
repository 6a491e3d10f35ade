# Word frequency count over a built-in text.
text = '''It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness, it was the epoch of belief, it was the
epoch of incredulity, it was the season of Light, it was the season of Darkness,
it was the spring of hope, it was the winter of despair.'''

def normalize(word):
    out = ''
    for ch in word.lower():
        if ch.isalpha():
            out += ch
    return out

counts = {}
order = []
for raw in text.split():
    w = normalize(raw)
    if not w:
        continue
    if w not in counts:
        counts[w] = 0
        order.append(w)
    counts[w] += 1

print(len(order), 'distinct words,', sum(counts.values()), 'total')
def by_count(item):
    return (-item[1], item[0])
ranked = sorted(counts.items(), key=by_count)
for word, n in ranked[:8]:
    print(word.ljust(12), str(n).rjust(3), '#' * n)
print(order[:10])
lengths = {}
for w in order:
    lengths.setdefault(len(w), []).append(w)
for k in sorted(lengths):
    print(k, sorted(lengths[k]))
letters = {}
for ch in text.lower():
    if ch.isalpha():
        letters[ch] = letters.get(ch, 0) + 1
top = sorted(letters.items(), key=by_count)[:5]
print(top)
