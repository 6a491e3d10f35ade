"""What the check tools of tools/ share (profile_checks, sampler_checks,
perf_checks, viewer_checks): counting their checks and printing them, one
PASS or FAIL line each, and the summary line tools/check.sh reads."""

import os
import tempfile


class Checks:
    """A tool's checks. A failure prints its detail, cut to detail_limit
    characters when that is set; a pass prints it too with verbose."""

    detail_limit = None

    def __init__(self, tpy, verbose=False, tmp_prefix="tpy-checks-", tmp=None):
        self.tpy = tpy
        self.verbose = verbose
        self.passed = 0
        self.failed = 0
        # scratch files: a directory given (kept for a look afterwards) or a new one
        self.tmp = tmp or tempfile.mkdtemp(prefix=tmp_prefix)
        os.makedirs(self.tmp, exist_ok=True)

    def check(self, what, ok, detail=""):
        detail = str(detail) if detail else ""
        if self.detail_limit is not None:
            detail = detail[:self.detail_limit]
        if ok:
            self.passed += 1
            print("PASS " + what + (": " + detail if detail and self.verbose else ""))
        else:
            self.failed += 1
            print("FAIL " + what + (": " + detail if detail else ""))
        return ok

    def summary(self):
        print("%d passed, %d failed" % (self.passed, self.failed))
        return self.failed == 0
