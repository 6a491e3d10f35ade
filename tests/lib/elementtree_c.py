# _elementtree, the C half of xml.etree.ElementTree: Element's sequence and
# attribute methods, iterators, copies, pickling, SubElement, TreeBuilder,
# and the errors wrong arguments raise, compared with CPython's C module.
import copy
import io
import pickle
import _elementtree
import xml.etree.ElementTree as ET

print(ET.Element is _elementtree.Element, ET.TreeBuilder is _elementtree.TreeBuilder, ET.XMLParser is _elementtree.XMLParser,
      ET.SubElement is _elementtree.SubElement, ET.ParseError is _elementtree.ParseError)
print(ET.Element.__module__, ET.Element.__name__, ET.SubElement.__module__, issubclass(ET.ParseError, SyntaxError))


def show(e):
    return ET.tostring(e, encoding="unicode")


root = ET.Element("root", {"a": "1"}, b="2")
print(root.tag, root.attrib, root.text, root.tail, len(root), bool(root))
for i in range(5):
    child = ET.SubElement(root, "c%d" % i, n=str(i))
    child.text = "t%d" % i
print(show(root))
print([c.tag for c in root[1:4]], [c.tag for c in root[::-2]], root[-1].tag)
root[0:2] = [ET.Element("x"), ET.Element("y"), ET.Element("z")]
del root[::2]
print([c.tag for c in root])
root[0] = ET.Element("first")
root.insert(-1, ET.Element("inserted"))
root.insert(100, ET.Element("last"))
root.insert(-100, ET.Element("zeroth"))
root.remove(root[1])
root.extend(ET.Element("e%d" % i) for i in range(2))
print([c.tag for c in root])
print(root.get("a"), root.get("zz"), root.get("zz", 0), sorted(root.keys()), sorted(root.items()))
root.set("c", "3")
print(root.attrib)

# iteration
tree = ET.fromstring("<a>A<b>B<c>C</c>c<d/>d</b>b<!--comment-->x<?pi data?>y<c>C2</c>a</a>")
print([e.tag for e in tree.iter()])
print([e.text for e in tree.iter("c")], [e.tag for e in tree.iter("*")])
print(list(tree.itertext()), list(tree[0].itertext()))
print(tree.find("b/c").text, [e.text for e in tree.findall(".//c")], tree.findtext("c"), tree.findtext("q", "-"))
print([e.tag for e in tree.iterfind("b/*")])

# copies and pickles
deep = copy.deepcopy(tree)
shallow = copy.copy(tree)
print(show(deep) == show(tree), deep[0] is tree[0], shallow[0] is tree[0], shallow.attrib is tree.attrib)
for proto in range(2, pickle.HIGHEST_PROTOCOL + 1):
    again = pickle.loads(pickle.dumps(tree, proto))
    print(proto, show(again) == show(tree))
state = ET.Element("s", k="v").__getstate__()
print(state)
fresh = ET.Element.__new__(ET.Element)
fresh.__setstate__({"tag": "n", "text": "t", "_children": [ET.Element("k")]})
print(show(fresh))


# subclasses keep their class and attributes
class Mine(ET.Element):
    def __init__(self, tag, attrib={}, **extra):
        super().__init__(tag, attrib, **extra)
        self.note = "mine"


m = Mine("m", {"x": "1"}, y="2")
m.append(Mine("n"))
print(type(m).__name__, m.note, m.attrib, type(m[0]).__name__, type(m.makeelement("q", {})).__name__)
print(type(copy.copy(m)).__name__, type(copy.deepcopy(m)).__name__)

# TreeBuilder
tb = ET.TreeBuilder()
tb.data("ignored before the root")
tb.start("r", {"k": "v"})
tb.data("te")
tb.data("xt")
tb.start("s", {})
tb.end("s")
tb.data("tail")
comment, pi = tb.comment("com"), tb.pi("target", "text")
print(comment.tag is ET.Comment, comment.text, pi.tag is ET.PI, pi.text)
r = tb.end("r")
print(show(tb.close()), r is tb.close())
tb = ET.TreeBuilder(insert_comments=True, insert_pis=True)
tb.start("r", {})
tb.comment("c1")
tb.data("after comment")
tb.pi("p")
tb.end("r")
print(show(tb.close()))
print(ET.TreeBuilder().close())
tb = ET.TreeBuilder(element_factory=lambda tag, attrib: Mine(tag, attrib), comment_factory=lambda t: "C:" + t,
                    pi_factory=lambda t, d: (t, d))
