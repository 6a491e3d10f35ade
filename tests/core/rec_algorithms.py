# Recursive algorithms: permutations, n-queens, subsets sum, tree depth.
def permutations(items):
    if len(items) <= 1:
        return [items[:]]
    out = []
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for p in permutations(rest):
            out.append([items[i]] + p)
    return out

print(permutations([1, 2, 3]))
print(len(permutations(list(range(6)))))

def queens(n, row, cols, diag1, diag2):
    if row == n:
        return 1
    count = 0
    for c in range(n):
        if c in cols or (row + c) in diag1 or (row - c) in diag2:
            continue
        cols.add(c)
        diag1.add(row + c)
        diag2.add(row - c)
        count += queens(n, row + 1, cols, diag1, diag2)
        cols.remove(c)
        diag1.remove(row + c)
        diag2.remove(row - c)
    return count

for n in range(1, 8):
    print(n, 'queens:', queens(n, 0, set(), set(), set()))

def subset_sum(nums, target):
    if target == 0:
        return True
    if not nums or target < 0:
        return False
    return subset_sum(nums[1:], target - nums[0]) or subset_sum(nums[1:], target)

print(subset_sum([3, 34, 4, 12, 5, 2], 9), subset_sum([3, 34, 4, 12, 5, 2], 30))

def depth(tree):
    if not isinstance(tree, list):
        return 0
    best = 0
    for child in tree:
        d = depth(child)
        if d > best:
            best = d
    return best + 1

print(depth([1, [2, [3, [4]], 5], [6]]), depth(7), depth([]))

def binary_strings(n):
    if n == 0:
        return ['']
    out = []
    for s in binary_strings(n - 1):
        out.append(s + '0')
        out.append(s + '1')
    return out
print(binary_strings(3))
