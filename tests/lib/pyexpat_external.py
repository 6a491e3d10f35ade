# pyexpat: external entities through ExternalEntityParserCreate, SetBase /
# GetBase, UseForeignDTD, SetParamEntityParsing, GetInputContext
import xml.parsers.expat as expat

entities = {
    "chapter.xml": b"<chapter title='one'>text of &inner;</chapter>",
    "inner.xml": b"<?xml version='1.0' encoding='iso-8859-1'?><b>\xe9</b>",
    "dtd.dtd": b"<!ENTITY greeting 'hello from the dtd'>",
}
log = []
def attach(p, depth):
    p.StartElementHandler = lambda n, a: log.append((depth, "start", n, a))
    p.CharacterDataHandler = lambda d: log.append((depth, "text", d))
    def ext(context, base, sysid, pubid):
        # the context's parts come in expat's (randomly salted) hash order
        log.append((depth, "ext", sorted(context.split("\f")), base, sysid, pubid))
        child = p.ExternalEntityParserCreate(context)
        attach(child, depth + 1)
        print("child", child.GetBase(), child.intern is p.intern, child.buffer_text)
        return child.Parse(entities[sysid], True)
    p.ExternalEntityRefHandler = ext

doc = b"""<!DOCTYPE book [
<!ENTITY chap SYSTEM "chapter.xml">
<!ENTITY inner SYSTEM "inner.xml">
]>
<book>&chap;</book>"""
p = expat.ParserCreate()
p.SetBase("file:///books/")
print(p.GetBase())
p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_ALWAYS)
attach(p, 0)
print(p.Parse(doc, True))
for e in log:
    print(e)

# a foreign DTD: the handler is asked for it with context None
log.clear()
p = expat.ParserCreate()
p.UseForeignDTD(True)
p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_ALWAYS)
def foreign(context, base, sysid, pubid):
    log.append(("foreign", context, base, sysid, pubid))
    child = p.ExternalEntityParserCreate(None, "utf-8")
    return child.Parse(entities["dtd.dtd"], True)
p.ExternalEntityRefHandler = foreign
texts = []
p.CharacterDataHandler = texts.append
print(p.Parse(b"<a>&greeting;</a>", True), log, texts)

# UseForeignDTD once parsing started is an error
p = expat.ParserCreate()
p.Parse(b"<a>", False)
try:
    p.UseForeignDTD()
except expat.ExpatError as e:
    print("ExpatError", e, e.code)
print(p.SetParamEntityParsing(1))

# GetInputContext inside a handler: the bytes from the current event on
p = expat.ParserCreate()
ctx = []
p.StartElementHandler = lambda n, a: ctx.append((n, p.GetInputContext()))
p.Parse(b"<root><child a='1'/>tail</root>", True)
print(ctx, p.GetInputContext())

# positions as the handlers see them
p = expat.ParserCreate()
pos = []
p.StartElementHandler = lambda n, a: pos.append((n, p.CurrentLineNumber, p.CurrentColumnNumber, p.CurrentByteIndex))
p.EndElementHandler = lambda n: pos.append(("/" + n, p.CurrentLineNumber, p.CurrentColumnNumber, p.CurrentByteIndex))
p.Parse("<a>\n  <b/>\n   <c>\u00e9</c></a>", True)
print(pos)
