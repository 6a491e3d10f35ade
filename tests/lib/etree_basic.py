# xml.etree.ElementTree on pyexpat (its Python implementation: tpy has no
# _elementtree, and the module must fall back to its own classes)
import io
import sys
sys.modules["_elementtree"] = None   # CPython too runs the Python implementation
import xml.etree.ElementTree as ET

print(ET.Element.__module__, ET.XMLParser.__module__, type(ET.Element("a")).__name__)

doc = """<?xml version="1.0"?>
<!-- the catalog -->
<catalog xmlns="urn:books" xmlns:x="urn:extra">
  <book id="b1" lang="en">
    <title>Dive &amp; Swim</title>
    <price currency="EUR">10.50</price>
    <x:note>first</x:note>
  </book>
  <book id="b2">
    <title>Caf\u00e9 <![CDATA[<raw>]]> tail</title>
    <price>7</price>
  </book>
  <?proc data here?>
</catalog>
"""

root = ET.fromstring(doc)
print(root.tag, root.attrib, len(root))
ns = {"b": "urn:books", "x": "urn:extra"}
for book in root.findall("b:book", ns):
    print(book.get("id"), book.get("lang", "-"), repr(book.find("b:title", ns).text),
          float(book.find("b:price", ns).text), book.find("x:note", ns) is not None)
print([e.tag for e in root.iter()])
print(ET.tostring(root, encoding="unicode")[:120])
print(ET.tostring(ET.fromstring("<a b='1'><c>t&lt;</c>tail</a>")))

# building and writing
r = ET.Element("root", version="2")
s = ET.SubElement(r, "child", name="x")
s.text = "hello & <world>"
ET.SubElement(r, "empty")
ET.indent(r)
buf = io.BytesIO()
ET.ElementTree(r).write(buf, encoding="utf-8", xml_declaration=True)
print(buf.getvalue().decode())
print(ET.fromstring(buf.getvalue()).find("child").text)

# parse errors carry the position
for bad in ["<a><b></a>", "<a>", "<a x='1' x='2'/>", "", "<a>&nope;</a>"]:
    try:
        ET.fromstring(bad)
    except ET.ParseError as e:
        print("ParseError", e, e.code, e.position)

# the parser keeps comments and processing instructions when asked
parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True, insert_pis=True))
r = ET.fromstring("<a><!--c--><?pi x?><b/></a>", parser)
print([(e.tag if isinstance(e.tag, str) else e.tag.__name__, e.text) for e in r])

# iterparse with events, from a file object
events = []
for ev, el in ET.iterparse(io.BytesIO(doc.encode()), events=("start", "end", "start-ns", "end-ns", "comment", "pi")):
    if ev in ("comment", "pi"):
        el = (el.tag.__name__, el.text)
    elif ev in ("start", "end"):
        el = el.tag
    events.append((ev, el))
print(events)

# XMLPullParser fed in pieces
pp = ET.XMLPullParser(events=("start", "end"))
for piece in ["<ro", "ot><it", "em n='1'/>", "<item n='2'>t", "ext</item></root>"]:
    pp.feed(piece)
    print([(ev, el.tag, el.get("n")) for ev, el in pp.read_events()])
pp.close()

# encodings declared in the document
for enc in ["utf-8", "iso-8859-1", "utf-16", "cp1252", "iso-8859-15"]:
    data = ("<?xml version='1.0' encoding='%s'?><t>\u00e9\u00e8</t>" % enc).encode(enc)
    print(enc, ET.fromstring(data).text)

# canonicalization
print(ET.canonicalize("<a   z='2' a='1'><b/></a>"))
