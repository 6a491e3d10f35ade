/* str.h: immutable Unicode strings, stored as UTF-8.
 *
 * `length` counts code points, `nbytes` bytes; `ascii` is set when they are
 * equal, and then indexing is O(1). Non-ASCII strings find code point
 * offsets by scanning (with a cached index for long strings, see str.c).
 * data[nbytes] is always NUL (strings may also contain NULs).
 * Interned strings (identifiers, attribute names) are unique per content,
 * so they compare by pointer; every name the compiler emits is interned.
 */
#ifndef TPY_STR_H
#define TPY_STR_H

#include "../util/buf.h"
#include "../vm/object.h"

typedef struct StrObject {
    Object hdr;
    int64_t hash;          /* -1: not computed yet */
    int64_t length;        /* code points */
    int64_t nbytes;
    uint8_t ascii;
    uint8_t interned;
    char data[];
} StrObject;

extern Type str_type;

static inline bool str_check(Value v) {
    return v_is_ptr(v) && v && type_has_flag(V_OBJ(v)->type, TF_STR_SUBCLASS);
}
static inline bool str_check_exact(Value v) {
    return v_is_ptr(v) && v && V_OBJ(v)->type == &str_type;
}
static inline const char *str_data(Value s) { return V_AS(StrObject, s)->data; }
static inline int64_t str_nbytes(Value s) { return V_AS(StrObject, s)->nbytes; }
static inline int64_t str_len(Value s) { return V_AS(StrObject, s)->length; }
static inline bool str_is_ascii(Value s) { return V_AS(StrObject, s)->ascii; }

/* Constructors. Input must be valid UTF-8 (WTF-8 surrogates tolerated). */
Value str_new(const char *utf8, size_t nbytes);
Value str_from_cstr(const char *s);
Value str_from_buf(Buf *b);            /* takes the bytes of b */
/* A new string of nbytes bytes to fill in; call str_finish afterwards. */
Value str_alloc(size_t nbytes);
Value str_finish(Value s);             /* computes length/ascii */
Value str_from_codepoint(uint32_t cp);
/* As str_new for data whose code points the caller has counted (length),
 * which spares the scan; VNULL with MemoryError when memory is short. */
Value str_try_new_counted(const char *utf8, size_t nbytes, int64_t length);
extern Value str_empty;                /* "" */
extern Value str_ascii_chars[128];     /* the 1-char strings for 0..127, shared */
static inline Value str_ascii_char(int c) { return str_ascii_chars[c & 127]; }

/* Interning */
Value str_intern(Value s);
Value str_intern_cstr(const char *s);

/* Basic operations */
int64_t str_hash(Value s);
/* SipHash-1-3 of bytes under the process's hash key (PYTHONHASHSEED) */
uint64_t hash_bytes(const void *p, size_t len);
/* ... under the key (key, 0): CPython's _Py_KeyedHash (_imp.source_hash) */
uint64_t hash_bytes_keyed(uint64_t key, const void *p, size_t len);
bool str_eq(Value a, Value b);          /* both str */
int str_compare(Value a, Value b);      /* <0, 0, >0 (code point order) */
bool str_eq_cstr(Value s, const char *c);
Value str_concat(Value a, Value b);            /* VNULL: MemoryError */
/* a + b[start:stop] (exact strs; bounds as str_getslice_ints' with step 1)
 * without making the slice: compiled code's `s += t[i:]`. VNULL: MemoryError. */
Value str_concat_slice(Value a, Value b, int64_t start, int64_t stop);
/* As str_alloc, for sizes the program chooses: VNULL with MemoryError
 * when the memory is not there. */
Value str_try_alloc(size_t nbytes);
Value str_repr(Value s);
/* Code point at index i (0 <= i < length). */
uint32_t str_char_at(Value s, int64_t i);
/* Byte offset of code point i (0 <= i <= length). */
int64_t str_byte_offset(Value s, int64_t i);
Value str_substr(Value s, int64_t start, int64_t end);   /* code point range */
Value str_getitem(Value s, Value key);
/* s[i] for an int index (negative counts from the end); IndexError outside. */
Value str_getitem_i64(Value s, int64_t i);
Value str_getslice(Value s, Value start, Value stop, Value step);   /* s[start:stop:step] */
/* The same with unboxed bounds (compiled code): LIST_SLICE_NONE (list.h)
 * stands for None, the step is nonzero; raises only MemoryError. */
