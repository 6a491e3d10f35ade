# tpy-test: strict-stderr
# -*- coding: utf-8 -*-
# With a coding declaration the same error is at the character column.
s = "éé"; x = (1 +* 2)
