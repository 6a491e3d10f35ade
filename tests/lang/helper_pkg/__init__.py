"""Helper package for mod_package (not a test)."""
PKG_CONST = 'pkg'
from .sub import sub_func
