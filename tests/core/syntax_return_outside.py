print('hi')
return 5
