# input() reading lines from stdin (see builtin_input.in).
name = input()
print('Hello,', name)
n = int(input('How many? '))
total = 0
for i in range(n):
    total += int(input())
print('sum', total)
line = input('prompt> ')
print(line.split())
rest = input()
print(repr(rest))
try:
    input()
except EOFError as e:
    print('EOFError', repr(str(e)))
