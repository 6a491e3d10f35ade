# deltablue: an incremental one-way constraint solver in the manner of the
# DeltaBlue algorithm (Freeman-Benson and Maloney), written from the
# algorithm's description in our own code. Constraints form a class
# hierarchy (unary: stay and edit; binary: equality and scale) whose
# subclasses override choose_method/execute/recalculate; the planner adds
# and removes constraints incrementally by walking strengths, then extracts
# a plan and runs it. Two workloads: a long chain of equalities driven by an
# edit at one end, and a projection of source onto destination variables
# through scale constraints whose scale and offset are edited.
import sys

N = 200                    # rounds of both workloads
if len(sys.argv) > 1:
    N = int(sys.argv[1])

CHAIN = 100


class Strength:
    """A constraint's priority; a smaller rank is stronger."""

    def __init__(self, rank, name):
        self.rank = rank
        self.name = name

    def stronger(self, other):
        return self.rank < other.rank

    def weaker(self, other):
        return self.rank > other.rank

    def weakest_of(self, other):
        if self.rank > other.rank:
            return self
        return other


REQUIRED = Strength(0, "required")
STRONG_PREFERRED = Strength(1, "strongPreferred")
PREFERRED = Strength(2, "preferred")
STRONG_DEFAULT = Strength(3, "strongDefault")
NORMAL = Strength(4, "normal")
WEAK_DEFAULT = Strength(5, "weakDefault")
WEAKEST = Strength(6, "weakest")
STRENGTHS = [REQUIRED, STRONG_PREFERRED, PREFERRED, STRONG_DEFAULT, NORMAL,
             WEAK_DEFAULT, WEAKEST]

NONE = 0
FORWARD = 1
BACKWARD = 2


class Variable:
    def __init__(self, name, value):
        self.name = name
        self.value = value
        self.constraints = []
        self.determined_by = None
        self.mark = 0
        self.walk_strength = WEAKEST
        self.stay = True

    def attach(self, c):
        self.constraints.append(c)

    def detach(self, c):
        self.constraints.remove(c)
        if self.determined_by is c:
            self.determined_by = None


class Constraint:
    def __init__(self, planner, strength):
        self.planner = planner
        self.strength = strength

    def add(self):
        self.add_to_graph()
        self.planner.incremental_add(self)

    def remove(self):
        # incremental_remove takes a satisfied constraint out of the graph
        if self.is_satisfied():
            self.planner.incremental_remove(self)
        else:
            self.remove_from_graph()

    def is_input(self):
        return False

    def satisfy(self, mark):
        """Pick a method for this constraint; return the constraint it
        overrides, or None."""
        self.choose_method(mark)
        if not self.is_satisfied():
            if self.strength is REQUIRED:
                raise RuntimeError("could not satisfy a required constraint")
            return None
        self.mark_inputs(mark)
        out = self.output()
        overridden = out.determined_by
        if overridden is not None:
            overridden.mark_unsatisfied()
        out.determined_by = self
        if not self.planner.add_propagate(self, mark):
            raise RuntimeError("cycle encountered")
        out.mark = mark
        return overridden


class UnaryConstraint(Constraint):
    def __init__(self, planner, variable, strength):
        Constraint.__init__(self, planner, strength)
        self.variable = variable
        self.satisfied = False
        self.add()

    def add_to_graph(self):
        self.variable.attach(self)
        self.satisfied = False

    def remove_from_graph(self):
        self.variable.detach(self)
        self.satisfied = False

    def choose_method(self, mark):
        v = self.variable
        self.satisfied = v.mark != mark and self.strength.stronger(v.walk_strength)

    def is_satisfied(self):
        return self.satisfied

    def mark_inputs(self, mark):
        pass

    def mark_unsatisfied(self):
        self.satisfied = False

    def output(self):
        return self.variable

    def inputs_known(self, mark):
        return True

    def recalculate(self):
        v = self.variable
        v.walk_strength = self.strength
        v.stay = not self.is_input()
        if v.stay:
            self.execute()

    def execute(self):
        pass


