# compile() of malformed trees: CPython's TypeError/ValueError messages;
# compile()'s argument errors; syntax errors under PyCF_ONLY_AST.
import _ast

def at(node, line=1, col=0):
    node.lineno, node.col_offset, node.end_lineno, node.end_col_offset = line, col, line, col + 1
    return node

def name(id='x', ctx=None):
    return at(_ast.Name(id, ctx or _ast.Load()))

def const(v=1):
    return at(_ast.Constant(v))

def mod(*stmts):
    return _ast.Module(list(stmts), [])

def expr(e):
    return at(_ast.Expr(e))

def args(**kw):
    d = dict(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])
    d.update(kw)
    return _ast.arguments(**d)

class N(_ast.Name):
    def __repr__(self):
        return 'N()'

def check(tree, mode='exec'):
    try:
        compile(tree, '<bad>', mode)
        print('ok')
    except (TypeError, ValueError, SyntaxError, RecursionError, OverflowError) as e:
        print(type(e).__name__ + ':', e)

check(mod(_ast.Expr(name())))                              # no lineno
check(mod(at(_ast.Expr(_ast.Name('x', _ast.Load())))))    # expr without lineno
check(mod(at(_ast.Expr(None))))
check(mod(expr(at(_ast.Name(None, _ast.Load())))))
check(mod(expr(at(_ast.Name(1, _ast.Load())))))
check(mod(expr(at(_ast.Name('x', None)))))
check(mod(expr(at(_ast.Name('x', _ast.Add)))))
check(mod(expr(name('x', _ast.Store()))))
check(mod(expr(name('None'))))
check(_ast.Module(body=[expr(name())]))
check(_ast.Module(body=expr(name()), type_ignores=[]))
check(mod(_ast.Pass))
check(mod(1))
check(mod(None))
check(mod(at(_ast.Pass()), 'x'))
check(_ast.Expression(const()), 'exec')
check(mod(), 'eval')
check(_ast.Expression(const()), 'single')
check(const(), 'exec')
check(_ast.Expression(const([])), 'eval')
check(_ast.Expression(const(frozenset)), 'eval')
check(_ast.Expression(_ast.Constant(1, lineno='a', col_offset=0)), 'eval')
check(_ast.Expression(_ast.Constant(1, lineno=2**40, col_offset=0)), 'eval')
check(_ast.Expression(at(_ast.Constant())), 'eval')
check(mod(at(_ast.ImportFrom('m', [_ast.alias('y')], 0))))
check(mod(at(_ast.ImportFrom('m', [at(_ast.alias('y'))], -1))))
check(mod(at(_ast.ImportFrom('m', [], 0))))
check(mod(at(_ast.Import([]))))
check(mod(at(_ast.Global([]))))
check(mod(at(_ast.FunctionDef('f', None, [], []))))
check(mod(at(_ast.FunctionDef('f', args(), [], []))))
check(mod(at(_ast.FunctionDef('f', args(defaults=[const()]), [at(_ast.Pass())], []))))
check(mod(at(_ast.FunctionDef('f', args(kwonlyargs=[at(_ast.arg('a'))]), [at(_ast.Pass())], []))))
check(mod(at(_ast.ClassDef('C', [], [], [], []))))
check(mod(expr(at(_ast.BinOp(const(), _ast.Load, const())))))
check(mod(expr(at(_ast.BinOp(const(), _ast.Add, const())))))
check(mod(expr(at(_ast.BoolOp(_ast.And(), [const()])))))
check(mod(expr(at(_ast.Compare(const(), [], [])))))
check(mod(expr(at(_ast.Compare(const(), [_ast.Eq()], [const(), const()])))))
check(mod(expr(at(_ast.Compare(const(), [_ast.Add], [const()])))))
check(mod(expr(at(_ast.Dict([const()], [])))))
check(mod(expr(at(_ast.ListComp(const(), [])))))
check(mod(expr(at(_ast.List([None], _ast.Load())))))
check(mod(expr(at(_ast.Call(name(), [], [1])))))
check(mod(expr(at(_ast.NamedExpr(at(_ast.Attribute(name(), 'a', _ast.Store())), const())))))
check(mod(at(_ast.Assign([], const()))))
check(mod(at(_ast.Assign([const()], const()))))
check(mod(at(_ast.Assign([name()], const()))))
check(mod(at(_ast.Delete([name('x', _ast.Store())]))))
check(mod(at(_ast.AugAssign(name('x', _ast.Store()), _ast.Add(), name('y', _ast.Store())))))
check(mod(at(_ast.AnnAssign(at(_ast.Attribute(name(), 'a', _ast.Store())), name(), None, 1))))
check(mod(at(_ast.For(name('i', _ast.Store()), name(), [], []))))
check(mod(at(_ast.While(name(), [], []))))
check(mod(at(_ast.If(name(), [], []))))
check(mod(at(_ast.With([], [at(_ast.Pass())]))))
check(mod(at(_ast.Raise(None, name()))))
check(mod(at(_ast.Try([at(_ast.Pass())], [], [], []))))
check(mod(at(_ast.Try([at(_ast.Pass())], [], [at(_ast.Pass())], [at(_ast.Pass())]))))
check(mod(at(_ast.Try([at(_ast.Pass())], [at(_ast.ExceptHandler(None, None, []))], [], []))))
check(mod(at(_ast.Try([at(_ast.Pass())], [at(N('x', _ast.Load()))], [], []))))
check(mod(at(_ast.Match(name(), []))))
def case(p):
    return mod(at(_ast.Match(name(), [_ast.match_case(p, None, [at(_ast.Pass())])])))
