/* _stat.c: the _stat module: what stat.py takes from C (the S_I* mode
 * bits and tests, filemode), with CPython 3.11's values, including the BSD
 * and Solaris ones Linux lacks (0 / always False, as CPython gives). */
#include <string.h>
#include <sys/stat.h>

#include "../runtime.h"

/* a mode argument: an int in 0..2**32-1 (CPython's mode_t conversion) */
static int to_mode(Value v, uint32_t *out) {
    if (!int_check(v)) {
        err_set(&exc_TypeError, "an integer is required");
        return -1;
    }
    if (int_sign(v) < 0) {
        err_set(&exc_OverflowError, "can't convert negative value to unsigned int");
        return -1;
    }
    if (int_compare(v, int_from_u64(UINT64_MAX)) > 0) {
        err_set(&exc_OverflowError, "Python int too large to convert to C unsigned long");
        return -1;
    }
    Value lim = int_from_u64(UINT32_MAX);
    if (int_compare(v, lim) > 0) {
        err_set(&exc_OverflowError, "mode out of range");
        return -1;
    }
    *out = (uint32_t)int_as_i64(v);
    return 0;
}

static int mode_arg(const char *fname, Value *args, size_t nargs, Value kwnames, uint32_t *mode) {
    ArgSpec spec = {fname, 1, 1, 0, {"mode", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    return to_mode(a[0], mode);
}

#define TEST(name, fmt)                                                        \
    static Value st_##name(Value *args, size_t nargs, Value kwnames) {        \
        uint32_t m;                                                            \
        if (mode_arg("_stat." #name, args, nargs, kwnames, &m) < 0) return VNULL;      \
        return v_bool(fmt != 0 && (m & S_IFMT) == fmt);                        \
    }
TEST(S_ISDIR, S_IFDIR)
TEST(S_ISCHR, S_IFCHR)
TEST(S_ISBLK, S_IFBLK)
TEST(S_ISREG, S_IFREG)
TEST(S_ISFIFO, S_IFIFO)
TEST(S_ISLNK, S_IFLNK)
TEST(S_ISSOCK, S_IFSOCK)
/* doors, event ports and whiteouts do not exist on Linux */
TEST(S_ISDOOR, 0)
TEST(S_ISPORT, 0)
TEST(S_ISWHT, 0)

static Value st_S_IMODE(Value *args, size_t nargs, Value kwnames) {
    uint32_t m;
    if (mode_arg("_stat.S_IMODE", args, nargs, kwnames, &m) < 0) return VNULL;
    return v_int(m & 07777);
}

static Value st_S_IFMT(Value *args, size_t nargs, Value kwnames) {
    uint32_t m;
    if (mode_arg("_stat.S_IFMT", args, nargs, kwnames, &m) < 0) return VNULL;
    return v_int(m & S_IFMT);
}

/* "-rwxr-xr-x": the file type's letter, then three rwx triples with the
 * set-id and sticky bits folded into the x places (s/S, t/T) */
static Value st_filemode(Value *args, size_t nargs, Value kwnames) {
    uint32_t m;
    if (mode_arg("_stat.filemode", args, nargs, kwnames, &m) < 0) return VNULL;
    char b[10];
    switch (m & S_IFMT) {
    case S_IFREG: b[0] = '-'; break;
    case S_IFDIR: b[0] = 'd'; break;
    case S_IFLNK: b[0] = 'l'; break;
    case S_IFSOCK: b[0] = 's'; break;
    case S_IFIFO: b[0] = 'p'; break;
    case S_IFBLK: b[0] = 'b'; break;
    case S_IFCHR: b[0] = 'c'; break;
    default: b[0] = '?'; break;
    }
    static const uint32_t special[3] = {S_ISUID, S_ISGID, S_ISVTX};
    for (int i = 0; i < 3; i++) {
        int shift = 6 - 3 * i;
        bool x = m & (1u << shift), sp = m & special[i];
        b[1 + 3 * i] = m & (4u << shift) ? 'r' : '-';
        b[2 + 3 * i] = m & (2u << shift) ? 'w' : '-';
        char on = i == 2 ? 't' : 's';
        b[3 + 3 * i] = sp ? (x ? on : (char)(on - 32)) : (x ? 'x' : '-');
    }
    return str_new(b, 10);
}

static const struct {
    const char *name;
    long value;
} stat_constants[] = {
    {"S_IFDIR", S_IFDIR}, {"S_IFCHR", S_IFCHR}, {"S_IFBLK", S_IFBLK},
    {"S_IFREG", S_IFREG}, {"S_IFIFO", S_IFIFO}, {"S_IFLNK", S_IFLNK}, {"S_IFSOCK", S_IFSOCK},
    {"S_IFDOOR", 0}, {"S_IFPORT", 0}, {"S_IFWHT", 0},
    {"S_ISUID", S_ISUID}, {"S_ISGID", S_ISGID}, {"S_ISVTX", S_ISVTX}, {"S_ENFMT", S_ISGID},
    {"S_IREAD", S_IRUSR}, {"S_IWRITE", S_IWUSR}, {"S_IEXEC", S_IXUSR},
    {"S_IRWXU", S_IRWXU}, {"S_IRUSR", S_IRUSR}, {"S_IWUSR", S_IWUSR}, {"S_IXUSR", S_IXUSR},
    {"S_IRWXG", S_IRWXG}, {"S_IRGRP", S_IRGRP}, {"S_IWGRP", S_IWGRP}, {"S_IXGRP", S_IXGRP},
    {"S_IRWXO", S_IRWXO}, {"S_IROTH", S_IROTH}, {"S_IWOTH", S_IWOTH}, {"S_IXOTH", S_IXOTH},
    /* BSD file flags (chflags), CPython's values */
    {"UF_NODUMP", 0x1}, {"UF_IMMUTABLE", 0x2}, {"UF_APPEND", 0x4}, {"UF_OPAQUE", 0x8},
    {"UF_NOUNLINK", 0x10}, {"UF_COMPRESSED", 0x20}, {"UF_HIDDEN", 0x8000}, {"SF_ARCHIVED", 0x10000},
    {"SF_IMMUTABLE", 0x20000}, {"SF_APPEND", 0x40000}, {"SF_NOUNLINK", 0x100000}, {"SF_SNAPSHOT", 0x200000},
    /* indices into a stat tuple */
    {"ST_MODE", 0}, {"ST_INO", 1}, {"ST_DEV", 2}, {"ST_NLINK", 3}, {"ST_UID", 4}, {"ST_GID", 5},
    {"ST_SIZE", 6}, {"ST_ATIME", 7}, {"ST_MTIME", 8}, {"ST_CTIME", 9},
    {NULL, 0},
};

static const MethodDef stat_functions[] = {
    {"S_ISDIR", st_S_ISDIR, MF_KEYWORDS, NULL},
    {"S_ISCHR", st_S_ISCHR, MF_KEYWORDS, NULL},
    {"S_ISBLK", st_S_ISBLK, MF_KEYWORDS, NULL},
    {"S_ISREG", st_S_ISREG, MF_KEYWORDS, NULL},
    {"S_ISFIFO", st_S_ISFIFO, MF_KEYWORDS, NULL},
    {"S_ISLNK", st_S_ISLNK, MF_KEYWORDS, NULL},
    {"S_ISSOCK", st_S_ISSOCK, MF_KEYWORDS, NULL},
    {"S_ISDOOR", st_S_ISDOOR, MF_KEYWORDS, NULL},
    {"S_ISPORT", st_S_ISPORT, MF_KEYWORDS, NULL},
    {"S_ISWHT", st_S_ISWHT, MF_KEYWORDS, NULL},
    {"S_IMODE", st_S_IMODE, MF_KEYWORDS, NULL},
    {"S_IFMT", st_S_IFMT, MF_KEYWORDS, NULL},
    {"filemode", st_filemode, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _stat_module_create(void) {
    Value m = module_new_cstr("_stat");
    module_add_functions(m, stat_functions);
    for (int i = 0; stat_constants[i].name; i++) module_add(m, stat_constants[i].name, v_int(stat_constants[i].value));
    return m;
}
