# the libraries on pyexpat: minidom, pulldom, sax (expatreader), plistlib
import contextlib
import io
# xml.sax.saxutils imports urllib.request, and so hashlib, which logs to
# stderr for the hashes tpy does not have yet (blake2): not this test's subject
with contextlib.redirect_stderr(io.StringIO()):
    import hashlib
import plistlib
import xml.dom.minidom as minidom
import xml.sax
import xml.sax.handler
from xml.dom import pulldom
from xml.dom.minicompat import EmptyNodeList

doc = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE root [<!ENTITY who "world">]>
<root xmlns:p="urn:p" a="1">
  <p:item k="v">hello &who;</p:item>
  <!-- note -->
  <item><![CDATA[<cdata>]]></item>
  <?target some data?>
</root>"""

dom = minidom.parseString(doc)
print(dom.documentElement.tagName, dom.documentElement.getAttribute("a"), dom.doctype.name)
for n in dom.documentElement.childNodes:
    print(n.nodeType, n.nodeName, repr(n.nodeValue) if n.nodeValue else "", [c.toxml() for c in n.childNodes])
item = dom.getElementsByTagNameNS("urn:p", "item")[0]
print(item.prefix, item.localName, item.namespaceURI, item.firstChild.data)
print(dom.toxml()[:100])
print(dom.documentElement.toprettyxml(indent=" ")[:200])
print([1, 2] + EmptyNodeList(), EmptyNodeList() + [3])
try:
    minidom.parseString("<a><b></a>")
except Exception as e:
    print(type(e).__name__, e)

# pulldom
events = []
for ev, node in pulldom.parseString("<a><b x='1'>t</b><c/></a>"):
    events.append((ev, node.nodeName))
print(events)

# SAX with namespaces
class H(xml.sax.handler.ContentHandler):
    def __init__(self):
        self.out = []
    def startElementNS(self, name, qname, attrs):
        self.out.append(("start", name, qname, sorted(attrs.items())))
    def endElementNS(self, name, qname):
        self.out.append(("end", name))
    def characters(self, data):
        if data.strip():
            self.out.append(("chars", data))
    def processingInstruction(self, target, data):
        self.out.append(("pi", target, data))
    def startPrefixMapping(self, prefix, uri):
        self.out.append(("ns", prefix, uri))
class Loc(xml.sax.handler.ContentHandler):
    def setDocumentLocator(self, loc):
        self.loc = loc
    def startElement(self, name, attrs):
        print("at", name, self.loc.getLineNumber(), self.loc.getColumnNumber(), dict(attrs))
p = xml.sax.make_parser()
p.setFeature(xml.sax.handler.feature_namespaces, True)
h = H()
p.setContentHandler(h)
p.parse(io.BytesIO(doc.encode()))
for e in h.out:
    print(e)
xml.sax.parseString(b"<a>\n <b c='d'/>\n  <e/></a>", Loc())
try:
    xml.sax.parseString(b"<a><b></a>", xml.sax.handler.ContentHandler())
except xml.sax.SAXParseException as e:
    print("SAXParseException", e, e.getLineNumber(), e.getColumnNumber())

# plistlib's XML format
pl = {"name": "tpy", "list": [1, 2.5, True, "x"], "data": b"\x00\x01", "nested": {"k": None or 0}}
data = plistlib.dumps(pl)
print(data.decode()[:120])
print(plistlib.loads(data) == pl, plistlib.loads(data))

