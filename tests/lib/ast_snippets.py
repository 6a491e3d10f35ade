# CPython's own snippets and expected trees from test/test_ast.py
# (test_snippets): every statement and expression form, parsed in its mode
# and compared with the recorded tuples, then compiled back.
import _ast

PATH = '/usr/lib/python3.11/test/test_ast.py'
with open(PATH, encoding='utf-8') as f:
    text = f.read()
ns = {'ast': _ast}
# to_tuple() and the snippet lists, then the generated expected results
exec(text[text.index('def to_tuple'):text.index('class AST_Tests')], ns)
exec(text[text.index('exec_results = ['):text.index('\nmain()')], ns)
to_tuple = ns['to_tuple']
total = same = 0
for tests, results, mode in ((ns['exec_tests'], ns['exec_results'], 'exec'),
                             (ns['single_tests'], ns['single_results'], 'single'),
                             (ns['eval_tests'], ns['eval_results'], 'eval')):
    for src, want in zip(tests, results):
        tree = compile(src, '?', mode, _ast.PyCF_ONLY_AST)
        got = to_tuple(tree)
        total += 1
        if got == want:
            same += 1
        else:
            print('DIFF', mode, repr(src))
            print('  got ', got)
            print('  want', want)
        try:
            compile(tree, '?', mode)
        except SyntaxError as e:
            # e.g. 'await' outside function: the compiler's, as CPython's
            print('compile', repr(src), type(e).__name__, e)
print(same, 'of', total, 'trees as recorded')
