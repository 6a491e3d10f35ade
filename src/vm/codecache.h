/* codecache.h: the bytecode cache (tpy's own .tpyc files; see codecache.c).
 *
 * Both ways of importing a source file use it: the import statement
 * (mod/import.c) and importlib's SourceLoader.get_code, which tpy replaces
 * by one that calls _imp (mod/_imp.c). CPython's .pyc files are never read.
 */
#ifndef TPY_CODECACHE_H
#define TPY_CODECACHE_H

#include "../obj/code.h"

/* sys.implementation.cache_tag and the cache files' suffix: a module
 * m.py caches to __pycache__/m.tpy-311.tpyc (m.tpy-311.opt-1.tpyc under -O),
 * the path importlib.util.cache_from_source gives */
#define CODECACHE_TAG "tpy-311"
#define CODECACHE_SUFFIX ".tpyc"

/* A header's mtime_ns when only the seconds are known (a source's mtime as
 * importlib's path_stats gives it): the seconds are compared alone. */
#define CODECACHE_NS_UNKNOWN 0xFFFFFFFFu

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
 * the -O level: a file without its source) and its payload is intact;
 * NULL otherwise (never an exception). */
CodeObject *codecache_load_data(const char *data, size_t n, bool check_source, int64_t mtime_s, uint32_t mtime_ns,
                                uint64_t size, Value filename);

/* marshal's code objects ('C' in marshal.c): co as bytes only this tpy
 * build reads back (false: a constant the format cannot hold), and the
 * code in data[0:n], or NULL (never an exception). */
bool codecache_marshal_code(CodeObject *co, struct Buf *out);
CodeObject *codecache_unmarshal_code(const char *data, size_t n);

#endif
