# _tokenize: the lexer's SyntaxWarnings come out as the iteration reaches them;
# made errors by the filters, they stop it with CPython's SyntaxError
import _tokenize, warnings
src = 'x = 1if x else y\n0x1for\n'
for mode in ["always", "error", "ignore"]:
    with warnings.catch_warnings(record=(mode == "always")) as w:
        warnings.simplefilter(mode)
        try:
            for t in _tokenize.TokenizerIter(src): print(t)
        except SyntaxError as e: print(e.args)
        if w: print([(str(x.message), x.category.__name__, x.filename, x.lineno) for x in w])
for t in _tokenize.TokenizerIter("a = 1if b else 2\nc\n"): print(t)
