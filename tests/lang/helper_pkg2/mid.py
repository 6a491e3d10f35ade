from .leaf import LEAF
from . import leaf
VALUE = "mid+" + LEAF
