# raise SystemExit(5) directly.
print('raising SystemExit')
raise SystemExit(5)
