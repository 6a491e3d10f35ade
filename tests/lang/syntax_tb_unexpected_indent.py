# tpy-test: strict-stderr
# unexpected indent: the offset is inside the indentation, no caret line.
x = 1
    y = 2
