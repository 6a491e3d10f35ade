# tpy-test: no-regen modes=default
# An operator whose Python dunder a trace cannot inline (here: the dunder
# applies the same operator to its parts, a recursion) is one residual call of a helper that runs
# the dunder directly (jh_binop_dunder, jh_compare_dunder: the function,
# both operands and the operator, descr <Callr 4 rrri>), not the generic
# dispatch (jh_binop, jh_compare: both operands and the operator, descr
# <Callr 3 rri>). Read through the compile hook, over every trace compiled
# for the functions of tests/jit/dunder_residual. tests/jit/dunder_residual checks the results.
import pypyjit

ops_by_code = {}


def hook(info):
    if info.greenkey:
        ops_by_code.setdefault(info.greenkey[0].co_name, []).extend(repr(op) for op in info.operations)


pypyjit.set_compile_hook(hook)


from dunder_residual import comparisons, sums  # noqa: E402 (after the hook is set)


def report(what, names, generic_expected):
    # generic_expected: comparisons of Leafish (no __lt__) go through the
    # generic dispatch, as they should
    ops = [op for name in names for op in ops_by_code.get(name, [])]
    generic = sum('<Callr 3 rri ' in op for op in ops)
    direct = sum('<Callr 4 rrri ' in op for op in ops)
    print(what, 'compiled:', bool(ops), 'direct dunder calls:', direct > 0,
          'generic operator calls:', generic if not generic_expected else 'some expected')


sums(2500)
report('sums', ['sums', '__add__'], False)
comparisons(3000)
report('comparisons', ['comparisons', '__lt__'], True)
