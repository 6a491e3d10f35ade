a[*b:c]
