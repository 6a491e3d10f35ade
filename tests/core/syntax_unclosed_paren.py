print('never printed')
total = (1 +
         2
print(total)
