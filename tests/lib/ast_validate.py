# The validator's checks of match patterns, on CPython's own cases from
# test/test_ast.py (ASTValidatorTests._MATCH_PATTERNS), through _ast.
import _ast

def fix(node, line=1, col=0):
    # ast.fix_missing_locations
    if 'lineno' in node._attributes:
        if not hasattr(node, 'lineno'):
            node.lineno, node.col_offset = line, col
        else:
            line, col = node.lineno, node.col_offset
        if getattr(node, 'end_lineno', None) is None:
            node.end_lineno, node.end_col_offset = line, col
    for f in node._fields:
        v = getattr(node, f, None)
        for x in (v if isinstance(v, list) else [v]):
            if isinstance(x, _ast.AST):
                fix(x, line, col)
    return node

src = open('/usr/lib/python3.11/test/test_ast.py', encoding='utf-8').read()
i = src.index('    constant_1 = ast.Constant(1)')
j = src.index('    def test_match_validation_pattern')
ns = {'ast': _ast}
exec('\n'.join(l[4:] for l in src[i:j].split('\n')), ns)
for pattern in ns['_MATCH_PATTERNS']:
    node = _ast.Match(subject=_ast.Name('x', _ast.Load()),
                      cases=[_ast.match_case(pattern=pattern, body=[_ast.Pass()])])
    try:
        compile(_ast.Module([fix(node)], []), "<test>", "exec")
        print('compiled', type(pattern).__name__)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)

# valid patterns given as trees compile and match
def case(p):
    call = _ast.Call(_ast.Name('print', _ast.Load()), [_ast.Name('x', _ast.Load()), _ast.Constant(type(p).__name__)], [])
    return _ast.match_case(pattern=p, body=[_ast.Expr(call)])
t = fix(_ast.Module([_ast.Match(subject=_ast.Name('x', _ast.Load()), cases=[
    case(_ast.MatchValue(_ast.UnaryOp(_ast.USub(), _ast.Constant(1)))),
    case(_ast.MatchValue(_ast.BinOp(_ast.Constant(1), _ast.Add(), _ast.Constant(2j)))),
    case(_ast.MatchSingleton(None)),
    case(_ast.MatchSequence([_ast.MatchStar('rest')])),
    case(_ast.MatchMapping([_ast.Constant('k')], [_ast.MatchAs(None, 'v')], None)),
    case(_ast.MatchClass(_ast.Name('int', _ast.Load()), [], [], [])),
])], []))
co = compile(t, '<match>', 'exec')
for x in [-1, 1 + 2j, None, [1, 2], {'k': 0}, 5, 'no']:
    g = {'x': x}
    exec(co, g)
print('ran')
