# Nested dicts: building, walking and counting.
students = {
    'ann': {'math': 90, 'art': 75, 'tags': ['honors']},
    'bob': {'math': 60, 'art': 95, 'tags': []},
}
students['cy'] = {'math': 82, 'art': 82, 'tags': ['new']}
students['bob']['tags'].append('artist')
students['ann']['math'] += 5
for name in students:
    rec = students[name]
    avg = (rec['math'] + rec['art']) / 2
    print(name, avg, rec['tags'])
by_subject = {}
for name, rec in students.items():
    for subject in ['math', 'art']:
        by_subject.setdefault(subject, {})[name] = rec[subject]
print(by_subject)
best = {}
for subject, scores in by_subject.items():
    top = None
    for name, score in scores.items():
        if top is None or score > scores[top]:
            top = name
    best[subject] = top
print(best)
tree = {}
for path in ['a/b/c', 'a/b/d', 'a/e', 'f']:
    node = tree
    for part in path.split('/'):
        if part not in node:
            node[part] = {}
        node = node[part]
print(tree)
def count_leaves(t):
    if not t:
        return 1
    total = 0
    for child in t.values():
        total += count_leaves(child)
    return total
print(count_leaves(tree))
copy = dict(students)
copy['ann']['art'] = 0
copy['dee'] = {}
print(students['ann']['art'], 'dee' in students, len(copy))
