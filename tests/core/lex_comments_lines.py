# Comments, line continuations and semicolons.
x = 1  # trailing comment
y = 2; z = 3; print(x, y, z)
total = x + \
    y + \
    z
print(total)
lst = [1,
       2,  # comment inside brackets
       3,
       ]
print(lst)
d = {
    'a': 1,
    'b': 2,
}
print(d)
if x == 1: print('one-liner if')
for i in range(3): print(i, end=' ')
print()
while False: pass
def f(): return 'inline def'
print(f())
# a comment on its own
    # an indented comment is fine
print(  (  1  +  2  )  )
