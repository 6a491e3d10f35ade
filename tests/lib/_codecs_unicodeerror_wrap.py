# UnicodeError itself is a plain exception (its three subclasses add the
# fields): a codec raising it gets CPython's "decoding with ... failed"
# wrapper, and it combines with OSError as a base
import codecs

def bad_decode(data, errors="strict"):
    raise UnicodeError("plain")
def bad_encode(s, errors="strict"):
    raise UnicodeError()
def search(name):
    if name == "fx_bad":
        return codecs.CodecInfo(bad_encode, bad_decode, name="fx_bad")
codecs.register(search)
for f in (lambda: b"x".decode("fx_bad"), lambda: "x".encode("fx_bad"), lambda: codecs.decode(b"x", "fx_bad")):
    try:
        f()
    except UnicodeError as e:
        print(type(e).__name__, str(e), repr(e.__cause__), e.__suppress_context__)

class X(UnicodeError, OSError):
    pass
print([c.__name__ for c in X.__mro__])
print(isinstance(X(), OSError), isinstance(X(), UnicodeError))
for bases in ((UnicodeDecodeError, OSError), (UnicodeEncodeError, UnicodeDecodeError),
              (UnicodeError, SyntaxError), (UnicodeTranslateError, ValueError)):
    try:
        type("Y", bases, {})
        print("ok", [b.__name__ for b in bases])
    except TypeError as e:
        print(e, [b.__name__ for b in bases])
