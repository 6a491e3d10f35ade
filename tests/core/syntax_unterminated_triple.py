print('ok')
s = """this string
never ends
print(s)
