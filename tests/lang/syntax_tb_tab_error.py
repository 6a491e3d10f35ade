# tpy-test: strict-stderr
# TabError: the line is shown without carets (the offset falls in the
# stripped indentation).
if True:
	x = 1
        y = 2
