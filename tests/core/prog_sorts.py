# Bubble, insertion, selection and merge sort (recursive), checked against sorted().
def bubble_sort(a):
    a = a[:]
    n = len(a)
    swaps = 0
    for i in range(n):
        swapped = False
        for j in range(n - 1 - i):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
                swaps += 1
                swapped = True
        if not swapped:
            break
    return a, swaps

def insertion_sort(a):
    a = a[:]
    for i in range(1, len(a)):
        key = a[i]
        j = i - 1
        while j >= 0 and a[j] > key:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = key
    return a

def selection_sort(a):
    a = a[:]
    for i in range(len(a)):
        m = i
        for j in range(i + 1, len(a)):
            if a[j] < a[m]:
                m = j
        a[i], a[m] = a[m], a[i]
    return a

def merge_sort(a):
    if len(a) <= 1:
        return a
    mid = len(a) // 2
    left = merge_sort(a[:mid])
    right = merge_sort(a[mid:])
    out = []
    i = 0
    j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    out.extend(left[i:])
    out.extend(right[j:])
    return out

def quick_sort(a):
    if len(a) <= 1:
        return a
    pivot = a[len(a) // 2]
    less = []
    equal = []
    more = []
    for x in a:
        if x < pivot:
            less.append(x)
        elif x == pivot:
            equal.append(x)
        else:
            more.append(x)
    return quick_sort(less) + equal + quick_sort(more)

seed = 12345
def rand():
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed

data = []
for i in range(60):
    data.append(rand() % 1000 - 500)
print(data)
expected = sorted(data)
b, swaps = bubble_sort(data)
print(b == expected, 'swaps', swaps)
print(insertion_sort(data) == expected, selection_sort(data) == expected)
print(merge_sort(data) == expected, quick_sort(data) == expected)
print(merge_sort(data))
for case in [[], [1], [2, 1], [3, 3, 3], ['pear', 'apple', 'fig'], [2.5, -1, 0, 2]]:
    print(bubble_sort(case)[0], insertion_sort(case), merge_sort(case), quick_sort(case))
