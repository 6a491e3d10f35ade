# pyexpat: module constants, parser attributes, the handlers' arguments
import sys
import pyexpat
from xml.parsers import expat

print(pyexpat.EXPAT_VERSION.startswith("expat_"), type(pyexpat.version_info), len(pyexpat.version_info))
print(pyexpat.native_encoding, pyexpat.error is pyexpat.ExpatError, expat.ExpatError is pyexpat.ExpatError)
print(pyexpat.ExpatError.__module__, pyexpat.ExpatError.__name__, pyexpat.ExpatError.__mro__[1])
print(type(pyexpat.features), all(isinstance(n, str) and isinstance(v, int) for n, v in pyexpat.features))
print(sys.modules["pyexpat.errors"] is pyexpat.errors, sys.modules["pyexpat.model"] is pyexpat.model)
print(sys.modules["xml.parsers.expat.errors"] is pyexpat.errors, expat.model is pyexpat.model)
print(pyexpat.errors.__name__, pyexpat.errors.__doc__)
print(pyexpat.model.__name__, pyexpat.model.__doc__)
print(sorted(n for n in dir(pyexpat.model) if n.startswith("XML")))
print([getattr(pyexpat.model, n) for n in sorted(dir(pyexpat.model)) if n.startswith("XML")])
print(len(pyexpat.errors.codes), len(pyexpat.errors.messages))
for code in (1, 2, 3, 4, 9, 27, 35, 36, 43):
    m = pyexpat.errors.messages[code]
    print(code, m, pyexpat.errors.codes[m], pyexpat.ErrorString(code))
print(pyexpat.errors.XML_ERROR_SYNTAX, pyexpat.errors.XML_ERROR_TAG_MISMATCH)
print(pyexpat.ErrorString(0), pyexpat.ErrorString(1000), pyexpat.ErrorString(-1))
print(pyexpat.XML_PARAM_ENTITY_PARSING_NEVER, pyexpat.XML_PARAM_ENTITY_PARSING_UNLESS_STANDALONE,
      pyexpat.XML_PARAM_ENTITY_PARSING_ALWAYS)
print(pyexpat.XMLParserType.__name__, pyexpat.XMLParserType.__module__)
print(hasattr(pyexpat, "xmlparser"))

p = expat.ParserCreate()
print(type(p) is pyexpat.XMLParserType, p.intern, p.buffer_size, p.buffer_text, p.buffer_used)
print(p.ordered_attributes, p.specified_attributes, p.namespace_prefixes)
print(p.StartElementHandler, p.DefaultHandlerExpand, p.GetBase(), p.GetInputContext())
print(p.ErrorCode, p.ErrorLineNumber, p.ErrorColumnNumber, p.ErrorByteIndex)
print(p.CurrentLineNumber, p.CurrentColumnNumber, p.CurrentByteIndex)
names = [n for n in dir(p) if n.endswith("Handler") or n.endswith("HandlerExpand")]
print(len(names), names)

doc = b'''<?xml version="1.0" encoding="iso-8859-1" standalone="no"?>
<?xml-stylesheet href="style.css"?>
<!-- a comment -->
<!DOCTYPE root SYSTEM "root.dtd" [
<!ELEMENT root ANY>
<!ELEMENT item (a, (b | c)*, d?)+>
<!ELEMENT mixed (#PCDATA | a)*>
<!ATTLIST root attr1 CDATA #REQUIRED attr2 CDATA "dflt">
<!NOTATION notation SYSTEM "notation.jpeg">
<!ENTITY acirc "&#226;">
<!ENTITY ext SYSTEM "entity.file">
<!ENTITY unparsed SYSTEM "entity.file" NDATA notation>
]>
<root attr1="value1" xmlns:ns="http://example.com/ns">
<ns:sub ns:a="1">text &acirc; &amp; more</ns:sub>
<sub2><![CDATA[cdata <here>]]></sub2>
&ext;
&skipped;
\xb5
</root>
'''

out = []
def handler(name):
    def h(*args):
        if name == "ExternalEntityRefHandler":
            # the order of the context's parts follows expat's random hash salt
            args = ("\f".join(sorted(args[0].split("\f"))),) + args[1:]
        out.append((name,) + args)
        if name in ("ExternalEntityRefHandler", "NotStandaloneHandler"):
            return 1
    return h

def hook(p):
    for n in names:
        if n not in ("DefaultHandler", "DefaultHandlerExpand"):
            setattr(p, n, handler(n))

p = expat.ParserCreate(namespace_separator="!")
hook(p)
print(p.Parse(doc, True))
for e in out:
    print(e)
print(p.CurrentLineNumber, p.CurrentColumnNumber, p.CurrentByteIndex)

# namespace_prefixes, ordered and specified attributes
out.clear()
p = expat.ParserCreate(namespace_separator=" ")
p.namespace_prefixes = 1
p.ordered_attributes = 1
p.specified_attributes = 1
hook(p)
p.Parse(doc, True)
print([e for e in out if e[0] == "StartElementHandler"])