Value str_getslice_ints(Value s, int64_t start, int64_t stop, int64_t step);

/* A formatted string from the errors.h printf dialect (%R %S %T %U ...). */
Value str_printf(const char *fmt, ...);
Value str_vprintf(const char *fmt, va_list ap);
void buf_vformat(Buf *b, const char *fmt, va_list ap);   /* same, into a Buf */

/* UTF-8 helpers */
int utf8_encode(uint32_t cp, char *out);               /* returns bytes (1..4) */
uint32_t utf8_decode(const char *s, int *len);         /* at s; sets len */
int64_t utf8_count(const char *s, size_t nbytes);      /* code points */
bool utf8_valid(const char *s, size_t nbytes);
/* Bytes from the operating system (a file name, an argument) as text, the
 * way os.fsdecode reads them: well-formed UTF-8 kept, every other byte b
 * becomes the lone surrogate U+DC00+b (surrogateescape), which os.fsencode
 * turns back into b. utf8_from_fs gives the UTF-8 of that text (collected
 * memory), str_from_fs the str; str_from_fs_n the str of n bytes, NULs
 * included (a record of a system database). */
char *utf8_from_fs(const char *s);
Value str_from_fs(const char *s);
Value str_from_fs_n(const char *s, size_t n);
/* The length of the longest prefix of s[0..n) that is well-formed UTF-8
 * (no encoded surrogates, no overlong forms, nothing above U+10FFFF):
 * what a strict UTF-8 decoder keeps unchanged; *ncp, its code points. */
int64_t utf8_wellformed_prefix(const char *s, int64_t n, int64_t *ncp);

/* `%` formatting and str.format, used by the interpreter and builtins. */
Value str_mod(Value fmt, Value args);
/* fmt % t for a tuple t of these n items, without the tuple (compiled
 * code's `"..." % (a, b)`). */
Value str_mod_items(Value fmt, Value *items, int64_t n);
Value str_format_method(Value *args, size_t nargs, Value kwnames);
Value obj_format(Value v, Value spec);   /* format(v, spec) */
/* format by the builtin base type of v (int/float/str/bool), ignoring a
 * subclass's __format__: what int.__format__ & co. do. */
Value obj_format_builtin(Value v, Value spec);
Value str_format_with(Value fmt, Value *args, size_t nargs, Value kwnames, Value mapping);
Value str_format_spec(Value s, Value spec);
/* str.format's parser, for _string (byte offsets into the format string):
 * the parts of a replacement field "{name!conv:spec}" whose '{' precedes
 * d[i]; the offset after its '}', or -1 with ValueError. */
typedef struct FmtField {
    int64_t name_s, name_e;
    uint32_t conv;              /* 0: none */
    int64_t spec_s, spec_e;     /* spec_e <= spec_s: no spec */
    bool nested;                /* the spec holds replacement fields */
} FmtField;
int64_t fmt_parse_field(const char *d, int64_t n, int64_t i, FmtField *f);
/* A field name's first part: its length; *index its value when it is
 * decimal digits, else -1 (-2 with ValueError: too many digits). */
int64_t fmt_field_first(const char *s, int64_t n, int64_t *index);
/* Its next ".attr" or "[key]" part from *pos: 1 (*is_attr, the name's
 * byte range, *index as above), 0 at the end, -1 with ValueError. */
int fmt_field_next(const char *s, int64_t n, int64_t *pos, bool *is_attr, int64_t *ns, int64_t *ne, int64_t *index);

/* Unicode character data (str_methods.c, tables in str_unicode.inc) */
bool unicode_isprintable(uint32_t c);
int unicode_decimal_value(uint32_t c);     /* -1 if not a decimal digit */
bool unicode_isspace(uint32_t c);
uint32_t unicode_tolower(uint32_t c);      /* simple mappings */
uint32_t unicode_toupper(uint32_t c);
bool unicode_isalnum(uint32_t c);
bool unicode_isdecimal(uint32_t c);

void str_init(void);

#endif
