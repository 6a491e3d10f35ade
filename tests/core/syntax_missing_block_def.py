def f():

print('after')
