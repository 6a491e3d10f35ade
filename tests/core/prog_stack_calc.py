# A tiny stack-based (RPN) calculator and an infix-to-RPN converter.
class CalcError(Exception):
    pass

def tokenize(expr):
    tokens = []
    num = ''
    for ch in expr:
        if ch.isdigit() or ch == '.':
            num += ch
        else:
            if num:
                tokens.append(num)
                num = ''
            if ch in '+-*/()^':
                tokens.append(ch)
            elif ch != ' ':
                raise CalcError('bad character ' + repr(ch))
    if num:
        tokens.append(num)
    return tokens

PREC = {'+': 1, '-': 1, '*': 2, '/': 2, '^': 3}

def to_rpn(tokens):
    out = []
    ops = []
    for t in tokens:
        if t in PREC:
            while ops and ops[-1] != '(' and (PREC[ops[-1]] > PREC[t] or
                                               (PREC[ops[-1]] == PREC[t] and t != '^')):
                out.append(ops.pop())
            ops.append(t)
        elif t == '(':
            ops.append(t)
        elif t == ')':
            while ops and ops[-1] != '(':
                out.append(ops.pop())
            if not ops:
                raise CalcError('unbalanced )')
            ops.pop()
        else:
            out.append(t)
    while ops:
        op = ops.pop()
        if op == '(':
            raise CalcError('unbalanced (')
        out.append(op)
    return out

def eval_rpn(rpn):
    stack = []
    for t in rpn:
        if t in PREC:
            if len(stack) < 2:
                raise CalcError('stack underflow')
            b = stack.pop()
            a = stack.pop()
            if t == '+':
                stack.append(a + b)
            elif t == '-':
                stack.append(a - b)
            elif t == '*':
                stack.append(a * b)
            elif t == '/':
                stack.append(a / b)
            else:
                stack.append(a ** b)
        elif '.' in t:
            stack.append(float(t))
        else:
            stack.append(int(t))
    if len(stack) != 1:
        raise CalcError('leftover values ' + str(stack))
    return stack[0]

for expr in ['1 + 2 * 3', '(1 + 2) * 3', '2 ^ 3 ^ 2', '10 / 4', '7 - 2 - 1',
             '2 * (3 + 4) * 5', '1.5 * 4', '((2))', '8 / (3 - 3)', '1 +', '(1 + 2',
             '1 + 2)', '3 $ 4', '2 ^ 100']:
    try:
        rpn = to_rpn(tokenize(expr))
        print(expr, '=>', ' '.join(rpn), '=', eval_rpn(rpn))
    except CalcError as e:
        print(expr, '=> error:', e)
    except ZeroDivisionError as e:
        print(expr, '=> math error:', e)
