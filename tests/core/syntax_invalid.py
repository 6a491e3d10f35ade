print('this line never runs')
x = = 1