check(case(at(_ast.MatchValue(name()))))
check(case(at(_ast.MatchSingleton(1))))
check(case(at(_ast.MatchStar('x'))))
check(case(at(_ast.MatchOr([at(_ast.MatchAs(None, 'x'))]))))
check(case(at(_ast.MatchAs(at(_ast.MatchAs(None, None)), None))))
check(case(at(_ast.MatchAs(None, '_'))))
check(case(at(_ast.MatchMapping([const()], [], None))))
check(case(at(_ast.MatchClass(name(), [], ['a'], []))))
check(case(at(N('x', _ast.Load()))))
check(case(_ast.MatchAs(None, 'x')))
check(mod(expr(at(_ast.JoinedStr([name()])))))   # accepted: any expression

# compile()'s arguments
for a, k in [(('x', 'f', 'bad'), {}), (('x', 'f', 'func_type'), {}),
             (('x', 'f', 'bad', _ast.PyCF_ONLY_AST), {}), (('x', 'f', 'exec', 1 << 30), {}),
             (('x', 'f', 'exec', 0, False, 5), {}), ((1, 'f', 'exec'), {}), (('x', 1, 'exec'), {}),
             (('x', 'f', 1), {}), (('x', 'f'), {}), (('x', 'f', 'exec'), {'bogus': 1}),
             (('x', 'f', 'exec', 'a'), {}), ((), {'source': 'x', 'filename': 'f', 'mode': 'eval'})]:
    try:
        print(type(compile(*a, **k)).__name__)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ':', e)

# syntax errors come out of PyCF_ONLY_AST as from compile()
for src, mode in [("x = (1,", 'exec'), ("a b", 'eval'), ("x = 1\ny = 2", 'exec'),
                  ("def f():\nreturn", 'exec'), ("f(**a, *b)", 'exec'), ("1 = x", 'exec')]:
    try:
        compile(src, '<s>', mode, _ast.PyCF_ONLY_AST)
        print('parsed')
    except SyntaxError as e:
        print(type(e).__name__, e.msg, e.lineno, e.offset, e.filename)
# compile-time errors are not the parser's: ast.parse accepts them
t = compile("return 1\nbreak\nnonlocal x", '<s>', 'exec', _ast.PyCF_ONLY_AST)
print([type(s).__name__ for s in t.body])
check(t)

# positions: CPython's range checks; a missing end is the start
def parse(s):
    return compile(s, 's', 'exec', _ast.PyCF_ONLY_AST)
for lineno, end_lineno in [(10, 1), (-10, -11), (10, -11), (-5, -2), (-5, 1)]:
    t = parse('a = 1'); t.body[0].lineno = lineno; t.body[0].end_lineno = end_lineno
    try: compile(t, 's', 'exec')
    except ValueError as ex: print(ex)
for c, ec in [(10, 1), (-10, -11), (10, -11), (-5, -2), (-5, 1)]:
    t = parse('a = 1'); t.body[0].col_offset = c; t.body[0].end_col_offset = ec
    try: compile(t, 's', 'exec')
    except ValueError as ex: print(ex)
t = parse('a = 1'); t.body[0].value.lineno = 5
try: compile(t, 's', 'exec')
except ValueError as ex: print(ex)
print(eval(compile(_ast.Expression(_ast.Name('x', _ast.Load(), lineno=3, col_offset=4)), 'f', 'eval'), {'x': 5}))
# a decimal literal over sys.get_int_max_str_digits() is a SyntaxError
for f in (0, _ast.PyCF_ONLY_AST):
    try:
        compile('x = (1,\n ' + '3' * 5000 + ')', 's', 'exec', f)
        print('compiled')
    except SyntaxError as e:
        print(type(e).__name__, e.msg, e.lineno)
print(len(str(eval(compile('3' * 4300, 's', 'eval')))))

for src in ["x = '\0'", b"x = 1\0", "a\0b"]:
    for f in (0, _ast.PyCF_ONLY_AST):
        try:
            compile(src, 's', 'exec', f); print('ok')
        except (ValueError, SyntaxError) as e:
            print(type(e).__name__, e)
class P:
    def __fspath__(self): return 'pathname'
try:
    print(compile('x', P(), 'eval').co_filename)
except TypeError as e:
    print(e)
print(compile('x', b'bytesname', 'eval').co_filename)
try: compile('x', 1.5, 'eval')
except TypeError as e: print(e)
for f in (exec, eval):
    try:
        f('1\0')
    except ValueError as e:
        print(f.__name__, type(e).__name__, e)
