# Triple-quoted strings.
s = """first
second
third"""
print(s)
print(len(s.splitlines()))
t = '''single 'quotes' and "double" inside'''
print(t)
u = """ends with quote\""""
print(u)
v = """\
no leading newline
"""
print(repr(v))
w = '''a\tb\n'''
print(repr(w))
print(r"""raw \n triple""")
print(b"""bytes
triple""")
doc = """He said "hi" and she said 'bye'"""
print(doc)
print("""""" == "")
