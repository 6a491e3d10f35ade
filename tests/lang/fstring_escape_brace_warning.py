import warnings
warnings.simplefilter('always')
for src in [r"f'\{6*7}'", r"f'\d{1}'", r"'\d'", r"f'{1}\q'", r"rf'\{1}'", r"f'\N{DASH}{1}'" ]:
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        try: v = eval(src)
        except SyntaxError as e: v = 'SE %s' % e
    print(src, repr(v), [str(x.message) for x in w])
