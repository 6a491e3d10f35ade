# tpy-test: strict-stderr
# A parser error in a file without a coding declaration: CPython 3.11.2
# places the caret at the UTF-8 byte column (one further right per
# two-byte character before it).
s = "éé"; x = (1 +* 2)