tb.start("r", {})
print(type(tb.end("r")).__name__, tb.comment("x"), tb.pi("a"), tb.pi("a", "b"))

# XMLParser, on expat
parser = ET.XMLParser(target=ET.TreeBuilder())
parser.feed("<doc><p>one</p>")
parser.feed("<p>two</p></doc>")
print(show(parser.close()))
events = [(ev, el.tag) for ev, el in ET.iterparse(io.StringIO("<a><b/><c><d/></c></a>"), ("start", "end"))]
print(events)
try:
    ET.fromstring("<a><b></a>")
except ET.ParseError as e:
    print("ParseError", e, e.position, e.code)

# wrong arguments
attempts = [
    lambda: ET.Element(), lambda: ET.Element("a", 1), lambda: ET.Element("a", {}, {}),
    lambda: ET.Element("a", attrib=1), lambda: ET.Element("a").append(1), lambda: ET.Element("a").insert(0, 1),
    lambda: ET.Element("a").insert("x", ET.Element("b")), lambda: ET.Element("a").extend([1]),
    lambda: ET.Element("a").extend(1), lambda: ET.Element("a").remove(1),
    lambda: ET.Element("a").remove(ET.Element("b")), lambda: ET.Element("a")[0], lambda: ET.Element("a")["x"],
    lambda: ET.Element("a").__setitem__(0, ET.Element("b")), lambda: ET.Element("a").__delitem__(0), lambda: ET.Element("a").__setitem__(slice(0, 1), [1]),
    lambda: ET.Element("a").__setitem__(slice(0, 1), 1), lambda: ET.Element("a").makeelement("b", 1),
    lambda: ET.SubElement(1, "a"), lambda: ET.SubElement(ET.Element("a")), lambda: ET.SubElement(ET.Element("a"), "b", 1),
    lambda: setattr(ET.Element("a"), "attrib", 1), lambda: delattr(ET.Element("a"), "tag"),
    lambda: ET.Element("a").__setstate__(1), lambda: ET.Element("a").__setstate__({}),
    lambda: ET.Element("a").__setstate__({"tag": "a", "_children": 1}),
    lambda: ET.Element("a").__deepcopy__(1), lambda: ET.TreeBuilder().end("a"),
    lambda: ET.TreeBuilder().start("a", 1), lambda: ET.TreeBuilder(1, 2),
]
for attempt in attempts:
    try:
        attempt()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)
tb = ET.TreeBuilder()
tb.start("a", {})
tb.end("a")
try:
    tb.start("b", {})
except ET.ParseError as e:
    print("ParseError", e)
e = ET.Element("e")
e.tag = e
try:
    repr(e)
except RuntimeError as exc:
    print("RuntimeError", str(exc).split(" inside ")[0])


# XMLParser: input as str, bytes and buffers, encodings, entities, errors
parser = ET.XMLParser()
print(type(parser.target).__name__, parser.entity, parser.version.startswith("Expat "))
parser.feed(b"<?xml version='1.0' encoding='iso-8859-1'?><r a='\xe9'>caf\xe9")
parser.feed(bytearray(b"<s/>"))
parser.feed(memoryview(b"</r>"))
r = parser.close()
print(r.attrib, r.text, len(r))
for enc in ("utf-8", "iso-8859-5", "cp1252", "koi8-r", "mac-roman"):
    text = "\u0436\u0416" if enc in ("iso-8859-5", "koi8-r") else "\u00e9\u00fc"
    try:
        data = ("<?xml version='1.0' encoding='%s'?><t>%s</t>" % (enc, text)).encode(enc)
    except UnicodeEncodeError:
        continue
    print(enc, ET.fromstring(data).text == text)
