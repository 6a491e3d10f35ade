"""Runs one CPython regression-test module under the running interpreter
(tpy, or CPython itself for comparison) and prints one summary line.

    tpy tests/cpython/driver.py test.test_int [SKIP_FILE]

SKIP_FILE, written by run.py, lists test ids (one per line, "id<TAB>reason")
that this interpreter skips or expects to fail: "skip" tests are not run
(reported as skipped with the reason), "xfail" tests run and count as
expected failures. The last line of output is

    SUMMARY {"run": N, "passed": N, "failed": N, "errors": N, "skipped": N,
             "xfail": N, "xpass": N}

Everything else (the failures' tracebacks) goes to stderr.
"""
import json
import os
import sys
import unittest


def load_marks(path):
    marks = {}
    if path:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n")
                if not line or line.startswith("#"):
                    continue
                kind, test_id, reason = line.split("\t", 2)
                marks[test_id] = (kind, reason)
    return marks


def iter_tests(suite):
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            yield from iter_tests(t)
        else:
            yield t


def main():
    name = sys.argv[1]
    marks = load_marks(sys.argv[2] if len(sys.argv) > 2 else None)
    loader = unittest.TestLoader()
    module = __import__(name, fromlist=["*"])
    test_main = getattr(module, "test_main", None)
    if test_main is None:
        run_suite(loader.loadTestsFromModule(module), marks)
        return
    # as regrtest: a module with test_main runs through it (test_xml_etree
    # sets its globals up there), which hands its classes to
    # support.run_unittest: run them here instead
    from test import support

    def run_unittest(*classes):
        suite = unittest.TestSuite()
        for cls in classes:
            if isinstance(cls, str):
                suite.addTest(loader.loadTestsFromModule(sys.modules[cls]))
            elif isinstance(cls, (unittest.TestSuite, unittest.TestCase)):
                suite.addTest(cls)
            else:
                suite.addTest(loader.loadTestsFromTestCase(cls))
        run_suite(suite, marks)
    original = support.run_unittest
    support.run_unittest = run_unittest
    # a module that imported the name itself (test_netrc) calls it directly
    if getattr(module, "run_unittest", None) is original:
        module.run_unittest = run_unittest
    test_main()


def run_suite(suite, marks):
    used = set()
    for test in iter_tests(suite):
        test_id = test.id()
        # marks may name a test or a whole class ("test.test_x.Class")
        for key in (test_id, test_id.rsplit(".", 1)[0]):
            if key in marks:
                kind, reason = marks[key]
                used.add(key)
                method = getattr(test, test._testMethodName, None) if hasattr(test, "_testMethodName") else None
                if method is None:
                    continue
                if kind == "skip":
                    setattr(test, test._testMethodName, unittest.skip("tpy: " + reason)(method))
                elif kind == "xfail":
                    # expectedFailure marks its argument: a bound method
                    # takes no attributes, so mark a plain function
                    def call(method=method):
                        return method()
                    setattr(test, test._testMethodName, unittest.expectedFailure(call))
                break
    result = unittest.TextTestRunner(stream=sys.stderr, verbosity=1).run(suite)
    # a test counts once, whatever its subtests did: failed if any failed
    def ids(pairs):
        return {t.id() if not hasattr(t, "test_case") else t.test_case.id() for t, _ in pairs}
    bad = ids(result.failures) | ids(result.errors)
    failed = len(ids(result.failures))
    errors = len(ids(result.errors) - ids(result.failures))
    skipped = len(ids(result.skipped) - bad)
    xfail = len(ids(result.expectedFailures) - bad)
    xpass = len(result.unexpectedSuccesses)
    passed = max(0, result.testsRun - failed - errors - skipped - xfail - xpass)
    unused = sorted(set(marks) - used)
    if unused:
        print("note: marks that matched no test: " + ", ".join(unused), file=sys.stderr)
    sys.stderr.flush()
    # straight to the file descriptor: a test may have left sys.stdout replaced
    line = "SUMMARY " + json.dumps({"run": result.testsRun, "passed": passed, "failed": failed, "errors": errors,
                                    "skipped": skipped, "xfail": xfail, "xpass": xpass})
    try:
        sys.stdout.flush()
    except Exception:
        pass
    os.write(1, ("\n" + line + "\n").encode())


main()