class StayConstraint(UnaryConstraint):
    """Keeps its variable's value unless something stronger changes it."""


class EditConstraint(UnaryConstraint):
    """Marks its variable as changed from outside the plan."""

    def is_input(self):
        return True


class BinaryConstraint(Constraint):
    def __init__(self, planner, v1, v2, strength):
        Constraint.__init__(self, planner, strength)
        self.v1 = v1
        self.v2 = v2
        self.direction = NONE

    def add_to_graph(self):
        self.v1.attach(self)
        self.v2.attach(self)
        self.direction = NONE

    def remove_from_graph(self):
        self.v1.detach(self)
        self.v2.detach(self)
        self.direction = NONE

    def choose_method(self, mark):
        v1 = self.v1
        v2 = self.v2
        s = self.strength
        if v1.mark == mark:
            if v2.mark != mark and s.stronger(v2.walk_strength):
                self.direction = FORWARD
            else:
                self.direction = NONE
        elif v2.mark == mark:
            if s.stronger(v1.walk_strength):
                self.direction = BACKWARD
            else:
                self.direction = NONE
        elif v1.walk_strength.weaker(v2.walk_strength):
            # write the weaker end when this constraint can
            if s.stronger(v1.walk_strength):
                self.direction = BACKWARD
            else:
                self.direction = NONE
        elif s.stronger(v2.walk_strength):
            self.direction = FORWARD
        else:
            self.direction = NONE

    def is_satisfied(self):
        return self.direction != NONE

    def mark_inputs(self, mark):
        self.input().mark = mark

    def mark_unsatisfied(self):
        self.direction = NONE

    def input(self):
        if self.direction == FORWARD:
            return self.v1
        return self.v2

    def output(self):
        if self.direction == FORWARD:
            return self.v2
        return self.v1

    def inputs_known(self, mark):
        i = self.input()
        return i.mark == mark or i.stay or i.determined_by is None

    def recalculate(self):
        i = self.input()
        out = self.output()
        out.walk_strength = self.strength.weakest_of(i.walk_strength)
        out.stay = i.stay
        if out.stay:
            self.execute()


class EqualityConstraint(BinaryConstraint):
    def __init__(self, planner, v1, v2, strength):
        BinaryConstraint.__init__(self, planner, v1, v2, strength)
        self.add()

    def execute(self):
        self.output().value = self.input().value


class ScaleConstraint(BinaryConstraint):
    """dest = src * scale + offset, solved in either direction."""

    def __init__(self, planner, src, scale, offset, dest, strength):
        BinaryConstraint.__init__(self, planner, src, dest, strength)
        self.scale = scale
        self.offset = offset
        self.add()

    def add_to_graph(self):
        BinaryConstraint.add_to_graph(self)
        self.scale.attach(self)
        self.offset.attach(self)

    def remove_from_graph(self):
        BinaryConstraint.remove_from_graph(self)
        self.scale.detach(self)
        self.offset.detach(self)

    def mark_inputs(self, mark):
        BinaryConstraint.mark_inputs(self, mark)
        self.scale.mark = mark
        self.offset.mark = mark

    def execute(self):
        if self.direction == FORWARD:
            self.v2.value = self.v1.value * self.scale.value + self.offset.value
        else:
            self.v1.value = (self.v2.value - self.offset.value) // self.scale.value

    def recalculate(self):
        i = self.input()
        out = self.output()
        out.walk_strength = self.strength.weakest_of(i.walk_strength)
        out.stay = i.stay and self.scale.stay and self.offset.stay
        if out.stay:
            self.execute()


class Plan:
    def __init__(self):
        self.steps = []

    def execute(self):
        for c in self.steps:
            c.execute()


