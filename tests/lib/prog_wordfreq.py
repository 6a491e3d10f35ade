# Text statistics with Counter, defaultdict, groupby, itemgetter, reduce.
from collections import Counter, defaultdict, OrderedDict
from itertools import groupby, chain, islice, accumulate
from operator import itemgetter
from functools import reduce

text = """It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness, it was the epoch of belief, it was the
epoch of incredulity, it was the season of Light, it was the season of Darkness,
it was the spring of hope, it was the winter of despair."""
words = [w.strip('.,').lower() for w in text.split()]
freq = Counter(words)
print(freq.most_common(5))
by_len = defaultdict(list)
for w in sorted(set(words)):
    by_len[len(w)].append(w)
print(sorted(by_len.items())[:4])
initials = [(k, len(list(g))) for k, g in groupby(sorted(words), key=itemgetter(0))]
print(initials)
print(sorted(freq.items(), key=itemgetter(1, 0), reverse=True)[:6])
total_chars = reduce(lambda acc, w: acc + len(w), words, 0)
print(total_chars, sum(map(len, words)), list(islice(accumulate(map(len, words)), 8)))
bigrams = Counter(zip(words, islice(words, 1, None)))
print(bigrams.most_common(3))
first_seen = OrderedDict()
for i, w in enumerate(words):
    first_seen.setdefault(w, i)
print(list(islice(first_seen.items(), 6)))
letters = Counter(chain.from_iterable(words))
print(letters.most_common(4), letters['z'], sum(letters.values()))
