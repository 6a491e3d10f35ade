# Lists and dicts that grow and shrink inside a hot loop.
stack = []
max_depth = 0
for i in range(40000):
    if (i // 1000) % 2 == 0:
        stack.append(i)
    elif stack:
        stack.pop()
    if len(stack) > max_depth:
        max_depth = len(stack)
print(len(stack), max_depth, stack[:3], stack[-3:])
window = {}
for i in range(30000):
    window[i] = i * i
    if i >= 100:
        del window[i - 100]
print(len(window), min(window), max(window), sum(window.values()) % 1000003)
