# _elementtree, the C half of xml.etree.ElementTree: Element's sequence and
# attribute methods, iterators, copies, pickling, SubElement, TreeBuilder,
# and the errors wrong arguments raise, compared with CPython's C module.
import copy
import io
import pickle
import _elementtree
import xml.etree.ElementTree as ET

print(ET.Element is _elementtree.Element, ET.TreeBuilder is _elementtree.TreeBuilder,
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

# parsing through the C TreeBuilder
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