print(ET.XMLParser(encoding="iso-8859-1").__class__.__name__)
p = ET.XMLParser(encoding="iso-8859-1")
p.feed(b"<a>\xe9</a>")
print(p.close().text)
p = ET.XMLParser()
p.entity["ent"] = "ENTITY"
p.feed('<!DOCTYPE a SYSTEM "a.dtd"><a>x&ent;y</a>')
print(p.close().text)
for bad in ["<a>&undefined;</a>", '<!DOCTYPE a SYSTEM "a.dtd">\n<a>&undefined;</a>', "<a></b>", "<a>", "", "<a/><b/>", "<a>\x00</a>"]:
    p = ET.XMLParser()
    try:
        p.feed(bad)
        p.close()
        print("no error")
    except ET.ParseError as e:
        print("ParseError", e, e.code, e.position)
for bad in [1, None, "\ud800"]:
    try:
        ET.XMLParser().feed(bad)
    except Exception as e:
        print(type(e).__name__, e)
for kw in [{"encoding": 1}, {"encoding": "a\0b"}, {"target": None, "encoding": "nope"}]:
    try:
        ET.XMLParser(**kw)
        print("made")
    except Exception as e:
        print(type(e).__name__, e)
try:
    ET.XMLParser(1)
except TypeError as e:
    print("TypeError", e)
p = ET.XMLParser.__new__(ET.XMLParser)
print(p.target, p.entity)
for call in (lambda: p.feed("<a/>"), p.close, lambda: p._setevents([], None)):
    try:
        call()
    except ValueError as e:
        print("ValueError", e)


# a target of any class: its methods, and what it lacks
class Target:
    def __init__(self):
        self.log = []

    def start(self, tag, attrib):
        self.log.append(("start", tag, attrib))

    def end(self, tag):
        self.log.append(("end", tag))

    def data(self, data):
        self.log.append(("data", data))

    def comment(self, text):
        self.log.append(("comment", text))

    def pi(self, target, data):
        self.log.append(("pi", target, data))

    def doctype(self, name, pubid, system):
        self.log.append(("doctype", name, pubid, system))

    def start_ns(self, prefix, uri):
        self.log.append(("start_ns", prefix, uri))

    def end_ns(self, prefix):
        self.log.append(("end_ns", prefix))

    def close(self):
        return "closed"


t = Target()
p = ET.XMLParser(target=t)
p.feed('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">')
p.feed('<h:html xmlns:h="urn:h" xmlns="urn:d" h:a="1"><!--c--><?p d?><b>x</b></h:html>')
print(p.close())
for entry in t.log:
    print(entry)


class Minimal:
    pass


p = ET.XMLParser(target=Minimal())
p.feed("<a>text<!--c--></a>")
print(p.close())


class Raising(Target):
    def start(self, tag, attrib):
        raise KeyError(tag)


p = ET.XMLParser(target=Raising())
try:
    p.feed("<a><b/></a>")
except KeyError as e:
    print("KeyError", e)


class WithDoctype(ET.XMLParser):
    def doctype(self, *args):
        print("never called")


import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    p = WithDoctype()
    p.feed('<!DOCTYPE a SYSTEM "a.dtd"><a/>')
    print(p.close().tag, [str(w.message) for w in caught], [w.category.__name__ for w in caught])

# events, as XMLPullParser and iterparse ask for them
def what(x):
    if isinstance(x, ET.Element):
        return x.tag if isinstance(x.tag, str) else (x.tag.__name__, x.text)
    return x


pull = ET.XMLPullParser(("start", "end", "start-ns", "end-ns", "comment", "pi"))
pull.feed("<r xmlns='urn:x'><!--c-->")
print([(ev, what(x)) for ev, x in pull.read_events()])
pull.feed("<?pi data?><s/></r>")
pull.close()
print([(ev, what(x)) for ev, x in pull.read_events()])
print([(ev, el.tag) for ev, el in ET.iterparse(io.BytesIO(b"<a><b/></a>"))])
for events in [("bogus",), 1, [1]]:
    try:
        ET.XMLPullParser(events)
    except Exception as e:
        print(type(e).__name__, e)
try:
    ET.XMLParser(target=Target())._setevents([], None)
except TypeError as e:
    print("TypeError", e)
print(ET.tostring(ET.parse(io.StringIO("<a>\u20ac<b/></a>")).getroot(), encoding="unicode"))
print(ET.tostring(ET.parse(io.BytesIO(b"<a>x<b/></a>")).getroot()))
