print(2 ** 53 + 1 == float(2 ** 53 + 1), 2 ** 53 + 1 > float(2 ** 53), 10 ** 400 > 1e308)
print(1 < float('inf'), -10 ** 400 < float('-inf'), 10 ** 400 < float('inf'))
print(float('nan') == float('nan'), float('nan') != float('nan'), float('nan') < 1)
print(0.0 == -0.0, 1 == True, 0 == False, 2 == True)
print(sorted([3, 1.5, True, -2, 0.0]), max(1, 1.0), max(1.0, 1))
print(3 == 3.0000000000000001, 0.1 + 0.2 == 0.3, round(0.1 + 0.2, 10) == 0.3)
print([1, 2] < [1, 3], (1, 2) < (1, 2, 0), [1] == [1.0], (1, 'a') < (1, 'b'))
try:
    [1] < (1,)
except TypeError as e:
    print(e)
try:
    None < 1
except TypeError as e:
    print(e)
print({1: 'a'} == {1.0: 'a'}, {1, 2} == {2, 1}, {1, 2} < {1, 2, 3})
print(int('9' * 30) == float('9' * 30), int(1e30) == 10 ** 30)
