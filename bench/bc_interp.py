# bc_interp: a bytecode interpreter written in Python (own code). A small
# expression language is given as trees of node classes; a compiler walks
# them (one compile method per node class) into flat lists of integer
# instructions with jumps and a constant pool; a stack machine with Frame
# objects runs them, dispatching on the opcode in an if/elif chain, with
# calls between compiled functions. Programs: recursive Fibonacci, a prime
# sieve by trial division, Euclid's gcd over pairs, and a Collatz search.
import sys

N = 4                      # rounds of the four programs
if len(sys.argv) > 1:
    N = int(sys.argv[1])

# opcodes, one operand each (0 when unused)
CONST = 0
LOAD = 1
STORE = 2
ADD = 3
SUB = 4
MUL = 5
MOD = 6
DIV = 7
LT = 8
EQ = 9
JUMP = 10
JUMP_IF_FALSE = 11
CALL = 12
RETURN = 13
POP = 14
LE = 15


# --- the language's syntax trees -------------------------------------------

class Node:
    def compile(self, c):
        raise NotImplementedError


class Num(Node):
    def __init__(self, value):
        self.value = value

    def compile(self, c):
        c.emit(CONST, c.constant(self.value))


class Var(Node):
    def __init__(self, name):
        self.name = name

    def compile(self, c):
        c.emit(LOAD, c.slot(self.name))


class BinOp(Node):
    OPS = {"+": ADD, "-": SUB, "*": MUL, "%": MOD, "//": DIV, "<": LT,
           "==": EQ, "<=": LE}

    def __init__(self, op, left, right):
        self.op = op
        self.left = left
        self.right = right

    def compile(self, c):
        self.left.compile(c)
        self.right.compile(c)
        c.emit(self.OPS[self.op], 0)


class Call(Node):
    def __init__(self, name, args):
        self.name = name
        self.args = args

    def compile(self, c):
        for a in self.args:
            a.compile(c)
        c.emit(CALL, c.function_index(self.name))


class Assign(Node):
    def __init__(self, name, value):
        self.name = name
        self.value = value

    def compile(self, c):
        self.value.compile(c)
        c.emit(STORE, c.slot(self.name))


class ExprStmt(Node):
    def __init__(self, value):
        self.value = value

    def compile(self, c):
        self.value.compile(c)
        c.emit(POP, 0)


class Block(Node):
    def __init__(self, body):
        self.body = body

    def compile(self, c):
        for stmt in self.body:
            stmt.compile(c)


class If(Node):
    def __init__(self, test, then, otherwise=None):
        self.test = test
        self.then = then
        self.otherwise = otherwise

    def compile(self, c):
        self.test.compile(c)
        to_else = c.emit(JUMP_IF_FALSE, 0)
        self.then.compile(c)
        if self.otherwise is None:
            c.patch(to_else, c.here())
        else:
            to_end = c.emit(JUMP, 0)
            c.patch(to_else, c.here())
            self.otherwise.compile(c)
            c.patch(to_end, c.here())


class While(Node):
    def __init__(self, test, body):
        self.test = test
        self.body = body

    def compile(self, c):
        top = c.here()
        self.test.compile(c)
        to_end = c.emit(JUMP_IF_FALSE, 0)
        self.body.compile(c)
        c.emit(JUMP, top)
        c.patch(to_end, c.here())


class Return(Node):
    def __init__(self, value):
        self.value = value

    def compile(self, c):
        self.value.compile(c)
        c.emit(RETURN, 0)


class FunctionDef:
    def __init__(self, name, params, body):
        self.name = name
        self.params = params
        self.body = body


# --- the compiler -------------------------------------------------------------

class Code:
    def __init__(self, name, nparams):
        self.name = name
        self.nparams = nparams
        self.ops = []          # opcode, operand, opcode, operand, ...
        self.constants = []
        self.nslots = 0


class Compiler:
    def __init__(self, functions):
        self.names = [f.name for f in functions]

    def compile_function(self, fn):
        self.code = Code(fn.name, len(fn.params))
        self.slots = {}
        for p in fn.params:
            self.slot(p)
        fn.body.compile(self)
        self.emit(CONST, self.constant(0))
        self.emit(RETURN, 0)
        self.code.nslots = len(self.slots)
        return self.code

    def emit(self, op, arg):
        self.code.ops.append(op)
        self.code.ops.append(arg)
        return len(self.code.ops) - 2

    def here(self):
        return len(self.code.ops)

    def patch(self, at, target):
        self.code.ops[at + 1] = target

    def constant(self, value):
        consts = self.code.constants
        if value not in consts:
            consts.append(value)
        return consts.index(value)

    def slot(self, name):
        s = self.slots.get(name)
        if s is None:
            s = len(self.slots)
            self.slots[name] = s
        return s

    def function_index(self, name):
        return self.names.index(name)


# --- the virtual machine ------------------------------------------------------

class Frame:
    def __init__(self, code, args):
        self.code = code
        self.slots = args + [0] * (code.nslots - len(args))
        self.stack = []
        self.pc = 0


