# Underflow is not overflow: powers and abs() whose result is tiny or 0 (libm
# flags the underflow; CPython raises only when the result is infinite).
for f in [lambda: abs(1e-320+1e-320j), lambda: (0.5+0j) ** 2000.5, lambda: (0.5+0.5j) ** 1100.5, lambda: (1e-200+1e-200j) ** 1.7, lambda: (0.9+0.1j) ** 7000.5, lambda: (1e-310+0j) ** 1.5, lambda: (1e-170j) ** 2, lambda: (1e-170+1e-170j) ** 2]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
