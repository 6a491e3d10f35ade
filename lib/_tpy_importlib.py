"""importlib on tpy's bytecode cache (tpy).

tpy's import statement (C) and importlib must share one bytecode cache:
.pyc files of tpy's bytecode (src/vm/codecache.c: CPython's 16-byte header
with tpy's magic number, then a tpy code object as marshal writes it),
never CPython's, whose bytecode is CPython's (cache_from_source gives
__pycache__/NAME.tpy-311.pyc: sys.implementation.cache_tag keeps them
apart). When importlib is imported, install() points
importlib._bootstrap_external at them: the magic number and
SourceLoader.get_code. A .pyc file without its source is CPython's
business unchanged (SourcelessFileLoader, zipimport, pkgutil.read_code:
the 16-byte header, then marshal.loads of the rest). importlib's own SourceFileLoader reads and writes the cache in C,
exactly as the import statement does; a loader of a program's own (other
get_data or path_stats) keeps CPython's algorithm, with tpy's format in
place of marshal's, and like CPython caches through its set_data.
"""

import _imp
import sys

# a tpy .pyc file's header (src/vm/codecache.c): CPython's 16 bytes (magic,
# flags, then the mtime and size or, hash-based, the source's hash), then
# b'C' and the length of the code's blob, whose own header is 38 bytes
_HASH_CHECKED = 3
_HASH_UNCHECKED = 1


def _hash_kind(data):
    """_HASH_CHECKED or _HASH_UNCHECKED for a hash-based file, else 0."""
    if len(data) < 16 or data[:4] != _imp.tpy_magic_number:
        return 0
    kind = int.from_bytes(data[4:8], 'little')
    return kind if kind in (_HASH_CHECKED, _HASH_UNCHECKED) else 0


def install(be):
    _bootstrap = be._bootstrap
    FileLoader = be.FileLoader
    SourceFileLoader = be.SourceFileLoader
    SourceLoader = be.SourceLoader
    cache_from_source = be.cache_from_source

    be.MAGIC_NUMBER = _imp.tpy_magic_number
    be._RAW_MAGIC_NUMBER = int.from_bytes(_imp.tpy_magic_number, 'little')

    def get_code(self, fullname):
        """Concrete implementation of InspectLoader.get_code (tpy's bytecode cache)."""
        source_path = self.get_filename(fullname)
        cls = type(self)
        if (cls.get_data is FileLoader.get_data and cls.path_stats is SourceFileLoader.path_stats
                and cls.source_to_code is SourceLoader.source_to_code
                and cls.set_data is SourceFileLoader.set_data):
            return _imp.tpy_source_code(source_path)
        source_mtime = None
        source_bytes = None
        source_hash = None
        hash_based = False
        check_source = True
        try:
            bytecode_path = cache_from_source(source_path)
        except NotImplementedError:
            bytecode_path = None
        else:
            try:
                st = self.path_stats(source_path)
            except OSError:
                pass
            else:
                source_mtime = st['mtime']
                try:
                    data = self.get_data(bytecode_path)
                except OSError:
                    pass
                else:
                    kind = _hash_kind(data)
                    if kind:
                        # CPython's rule for hash-based files
                        hash_based = True
                        check_source = kind == _HASH_CHECKED
                        valid = True
                        if (_imp.check_hash_based_pycs != 'never' and
                                (check_source or _imp.check_hash_based_pycs == 'always')):
                            source_bytes = self.get_data(source_path)
                            source_hash = _imp.source_hash(be._RAW_MAGIC_NUMBER, source_bytes)
                            valid = data[8:16] == source_hash
                        code = _imp.tpy_code_from_cache(data, source_path, None, None) if valid else None
                    else:
                        code = _imp.tpy_code_from_cache(data, source_path, source_mtime, st.get('size'))
                    if code is not None:
                        _bootstrap._verbose_message('{} matches {}', bytecode_path, source_path)
                        return code
        if source_bytes is None:
            source_bytes = self.get_data(source_path)
        code_object = self.source_to_code(source_bytes, source_path)
        _bootstrap._verbose_message('code object from {}', source_path)
        if (not sys.dont_write_bytecode and bytecode_path is not None and
                source_mtime is not None):
            if hash_based:
                if source_hash is None:
                    source_hash = _imp.source_hash(be._RAW_MAGIC_NUMBER, source_bytes)
                data = _imp.tpy_hash_cache_data(code_object, source_hash, check_source)
            else:
                data = _imp.tpy_cache_data(code_object, source_mtime, len(source_bytes))
            if data is not None:
                try:
                    self._cache_bytecode(source_path, bytecode_path, data)
                except NotImplementedError:
                    pass
        return code_object

    def _code_to_timestamp_pyc(code, mtime=0, source_size=0):
        # py_compile and compileall write the cache through this
        data = _imp.tpy_cache_data(code, mtime, source_size)
        if data is None:
            raise ValueError("the code holds a constant tpy's bytecode cache cannot store")
        return data

    def _code_to_hash_pyc(code, source_hash, checked=True):
        # py_compile's CHECKED_HASH and UNCHECKED_HASH (its default under SOURCE_DATE_EPOCH)
        data = _imp.tpy_hash_cache_data(code, source_hash, checked)
        if data is None:
            raise ValueError("the code holds a constant tpy's bytecode cache cannot store")
        return data

    be._code_to_timestamp_pyc = _code_to_timestamp_pyc
    be._code_to_hash_pyc = _code_to_hash_pyc
    get_code.__qualname__ = 'SourceLoader.get_code'
    SourceLoader.get_code = get_code
