# pyexpat: ExpatError and its fields, argument errors, exceptions raised in
# handlers, buffer_text, ParseFile, interning, encodings
import io
import pyexpat
from xml.parsers import expat

def show(f, *a, **k):
    try:
        r = f(*a, **k)
        print("ok", repr(r))
    except Exception as e:
        print(type(e).__name__, e)
        return e

# errors with code, lineno, offset
for doc in [b"<a><b></a>", b"<", b"\0\r\n", b"<a>&undef;</a>", b"<a/><b/>", b"",
            b"<a x='1' x='2'/>", b"<?xml version\xc2\x85='1.0'?>\r\n<a/>", "<a>\n  <b></c></a>"]:
    p = expat.ParserCreate()
    e = show(p.Parse, doc, True)
    if e is not None:
        print("  ", e.code, e.lineno, e.offset, errors := expat.errors.messages[e.code], p.ErrorCode,
              p.ErrorLineNumber, p.ErrorColumnNumber, p.ErrorByteIndex)
        print("  ", isinstance(e, expat.error), e.args)

# parsing after the end
p = expat.ParserCreate()
print(p.Parse(b"<a/>", True))
show(p.Parse, b"<b/>", True)

# argument errors
show(expat.ParserCreate, 3)
show(expat.ParserCreate, namespace_separator=3)
show(expat.ParserCreate, namespace_separator="ab")
show(expat.ParserCreate, intern=3)
show(expat.ParserCreate, "utf-8", "!", {}, 4)
show(expat.ParserCreate, encoding="a\0b")
show(expat.ParserCreate, bogus=1)
p = expat.ParserCreate()
show(p.Parse, 3)
show(p.Parse, b"", 1.5)
show(p.Parse)
show(p.ParseFile, 3)
show(p.ParseFile, io.StringIO("<a/>"))
show(p.SetBase, 3)
show(p.ExternalEntityParserCreate, 3)
show(p.ErrorString if hasattr(p, "ErrorString") else expat.ErrorString, "x")
show(setattr, p, "ErrorCode", 3)
show(delattr, p, "buffer_text")
show(delattr, p, "StartElementHandler")
show(setattr, p, "buffer_size", "x")
show(setattr, p, "buffer_size", 0)
show(setattr, p, "buffer_size", 2**31)
show(setattr, p, "returns_unicode", 1)
show(getattr, p, "returns_unicode")
show(setattr, p, range(3), 0)
show(pyexpat.XMLParserType)
show(p.Parse, "\udc80", True)

# an exception in a handler stops the parse and clears the handlers
seen = []
def start(name, attrs):
    seen.append(name)
    if name == "b":
        raise ValueError("stop at " + name)
p = expat.ParserCreate()
p.StartElementHandler = start
p.EndElementHandler = lambda name: seen.append("/" + name)
show(p.Parse, b"<a><b><c/></b></a>", True)
print(seen, p.StartElementHandler, p.EndElementHandler)

class Boom(Exception):
    pass
def boom(*a):
    raise Boom("in character data")
p = expat.ParserCreate()
p.CharacterDataHandler = boom
p.buffer_text = True
show(p.Parse, b"<a>text</a>", True)
print(p.CharacterDataHandler)

# the handler result: ExternalEntityRefHandler's 0 is an error
p = expat.ParserCreate()
p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_ALWAYS)
p.ExternalEntityRefHandler = lambda *a: 0
show(p.Parse, b'<!DOCTYPE a [<!ENTITY e SYSTEM "x">]><a>&e;</a>', True)

# buffer_text joins character data
for buffered in (False, True):
    p = expat.ParserCreate()
    out = []
    p.CharacterDataHandler = out.append
    p.buffer_text = buffered
    p.Parse(b"<a>one &amp; two\nthree<![CDATA[four]]>&#65;<b/>five</a>", True)
    print(buffered, out, p.buffer_text, p.buffer_used)

p = expat.ParserCreate()
out = []
p.CharacterDataHandler = out.append
p.buffer_size = 4
print(p.buffer_text, p.buffer_size)
p.Parse(b"<a>ab&amp;cdefgh<b/>xy</a>", False)
print(out, p.buffer_used)
p.buffer_text = False
print(out, p.buffer_text)

