# _string: formatter_parser and formatter_field_name_split against str.format's grammar
import _string
for f in [_string.formatter_parser, _string.formatter_field_name_split]:
  for a in [(5,), (), ('a','b')]:
    try: f(*a)
    except Exception as e: print(type(e).__name__, e)
it = _string.formatter_parser('a{0.x[1]!r:>{w}}b{{c}}d{}')
print(type(it), list(it))
a, b = _string.formatter_field_name_split('0.x[1][a]')
print(a, type(b), list(b))
print(_string.formatter_field_name_split('')[0], list(_string.formatter_field_name_split('')[1]))
it = _string.formatter_field_name_split('a.b..c')[1]
print(next(it))
try: next(it)
except Exception as e: print(type(e).__name__, e)
print(list(_string.formatter_parser('')), list(_string.formatter_parser('abc')), list(_string.formatter_parser('}}')))
it = _string.formatter_parser('a{0}b}c')
print(next(it))
try: next(it)
except Exception as e: print(type(e).__name__, e)
print(_string.__doc__)
cases = ["{0!}", "{0!r", "{0!rr}", "{0!r:}", "{0:{1}}", "{0[}]}", "{0[:]}", "{0[!]}", "{0:}}", "{0:{{}}}", "{", "}", "a{{b", "a}}b", "{0!x}", "{!r}", "{0.}", "{0[]}", "{0]}", "{0[0]x}", "{0:{1:{2}}}", "{a{}", "{0:<{1}}", "{0!r:>{1}}", "{:{}}", "{0[a]b}", "x{0}y{{z}}w", "{0:", "{0!", "{0!:x}", "{0!s:{{}}}", "{ 0 }", "{0.a.b[c][1]}", "{00}", "{0[00]}", "{\u0663}", "{99999999999999999999}", "é{0!é}ü", "{é.ü[ö]}"]
for c in cases:
    out = []
    try:
        for lit, name, spec, conv in _string.formatter_parser(c):
            out.append((lit, name, spec, conv))
            if name is not None:
                first, rest = _string.formatter_field_name_split(name)
                out.append((first, list(rest)))
    except Exception as e:
        out.append(type(e).__name__ + ': ' + str(e))
    print(repr(c), out)
