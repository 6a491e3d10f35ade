# An instance attribute shadows the class's method of the same name even
# after the instance's attributes went to dict mode (a `del`), in compiled
# code too (fileinput sets and deletes self._readline this way).
class C:
    def m(self):
        return "class"
def inst():
    return "instance"
def call(o):
    return o.m()
o = C()
o.m = inst
del o.m          # dict mode from here on
res = []
for i in range(60):
    if i % 2:
        o.m = inst
    elif i % 3:
        del o.m
    res.append(call(o))
print(res.count("class"), res.count("instance"), res[:8])

class Reader:
    def __init__(self, lines):
        self.lines = list(lines)
    def readline(self):
        return self.lines.pop(0) if self.lines else ''
class Stream:
    def __init__(self, files):
        self.files = list(files)
        self.reader = None
    def _readline(self):
        if not self.files:
            return ''
        self.reader = Reader(self.files.pop(0))
        self._readline = self.reader.readline
        return self._readline()
    def readline(self):
        while True:
            line = self._readline()
            if line or not self.reader:
                return line
            self.reader = None
            del self._readline
for rep in range(4):
    s = Stream([["a", "b"], ["c"], [], ["d"]])
    print([s.readline() for _ in range(6)])
