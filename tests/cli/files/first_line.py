@echo off & this line is not Python (a Windows batch wrapper's)
import sys
print("second line runs")
def fail():
    raise ValueError("line numbers count the skipped line")
try:
    fail()
except ValueError as e:
    print(e, e.__traceback__.tb_next.tb_lineno)
