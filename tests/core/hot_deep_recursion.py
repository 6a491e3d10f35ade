# Deep recursion: 5000 frames with sys.setrecursionlimit(10000).
import sys
sys.setrecursionlimit(10000)

def down(n):
    if n == 0:
        return 0
    return 1 + down(n - 1)

def build(n):
    if n == 0:
        return []
    rest = build(n - 1)
    rest.append(n)
    return rest

print(down(5000))
print(len(build(5000)), build(5000)[-1])
total = 0
for i in range(5):
    total += down(4000 + i * 200)
print(total)

def count_down_list(lst, i):
    if i == len(lst):
        return 0
    return lst[i] + count_down_list(lst, i + 1)
print(count_down_list(list(range(5000)), 0))