# ParseFile, in pieces of at most 2048 bytes
class Reader:
    def __init__(self, data):
        self.f = io.BytesIO(data)
        self.sizes = []
    def read(self, n):
        self.sizes.append(n)
        return self.f.read(n)
doc = b"<root>" + b"<item n='1'>x</item>" * 300 + b"</root>"
r = Reader(doc)
p = expat.ParserCreate()
count = [0]
def item(name, attrs):
    count[0] += 1
p.StartElementHandler = item
print(p.ParseFile(r), count, set(r.sizes), len(r.sizes))
class Bad:
    def read(self, n):
        return b"x" * (n + 1)
show(expat.ParserCreate().ParseFile, Bad())

# interning: equal names are one object
p = expat.ParserCreate()
names = []
p.StartElementHandler = lambda n, a: names.append(n)
p.EndElementHandler = names.append
p.Parse(b"<e><e/><e/></e>", True)
print(len(names), all(n is names[0] for n in names), sorted(p.intern))
p = expat.ParserCreate(intern=None)
print(p.intern)
d = {}
p = expat.ParserCreate(intern=d)
print(p.intern is d)

# str input is UTF-8 whatever the declaration; bytes follow it
out = []
p = expat.ParserCreate()
p.CharacterDataHandler = out.append
p.Parse("<?xml version='1.0' encoding='iso-8859-1'?><a>\xe9\u20ac</a>", True)
p = expat.ParserCreate()
p.CharacterDataHandler = out.append
p.Parse("<?xml version='1.0' encoding='iso-8859-1'?><a>\xe9</a>".encode("latin-1"), True)
for enc in ("utf-16", "iso-8859-15", "cp1252", "koi8-r"):
    p = expat.ParserCreate()
    p.CharacterDataHandler = out.append
    show(p.Parse, ("<?xml version='1.0' encoding='%s'?><a>\xe9\u20ac?</a>" % enc).encode(enc, "replace"), True)
p = expat.ParserCreate(encoding="iso-8859-5")
p.CharacterDataHandler = out.append
p.Parse(b"<a>\xb0\xd0</a>", True)
print(out)
show(expat.ParserCreate().Parse, b"<?xml version='1.0' encoding='utf-9'?><a/>", True)
show(expat.ParserCreate().Parse, b"<?xml version='1.0' encoding='utf-32'?><a/>", True)

# argument counts
p = expat.ParserCreate()
for f, a, k in [(p.Parse, (), {}), (p.Parse, (b'', 1, 2), {}), (p.Parse, (b'',), {'isfinal': 1}),
                (p.ParseFile, (), {}), (p.ParseFile, (1, 2), {}), (p.UseForeignDTD, (1, 2), {}),
                (p.UseForeignDTD, (), {'flag': 1}), (p.ExternalEntityParserCreate, (), {}),
                (p.ExternalEntityParserCreate, (1, 2, 3), {}), (p.SetBase, (), {}),
                (p.SetParamEntityParsing, (), {}), (p.GetBase, (1,), {}), (p.GetInputContext, (1,), {}),
                (expat.ErrorString, (), {}), (p.Parse, (), {'data': 1})]:
    show(f, *a, **k)

# a handler's exception shows the C callback in its traceback, as CPython's
import os
import traceback
def raiser(*a):
    raise RuntimeError("from handler")
for attr, doc in [("StartElementHandler", "<a/>"), ("CharacterDataHandler", "<a>t</a>"),
                  ("DefaultHandlerExpand", "<a/>"), ("CommentHandler", "<a><!--c--></a>")]:
    p = expat.ParserCreate()
    setattr(p, attr, raiser)
    try:
        p.Parse(doc, True)
    except RuntimeError as e:
        entries = traceback.extract_tb(e.__traceback__)
        print(attr, len(entries), [(os.path.basename(f.filename), f.name) for f in entries])

# what ExternalEntityRefHandler returns is converted as PyLong_AsLong does
for r in (None, 2.5, True, 10**30, -1, 0):
    p = expat.ParserCreate()
    p.SetParamEntityParsing(1)
    p.ExternalEntityRefHandler = lambda *a: r
    show(p.Parse, b'<!DOCTYPE a [<!ENTITY e SYSTEM "x">]><a>&e;</a>', True)
