# tpy-test: strict-stderr
# A missing comma between items on the second line of a bracket: the
# error is located on that line (the first line ends with blanks).
x = [1, 2,   
     3 4]
