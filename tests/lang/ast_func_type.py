# compile(..., "func_type", PyCF_ONLY_AST): function type comments
import ast
t = ast.parse('(int, *str, **bytes) -> None', mode='func_type')
print(ast.dump(t, include_attributes=True))
try: compile(t, '', 'func_type')
except Exception as e: print(type(e).__name__, e)
print(compile(t, '', 'func_type', ast.PyCF_ONLY_AST) is t)
try: compile('() -> int', '', 'func_type')
except Exception as e: print(type(e).__name__, e)
for s in ['(int,) -> x', '() -> int\n\n', '(*a) -> b', '(a, **b, c) -> d', '-> x', '(a) -> b, c', '(a)\n -> b',
          '(List[int], *Any) -> Dict[str, int]', '(*a, **b) -> c', '(**b) -> c', '(a, *b, c) -> d']:
    try: print(ast.dump(ast.parse(s, mode='func_type')))
    except SyntaxError as e: print(repr(s), e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset)
