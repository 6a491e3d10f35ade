# An exception group raised in __del__ is reported as "Exception ignored
# in", with the traceback and the group's line only: 3.11's unraisable
# report does not draw the group's members (the last stderr line is the
# group's). When the report appears differs (tpy finalizes later), not
# what it says.
class D:
    def __del__(self):
        raise ExceptionGroup('in del', [ValueError(1), TypeError(2)])

d = D()
del d
import gc
gc.collect()
print('end')
