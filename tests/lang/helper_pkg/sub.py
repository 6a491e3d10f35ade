from . import sibling
from .sibling import SIB
def sub_func():
    return 'sub_func sees ' + SIB + ' ' + sibling.__name__
