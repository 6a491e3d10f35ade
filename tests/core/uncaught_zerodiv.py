# Prints some lines, then dies with an uncaught ZeroDivisionError.
print('step 1')
values = [10, 5, 0]
for v in values:
    print('100 /', v, '=', 100 // v)
print('never reached')
