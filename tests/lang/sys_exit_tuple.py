# tpy-test: strict-stderr
# SystemExit with two arguments: its code is the tuple, printed, exit 1.
raise SystemExit("a", 2)
