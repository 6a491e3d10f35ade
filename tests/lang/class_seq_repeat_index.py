class Two:
    def __index__(self):
        return 2
print('ab' * Two(), Two() * 'x', [0] * Two(), (1,) * Two(), b'z' * Two())
print([10, 20, 30][Two()], 'abc'[Two()], range(10)[Two()], [1, 2, 3, 4][Two():])
lst = [1, 2, 3]
lst[Two()] = 'set'
print(lst)
try:
    'a' * 1.5
except TypeError as e:
    print(e)
class NotIdx:
    pass
try:
    [1] * NotIdx()
except TypeError as e:
    print(e)
