"""fuzz_gen.py: random, deterministic Python programs for tools/fuzz.py.

generate(seed, avoid) returns the text of one program.  The same seed
gives the same program: everything comes from one random.Random(seed),
and the program itself uses no randomness, time, ids, addresses or string
hashes, so CPython 3.11 (with PYTHONHASHSEED=0) is its oracle.

What a program looks like (the parts are chosen and filled at random):

    globals G0.. of several kinds, exception classes, classes with
    inheritance, properties, super() and a custom __repr__, a context
    manager, small helpers (some raise), generators, closure factories,
    lambdas;
    hot functions: a loop of 1,100-4,000 iterations (or a nested pair
    with a hot inner loop) whose body is random statements: arithmetic
    that overflows into big ints, comparisons mixing ints and floats near
    2**53 and 2**62, containers, strings, calls, try/except/else/finally
    with break/continue/return in handlers, raises, nested loops,
    generators, comprehensions, `with`, global rebinding, class changes;
    conditions keyed on the loop counter ("i == 1700", "i % 7 == 3")
    change types and paths after the loop has been compiled;
    a module-level hot loop, and a call loop that makes small functions hot;
    every function prints its locals at the end, and each top-level call
    is wrapped in try/except that prints the exception type and message.

Values are kept bounded (ints modulo a random bound, strings and lists
sliced) so a program stays well under a second on CPython.

Variable kinds: 'int' (int, bool or big int), 'float', 'num' (any of
int/float/bool: may change between them), 'str', 'list' (of numbers),
'tuple', 'dict' (number keys and values), 'set' (of ints), 'obj'
(instance of a generated class), 'any' (anything; only used through
operations every type supports).
"""

import random

INT_LITS = ['0', '1', '2', '3', '5', '7', '-1', '-3', '10', '64', '100', '255', '1000',
            '12345', '-99999']
INT_EDGE = ['2**31 - 1', '2**31', '2**32 + 1', '2**53', '2**53 + 1', '-(2**53) - 1',
            '2**62 - 1', '2**62', '-(2**62)', '-(2**62) - 1', '2**63 - 1', '2**63',
            '-(2**63)', '2**64 - 1', '2**64', '10**18', '10**20', '3**40', '-(7**30)',
            '4611686018427387903', '9223372036854775807', '-9223372036854775808',
            '9007199254740993', '18446744073709551615']
FLOAT_LITS = ['0.0', '-0.0', '0.5', '1.5', '-2.25', '3.0', '0.1', '1e-09', '1e16',
              '2.5', '-7.75', '100.0', '1e300', '-1e308', '9007199254740992.0',
              '4611686018427387904.0', '9.2233720368547758e18', '1.7976931348623157e308',
              '5e-324', "float('inf')", "-float('inf')"]
BOUNDS = ['7', '97', '1009', '65536', '1000003', '2**31 - 1', '2**32', '2**53', '2**61 - 1',
          '2**62', '2**63', '2**64', '10**20']
STR_LITS = ["''", "'a'", "'abc'", "'x1y2'", "'hello world'", "'  pad '", "'A-B-C'",
            "'h\\u00e9llo'", "'\\u00df\\u20ac'", "'42'", "'-7'", "'3.5'", "'a,b,,c'"]

KINDS = ['int', 'int', 'float', 'num', 'num', 'str', 'list', 'tuple', 'dict', 'set',
         'obj', 'any']


class Ctx:
    """Where a statement is generated: the names it may read and write."""

    def __init__(self, vars, in_func, loopvars=(), n_est=0):
        self.vars = dict(vars)          # name -> kind
        self.in_func = in_func
        self.loops = 0                  # loops enclosing here (break/continue)
        self.loopvars = list(loopvars)  # (name, iterations) of enclosing loops
        self.n_est = n_est
        self.depth = 0
        self.in_handler = 0             # inside except: bare raise allowed
        self.in_gen = False
        self.loopvars_set = set()       # (name, 'int') of loop counters: never assigned
        self.safe = True                # not inside try: avoid operations that often raise
        self.raised = []                # exceptions the enclosing try body may raise
        self.init = False               # initial values: nothing may raise

    def child(self):
        c = Ctx.__new__(Ctx)
        c.__dict__.update(self.__dict__)
        c.vars = dict(self.vars)
        c.loopvars = list(self.loopvars)
        c.depth = self.depth + 1
        return c

    def names(self, kind):
        return [n for n, k in self.vars.items() if k == kind]


def indent(lines, n=1):
    pad = '    ' * n
    return [pad + l for l in lines]


