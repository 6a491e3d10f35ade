foo(
  a,
  b
x = 1
y = 2 3
