# feature_version checks for '@', f-strings and underscores in numbers
import ast
cases = [((3,4), 'a = b @ c\n'), ((3,4), 'a @= c\n'), ((3,5), 'a = 42\nf"{a}"\n'), ((3,5), 'a = 42_42_42\n'), ((3,5), 'x = 1_0.5j + 1\n'),
         ((3,5), 'x = f"a" "b"\n'), ((3,5), 'x = "b" f"a"\n'), ((3,4), 'a = b @ c_1\n'), ((3,5), 'x = 0x_1\n')]
for fv, s in cases:
    try:
        ast.parse(s, feature_version=fv); print(fv, repr(s), 'ok')
    except SyntaxError as e:
        print(fv, repr(s), e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset)
