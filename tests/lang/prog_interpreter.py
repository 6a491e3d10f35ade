def tokenize(src):
    tokens = []
    i = 0
    while i < len(src):
        c = src[i]
        if c.isspace():
            i += 1
        elif c.isdigit():
            j = i
            while j < len(src) and src[j].isdigit():
                j += 1
            tokens.append(('num', int(src[i:j])))
            i = j
        elif c.isalpha():
            j = i
            while j < len(src) and src[j].isalnum():
                j += 1
            tokens.append(('name', src[i:j]))
            i = j
        else:
            tokens.append(('op', c))
            i += 1
    return tokens
class Parser:
    def __init__(self, tokens):
        self.toks = tokens
        self.pos = 0
    def peek(self):
        return self.toks[self.pos] if self.pos < len(self.toks) else ('eof', None)
    def take(self):
        t = self.peek()
        self.pos += 1
        return t
    def expr(self):
        node = self.term()
        while self.peek() in (('op', '+'), ('op', '-')):
            op = self.take()[1]
            node = (op, node, self.term())
        return node
    def term(self):
        node = self.atom()
        while self.peek() in (('op', '*'), ('op', '/')):
            op = self.take()[1]
            node = (op, node, self.atom())
        return node
    def atom(self):
        kind, val = self.take()
        if kind == 'op' and val == '(':
            node = self.expr()
            self.take()
            return node
        if kind == 'op' and val == '-':
            return ('neg', self.atom())
        return (kind, val)
def evaluate(node, env):
    kind = node[0]
    if kind == 'num':
        return node[1]
    if kind == 'name':
        return env[node[1]]
    if kind == 'neg':
        return -evaluate(node[1], env)
    a, b = evaluate(node[1], env), evaluate(node[2], env)
    return {'+': lambda: a + b, '-': lambda: a - b, '*': lambda: a * b, '/': lambda: a // b}[kind]()
env = {'x': 7, 'y': 3}
for src in ['1 + 2 * 3', '(1 + 2) * 3', 'x * x - y', '-(x + y) * 2', '100 / 7 / 2']:
    tree = Parser(tokenize(src)).expr()
    print(src, '=', evaluate(tree, env))
print(Parser(tokenize('a*(b+1)')).expr())
try:
    evaluate(Parser(tokenize('z + 1')).expr(), env)
except KeyError as e:
    print('unbound', e)