class Planner:
    def __init__(self):
        self.current_mark = 0
        self.plans_made = 0

    def new_mark(self):
        self.current_mark += 1
        return self.current_mark

    def incremental_add(self, c):
        mark = self.new_mark()
        overridden = c.satisfy(mark)
        while overridden is not None:
            overridden = overridden.satisfy(mark)

    def incremental_remove(self, c):
        out = c.output()
        c.mark_unsatisfied()
        c.remove_from_graph()
        unsatisfied = self.remove_propagate_from(out)
        for strength in STRENGTHS:
            for u in unsatisfied:
                if u.strength is strength:
                    self.incremental_add(u)

    def add_propagate(self, c, mark):
        todo = [c]
        while todo:
            d = todo.pop()
            if d.output().mark == mark:
                self.incremental_remove(c)
                return False
            d.recalculate()
            self.consumers_of(d.output(), todo)
        return True

    def remove_propagate_from(self, out):
        out.determined_by = None
        out.walk_strength = WEAKEST
        out.stay = True
        unsatisfied = []
        todo = [out]
        while todo:
            v = todo.pop()
            for c in v.constraints:
                if not c.is_satisfied():
                    unsatisfied.append(c)
            determining = v.determined_by
            for c in v.constraints:
                if c is not determining and c.is_satisfied():
                    c.recalculate()
                    todo.append(c.output())
        return unsatisfied

    def consumers_of(self, v, into):
        determining = v.determined_by
        for c in v.constraints:
            if c is not determining and c.is_satisfied():
                into.append(c)

    def make_plan(self, sources):
        self.plans_made += 1
        mark = self.new_mark()
        plan = Plan()
        todo = sources
        while todo:
            c = todo.pop()
            out = c.output()
            if out.mark != mark and c.inputs_known(mark):
                plan.steps.append(c)
                out.mark = mark
                self.consumers_of(out, todo)
        return plan

    def plan_for_inputs(self, constraints):
        sources = []
        for c in constraints:
            if c.is_input() and c.is_satisfied():
                sources.append(c)
        return self.make_plan(sources)


def edit_values(planner, variable, values):
    """Drive `variable` through `values` with an edit constraint."""
    edit = EditConstraint(planner, variable, PREFERRED)
    plan = planner.plan_for_inputs([edit])
    for v in values:
        variable.value = v
        plan.execute()
    edit.remove()


def chain_test(n):
    planner = Planner()
    chain = []
    for i in range(n + 1):
        chain.append(Variable("v%d" % i, 0))
    for i in range(n):
        EqualityConstraint(planner, chain[i], chain[i + 1], REQUIRED)
    StayConstraint(planner, chain[n], STRONG_DEFAULT)
    first = chain[0]
    last = chain[n]
    edit = EditConstraint(planner, first, PREFERRED)
    plan = planner.plan_for_inputs([edit])
    total = 0
    for i in range(100):
        first.value = i
        plan.execute()
        if last.value != i:
            raise RuntimeError("chain test failed at %d" % i)
        total += last.value
    edit.remove()
    return total + len(plan.steps) + planner.current_mark


def projection_test(n):
    planner = Planner()
    scale = Variable("scale", 10)
    offset = Variable("offset", 1000)
    src = None
    dst = None
    dests = []
    for i in range(n):
        src = Variable("src%d" % i, i)
        dst = Variable("dst%d" % i, i)
        dests.append(dst)
        StayConstraint(planner, src, NORMAL)
        ScaleConstraint(planner, src, scale, offset, dst, REQUIRED)
    edit_values(planner, src, [17])
    if dst.value != 1170:
        raise RuntimeError("projection 1 failed")
    edit_values(planner, dst, [1050])
    if src.value != 5:
        raise RuntimeError("projection 2 failed")
    edit_values(planner, scale, [5])
    for i in range(n - 1):
        if dests[i].value != i * 5 + 1000:
            raise RuntimeError("projection 3 failed")
    edit_values(planner, offset, [2000])
    for i in range(n - 1):
        if dests[i].value != i * 5 + 2000:
            raise RuntimeError("projection 4 failed")
    total = 0
    for d in dests:
        total += d.value
    return total + planner.current_mark


def bench():
    chain_sum = 0
    proj_sum = 0
    for r in range(N):
        chain_sum += chain_test(CHAIN)
        proj_sum += projection_test(CHAIN)
    return "chain %d projection %d" % (chain_sum, proj_sum)


if __name__ == "__main__":
    print(bench())
