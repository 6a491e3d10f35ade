# global statements and module-level state.
counter = 0
name = 'initial'

def increment():
    global counter
    counter += 1
    return counter

def rebind():
    global name
    name = 'changed'

def shadow():
    name = 'local only'
    return name

for i in range(5):
    increment()
print('counter', counter)
print(shadow(), name)
rebind()
print(name)

def create_global():
    global brand_new
    brand_new = 'created in function'

create_global()
print(brand_new)

def read_global():
    return counter * 10

print(read_global())

total = 0
def add_to_total(values):
    global total
    for v in values:
        total += v

add_to_total([1, 2, 3])
add_to_total(range(4))
print('total', total)

def uses_builtin():
    return len('abc')

print(uses_builtin())
