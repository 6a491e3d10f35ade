# Iterating over dicts and modifying them safely.
prices = {'apple': 0.5, 'banana': 0.25, 'cherry': 3.0, 'date': 1.5}
total = 0
for name in prices:
    total += prices[name]
print(total)
for name, price in prices.items():
    if price > 1:
        print(name, 'is expensive')
expensive = []
for name in list(prices):
    if prices[name] < 1:
        del prices[name]
    else:
        expensive.append(name)
print(prices, expensive)
try:
    for k in prices:
        prices[k + '!'] = 0
except RuntimeError as e:
    print('RuntimeError:', e)
print(len(prices))
scores = {'ann': [90, 85], 'bob': [70, 95, 80]}
for student, marks in sorted(scores.items()):
    print(student, sum(marks) / len(marks))
it = iter({'x': 1, 'y': 2})
print(next(it), next(it), next(it, 'done'))
print(list(enumerate({'p': 1, 'q': 2})))
merged = {}
for part in [{'a': 1}, {'b': 2}, {'a': 3}]:
    for k, v in part.items():
        merged[k] = merged.get(k, 0) + v
print(merged)