class Gen:
    def __init__(self, seed, avoid=()):
        self.r = random.Random(seed)
        self.seed = seed
        self.avoid = set(avoid)
        self.uniq = 0
        self.globals = {}       # name -> kind
        self.written_globals = set()
        self.classes = []       # (name, base or None)
        self.exc_classes = []
        self.helpers = []       # names of (a, b) -> number functions
        self.raisers = []       # names of (a) -> number functions that may raise
        self.gens = []          # names of (n, a) generator functions
        self.closures = []      # names of factories k -> (x -> number)
        self.lambdas = []
        self.hot = []           # (name, param kinds)
        self.has_kw = False     # kw() and rec() are defined

    # -- helpers -----------------------------------------------------------
    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return self.r.choice(seq)

    def fresh(self, prefix):
        self.uniq += 1
        return '%s%d' % (prefix, self.uniq)

    def weighted(self, table):
        total = sum(w for w, _ in table)
        x = self.r.random() * total
        for w, v in table:
            x -= w
            if x < 0:
                return v
        return table[-1][1]

    def small(self, lo=1, hi=9):
        return self.r.randint(lo, hi)

    def risky(self, ctx):
        """May this expression or statement use an operation that often raises?
        Inside try bodies yes; elsewhere rarely, so most hot loops run on."""
        return not ctx.safe or (not ctx.init and self.chance(0.01))

    # -- expressions ---------------------------------------------------------
    def var_of(self, ctx, kinds):
        names = [n for n, k in ctx.vars.items() if k in kinds]
        return self.pick(names) if names else None

    def loopvar(self, ctx):
        if ctx.loopvars:
            return self.pick(ctx.loopvars)[0]
        return None

    def int_leaf(self, ctx):
        v = self.var_of(ctx, ('int',))
        lv = self.loopvar(ctx)
        table = [(3, 'lit'), (1, 'edge')]
        if v:
            table.append((6, 'var'))
        if lv:
            table.append((6, 'loop'))
        c = self.weighted(table)
        if c == 'lit':
            return self.pick(INT_LITS)
        if c == 'edge':
            return '(%s)' % self.pick(INT_EDGE)
        if c == 'var':
            return v
        return lv

    def divisor(self, ctx, d):
        e = self.int_expr(ctx, d + 1)
        return self.weighted([(4, '(%s or 1)' % e), (3, '(abs(%s) %% 17 + 1)' % e),
                              (1 if self.risky(ctx) else 0, '(%s)' % e),
                              (2, self.pick(['3', '7', '10', '-4', '2**32']))])

    def int_expr(self, ctx, d=0):
        if d >= 3 or self.chance(0.3):
            return self.int_leaf(ctx)
        a = lambda: self.int_expr(ctx, d + 1)
        c = self.weighted([
            (6, 'bin'), (2, 'div'), (1, 'shift'), (1, 'unary'), (1, 'minmax'),
            (1, 'len'), (1, 'cond'), (1, 'call'), (1, 'attr'), (1, 'conv'),
            (1, 'boolarith'), (1, 'pow'), (1, 'sub'), (1, 'misc')])
        if c == 'bin':
            return '(%s %s %s)' % (a(), self.pick(['+', '-', '*', '+', '-', '&', '|', '^']), a())
        if c == 'div':
            return '(%s %s %s)' % (a(), self.pick(['//', '%']), self.divisor(ctx, d))
        if c == 'shift':
            sh = self.weighted([(3, str(self.r.randint(0, 70))), (2, '(%s & 63)' % a()),
                                (1 if self.risky(ctx) else 0, a())])
            return '(%s %s %s)' % (a(), self.pick(['<<', '>>']), sh)
        if c == 'unary':
            return '%s(%s)' % (self.pick(['-', '~', 'abs', '+']), a())
        if c == 'minmax':
            return '%s(%s, %s)' % (self.pick(['min', 'max']), a(), a())
        if c == 'len':
            v = self.var_of(ctx, ('str', 'list', 'tuple', 'dict', 'set'))
            return 'len(%s)' % v if v else a()
        if c == 'cond':
            return '(%s if %s else %s)' % (a(), self.bool_expr(ctx, d + 1), a())
        if c == 'call':
            return self.call_expr(ctx, d)
        if c == 'attr':
            o = self.var_of(ctx, ('obj',))
            if o:
                if ctx.init:
                    return self.pick(['%s.y' % o, 'len(repr(%s))' % o])
                return self.pick(['%s.y' % o, 'len(repr(%s))' % o, '%s.m(%s)' % (o, a()),
                                  self.to_int(ctx, '%s.p' % o)])
            return a()
        if c == 'conv':
            if not self.risky(ctx):
                return self.pick(['int(str(%s))' % a(), 'hash(%s)' % a(), 'int(%s)' % self.bool_expr(ctx, d + 1),
                                  'int(%s)' % self.pick(["'12'", "'-7'", "' 3 '", "'1_000'", "'0'"])])
            return self.weighted([(2, 'int(%s)' % self.float_expr(ctx, d + 1)),
                                  (2, 'round(%s)' % self.float_expr(ctx, d + 1)),
                                  (1, 'int(str(%s))' % a()),
                                  (1, 'hash(%s)' % self.pick([a(), 'float(%s)' % a()])),
                                  (1, 'int(%s)' % self.str_expr(ctx, d + 1)),
                                  (1, 'math.floor(%s)' % self.float_expr(ctx, d + 1)),
                                  (1, 'math.trunc(%s)' % self.float_expr(ctx, d + 1))])
        if c == 'boolarith':
            return '(%s + %s)' % (self.bool_expr(ctx, d + 1), a())
        if c == 'pow':
            if self.chance(0.5):
                return '(%s ** %d)' % (a(), self.r.randint(0, 3))
            return 'pow(%s, %s, %s)' % (a(), self.pick(['2', '3', '65537'] + ([a()] if self.risky(ctx) else [])),
                                        self.pick(['1000003', '97', '2**61 - 1']))
        if c == 'sub':
            l = self.var_of(ctx, ('list', 'tuple'))
            if l:
                return self.pick(['%s[%s %% len(%s)]' % (l, a(), l) if self.risky(ctx) else
                                  self.to_int(ctx, '%s[%s %% (len(%s) or 1)] if %s else 0' % (l, a(), l, l)),
                                  '%s.count(%s)' % (l, a()), self.to_int(ctx, 'sum(%s)' % l)])
            dd = self.var_of(ctx, ('dict',))
            if dd:
                return self.pick([self.to_int(ctx, '%s.get(%s, -1)' % (dd, self.key_expr(ctx))), 'len(%s)' % dd,
                                  'int(%s[%s])' % (dd, self.key_expr(ctx)) if self.risky(ctx) else 'len(%s)' % dd])
            s = self.var_of(ctx, ('str',))
            if s:
                return self.pick(['%s.find(%s)' % (s, self.pick(STR_LITS)), 'len(%s)' % s,
                                  'ord((%s or "?")[%s %% (len(%s) or 1)])' % (s, a(), s),
                                  '%s.count("a")' % s])
            return a()
        # misc
        return self.weighted([(2, 'divmod(%s, %s)[%d]' % (a(), self.divisor(ctx, d), self.r.randint(0, 1))),
                              (1, '(%s).bit_length()' % a()),
                              (1, 'sum(%s for %s in range(%d))' % (self.comp_body_int(ctx, 'q'), 'q', self.small(1, 6))),
                              (1, '(%s == %s)' % (a(), a()))])

    def comp_body_int(self, ctx, q):
        c = ctx.child()
        c.vars[q] = 'int'
        c.loopvars = [(q, 5)]
        return self.int_expr(c, 2)

    def float_leaf(self, ctx):
        v = self.var_of(ctx, ('float',))
        if v and self.chance(0.65):
            return v
        return self.pick(FLOAT_LITS) if self.chance(0.8) else self.pick(FLOAT_LITS[:12])

    def float_expr(self, ctx, d=0):
        if d >= 3 or self.chance(0.3):
            return self.float_leaf(ctx)
        f = lambda: self.float_expr(ctx, d + 1)
        n = lambda: self.num_expr(ctx, d + 1)
        c = self.weighted([(6, 'bin'), (2, 'mixed'), (2, 'div'), (1, 'math'), (1, 'conv'),
                           (1, 'unary'), (1, 'cond'), (1, 'round'), (1, 'attr')])
        if c == 'bin':
            return '(%s %s %s)' % (f(), self.pick(['+', '-', '*']), f())
        if c == 'mixed':
            return '(%s %s %s)' % (self.int_expr(ctx, d + 1), self.pick(['+', '-', '*']), f())
        if c == 'div':
            num = n()
            if 1 in self.avoid:
                num = 'float(%s)' % num
            return '(%s %s %s)' % (num, self.pick(['/', '/', '//', '%']),
                                   self.pick(['(%s or 1.0)' % f(), '(%s or 3)' % self.int_expr(ctx, d + 1),
                                              '2.0', '-0.5', '7'] + ([f()] if self.risky(ctx) else [])))
        if c == 'math':
            fn = self.pick(['math.sqrt(abs(%s))', 'math.fabs(%s)', 'math.exp(min(%s, 50.0))',
                            'math.log(abs(%s) + 1.0)', 'math.copysign(2.0, %s)',
                            'math.hypot(%s, 3.0)', 'math.atan2(%s, 1.0)', 'math.isfinite(%s) * 1.5'] +
                           (['math.sin(%s)', 'math.fmod(%s, 7.5)', 'math.floor(%s) * 1.0'] if self.risky(ctx) else []))
            return fn % f()
        if c == 'conv':
            return self.pick(['float(%s)' % self.int_expr(ctx, d + 1), 'float(%s)' % n(),
                              'float(%s)' % self.pick(["'1.25'", "'-0.0'", "'1e5'", "' 7 '"])])
        if c == 'unary':
            return self.pick(['-', 'abs', '+']) + '(%s)' % f()
        if c == 'cond':
            return '(%s if %s else %s)' % (f(), self.bool_expr(ctx, d + 1), f())
        if c == 'round':
            return 'round(%s, %d)' % (f(), self.r.randint(0, 3))
        o = self.var_of(ctx, ('obj',))
        if o:
            return self.pick(['(%s.x * 0.5)' % o, '(%s.p + 0.25)' % o])
        return f()

    def num_expr(self, ctx, d=0):
        v = self.var_of(ctx, ('num',))
        c = self.weighted([(4, 'int'), (3, 'float'), (4 if v else 0, 'var'), (3, 'mix'), (1, 'bool')])
        if c == 'int':
            return self.int_expr(ctx, d)
        if c == 'float':
            return self.float_expr(ctx, d)
        if c == 'var':
            return v
        if c == 'bool':
            return self.bool_expr(ctx, d + 1)
        if d >= 3:
            return v or self.int_leaf(ctx)
        a = self.num_expr(ctx, d + 1)
        b = self.num_expr(ctx, d + 1)
        op = self.pick(['+', '-', '*', '+', '//', '%', '/'])
        if op in ('//', '%', '/'):
            b = '(%s or 1)' % b
            if op == '/' and 1 in self.avoid:
                a = 'float(%s)' % a
        return '(%s %s %s)' % (a, op, b)

    def cmp_operand(self, ctx, d):
        return self.weighted([(3, lambda: self.num_expr(ctx, d)), (2, lambda: self.int_expr(ctx, d)),
                              (2, lambda: self.float_expr(ctx, d))])()

    def bool_expr(self, ctx, d=0):
        if d >= 3:
            return '(%s %s %s)' % (self.int_leaf(ctx), self.pick(['<', '==', '>=']), self.int_leaf(ctx))
        c = self.weighted([(6, 'cmp'), (1, 'chain'), (2, 'logic'), (1, 'not'), (2, 'phase'),
                           (1, 'contains'), (1, 'isinst'), (1, 'str'), (1, 'truth'), (1, 'seqcmp')])
        if c == 'cmp':
            return '(%s %s %s)' % (self.cmp_operand(ctx, d + 1), self.pick(['<', '<=', '==', '!=', '>', '>=']),
                                   self.cmp_operand(ctx, d + 1))
        if c == 'chain':
            return '(%s < %s <= %s)' % (self.cmp_operand(ctx, d + 1), self.cmp_operand(ctx, d + 1),
                                        self.cmp_operand(ctx, d + 1))
        if c == 'logic':
            return '(%s %s %s)' % (self.bool_expr(ctx, d + 1), self.pick(['and', 'or']), self.bool_expr(ctx, d + 1))
        if c == 'not':
            return '(not %s)' % self.bool_expr(ctx, d + 1)
        if c == 'phase':
            return self.phase_cond(ctx)
        if c == 'contains':
            cont = self.var_of(ctx, ('list', 'tuple', 'dict', 'set'))
            if cont:
                k = self.key_expr(ctx) if ctx.vars[cont] in ('dict', 'set') else self.num_expr(ctx, d + 1)
                return '(%s %s %s)' % (k, self.pick(['in', 'not in']), cont)
            s = self.var_of(ctx, ('str',))
            if s:
                return '(%s in %s)' % (self.pick(["'a'", "'1'", "''", "'lo'"]), s)
        if c == 'isinst':
            v = self.var_of(ctx, ('num', 'any', 'obj', 'int'))
            if v:
                return 'isinstance(%s, %s)' % (v, self.pick(['int', 'float', 'bool', 'str', '(int, float)', 'list'] +
                                                          [n for n, _ in self.classes]))
        if c == 'str':
            s = self.var_of(ctx, ('str',))
            if s:
                return self.pick(['%s.startswith(%s)' % (s, self.pick(STR_LITS)), '(%s < %s)' % (s, self.str_expr(ctx, d + 1)),
                                  '%s.isdigit()' % s, '(%s == %s)' % (s, self.str_expr(ctx, d + 1))])
        if c == 'truth':
            v = self.var_of(ctx, ('str', 'list', 'dict', 'set', 'tuple', 'any', 'num'))
            if v:
                return 'bool(%s)' % v
        if c == 'seqcmp':
            t = self.var_of(ctx, ('tuple', 'list'))
            if t:
                return '(%s %s %s)' % (t, self.pick(['<', '==', '>=']), t if self.chance(0.3) else
                                       (self.tuple_expr(ctx, d + 1) if ctx.vars[t] == 'tuple' else self.list_expr(ctx, d + 1)))
        return '(%s %s %s)' % (self.int_expr(ctx, d + 1), self.pick(['<', '>', '==']), self.int_expr(ctx, d + 1))

    def phase_cond(self, ctx):
        lv = None
        if ctx.loopvars:
            lv, n = self.pick(ctx.loopvars)
        if lv is None or n <= 0:
            return '(%s > %s)' % (self.int_leaf(ctx), self.int_leaf(ctx))
        k = self.r.randint(0, max(1, n))
        m = self.pick([2, 3, 5, 7, 16, 100, 997])
        return self.weighted([(3, '(%s == %d)' % (lv, k)), (3, '(%s >= %d)' % (lv, k)), (3, '(%s < %d)' % (lv, k)),
                              (4, '(%s %% %d == %d)' % (lv, m, self.r.randint(0, m - 1))),
                              (2, '(%s %% %d < %d)' % (lv, m, self.r.randint(0, m))),
                              (1, '(%d <= %s < %d)' % (k, lv, k + self.r.randint(1, 300)))])

    def late_cond(self, ctx):
        """True only after the loop had time to get hot (or never)."""
        if not ctx.loopvars:
            return 'False'
        lv, n = ctx.loopvars[-1] if ctx.loopvars[-1][1] > 100 else ctx.loopvars[0]
        if n < 100:
            return '(%s == %d)' % (lv, n)
        return self.pick(['(%s == %d)' % (lv, self.r.randint(n // 3, n)),
                          '(%s >= %d)' % (lv, self.r.randint(n // 2, n)),
                          '(%s %% %d == %d)' % (lv, n // 2, self.r.randint(n // 3, n // 2 - 1))])

    def sparse_cond(self, ctx):
        """True on a few iterations only (prints inside hot loops)."""
        lv, n = self.pick(ctx.loopvars)
        if n < 50:
            return '(%s == %d)' % (lv, self.r.randint(0, max(n - 1, 0)))
        return self.pick(['(%s %% %d == %d)' % (lv, m, self.r.randint(0, m - 1)) for m in (331, 997, 1499)] +
                         ['(%s == %d)' % (lv, self.r.randint(0, n))])

    def key_expr(self, ctx):
        return self.weighted([(5, '(%s %% 13)' % self.int_expr(ctx, 2)),
                              (1, 'float(%s %% 7)' % self.int_expr(ctx, 2)),
                              (1, self.pick(['True', 'False', '0', '1', '2**64', '-1']))])

    def str_expr(self, ctx, d=0):
        v = self.var_of(ctx, ('str',))
        if d >= 3 or self.chance(0.25):
            return v if v and self.chance(0.6) else self.pick(STR_LITS)
        s = lambda: self.str_expr(ctx, d + 1)
        c = self.weighted([(3, 'conv'), (3, 'concat'), (2, 'slice'), (2, 'method'), (2, 'fmt'),
                           (1, 'join'), (1, 'chr'), (1, 'repeat'), (1, 'cond')])
        if c == 'conv':
            return self.pick(['str(%s)' % self.num_expr(ctx, d + 1), 'repr(%s)' % self.float_expr(ctx, d + 1),
                              'str(%s)' % self.any_expr(ctx, d + 1), 'hex(%s)' % self.int_expr(ctx, d + 1),
                              'bin(%s & 255)' % self.int_expr(ctx, d + 1)])
        if c == 'concat':
            return '(%s + %s)' % (s(), s())
        if c == 'slice':
            return self.pick(['%s[%d:%d]' % (s(), self.r.randint(-5, 3), self.r.randint(-2, 9)),
                              '%s[::-1]' % s(), '%s[%s:]' % (s(), self.int_expr(ctx, d + 1))])
        if c == 'method':
            return self.pick(['%s.upper()', '%s.lower()', '%s.strip()', "%s.replace('a', 'xy')",
                              "%s.title()", "%s.zfill(6)", "%s.center(9, '*')", "%s.lstrip('-')",
                              "%s.swapcase()", "'|'.join(%s.split(','))", "%s.rjust(5)"]) % s()
        if c == 'fmt':
            return self.fstring(ctx, s)
        if c == 'join':
            return "'%s'.join(%s)" % (self.pick(['', '-', ', ']),
                                      self.pick(['[str(q) for q in %s]' % self.list_expr(ctx, d + 1),
                                                 'sorted(%s)' % s(), '(%s, %s)' % (s(), s())]))
        if c == 'chr':
            return 'chr(%s %% 1114 + 32)' % self.int_expr(ctx, d + 1)
        if c == 'repeat':
            return '(%s * %s)' % (s(), self.pick(['2', '0', '3', '(%s %% 3)' % self.int_expr(ctx, d + 1)]))
        return '(%s if %s else %s)' % (s(), self.bool_expr(ctx, d + 1), s())

    def fstring(self, ctx, s):
        """A formatted string.  Python 3.11 allows no quotes of the same kind
        and no backslashes inside f-string braces: such operands become leaves."""
        def plain(e, leaf):
            return e if not any(ch in e for ch in '\'"\\{}') else leaf
        iv = lambda: plain(self.int_expr(ctx, 2), self.int_leaf(ctx))
        fv = lambda: plain(self.float_expr(ctx, 2), self.var_of(ctx, ('float',)) or '0.5')
        sv = lambda: plain(s(), self.var_of(ctx, ('str',)) or 'len(__name__)')
        return '(%s)' % self.pick([lambda: "f'{%s}:{%s}'" % (iv(), sv()),
                          lambda: "f'{%s:.3f}'" % fv(),
                          lambda: "f'{%s!r:>8}'" % sv(),
                          lambda: "f'{%s:x}|{%s:,}'" % (iv(), iv()),
                          lambda: "f'{%s:>+9.2e}'" % fv(),
                          lambda: "'%%d-%%s' %% (%s, %s)" % (self.int_expr(ctx, 2), s()),
                          lambda: "'%%.2e|%%5.1f' %% (%s, %s)" % (self.float_expr(ctx, 2), self.float_expr(ctx, 2)),
                          lambda: "'{}/{}'.format(%s, %s)" % (self.num_expr(ctx, 2), s())])()

    def list_expr(self, ctx, d=0):
        v = self.var_of(ctx, ('list',))
        if d >= 2 or self.chance(0.2):
            return v if v and self.chance(0.6) else '[%s]' % ', '.join(self.num_expr(ctx, 3) for _ in range(self.r.randint(0, 3)))
        c = self.weighted([(2, 'lit'), (2, 'comp'), (1, 'range'), (2, 'op'), (1, 'sorted'), (1, 'slice'), (1, 'conv')])
        if c == 'lit':
            return '[%s]' % ', '.join(self.num_expr(ctx, d + 1) for _ in range(self.r.randint(0, 4)))
        if c == 'comp':
            q = self.fresh('q')
            c2 = ctx.child()
            c2.vars[q] = 'num'
            src = self.pick(['range(%d)' % self.small(0, 8), self.list_expr(ctx, d + 1)])
            cond = ' if %s' % self.bool_expr(c2, 2) if self.chance(0.4) else ''
            return '[%s for %s in %s%s]' % (self.num_expr(c2, 2), q, src, cond)
        if c == 'range':
            return 'list(range(%s %% 7, %s %% 20, %s))' % (self.int_expr(ctx, d + 1), self.int_expr(ctx, d + 1),
                                                         self.pick(['1', '2', '-1', '3']))
        if c == 'op':
            return '(%s + %s)' % (self.list_expr(ctx, d + 1), self.list_expr(ctx, d + 1))
        if c == 'sorted':
            how = self.pick(['', ', reverse=True', ', key=abs'])
            if 'sort' in self.avoid:
                how = {'': ', key=numkey', ', reverse=True': ', key=numkey, reverse=True',
                       ', key=abs': ', key=lambda x: numkey(abs(x))'}[how]
            return 'sorted(%s%s)' % (self.list_expr(ctx, d + 1), how)
        if c == 'slice':
            return '%s[%s]' % (self.list_expr(ctx, d + 1), self.pick(['1:', ':-1', '::2', '::-1', '2:5']))
        t = self.var_of(ctx, ('tuple', 'set', 'dict'))
        if t:
            return 'list(%s)' % t if ctx.vars[t] != 'set' else self.sorted_of(t)
        return '[%s]' % self.num_expr(ctx, d + 1)

    def tuple_expr(self, ctx, d=0):
        v = self.var_of(ctx, ('tuple',))
        if d >= 2 or self.chance(0.3):
            return v if v and self.chance(0.6) else '(%s,)' % self.num_expr(ctx, 3)
        return self.weighted([
            (3, lambda: '(%s)' % ', '.join([self.num_expr(ctx, d + 1) for _ in range(self.r.randint(2, 4))])),
            (1, lambda: 'tuple(%s)' % self.list_expr(ctx, d + 1)),
            (2, lambda: '(%s + (%s,))[-5:]' % (self.tuple_expr(ctx, d + 1), self.num_expr(ctx, d + 1))),
            (1, lambda: 'divmod(%s, %s)' % (self.num_expr(ctx, d + 1), self.pick(['3', '(%s or 1)' % self.num_expr(ctx, d + 1)]))),
            (1, lambda: '%s[1:]' % self.tuple_expr(ctx, d + 1))])()

    def dict_expr(self, ctx, d=0):
        v = self.var_of(ctx, ('dict',))
        if d >= 2 or self.chance(0.3):
            return v if v and self.chance(0.5) else '{%s: %s}' % (self.key_expr(ctx), self.num_expr(ctx, 2))
        q = self.fresh('q')
        c2 = ctx.child()
        c2.vars[q] = 'int'
        return self.weighted([
            (2, lambda: '{%s: %s for %s in range(%d)}' % (q if self.chance(0.5) else '%s %% 5' % q, self.num_expr(c2, 2), q, self.small(0, 7))),
            (1, lambda: 'dict(zip(range(%d), %s))' % (self.small(0, 5), self.list_expr(ctx, d + 1))),
            (1, lambda: '{%s: %s, %s: %s}' % (self.key_expr(ctx), self.num_expr(ctx, 2), self.key_expr(ctx), self.num_expr(ctx, 2))),
            (1, lambda: 'dict(%s)' % self.dict_expr(ctx, d + 1))])()

    def set_expr(self, ctx, d=0):
        v = self.var_of(ctx, ('set',))
        if d >= 2 or self.chance(0.3):
            # three or more elements that CPython folds to constants make it
            # build the set twice (open finding 'setconst'): at most two then
            most = 2 if 'setconst' in self.avoid else 3
            return v if v and self.chance(0.5) else '{%s}' % ', '.join('(%s %% 23)' % self.int_expr(ctx, 2) for _ in range(self.r.randint(1, most)))
        q = self.fresh('q')
        c2 = ctx.child()
        c2.vars[q] = 'int'
        c2.loopvars = [(q, 9)]
        return self.weighted([
            (2, lambda: '{%s %% 17 for %s in range(%d)}' % (self.int_expr(c2, 2), q, self.small(0, 9))),
            (2, lambda: '(%s %s %s)' % (self.set_expr(ctx, d + 1), self.pick(['|', '&', '-', '^']), self.set_expr(ctx, d + 1))),
            (1, lambda: 'set(range(%d, %d))' % (self.small(0, 4), self.small(4, 12)))])()

    def obj_expr(self, ctx, d=0):
        v = self.var_of(ctx, ('obj',))
        if v and self.chance(0.4) or not self.classes:
            return v or 'None'
        cls = self.pick(self.classes)[0]
        return '%s(%s)' % (cls, self.num_expr(ctx, 2))

    def any_expr(self, ctx, d=0):
        kind = self.pick(['int', 'float', 'num', 'str', 'list', 'tuple', 'dict', 'set', 'obj', 'any', 'none'])
        if kind == 'any':
            v = self.var_of(ctx, ('any',))
            return v or 'None'
        if kind == 'none':
            return 'None'
        if d < 2 and self.chance(0.15):
            # and/or give one of their operands, of any type
            return '(%s %s %s)' % (self.any_expr(ctx, d + 1), self.pick(['or', 'and']), self.any_expr(ctx, d + 1))
        return self.expr(kind, ctx, min(d + 1, 3))

    def expr(self, kind, ctx, d=0):
        return {'int': self.int_expr, 'float': self.float_expr, 'num': self.num_expr,
                'str': self.str_expr, 'list': self.list_expr, 'tuple': self.tuple_expr,
                'dict': self.dict_expr, 'set': self.set_expr, 'obj': self.obj_expr,
                'any': self.any_expr, 'bool': self.bool_expr}[kind](ctx, d)

    def call_expr(self, ctx, d):
        if ctx.init:
            return self.int_leaf(ctx)
        opts = []
        if self.helpers:
            opts.append(lambda: '%s(%s, %s)' % (self.pick(self.helpers), self.num_expr(ctx, d + 1), self.int_expr(ctx, d + 1)))
        if self.raisers and not ctx.init and (not ctx.safe or self.chance(0.3)):
            opts.append(lambda: '%s(%s)' % (self.pick(self.raisers), self.int_expr(ctx, d + 1)))
        if self.lambdas:
            opts.append(lambda: '%s(%s)' % (self.pick(self.lambdas), self.int_expr(ctx, d + 1)))
        if self.gens:
            opts.append(lambda: 'sum(%s(%d, %s))' % (self.pick(self.gens), self.small(0, 5), self.int_expr(ctx, d + 1)))
        cl = [n for n, k in ctx.vars.items() if k == 'closure']
        if cl:
            opts.append(lambda: '%s(%s)' % (self.pick(cl), self.int_expr(ctx, d + 1)))
        if self.has_kw:
            opts.append(lambda: self.pick([
                'kw(%s)' % self.int_expr(ctx, d + 1),
                'kw(%s, %s, c=%s)' % (self.int_expr(ctx, d + 1), self.num_expr(ctx, d + 1), self.int_leaf(ctx)),
                'kw(*%s)' % self.pick(['[%s]' % self.int_expr(ctx, d + 1), '(%s, 2, 3, 4)' % self.int_expr(ctx, d + 1)]),
                'kw(%s, **{"c": %s, "z": 1})' % (self.int_expr(ctx, d + 1), self.int_leaf(ctx)),
                'kw(b=%s, a=%s)' % (self.num_expr(ctx, d + 1), self.int_expr(ctx, d + 1))]))
            opts.append(lambda: 'rec(%s %% %d, %s)' % (self.int_expr(ctx, d + 1), self.pick([5, 20, 60]), self.int_leaf(ctx)))
        opts.append(lambda: self.pick([
            'sum(%s for q in range(%d) if q %% 2)' % (self.comp_body_int(ctx, 'q'), self.small(0, 6)),
            'any(q > %s for q in range(%d))' % (self.int_leaf(ctx), self.small(0, 6)),
            'all(%s for q in range(%d))' % (self.comp_body_int(ctx, 'q'), self.small(0, 4)),
            'max(range(%d), key=lambda q: (q * %s) %% 7, default=-1)' % (self.small(0, 6), self.int_leaf(ctx)),
            'min([%s, %s], key=abs)' % (self.int_expr(ctx, d + 1), self.int_expr(ctx, d + 1))]))
        if not opts:
            return self.int_leaf(ctx)
        return self.to_int(ctx, self.pick(opts)())

    def to_int(self, ctx, e):
        """An int from a number that may be inf or nan: int() where raising is
        welcome, else the program's toint() (0 for those)."""
        return 'int(%s)' % e if self.risky(ctx) else 'toint(%s)' % e

    # -- statements ----------------------------------------------------------
    def bound_int(self, e):
        return self.weighted([(6, '(%s) %% (%s)' % (e, self.pick(BOUNDS))),
                              (2, '(%s) & 0x%x' % (e, self.pick([0xff, 0xffffffff, 2**62 - 1, 2**64 - 1, 2**63 - 1]))),
                              (1, 'max(min(%s, %s), -%s)' % (e, self.pick(INT_EDGE), self.pick(INT_EDGE)))])

    def assign(self, ctx, name, kind):
        if kind == 'int':
            return ['%s = %s' % (name, self.bound_int(self.int_expr(ctx)))]
        if kind == 'num':
            e = self.num_expr(ctx)
            if '*' in e or '<<' in e or self.chance(0.5):
                e = '(%s) %% (%s)' % (e, self.pick(BOUNDS))
            return ['%s = %s' % (name, e)]
        if kind == 'float':
            return ['%s = %s' % (name, self.float_expr(ctx))]
        if kind == 'str':
            return ['%s = (%s)[%s]' % (name, self.str_expr(ctx), self.pick([':24', '-24:', ':12', '-30:']))]
        if kind == 'list':
            return ['%s = (%s)[-12:]' % (name, self.list_expr(ctx))]
        if kind == 'tuple':
            return ['%s = %s' % (name, self.tuple_expr(ctx))]
        if kind == 'dict':
            return ['%s = %s' % (name, self.dict_expr(ctx))]
        if kind == 'set':
            return ['%s = %s' % (name, self.set_expr(ctx))]
        if kind == 'obj':
            return ['%s = %s' % (name, self.obj_expr(ctx))]
        if kind == 'any':
            return ['%s = %s' % (name, self.any_expr(ctx))]
        return []

    def writable(self, ctx):
        return [(n, k) for n, k in ctx.vars.items()
                if k in ('int', 'float', 'num', 'str', 'list', 'tuple', 'dict', 'set', 'obj', 'any')
                and not n.startswith('q') and (n, k) not in ctx.loopvars_set
                and not (ctx.in_func and n in self.globals)]

    def stmt(self, ctx):
        table = [(10, 'assign'), (4, 'aug'), (4, 'mutate'), (5, 'if'), (4, 'try'), (1, 'items'), (1, 'send'),
                 (2, 'phase_type'), (1, 'print'), (2, 'flow'), (1, 'raise'),
                 (2, 'loop'), (1, 'gen'), (1, 'with'), (1, 'global'), (1, 'classchg'),
                 (1, 'attr'), (1, 'unpack'), (1, 'localdef'), (1, 'assert'), (1, 'walrus'),
                 (1, 'del')]
        if ctx.depth >= 3:
            table = [t for t in table if t[1] not in ('if', 'try', 'loop', 'with', 'gen')]
        c = self.weighted(table)
        return getattr(self, 'st_' + c)(ctx)

    def block(self, ctx, lo=1, hi=4):
        lines = []
        for _ in range(self.r.randint(lo, hi)):
            lines += self.stmt(ctx)
        return lines or ['pass']

    def st_assign(self, ctx):
        w = self.writable(ctx)
        if not w:
            return ['pass']
        n, k = self.pick(w)
        return self.assign(ctx, n, k)

    def st_aug(self, ctx):
        w = [(n, k) for n, k in self.writable(ctx) if k in ('int', 'num', 'float', 'str', 'list')]
        if not w:
            return self.st_assign(ctx)
        n, k = self.pick(w)
        if k == 'int':
            op = self.pick(['+=', '-=', '^=', '|=', '*=', '//=', '%=', '<<='])
            rhs = self.int_expr(ctx, 1)
            if op in ('//=', '%='):
                rhs = '(%s or 5)' % rhs
            if op == '<<=':
                rhs = '(%s & 7)' % rhs
            lines = ['%s %s %s' % (n, op, rhs)]
            if op in ('*=', '<<=', '+=', '-=', '|=', '^='):
                lines.append('%s %%= %s' % (n, self.pick(BOUNDS)))
            return lines
        if k == 'float':
            return ['%s %s %s' % (n, self.pick(['+=', '-=', '*=']), self.expr(k, ctx, 1))]
        if k == 'num':
            op = self.pick(['+=', '-=', '*=', '/=', '//=', '%='])
            rhs = self.num_expr(ctx, 1)
            if op == '/=' and 1 in self.avoid:
                return ['%s = float(%s) / (%s or 1)' % (n, n, rhs)]
            if op in ('/=', '//=', '%='):
                rhs = '(%s or 3)' % rhs
            lines = ['%s %s %s' % (n, op, rhs)]
            if op in ('*=', '+=', '-='):
                lines.append('%s %%= %s' % (n, self.pick(BOUNDS)))
            return lines
        if k == 'str':
            return ['%s += %s' % (n, self.str_expr(ctx, 1)), '%s = %s[-20:]' % (n, n)]
        return ['%s += %s' % (n, self.list_expr(ctx, 1)), 'del %s[:-10]' % n]

    def st_mutate(self, ctx):
        cont = [(n, k) for n, k in ctx.vars.items() if k in ('list', 'dict', 'set', 'obj')]
        if not cont:
            return self.st_assign(ctx)
        n, k = self.pick(cont)
        if k == 'list':
            ops = ['%s.append(%s)' % (n, self.num_expr(ctx, 1)),
                   'if %s:\n    %s[%s %% len(%s)] = %s' % (n, n, self.int_expr(ctx, 1), n, self.num_expr(ctx, 1)),
                   '%s.insert(%s %% 5, %s)' % (n, self.int_expr(ctx, 1), self.num_expr(ctx, 1)),
                   'if %s:\n    %s.pop(0)' % (n, n), 'if %s:\n    %s.pop()' % (n, n),
                   '%s.sort(%s)' % (n, 'key=numkey' if 'sort' in self.avoid else ''), '%s.reverse()' % n, '%s.extend(%s)' % (n, self.list_expr(ctx, 1)),
                   '%s[1:3] = %s' % (n, self.list_expr(ctx, 2))]
            if self.risky(ctx):
                ops = [self.pick(['%s[%s] = %s' % (n, self.int_expr(ctx, 2), self.num_expr(ctx, 2)),
                                  '%s.remove(%s)' % (n, self.num_expr(ctx, 2)), '%s.pop()' % n,
                                  '%s.index(%s)' % (n, self.num_expr(ctx, 2))])]
            lines = self.pick(ops).split('\n')
            lines.append('del %s[:-12]' % n)
            return lines
        if k == 'dict':
            key = self.key_expr(ctx)
            ops = ['%s[%s] = %s' % (n, key, self.num_expr(ctx, 1)),
                   '%s[%s] = %s.get(%s, 0) + %s' % (n, key, n, key, self.int_expr(ctx, 1)),
                   '%s.pop(%s, None)' % (n, key), '%s.setdefault(%s, %s)' % (n, key, self.num_expr(ctx, 2)),
                   '%s.update(%s)' % (n, self.dict_expr(ctx, 1)),
                   'if %s in %s:\n    del %s[%s]' % (key, n, n, key)]
            if self.risky(ctx):
                ops = ['del %s[%s]' % (n, key), '%s[%s] += 1' % (n, key)]
            if 2 not in self.avoid:
                ops.append('if %s:\n    %s.popitem()' % (n, n))
            return self.pick(ops).split('\n')
        if k == 'set':
            key = '(%s %% 23)' % self.int_expr(ctx, 1)
            return [self.pick(['%s.add(%s)', '%s.discard(%s)', '%s ^= {%s}', '%s |= {%s, 1}'] +
                              (['%s.remove(%s)'] if self.risky(ctx) else [])) % (n, key)]
        # object
        return [self.pick(['%s.x = %s' % (n, self.num_expr(ctx, 1)), '%s.y = %s' % (n, self.bound_int(self.int_expr(ctx, 1))),
                           '%s.p = %s' % (n, self.int_expr(ctx, 1)), '%s.z = %s' % (n, self.num_expr(ctx, 1))])]

    def st_if(self, ctx):
        c = ctx.child()
        lines = ['if %s:' % self.pick([self.bool_expr(ctx), self.phase_cond(ctx), self.phase_cond(ctx)])]
        lines += indent(self.block(c, 1, 3))
        for _ in range(self.r.randint(0, 2)):
            lines.append('elif %s:' % self.pick([self.bool_expr(ctx), self.phase_cond(ctx)]))
            lines += indent(self.block(c, 1, 2))
        if self.chance(0.5):
            lines.append('else:')
            lines += indent(self.block(c, 1, 3))
        return lines

    def risky_stmt(self, ctx):
        """A statement that raises now and then (its exception noted in ctx.raised)."""
        cls = self.pick(self.exc_classes + ['ValueError', 'KeyError', 'RuntimeError'])
        raised = ctx.raised
        def note(exc, lines):
            raised.append(exc)
            return lines
        opts = [
            lambda: note(cls, ['if %s:' % self.phase_cond(ctx), '    raise %s(%s)' % (cls, self.int_leaf(ctx))]),
            lambda: note(cls, ['if %s:' % self.bool_expr(ctx), '    raise %s(%s)' % (cls, self.str_expr(ctx, 2))]),
        ]
        w = self.writable(ctx)
        ints = [n for n, k in w if k in ('int', 'num')]
        if ints:
            t = self.pick(ints)
            opts += [
                lambda: note('ZeroDivisionError', ['%s = %s // (%s %% %d)' % (t, self.int_expr(ctx, 1), self.int_expr(ctx, 1), self.small(2, 9))]),
                lambda: note('ValueError', ['%s = int(%s)' % (t, self.str_expr(ctx, 1))]),
            ]
            if self.raisers:
                opts.append(lambda: note(self.pick(self.exc_classes + ['ValueError', 'KeyError']),
                                         ['%s = %s(%s)' % (t, self.pick(self.raisers), self.int_expr(ctx, 1))]))
            l = self.var_of(ctx, ('list', 'tuple'))
            if l:
                opts.append(lambda: note('IndexError', ['%s = %s[%s %% %d]' % (t, l, self.int_expr(ctx, 1), self.small(2, 12))]))
            dd = self.var_of(ctx, ('dict',))
            if dd:
                opts.append(lambda: note('KeyError', ['%s = %s[%s]' % (t, dd, self.key_expr(ctx))]))
            if self.gens and ctx.vars.get('it0') == 'iter':
                opts.append(lambda: note('StopIteration', ['%s = next(it0)' % t]))
            o = self.var_of(ctx, ('obj', 'any'))
            if o:
                opts.append(lambda: note('AttributeError', ['%s = %s.%s' % (t, o, self.pick(['x', 'z', 'y', 'p']))]))
            opts.append(lambda: note('OverflowError', ['%s = int(%s)' % (t, self.float_expr(ctx, 1))]))
        return self.pick(opts)()

    def st_try(self, ctx):
        c = ctx.child()
        c.safe = False
        c.raised = []
        body = []
        for _ in range(self.r.randint(1, 3)):
            body += self.risky_stmt(c) if self.chance(0.6) else self.stmt(c)
        lines = ['try:'] + indent(body)
        nexc = self.weighted([(1, 0), (4, 1), (2, 2), (1, 3)])
        has_final = nexc == 0 or self.chance(0.3)
        bases = self.exc_classes + ['ValueError', 'KeyError', 'IndexError', 'ZeroDivisionError',
                                    'TypeError', 'ArithmeticError', 'LookupError', 'RuntimeError',
                                    'AttributeError', 'OverflowError', 'Exception',
                                    '(ValueError, TypeError)', '(KeyError, IndexError)']
        for j in range(nexc):
            h = c.child()
            h.safe = True
            h.in_handler += 1
            ename = None
            # at module level `except E as e` binds and deletes a global on
            # every pass (open finding 'invalidation')
            if self.chance(0.5) and (ctx.in_func or 'invalidation' not in self.avoid):
                ename = self.fresh('e')
                h.vars[ename] = 'exc'
            exc = self.pick(bases)
            if c.raised and self.chance(0.8):
                exc = self.pick(c.raised)
                if self.chance(0.3):
                    exc = '(%s, %s)' % (exc, self.pick([b for b in c.raised + bases if '(' not in b]))
            hdr = 'except %s%s:' % (exc, ' as %s' % ename if ename else '')
            if j == nexc - 1 and self.chance(0.4):
                hdr = 'except Exception%s:' % (' as %s' % ename if ename else '')
            lines.append(hdr)
            hb = []
            if ename and self.chance(0.7):
                tgt = [(n, k) for n, k in self.writable(ctx) if k in ('str', 'any', 'int')]
                if tgt:
                    n, k = self.pick(tgt)
                    if k == 'int':
                        hb.append('%s = (%s + len(str(%s))) %% 1000' % (n, n, ename))
                    else:
                        hb.append('%s = (type(%s).__name__ + str(%s))[:30]' % (n, ename, ename))
            hb += self.handler_exit(h)
            hb += self.block(h, 0, 2)
            lines += indent(hb or ['pass'])
        if nexc and self.chance(0.3):
            c.safe = True
            lines.append('else:')
            lines += indent(self.block(c, 1, 2) + self.handler_exit(c, 0.2))
        if has_final:
            lines.append('finally:')
            c.safe = True
            fb = self.block(c, 1, 2)
            if self.chance(0.15):
                fb += self.handler_exit(c, 1.0)
            lines += indent(fb)
        return lines

    def handler_exit(self, ctx, p=0.5):
        """break/continue/return/raise out of a handler (sometimes)."""
        if not self.chance(p):
            return []
        opts = []
        if ctx.loops:
            opts += [(3, 'continue'), (2, 'break')]
        if ctx.in_func and not ctx.in_gen:
            opts += [(1, 'return %s' % self.num_expr(ctx, 2))]
        if ctx.in_handler:
            opts += [(1, 'raise')]
        if not opts:
            return []
        what = self.weighted(opts)
        if self.chance(0.5):
            return ['if %s:' % self.pick([self.phase_cond(ctx), self.bool_expr(ctx, 1)]), '    ' + what]
        return [what]

    def st_phase_type(self, ctx):
        """Change a variable's type (or a value's representation) after the loop got hot."""
        w = [(n, k) for n, k in self.writable(ctx) if k in ('num', 'any', 'int', 'float')]
        if not w:
            return self.st_assign(ctx)
        n, k = self.pick(w)
        if k == 'num':
            val = self.pick(['%s * 0.5' % n, 'toint(%s)' % n, 'True', '2**64 + 1',
                             self.float_expr(ctx, 1), self.int_expr(ctx, 1), '-0.0', "float('inf')"])
        elif k == 'int':
            val = self.pick(['True', 'False', '2**64 + %s' % n, '-(2**63)', '(%s %% 2**40) * 2**40' % n, '2**62'])
        elif k == 'float':
            val = self.pick(['float(%s)' % self.int_expr(ctx, 1), '1e308 * 10', "float('nan')", '-0.0'])
        else:
            val = self.any_expr(ctx)
        return ['if %s:' % self.phase_cond(ctx), '    %s = %s' % (n, val)]

    def st_print(self, ctx):
        vs = [n for n, k in ctx.vars.items() if k in ('int', 'float', 'num', 'str', 'list', 'tuple', 'dict', 'obj', 'any')]
        shown = self.r.sample(vs, min(len(vs), self.r.randint(1, 3))) if vs else []
        cond = self.sparse_cond(ctx) if ctx.loopvars else 'True'
        return ['if %s:' % cond, '    ' + self.pr(["'@%d'" % self.small(0, 99)] + shown)]

    def st_flow(self, ctx):
        if ctx.loops:
            return ['if %s:' % self.pick([self.phase_cond(ctx), self.bool_expr(ctx)]),
                    '    %s' % self.pick(['continue', 'continue', 'break'])]
        if ctx.in_func and not ctx.in_gen:
            return ['if %s:' % self.bool_expr(ctx), '    return %s' % self.num_expr(ctx, 1)]
        return self.st_assign(ctx)

    def st_raise(self, ctx):
        if ctx.in_handler and self.chance(0.3):
            return ['if %s:' % self.bool_expr(ctx), '    raise']
        cls = self.pick(self.exc_classes + ['ValueError', 'OverflowError', 'IndexError'])
        frm = self.pick(['', '', ' from None', ' from ValueError(1)'])
        cond = self.phase_cond(ctx) if not ctx.safe else self.late_cond(ctx)
        return ['if %s:' % cond, '    raise %s(%s)%s' % (cls, self.int_leaf(ctx), frm)]

    def st_loop(self, ctx):
        c = ctx.child()
        c.loops += 1
        v = self.fresh('j')
        n = self.weighted([(4, self.small(0, 5)), (1, self.small(6, 40))])
        c.vars[v] = 'int'
        c.loopvars = c.loopvars + [(v, n)]
        c.loopvars_set = c.loopvars_set | {(v, 'int')}
        kind = self.weighted([(5, 'for'), (2, 'while'), (1, 'forlist'), (1, 'forelse')])
        if kind == 'while':
            lines = ['%s = 0' % v, 'while %s < %d:' % (v, n), '    %s += 1' % v]
            lines += indent(self.block(c, 1, 3))
            return lines
        if kind == 'forlist':
            l = self.var_of(ctx, ('list', 'tuple', 'str', 'dict', 'set'))
            if l:
                c.vars[v] = 'any' if ctx.vars[l] != 'str' else 'str'
                c.loopvars = c.loopvars[:-1]
                src = self.pick(['list(%s)' % l, self.sorted_of(l) if ctx.vars[l] in ('set', 'dict') else 'list(%s)' % l])
                return ['for %s in %s:' % (v, src)] + indent(self.block(c, 1, 3))
        lines = ['for %s in range(%d):' % (v, n)] + indent(self.block(c, 1, 3))
        if kind == 'forelse':
            lines += ['else:'] + indent(self.block(ctx.child(), 1, 2))
        return lines

    def st_gen(self, ctx):
        if not self.gens:
            return self.st_assign(ctx)
        w = [(n, k) for n, k in self.writable(ctx) if k in ('int', 'num')]
        if not w:
            return self.st_assign(ctx)
        t, k = self.pick(w)
        g = self.pick(self.gens)
        c = ctx.child()
        v = self.fresh('g')
        c.vars[v] = 'int'
        c.loops += 1
        c.loopvars = c.loopvars + [(v, 5)]
        opts = [['for %s in %s(%d, %s):' % (v, g, self.small(0, 5), self.int_expr(ctx, 1))] +
                indent(['%s = %s' % (t, self.bound_int('%s + %s' % (t, self.int_expr(c, 1))))] + self.block(c, 0, 2)),
                ['%s = %s' % (t, self.bound_int('sum(%s(%d, %s))' % (g, self.small(0, 6), self.int_expr(ctx, 1))))],
                ['%s = %s' % (t, self.bound_int('max(%s(%d, %s), default=-1)' % (g, self.small(0, 4), self.int_expr(ctx, 1))))]]
        if ctx.vars.get('it0') == 'iter':
            opts.append(['%s = %s' % (t, self.bound_int('%s + next(it0, %s)' % (t, self.int_leaf(ctx))))])
        return self.pick(opts)

    def st_with(self, ctx):
        c = ctx.child()
        c.safe = False
        body = []
        for _ in range(self.r.randint(1, 2)):
            body += self.risky_stmt(c) if self.chance(0.5) else self.stmt(c)
        return ['with CM(%s, %s):' % (self.int_leaf(ctx), self.pick(['True', 'False', 'None']))] + indent(body)

    def st_global(self, ctx):
        if not self.globals:
            return self.st_assign(ctx)
        g = self.pick(sorted(self.globals))
        k = self.globals[g]
        if ctx.in_func:
            if ctx.in_gen:
                return self.st_assign(ctx)
            self.written_globals.add(g)
        if k == 'func':
            return ['if %s:' % self.phase_cond(ctx), '    %s = %s' % (g, self.pick(self.helpers))]
        return self.assign(ctx, g, k)

    def st_classchg(self, ctx):
        if not self.classes:
            return self.st_assign(ctx)
        cls = self.pick(self.classes)[0]
        what = self.pick(['%s.k = %s' % (cls, self.int_expr(ctx, 1)),
                          '%s.k = %s' % (cls, self.float_expr(ctx, 1)),
                          '%s.m = lambda self, v: (v * 3 + %s) %% 1000' % (cls, self.int_leaf(ctx)),
                          '%s.extra = %s' % (cls, self.int_leaf(ctx))])
        # a class changed on every iteration recompiles without end (open
        # finding 'invalidation'): avoiding it, the change happens on a few only
        cond = self.sparse_cond(ctx) if 'invalidation' in self.avoid and ctx.loopvars else self.phase_cond(ctx)
        return ['if %s:' % cond, '    ' + what]

    def st_attr(self, ctx):
        o = self.var_of(ctx, ('obj',))
        w = [(n, k) for n, k in self.writable(ctx) if k in ('int', 'num', 'float')]
        if not o or not w:
            return self.st_mutate(ctx)
        n, k = self.pick(w)
        return ['%s = %s' % (n, self.pick(['%s.x' % o, '%s.p' % o, '%s.m(%s)' % (o, self.int_expr(ctx, 1)),
                                           'getattr(%s, "z", %s)' % (o, self.int_leaf(ctx)),
                                           '%s.k * 2' % o]))]

    def st_unpack(self, ctx):
        w = [n for n, k in self.writable(ctx) if k in ('num', 'any')]
        if len(w) >= 2:
            a, b = self.r.sample(w, 2)
            return [self.pick(['%s, %s = %s, %s' % (a, b, b, a),
                               '%s, %s = divmod(%s, 7)' % (a, b, self.int_expr(ctx, 1)),
                               '%s, *%s = %s or [0]' % (a, b, self.list_expr(ctx, 1)) if ctx.vars[b] == 'any' else
                               '%s, %s = %s, %s' % (a, b, b, a)])]
        return self.st_assign(ctx)

    def st_localdef(self, ctx):
        w = [(n, k) for n, k in self.writable(ctx) if k in ('int', 'num')]
        if not w or not ctx.in_func:
            return self.st_assign(ctx)
        n, k = self.pick(w)
        f = self.fresh('fn')
        c = ctx.child()
        c.vars = {x: y for x, y in ctx.vars.items() if y in ('int', 'num', 'float')}
        c.vars['z'] = 'int'
        body = 'return %s' % self.num_expr(c, 1)
        if self.chance(0.5):
            return ['%s = lambda z: %s' % (f, self.num_expr(c, 1)), '%s = %s' % (n, self.bound_int(self.to_int(ctx, '%s(%s)' % (f, self.int_leaf(ctx)))))]
        return ['def %s(z):' % f, '    ' + body, '%s = %s' % (n, self.bound_int(self.to_int(ctx, '%s(%s)' % (f, self.int_leaf(ctx)))))]

    def st_items(self, ctx):
        """Iterate a dict's items (a copy, or the dict itself: changing its
        size while iterating raises RuntimeError, in both)."""
        dd = self.var_of(ctx, ('dict',))
        w = [n for n, k in self.writable(ctx) if k in ('int', 'num')]
        if not dd or not w:
            return self.st_assign(ctx)
        t = self.pick(w)
        src = self.pick(['list(%s.items())' % dd, '%s.items()' % dd, 'sorted(%s.items(), key=lambda kv: numkey(kv[0]))' % dd
                         if 'sort' in self.avoid else 'sorted(%s.items())' % dd])
        body = ['    %s = (%s + toint(kk) * 3 + toint(vv)) %% 1000003' % (t, t)]
        if self.risky(ctx) and src.endswith('.items()'):
            body.append('    %s[%s] = 1' % (dd, self.key_expr(ctx)))
        return ['for kk, vv in %s:' % src] + body

    def st_send(self, ctx):
        """Drive a generator with send() and throw()."""
        w = [n for n, k in self.writable(ctx) if k in ('int', 'num')]
        if not w or not ctx.in_func or ctx.in_gen:
            return self.st_assign(ctx)
        t = self.pick(w)
        g = self.fresh('sg')
        return ['def %s(n):' % g,
                '    tot = 0',
                '    for j in range(n):',
                '        try:',
                '            got = yield tot',
                '        except ValueError:',
                '            got = -1',
                '        tot = (tot + (got or 0) * 7 + j) % 65536',
                '    return tot',
                'gg = %s(%d)' % (g, self.small(1, 5)),
                'try:',
                '    next(gg)',
                '    %s = gg.send(%s)' % (t, self.int_leaf(ctx)),
                '    %s = gg.throw(ValueError) if %s else gg.send(1)' % (t, self.bool_expr(ctx, 2)),
                '    %s = gg.send(2)' % t,
                'except StopIteration as si:',
                '    %s = si.value or 0' % t]

    def st_assert(self, ctx):
        if self.risky(ctx):
            return ['assert %s, %s' % (self.bool_expr(ctx, 1), self.str_expr(ctx, 2))]
        lv = self.loopvar(ctx)
        if lv:
            return ['assert %s != %d, %s' % (lv, self.r.randint(0, 4000), self.str_expr(ctx, 2))]
        return ['assert True']

    def st_walrus(self, ctx):
        w = [n for n, k in self.writable(ctx) if k == 'int']
        if not w:
            return self.st_assign(ctx)
        n = self.pick(w)
        return ['if (%s := %s) %s %s:' % (n, self.bound_int(self.int_expr(ctx, 1)), self.pick(['>', '<', '==']), self.int_leaf(ctx))] + \
            indent(self.block(ctx.child(), 1, 2))

    def st_del(self, ctx):
        l = self.var_of(ctx, ('list',))
        if l:
            return self.pick(['if %s:\n    del %s[0]' % (l, l), 'del %s[-1:]' % l, 'del %s[::2]' % l]).split('\n')
        return self.st_mutate(ctx)

    # -- program parts ---------------------------------------------------------
    def gen_globals(self, out):
        for k in range(self.r.randint(2, 4)):
            kind = self.pick(['int', 'num', 'float', 'str', 'list', 'dict'])
            name = 'G%d' % k
            ctx = Ctx({}, False)
            ctx.init = True
            ctx.loopvars_set = set()
            out += self.assign(ctx, name, kind)
            self.globals[name] = kind

    def gen_exc_classes(self, out):
        out.append('class E0(Exception):')
        out.append('    pass')
        out.append('class E1(E0):')
        if self.chance(0.5):
            out += ['    def __init__(self, v):', '        super().__init__(v)', '        self.v = v']
        else:
            out.append('    pass')
        out.append('class E2(%s):' % self.pick(['ValueError', 'LookupError', 'ArithmeticError']))
        out.append('    pass')
        self.exc_classes = ['E0', 'E1', 'E2']

    def method_ctx(self):
        c = Ctx({'self.x': 'num', 'self.y': 'int', 'v': 'int'}, True)
        c.loopvars_set = set()
        return c

    def gen_classes(self, out):
        n = self.r.randint(1, 3)
        for k in range(n):
            name = 'A%d' % k
            base = self.pick([x for x, _ in self.classes]) if self.classes and self.chance(0.7) else None
            out.append('class %s%s:' % (name, '(%s)' % base if base else ''))
            out.append('    k = %s' % self.pick(['1', '2', '3', '0.5', '2**62']))
            c = self.method_ctx()
            if base is None or self.chance(0.4):
                out.append('    def __init__(self, x):')
                if base:
                    out.append('        super().__init__(x)')
                out.append('        self.x = x')
                out.append('        self.y = %s' % self.pick(['0', 'len(str(x)) % 9', '7']))
            if base is None or self.chance(0.5):
                out += ['    @property', '    def p(self):',
                        '        return %s' % self.pick(['self.x * self.k + self.y', 'self.y - self.k', '(self.x, self.y)[1] + 1'])]
                out += ['    @p.setter', '    def p(self, v):', '        self.y = %s' % self.bound_int(self.int_expr(c, 1))]
            if base is None or self.chance(0.7):
                out.append('    def m(self, v):')
                sup = 'super().m(v)' if base else 'self.y'
                c2 = self.method_ctx()
                c2.vars['r'] = 'int'
                out.append('        r = %s' % sup)
                if self.chance(0.4):
                    out += ['        if %s:' % self.bool_expr(c2, 1),
                            '            raise %s(v)' % self.pick(self.exc_classes)]
                out.append('        return %s' % self.bound_int(self.int_expr(c2, 1)))
            if base is None:
                out += ['    def __repr__(self):',
                        "        return '%s(%r, %r)' % (type(self).__name__, self.x, self.y)"]
            if self.chance(0.3):
                out += ['    def __eq__(self, o):', '        return isinstance(o, A0) and self.y == o.y',
                        '    def __hash__(self):', '        return self.y']
            if self.chance(0.3):
                out += ['    def __add__(self, o):', '        return %s(self.x + (o.x if isinstance(o, A0) else o))' % name]
            out.append('    pass')
            self.classes.append((name, base))
        # the context manager counts its uses in a class attribute; avoiding
        # the open finding 'invalidation' (a class attribute written on every
        # call invalidates and recompiles the code that depends on the class),
        # in a list
        n = 'CMN[0]' if 'invalidation' in self.avoid else 'CM.n'
        out += ['CMN = [0]'] if 'invalidation' in self.avoid else []
        out += ['class CM:',
                '    n = 0',
                '    def __init__(self, tag, swallow):',
                '        self.tag = tag',
                '        self.swallow = swallow',
                '    def __enter__(self):',
                '        %s += 1' % n,
                '        return self',
                '    def __exit__(self, t, v, tb):',
                '        %s += 2' % n,
                '        if t is not None and self.swallow:',
                '            %s += 1000' % n,
                '        return self.swallow']
        self.cm_count = n

    def gen_helpers(self, out):
        if self.chance(0.6):
            c = Ctx({'a': 'int', 'b': 'num', 'c': 'int'}, True)
            out += ['def kw(a, b=2, *rest, c=3, **more):',
                    '    return %s + len(rest) + len(more)' % self.bound_int(self.int_expr(c, 1)),
                    'def rec(k, acc):',
                    '    if k <= 0:',
                    '        return acc',
                    '    return rec(k - %s, (acc * 3 + k) %% 1000003)' % self.pick(['1', '2', '(k % 3 + 1)'])]
            self.has_kw = True      # only now: kw's own body must not call it
        for k in range(self.r.randint(1, 3)):
            name = 'h%d' % k
            c = Ctx({'a': 'num', 'b': 'int'}, True)
            out.append('def %s(a, b):' % name)
            out.append('    t = %s' % self.bound_int(self.int_expr(c, 1)))
            c.vars['t'] = 'int'
            if self.chance(0.5):
                out.append('    if %s:' % self.bool_expr(c, 1))
                out.append('        return %s' % self.num_expr(c, 1))
            out.append('    return %s' % self.num_expr(c, 1))
            self.helpers.append(name)
        for k in range(self.r.randint(1, 2)):
            name = 'r%d' % k
            c = Ctx({'a': 'int'}, True)
            c.loopvars_set = set()
            c.loopvars = [('a', 3000)]
            out.append('def %s(a):' % name)
            out.append('    if %s:' % self.phase_cond(c))
            out.append('        raise %s(a)' % self.pick(self.exc_classes + ['ValueError', 'KeyError']))
            if self.chance(0.4):
                out.append('    if a > 1 and %s:' % self.bool_expr(c, 1))
                out.append('        return %s(a // 3)' % name if self.chance(0.3) else '        return -a')
            out.append('    return %s' % self.bound_int(self.int_expr(c, 1)))
            self.raisers.append(name)
        if self.chance(0.5):
            self.globals['HF'] = 'func'
            out.append('HF = %s' % self.pick(self.helpers))
            self.helpers.append('HF')
        for k in range(self.r.randint(0, 2)):
            name = 'lam%d' % k
            c = Ctx({'z': 'int'}, True)
            c.loopvars_set = set()
            out.append('%s = lambda z%s: %s' % (name, self.pick(['', ', w=3']), self.int_expr(c, 1)))
            self.lambdas.append(name)

    def gen_generators(self, out):
        for k in range(self.r.randint(0, 2)):
            name = 'gen%d' % k
            c = Ctx({'n': 'int', 'a': 'int', 't': 'int'}, True)
            c.loopvars_set = set()
            c.in_gen = True
            c.loops = 1
            c.loopvars = [('j', 5)]
            c.vars['j'] = 'int'
            c.loopvars_set = {('j', 'int')}
            out.append('def %s(n, a):' % name)
            out.append('    t = a')
            fin = self.chance(0.3)
            pad = '    '
            if fin:
                out.append('    try:')
                pad = '        '
            out.append(pad + 'for j in range(n):')
            body = ['t = %s' % self.bound_int(self.int_expr(c, 1))]
            if self.chance(0.5):
                body += ['if %s:' % self.bool_expr(c, 1), '    continue']
            body.append('yield t')
            if self.chance(0.3):
                body += ['if %s:' % self.bool_expr(c, 1), '    return']
            out += [pad + '    ' + l for l in body]
            if self.chance(0.3):
                out.append(pad + 'yield from range(%d)' % self.small(0, 3))
            if fin:
                out += ['    finally:', '        t = -1']
            self.gens.append(name)
        for k in range(self.r.randint(0, 2)):
            name = 'mk%d' % k
            c = Ctx({'x': 'int', 'k': 'num', 'cnt': 'int'}, True)
            c.loopvars_set = set()
            out += ['def %s(k):' % name, '    cnt = 0', '    def inner(x):', '        nonlocal cnt',
                    '        cnt = %s' % self.bound_int('cnt + %s' % self.int_expr(c, 1)),
                    '        return %s' % self.num_expr(c, 1), '    return inner']
            self.closures.append(name)

    def gen_hot_function(self, name, out):
        params = [('a', self.pick(['num', 'int', 'any'])), ('b', self.pick(['num', 'str', 'list', 'int']))]
        n = self.r.randint(1100, 3500)
        shape = self.weighted([(6, 'for'), (2, 'while'), (2, 'nested_inner'), (1, 'nested_outer'), (1, 'enumerate')])
        vars = dict(params)
        vars['n'] = 'int'
        for k in range(self.r.randint(3, 7)):
            vars['v%d' % k] = self.pick(KINDS)
        init_ctx = Ctx(dict(params), True)
        init_ctx.init = True
        init_ctx.loopvars_set = set()
        lines = []
        for v, kind in vars.items():
            if v in ('a', 'b', 'n'):
                continue
            lines += self.assign(init_ctx, v, kind)
            init_ctx.vars[v] = kind
        for g, k in self.globals.items():
            vars[g] = k if k != 'func' else 'gfunc'
        for cl in self.closures:
            cn = 'c_' + cl
            lines.append('%s = %s(%s)' % (cn, cl, self.int_leaf(init_ctx)))
            vars[cn] = 'closure'
        if self.gens and self.chance(0.5):
            lines.append('it0 = %s(n, 3)' % self.pick(self.gens))
            vars['it0'] = 'iter'
        ctx = Ctx(vars, True)
        ctx.loops = 1
        iv = 'i'
        if shape in ('for', 'enumerate', 'while'):
            ctx.loopvars = [(iv, n)]
        elif shape == 'nested_inner':
            ctx.loopvars = [('o', 3), (iv, n // 3)]
        else:
            ctx.loopvars = [('o', n // 40), (iv, 40)]
        ctx.loopvars_set = {(lv, 'int') for lv, _ in ctx.loopvars} | {('n', 'int')}
        for lv, _ in ctx.loopvars:
            ctx.vars[lv] = 'int'
        guarded = self.chance(0.3)
        if guarded:
            # every iteration may raise: the handler counts and the loop goes on
            ctx.safe = False
            lines += ['nerr = 0', "last = ''"]
            body = ['try:'] + indent(self.block(ctx, 3, 8)) + [
                'except %s as ex:' % self.pick(['Exception', 'Exception', '(ArithmeticError, LookupError, ValueError, E0)']),
                '    nerr += 1', '    last = type(ex).__name__']
            if self.chance(0.3):
                body += ['    if nerr > %d:' % self.pick([10, 100, 1000, 2000]), '        break']
        else:
            body = self.block(ctx, 3, 8)
        if shape == 'for':
            loop = ['for i in range(n):'] + indent(body)
        elif shape == 'while':
            loop = ['i = 0', 'while i < n:', '    i += 1'] + indent(body)
        elif shape == 'enumerate':
            loop = ['for i, w in enumerate(range(n)):'] + indent(body)
        elif shape == 'nested_inner':
            loop = ['for o in range(3):', '    for i in range(n // 3):'] + indent(body, 2)
        else:
            loop = ['for o in range(n // 40):', '    for i in range(40):'] + indent(body, 2)
        lines += loop
        shown = [v for v in vars if v.startswith('v')]
        if guarded:
            shown += ['nerr', 'last']
        lines.append(self.pr(["'%s'" % name] + [self.show(v, vars.get(v)) for v in shown]))
        lines.append('return %s' % self.any_expr(ctx, 1))
        decl = sorted(g for g in self.written_globals if g in self.globals)
        self.written_globals = set()
        out.append('def %s(n, a, b):' % name)
        if decl:
            out.append('    global %s' % ', '.join(decl))
        out += indent(lines)
        self.hot.append((name, n, params))

    def pr(self, args):
        """A print statement.  Avoiding known bug 4, every argument is converted
        before anything is written (CPython writes the ones before a failing one)."""
        if 4 in self.avoid:
            return "print(' '.join(map(str, (%s,))))" % ', '.join(args)
        return 'print(%s)' % ', '.join(args)

    def show(self, v, kind):
        if kind == 'set':
            return self.sorted_of(v)
        return v

    def sorted_of(self, v):
        """sorted(v) of numbers (a nan among them: open finding 'sort')."""
        return 'sorted(%s, key=numkey)' % v if 'sort' in self.avoid else 'sorted(%s)' % v

    def other_kind(self, kind):
        """The kind of an argument on a later call: mostly one the body can take."""
        compatible = {'num': ['int', 'float', 'num'], 'int': ['int', 'num'], 'any': KINDS,
                      'str': ['str'], 'list': ['list']}
        return self.weighted([(5, kind), (4, self.pick(compatible.get(kind, [kind]))), (1, self.pick(KINDS))])

    def arg_for(self, kind):
        c = Ctx({}, False)
        c.init = True
        c.loopvars_set = set()
        return self.expr(kind, c, 2)

    def gen_calls(self, out):
        for name, n, params in self.hot:
            calls = [(n, params)]
            if self.chance(0.6):
                calls.append((self.r.randint(50, n), [(p, self.other_kind(k)) for p, k in params]))
            for cnt, ps in calls:
                out += ['try:',
                        "    " + self.pr(["'%s ->'" % name, '%s(%d, %s)' % (name, cnt, ', '.join(self.arg_for(k) for _, k in ps))]),
                        'except Exception as e:',
                        "    print('%s !', type(e).__name__, e)" % name]

    def gen_module_loop(self, out):
        vars = {}
        for k in range(self.r.randint(2, 4)):
            kind = self.pick(KINDS)
            name = 'm%d' % k
            ctx = Ctx(vars, False)
            ctx.init = True
            ctx.loopvars_set = set()
            out += self.assign(ctx, name, kind)
            vars[name] = kind
        for g, k in self.globals.items():
            if k != 'func':
                vars[g] = k
        n = self.r.randint(1100, 2500)
        ctx = Ctx(vars, False)
        ctx.loops = 1
        ctx.loopvars = [('mi', n)]
        ctx.loopvars_set = {('mi', 'int')}
        ctx.vars['mi'] = 'int'
        body = self.block(ctx, 2, 6)
        out += ['try:', '    for mi in range(%d):' % n] + indent(body, 2)
        out += ['except Exception as e:', "    print('module loop !', type(e).__name__, e)"]
        out.append(self.pr(["'module'"] + [self.show(v, k) for v, k in sorted(vars.items())]))

    def gen_call_loop(self, out):
        """Call a small function often enough that it is compiled from its entry."""
        if not self.helpers:
            return
        h = self.pick(self.helpers)
        n = self.r.randint(1700, 3000)
        out += ['acc = 0', 'try:', '    for ci in range(%d):' % n,
                '        acc = %s' % self.bound_int('acc + int(%s(ci %% %d, ci))' % (h, self.small(2, 50)))]
        if self.raisers and self.chance(0.5):
            out += ['        try:', '            acc += %s(ci)' % self.pick(self.raisers),
                    '        except %s:' % self.pick(['E0', 'Exception', 'ValueError', 'LookupError']),
                    '            acc -= 1']
        out += ['except Exception as e:', "    print('call loop !', type(e).__name__, e)", "print('calls', acc)"]

    def program(self):
        out = ['# fuzz program, seed %d (python3 tools/fuzz.py --print %d)' % (self.seed, self.seed), 'import math',
               'def toint(x):', "    return int(x) if x == x and x not in (float('inf'), float('-inf')) else 0"]
        if 'sort' in self.avoid:
            # a total order on numbers with nan last: every stable sort agrees
            out += ['def numkey(x):', '    return (x != x, x if x == x else 0)']
        self.gen_globals(out)
        self.gen_exc_classes(out)
        self.gen_classes(out)
        self.gen_helpers(out)
        self.gen_generators(out)
        for k in range(self.r.randint(1, 3)):
            self.gen_hot_function('f%d' % k, out)
        self.gen_calls(out)
        if self.chance(0.6):
            self.gen_module_loop(out)
        if self.chance(0.5):
            self.gen_call_loop(out)
        out.append(self.pr(["'end'", self.cm_count] + [g for g, k in sorted(self.globals.items()) if k != 'func']))
        return '\n'.join(out) + '\n'


def generate(seed, avoid=()):
    return Gen(seed, avoid).program()


if __name__ == '__main__':
    import sys
    print(generate(int(sys.argv[1]) if len(sys.argv) > 1 else 0), end='')
