print('x')
nonlocal x