class VM:
    def __init__(self, codes):
        self.codes = codes
        self.steps = 0
        self.calls = 0

    def run(self, index, args):
        frame = Frame(self.codes[index], args)
        frames = []
        while True:
            ops = frame.code.ops
            stack = frame.stack
            pc = frame.pc
            while True:
                op = ops[pc]
                arg = ops[pc + 1]
                pc += 2
                self.steps += 1
                if op == LOAD:
                    stack.append(frame.slots[arg])
                elif op == CONST:
                    stack.append(frame.code.constants[arg])
                elif op == STORE:
                    frame.slots[arg] = stack.pop()
                elif op == JUMP_IF_FALSE:
                    if not stack.pop():
                        pc = arg
                elif op == JUMP:
                    pc = arg
                elif op == ADD:
                    b = stack.pop()
                    stack.append(stack.pop() + b)
                elif op == SUB:
                    b = stack.pop()
                    stack.append(stack.pop() - b)
                elif op == MUL:
                    b = stack.pop()
                    stack.append(stack.pop() * b)
                elif op == MOD:
                    b = stack.pop()
                    stack.append(stack.pop() % b)
                elif op == DIV:
                    b = stack.pop()
                    stack.append(stack.pop() // b)
                elif op == LT:
                    b = stack.pop()
                    stack.append(stack.pop() < b)
                elif op == LE:
                    b = stack.pop()
                    stack.append(stack.pop() <= b)
                elif op == EQ:
                    b = stack.pop()
                    stack.append(stack.pop() == b)
                elif op == POP:
                    stack.pop()
                elif op == CALL:
                    callee = self.codes[arg]
                    n = callee.nparams
                    args = stack[len(stack) - n:]
                    del stack[len(stack) - n:]
                    frame.pc = pc
                    frames.append(frame)
                    frame = Frame(callee, args)
                    self.calls += 1
                    break
                elif op == RETURN:
                    result = stack.pop()
                    if not frames:
                        return result
                    frame = frames.pop()
                    frame.stack.append(result)
                    break
                else:
                    raise RuntimeError("bad opcode %d" % op)


def program():
    V = Var
    fib = FunctionDef("fib", ["n"], Block([
        If(BinOp("<", V("n"), Num(2)), Return(V("n"))),
        Return(BinOp("+", Call("fib", [BinOp("-", V("n"), Num(1))]),
                     Call("fib", [BinOp("-", V("n"), Num(2))]))),
    ]))
    is_prime = FunctionDef("is_prime", ["n"], Block([
        If(BinOp("<", V("n"), Num(2)), Return(Num(0))),
        Assign("d", Num(2)),
        While(BinOp("<=", BinOp("*", V("d"), V("d")), V("n")), Block([
            If(BinOp("==", BinOp("%", V("n"), V("d")), Num(0)), Return(Num(0))),
            Assign("d", BinOp("+", V("d"), Num(1))),
        ])),
        Return(Num(1)),
    ]))
    count_primes = FunctionDef("count_primes", ["limit"], Block([
        Assign("i", Num(0)), Assign("count", Num(0)),
        While(BinOp("<", V("i"), V("limit")), Block([
            Assign("count", BinOp("+", V("count"), Call("is_prime", [V("i")]))),
            Assign("i", BinOp("+", V("i"), Num(1))),
        ])),
        Return(V("count")),
    ]))
    gcd = FunctionDef("gcd", ["a", "b"], Block([
        While(BinOp("<", Num(0), V("b")), Block([
            Assign("t", BinOp("%", V("a"), V("b"))),
            Assign("a", V("b")),
            Assign("b", V("t")),
        ])),
        Return(V("a")),
    ]))
    gcd_sum = FunctionDef("gcd_sum", ["n"], Block([
        Assign("i", Num(1)), Assign("total", Num(0)),
        While(BinOp("<", V("i"), V("n")), Block([
            Assign("total", BinOp("+", V("total"),
                                  Call("gcd", [BinOp("*", V("i"), Num(7919)),
                                               BinOp("+", BinOp("*", V("i"), V("i")), Num(12345))]))),
            Assign("i", BinOp("+", V("i"), Num(1))),
        ])),
        Return(V("total")),
    ]))
    collatz = FunctionDef("collatz_max", ["limit"], Block([
        Assign("i", Num(1)), Assign("best", Num(0)),
        While(BinOp("<", V("i"), V("limit")), Block([
            Assign("x", V("i")), Assign("steps", Num(0)),
            While(BinOp("<", Num(1), V("x")), Block([
                If(BinOp("==", BinOp("%", V("x"), Num(2)), Num(0)),
                   Assign("x", BinOp("//", V("x"), Num(2))),
                   Assign("x", BinOp("+", BinOp("*", V("x"), Num(3)), Num(1)))),
                Assign("steps", BinOp("+", V("steps"), Num(1))),
            ])),
            If(BinOp("<", V("best"), V("steps")), Assign("best", V("steps"))),
            Assign("i", BinOp("+", V("i"), Num(1))),
        ])),
        Return(V("best")),
    ]))
    return [fib, is_prime, count_primes, gcd, gcd_sum, collatz]


def bench():
    functions = program()
    compiler = Compiler(functions)
    codes = [compiler.compile_function(f) for f in functions]
    vm = VM(codes)
    results = []
    for r in range(N):
        results = [vm.run(0, [17]), vm.run(2, [3000]), vm.run(4, [1500]),
                   vm.run(5, [600])]
    size = sum(len(c.ops) // 2 for c in codes)
    return "results %s instructions %d steps %d calls %d" % (
        " ".join(str(x) for x in results), size, vm.steps, vm.calls)


if __name__ == "__main__":
    print(bench())
