# pyexpat driven from hot loops: many parses and handler calls (traces
# through Parse, the handlers and the attribute setters)
import xml.parsers.expat as expat

class Counter:
    def __init__(self):
        self.starts = 0
        self.depth = 0
        self.max_depth = 0
        self.text = 0
        self.attrs = 0
    def start(self, name, attrs):
        self.starts += 1
        self.depth += 1
        self.attrs += len(attrs)
        if self.depth > self.max_depth:
            self.max_depth = self.depth
    def end(self, name):
        self.depth -= 1
    def chars(self, data):
        self.text += len(data)

c = Counter()
total = 0
for i in range(300):
    p = expat.ParserCreate()
    p.StartElementHandler = c.start
    p.EndElementHandler = c.end
    p.CharacterDataHandler = c.chars
    p.buffer_text = i % 2 == 0
    p.ordered_attributes = i % 3 == 0
    doc = "<r n='%d'>" % i + "<a x='1' y='2'>t%d</a>" % i * (i % 7 + 1) + "</r>"
    total += p.Parse(doc, True)
print(total, c.starts, c.max_depth, c.text, c.attrs, c.depth)

# one parser fed in many small pieces
p = expat.ParserCreate()
seen = []
p.StartElementHandler = lambda n, a: seen.append(n)
p.Parse("<root>", False)
for i in range(2000):
    p.Parse("<e%d/>" % (i % 5), False)
p.Parse("</root>", True)
print(len(seen), seen[:6], p.CurrentByteIndex)

# exceptions from handlers in a loop
errors = 0
for i in range(200):
    p = expat.ParserCreate()
    def h(name, attrs, i=i):
        if name == "b" and i % 3 == 0:
            raise KeyError(i)
    p.StartElementHandler = h
    try:
        p.Parse("<a><b/><c/></a>", True)
    except KeyError:
        errors += 1
    except expat.ExpatError:
        errors += 1000
print(errors)

# malformed documents in a loop
codes = {}
for i in range(200):
    p = expat.ParserCreate()
    try:
        p.Parse("<a>" * (i % 4) + "<" * (i % 2), True)
    except expat.ExpatError as e:
        codes[e.code] = codes.get(e.code, 0) + 1
print(sorted(codes.items()))
