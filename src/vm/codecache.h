/* codecache.h: the bytecode cache (.pyc files of tpy's bytecode; see codecache.c).
 *
 * Both ways of importing a source file use it: the import statement
 * (mod/import.c) and importlib's SourceLoader.get_code, which tpy replaces
 * by one that calls _imp (mod/_imp.c). The files have CPython's .pyc
 * header, tpy's magic number and tpy's code objects: CPython's own .pyc
 * files (cpython-311 in their names, another magic number) are never read.
 */
#ifndef TPY_CODECACHE_H
#define TPY_CODECACHE_H

#include "../obj/code.h"

/* sys.implementation.cache_tag and the cache files' suffix: a module
 * m.py caches to __pycache__/m.tpy-311.pyc (m.tpy-311.opt-1.pyc under -O),
 * the path importlib.util.cache_from_source gives */
#define CODECACHE_TAG "tpy-311"
#define CODECACHE_SUFFIX ".pyc"

/* A header's mtime_ns when only the seconds are known (a source's mtime as
 * importlib's path_stats gives it): the seconds are compared alone. */
#define CODECACHE_NS_UNKNOWN 0xFFFFFFFFu

/* Hash-based files (PEP 552: py_compile's CHECKED_HASH and UNCHECKED_HASH,
 * its default under SOURCE_DATE_EPOCH; CPython's flags 3 and 1): the
 * blob's mtime_ns is one of these and its mtime holds the source's hash (codecache_source_hash, what
 * _imp.source_hash gives with importlib's _RAW_MAGIC_NUMBER); the source's
 * size is not recorded. A checked file is used when the source's hash
 * matches, an unchecked one without reading the source;
 * _imp.check_hash_based_pycs ("always", "never") overrides, as in CPython. */
#define CODECACHE_NS_HASH_CHECKED 0xFFFFFFFEu
#define CODECACHE_NS_HASH_UNCHECKED 0xFFFFFFFDu
uint64_t codecache_source_hash(uint64_t key, const char *p, size_t n);

/* A module's __cached__: the cache file named for the source at path
 * (importlib.util.cache_from_source's answer), or None when it has none. */
Value codecache_cached_path(const char *path);

/* The 4-byte magic number (importlib.util.MAGIC_NUMBER on tpy). */
Value codecache_magic(void);

/* The code of the source file at `path` (its co_filename): from a valid
 * cache file when there is one, else compiled from the source, and then
 * cached unless sys.dont_write_bytecode. NULL with an exception set when
 * the source cannot be read (OSError) or compiled (SyntaxError...). */
CodeObject *codecache_source_code(const char *path);

/* A whole cache file (header and payload) holding co, for a source whose
 * mtime is mtime_s + mtime_ns / 1e9 and whose size is size; false when co
 * holds a constant the format cannot (compile() of an AST may put any
 * object there). */
bool codecache_file_data(CodeObject *co, int64_t mtime_s, uint32_t mtime_ns, uint64_t size, struct Buf *out);
/* The code in the cache file data[0:n], named `filename`, if its header
 * matches the source (mtime, size, -O level; with check_source false only
 * the -O level: a file without its source, or a hash-based file whose
 * hash the caller checked) and its payload is intact; NULL otherwise
 * (never an exception). A hash-based file never matches an mtime. */
CodeObject *codecache_load_data(const char *data, size_t n, bool check_source, int64_t mtime_s, uint32_t mtime_ns,
                                uint64_t size, Value filename);

/* The code of a .pyc file run as a script (tpy prog.pyc), its co_filename
 * the one it was compiled with, whatever its header's source fields and -O
 * level say, as CPython runs one; NULL with *problem set to CPython's
 * message for a file of another magic number or damaged code (never an
 * exception). */
CodeObject *codecache_pyc_code(const char *data, size_t n, const char **problem);

/* marshal's code objects ('C' in marshal.c): co as bytes only this tpy
 * build reads back (false: a constant the format cannot hold), and the
 * code in data[0:n], or NULL (never an exception). */
bool codecache_marshal_code(CodeObject *co, struct Buf *out);
CodeObject *codecache_unmarshal_code(const char *data, size_t n);

#endif
