# append, extend, insert, pop, remove, index, count, reverse, copy, clear.
a = []
a.append(1)
a.append('two')
a.append([3])
print(a)
a.extend([4, 5])
a.extend('ab')
a.extend((6,))
a.extend(range(2))
print(a)
a.insert(0, 'first')
a.insert(-1, 'before last')
a.insert(100, 'end')
a.insert(-100, 'start')
print(a)
print(a.pop(), a.pop(0), a.pop(2), a.pop(-2))
print(a)
a.remove('a')
print(a)
nums = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
print(nums.index(5), nums.index(5, 5), nums.index(5, 9, 11), nums.count(5), nums.count(7))
nums.reverse()
print(nums)
cp = nums.copy()
cp.append(0)
print(len(nums), len(cp))
nums.clear()
print(nums, cp)
stack = []
for i in range(5):
    stack.append(i * i)
while stack:
    print('pop', stack.pop())
q = ['a', 'b', 'c']
print(q.pop(0), q)
r = [1, 2, 3]
print(r.append(4), r.extend([]), r.insert(0, 0), r.reverse(), r.clear(), r.sort())
