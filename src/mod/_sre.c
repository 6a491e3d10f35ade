/* _sre.c: the regular expression engine under CPython's `re` package.
 *
 * re's parser and compiler (pure Python, /usr/lib/python3.11/re) turn a
 * pattern into a list of 32-bit code words (re/_constants.py, MAGIC
 * 20220615); _sre.compile() wraps them in a Pattern object, and this file
 * runs them against str, bytes or bytearray subjects.
 *
 * The matcher is a backtracking interpreter of the code. A choice point
 * (BRANCH, the repeats, look-arounds) "calls" the rest of the pattern and
 * tries its next alternative when that call fails; the calls are frames on
 * an explicit stack (Ctx), never C recursion, so deep patterns and long
 * subjects cannot overflow the C stack. Saved group marks and saved
 * repeat positions go to a second stack of integers (`data`). The order in
 * which alternatives are tried, and which marks survive a failed
 * alternative, follow CPython's sre so that groups, lastindex and
 * empty-match rules agree with it.
 *
 * Positions are code point indices. A subject is read through one of two
 * views: bytes, bytearray and ASCII str as one byte per character, other
 * str decoded once to an array of code points (the last one is cached:
 * finditer/sub on the same string do not decode it again).
 */
#include <ctype.h>

#include "../runtime.h"
#include "../vm/pending.h"
#include "modules.h"

#define SRE_MAGIC 20220615
#define SRE_CODESIZE 4
#define SRE_MAXREPEAT 0xFFFFFFFFu
#define SRE_MAXGROUPS 1073741823

/* opcodes, in re/_constants.py's order */
enum {
    OP_FAILURE, OP_SUCCESS, OP_ANY, OP_ANY_ALL, OP_ASSERT, OP_ASSERT_NOT, OP_AT,
    OP_BRANCH, OP_CATEGORY, OP_CHARSET, OP_BIGCHARSET, OP_GROUPREF,
    OP_GROUPREF_EXISTS, OP_IN, OP_INFO, OP_JUMP, OP_LITERAL, OP_MARK,
    OP_MAX_UNTIL, OP_MIN_UNTIL, OP_NOT_LITERAL, OP_NEGATE, OP_RANGE, OP_REPEAT,
    OP_REPEAT_ONE, OP_SUBPATTERN, OP_MIN_REPEAT_ONE, OP_ATOMIC_GROUP,
    OP_POSSESSIVE_REPEAT, OP_POSSESSIVE_REPEAT_ONE, OP_GROUPREF_IGNORE,
    OP_IN_IGNORE, OP_LITERAL_IGNORE, OP_NOT_LITERAL_IGNORE,
    OP_GROUPREF_LOC_IGNORE, OP_IN_LOC_IGNORE, OP_LITERAL_LOC_IGNORE,
    OP_NOT_LITERAL_LOC_IGNORE, OP_GROUPREF_UNI_IGNORE, OP_IN_UNI_IGNORE,
    OP_LITERAL_UNI_IGNORE, OP_NOT_LITERAL_UNI_IGNORE, OP_RANGE_UNI_IGNORE,
};

enum {
    AT_BEGINNING, AT_BEGINNING_LINE, AT_BEGINNING_STRING, AT_BOUNDARY,
    AT_NON_BOUNDARY, AT_END, AT_END_LINE, AT_END_STRING, AT_LOC_BOUNDARY,
    AT_LOC_NON_BOUNDARY, AT_UNI_BOUNDARY, AT_UNI_NON_BOUNDARY,
};

enum {
    CAT_DIGIT, CAT_NOT_DIGIT, CAT_SPACE, CAT_NOT_SPACE, CAT_WORD, CAT_NOT_WORD,
    CAT_LINEBREAK, CAT_NOT_LINEBREAK, CAT_LOC_WORD, CAT_LOC_NOT_WORD,
    CAT_UNI_DIGIT, CAT_UNI_NOT_DIGIT, CAT_UNI_SPACE, CAT_UNI_NOT_SPACE,
    CAT_UNI_WORD, CAT_UNI_NOT_WORD, CAT_UNI_LINEBREAK, CAT_UNI_NOT_LINEBREAK,
};

#define INFO_PREFIX 1
#define INFO_LITERAL 2
#define INFO_CHARSET 4

/* flags, for Pattern.__repr__ */
#define FLAG_TEMPLATE 1
#define FLAG_IGNORECASE 2
#define FLAG_LOCALE 4
#define FLAG_MULTILINE 8
#define FLAG_DOTALL 16
#define FLAG_UNICODE 32
#define FLAG_VERBOSE 64
#define FLAG_DEBUG 128
#define FLAG_ASCII 256

typedef struct PatternObject {
    Object hdr;
    Value pattern;          /* str, bytes or None, as given */
    Value groupindex;       /* dict: name -> group number */
    Value indexgroup;       /* tuple: group number -> name or None */
    int64_t flags;
    int64_t groups;
    int isbytes;            /* -1: pattern is None (either kind of subject) */
    int64_t codesize;
    uint32_t *code;         /* pointer-free collector memory */
    /* ASCII bitmaps of the character sets, made the first time a set is
       tested (see in_set): setidx[i] for a set starting at code[i] is
       SET_UNKNOWN, SET_NOBITS or the set's number k, whose bits are
       setbits[2k], setbits[2k+1]. Both arrays are allocated on the first
       use; a set takes at least 3 code words, so codesize words of bits
       are always enough. */
    int32_t *setidx;
    uint64_t *setbits;
    int32_t nsets;
} PatternObject;

#define SET_UNKNOWN -2
#define SET_NOBITS -1

/* ---- character classes ------------------------------------------------------ */

/* [A-Za-z0-9_], one bit per ASCII character */
static const uint64_t ascii_word_bits[2] = {0x03FF000000000000ull, 0x07FFFFFE87FFFFFEull};
static inline bool ascii_word(uint32_t c) {
    return c < 128 && (ascii_word_bits[c >> 6] >> (c & 63) & 1);
}
static inline bool loc_word(uint32_t c) {
    return c < 256 && (isalnum((int)c) || c == '_');
}
/* the Unicode classes agree with the ASCII ones below 128 */
static inline bool uni_word(uint32_t c) { return c < 128 ? ascii_word(c) : unicode_isalnum(c); }
static inline bool uni_digit(uint32_t c) { return c < 128 ? c >= '0' && c <= '9' : unicode_isdecimal(c); }
static inline bool uni_linebreak(uint32_t c) {
    return c == '\n' || c == '\v' || c == '\f' || c == '\r' || (c >= 0x1C && c <= 0x1E) ||
           c == 0x85 || c == 0x2028 || c == 0x2029;
}
static inline uint32_t lower_ascii(uint32_t c) { return c < 128 ? (uint32_t)tolower((int)c) : c; }
static inline uint32_t lower_locale(uint32_t c) { return c < 256 ? (uint32_t)tolower((int)c) : c; }
static inline uint32_t upper_locale(uint32_t c) { return c < 256 ? (uint32_t)toupper((int)c) : c; }

static bool category(uint32_t cat, uint32_t c) {
    switch (cat) {
    case CAT_DIGIT: return c < 128 && c >= '0' && c <= '9';
    case CAT_NOT_DIGIT: return !(c < 128 && c >= '0' && c <= '9');
    case CAT_SPACE: return c == ' ' || (c >= 9 && c <= 13);
    case CAT_NOT_SPACE: return !(c == ' ' || (c >= 9 && c <= 13));
    case CAT_WORD: return ascii_word(c);
    case CAT_NOT_WORD: return !ascii_word(c);
    case CAT_LINEBREAK: return c == '\n';
    case CAT_NOT_LINEBREAK: return c != '\n';
    case CAT_LOC_WORD: return loc_word(c);
    case CAT_LOC_NOT_WORD: return !loc_word(c);
    case CAT_UNI_DIGIT: return uni_digit(c);
    case CAT_UNI_NOT_DIGIT: return !uni_digit(c);
    case CAT_UNI_SPACE: return unicode_isspace(c);
    case CAT_UNI_NOT_SPACE: return !unicode_isspace(c);
    case CAT_UNI_WORD: return uni_word(c);
    case CAT_UNI_NOT_WORD: return !uni_word(c);
    case CAT_UNI_LINEBREAK: return uni_linebreak(c);
    case CAT_UNI_NOT_LINEBREAK: return !uni_linebreak(c);
    }
    return false;
}

/* Is c in the set starting at `set` (a list of set items ending with
 * FAILURE, as the compiler's _compile_charset writes them)? */
static bool in_charset(const uint32_t *set, uint32_t c) {
    bool ok = true;
    for (;;) {
        switch (*set++) {
        case OP_FAILURE:
            return !ok;
        case OP_LITERAL:
            if (c == set[0]) return ok;
            set++;
            break;
        case OP_CATEGORY:
            if (category(set[0], c)) return ok;
            set++;
            break;
        case OP_CHARSET:   /* 256 bits in 8 words */
            if (c < 256 && (set[c >> 5] & (1u << (c & 31)))) return ok;
            set += 8;
            break;
        case OP_RANGE:
            if (set[0] <= c && c <= set[1]) return ok;
            set += 2;
            break;
        case OP_RANGE_UNI_IGNORE: {
            if (set[0] <= c && c <= set[1]) return ok;
            uint32_t u = unicode_toupper(c);
            if (set[0] <= u && u <= set[1]) return ok;
            set += 2;
            break;
        }
        case OP_NEGATE:
            ok = !ok;
            break;
        case OP_BIGCHARSET: {
            /* count, 256 block numbers packed in 64 words (native byte
               order), then count blocks of 256 bits */
            uint32_t n = *set++;
            if (c < 65536) {
                unsigned block = ((const uint8_t *)set)[c >> 8];
                set += 64;
                if (set[block * 8 + ((c & 255) >> 5)] & (1u << (c & 31))) return ok;
                set += (size_t)n * 8;
            } else {
                set += 64 + (size_t)n * 8;
            }
            break;
        }
        default:
            return false;   /* invalid code: no match */
        }
    }
}

/* Does the set depend on the locale (LOC categories: isalnum of the
 * current LC_CTYPE), so that its bitmap could go stale? */
static bool set_uses_locale(const uint32_t *set) {
    for (;;) {
        switch (*set++) {
        case OP_FAILURE: return false;
        case OP_LITERAL: set++; break;
        case OP_CATEGORY:
            if (set[0] == CAT_LOC_WORD || set[0] == CAT_LOC_NOT_WORD) return true;
            set++;
            break;
        case OP_CHARSET: set += 8; break;
        case OP_RANGE: case OP_RANGE_UNI_IGNORE: set += 2; break;
        case OP_NEGATE: break;
        case OP_BIGCHARSET: set += 1 + 64 + (size_t)set[0] * 8; break;
        default: return true;   /* not expected: no bitmap */
        }
    }
}

static int32_t set_bitmap_slow(PatternObject *po, const uint32_t *set);

/* in_charset for a set inside po's code: an ASCII character is looked up
 * in the set's bitmap (in_charset is a pure function of the set and the
 * character, except for the locale's categories, which get no bitmap). */
static inline const uint64_t *set_bits(PatternObject *po, const uint32_t *set) {
    int32_t k = po->setidx ? po->setidx[set - po->code] : SET_UNKNOWN;
    if (k == SET_UNKNOWN) k = set_bitmap_slow(po, set);
    return k >= 0 ? po->setbits + 2 * k : NULL;
}
static inline bool in_set(PatternObject *po, const uint32_t *set, uint32_t c) {
    if (c < 128) {
        const uint64_t *b = set_bits(po, set);
        if (b) return b[c >> 6] >> (c & 63) & 1;
    }
    return in_charset(set, c);
}
/* the loop of a scan over a set: the bitmap found once (bm may be NULL) */
static inline bool in_set_bm(const uint64_t *bm, const uint32_t *set, uint32_t c) {
    if (c < 128 && bm) return bm[c >> 6] >> (c & 63) & 1;
    return in_charset(set, c);
}

static int32_t set_bitmap_slow(PatternObject *po, const uint32_t *set) {
    if (!po->setidx) {
        int32_t *idx = gc_try_alloc_atomic((size_t)po->codesize * sizeof(int32_t));
        uint64_t *bits = gc_try_alloc_atomic((size_t)(po->codesize + 2) * sizeof(uint64_t));
        if (!idx || !bits) return SET_NOBITS;   /* no memory: the slow test */
        for (int64_t i = 0; i < po->codesize; i++) idx[i] = SET_UNKNOWN;
        po->setbits = bits;
        po->setidx = idx;
    }
    int64_t off = set - po->code;
    if (set_uses_locale(set) || 2 * (po->nsets + 1) > po->codesize + 2) return po->setidx[off] = SET_NOBITS;
    int32_t k = po->nsets++;
    uint64_t *b = po->setbits + 2 * k;
    b[0] = b[1] = 0;
    for (uint32_t c = 0; c < 128; c++)
        if (in_charset(set, c)) b[c >> 6] |= 1ull << (c & 63);
    return po->setidx[off] = k;
}

static bool in_charset_loc_ignore(const uint32_t *set, uint32_t c) {
    if (in_charset(set, c)) return true;
    uint32_t lo = lower_locale(c);
    if (lo != c && in_charset(set, lo)) return true;
    uint32_t up = upper_locale(c);
    return up != c && in_charset(set, up);
}

/* ---- matcher state ------------------------------------------------------------ */

typedef struct Repeat {
    int64_t count;
    const uint32_t *pat;    /* at the REPEAT's skip word: [skip, min, max, body] */
    int64_t last_ptr;       /* where the last iteration started (empty-loop guard) */
    int64_t prev;           /* enclosing repeat, -1: none */
} Repeat;

typedef struct Ctx {
    const uint32_t *pat;    /* the parent's resume point, saved at a call */
    int64_t ptr;
    int64_t count;
    int64_t lastmark, lastindex;
    int64_t rep;
    int64_t mark_ptr;       /* POSSESSIVE_REPEAT: position before the iteration */
    uint32_t chr;
    int jump;               /* where the parent resumes when this frame returns */
    int toplevel;
} Ctx;

typedef struct State {
    const uint8_t *s8;      /* one of the two views is set */
    const uint32_t *s32;
    int64_t length;         /* of the whole subject */
    int64_t pos, endpos;    /* as clamped from the arguments */
    int64_t start, end;     /* this attempt's start; the end the pattern sees */
    int64_t ptr;            /* where the last match ended */
    int match_all, must_advance;
    int isbytes;
    int64_t nmark;          /* 2 * groups */
    int64_t *mark;          /* -1: unset */
    int64_t lastmark, lastindex;
    int64_t repeat;         /* innermost repeat, -1: none */
    Repeat *reps;
    int64_t nreps, capreps;
    int64_t *data;
    int64_t ndata, capdata;
    Ctx *ctxs;
    int64_t capctxs;
    uint32_t steps;         /* counts dispatches between pending checks */
    Value string;
    PatternObject *po;      /* whose code runs (its set bitmaps) */
    /* first storage of the arrays above: most matches need no more, and
       then a match allocates nothing but its Match object */
    Ctx ctx0[16];
    Repeat rep0[4];
    int64_t data0[32];
    int64_t mark0[20];
} State;

static inline uint32_t CH(const State *st, int64_t i) {
    return st->s8 ? st->s8[i] : st->s32[i];
}

/* Grow one of the state's arrays: from its storage in the State (`first`)
 * to pointer-free collector memory. */
static int grow_slow(void **arr, int64_t *cap, int64_t need, size_t elsize, void *first) {
    int64_t n = *cap ? *cap * 2 : 64;
    while (n < need) n *= 2;
    void *p;
    if (*arr == first) {
        p = gc_try_alloc_atomic((size_t)n * elsize);
        if (p && *cap) memcpy(p, first, (size_t)*cap * elsize);
    } else {
        p = gc_try_realloc(*arr, (size_t)n * elsize);
    }
    if (!p) {
        err_no_memory();
        return -1;
    }
    *arr = p;
    *cap = n;
    return 0;
}
#define GROW(st, arr, cap, need, first) \
    ((need) <= (st)->cap ? 0 : grow_slow((void **)&(st)->arr, &(st)->cap, (need), sizeof *(st)->arr, (st)->first))

static int data_push(State *st, const int64_t *v, int64_t n) {
    if (GROW(st, data, capdata, st->ndata + n, data0) < 0) return -1;
    memcpy(st->data + st->ndata, v, (size_t)n * sizeof(int64_t));
    st->ndata += n;
    return 0;
}
static inline void data_peek(State *st, int64_t *v, int64_t n) {
    memcpy(v, st->data + st->ndata - n, (size_t)n * sizeof(int64_t));
}
static inline void data_pop(State *st, int64_t *v, int64_t n) {
    data_peek(st, v, n);
    st->ndata -= n;
}

static void state_reset(State *st) {
    st->lastmark = -1;
    st->lastindex = -1;
    st->repeat = -1;
    st->nreps = 0;
    st->ndata = 0;
}

/* How many times the one-character item at `pat` matches from st->ptr, at
 * most maxcount (SRE_MAXREPEAT: no limit). The compiler uses REPEAT_ONE &
 * co only for such items (LITERAL, NOT_LITERAL, ANY, IN and their case
 * variants). -2 for an item it never emits there. */
static int64_t sre_count(State *st, const uint32_t *pat, uint32_t maxcount) {
    int64_t ptr = st->ptr, end = st->end;
    if (ptr >= end) return 0;
    if (maxcount != SRE_MAXREPEAT && (int64_t)maxcount < end - ptr) end = ptr + maxcount;
    int64_t p = ptr;
    uint32_t c = pat[1];
    switch (pat[0]) {
    case OP_IN: {
        const uint64_t *bm = set_bits(st->po, pat + 2);
        if (st->s8) {
            while (p < end && in_set_bm(bm, pat + 2, st->s8[p])) p++;
        } else {
            while (p < end && in_set_bm(bm, pat + 2, st->s32[p])) p++;
        }
        break;
    }
    case OP_ANY:
        while (p < end && CH(st, p) != '\n') p++;
        break;
    case OP_ANY_ALL:
        p = end;
        break;
    case OP_LITERAL:
        if (st->s8) {
            if (c > 255) break;
            while (p < end && st->s8[p] == c) p++;
        } else {
            while (p < end && st->s32[p] == c) p++;
        }
        break;
    case OP_LITERAL_IGNORE:
        while (p < end && lower_ascii(CH(st, p)) == c) p++;
        break;
    case OP_LITERAL_UNI_IGNORE:
        while (p < end && unicode_tolower(CH(st, p)) == c) p++;
        break;
    case OP_LITERAL_LOC_IGNORE:
        while (p < end) {
            uint32_t ch = CH(st, p);
            if (!(ch == c || lower_locale(ch) == c || upper_locale(ch) == c)) break;
            p++;
        }
        break;
    case OP_NOT_LITERAL:
        while (p < end && CH(st, p) != c) p++;
        break;
    case OP_NOT_LITERAL_IGNORE:
        while (p < end && lower_ascii(CH(st, p)) != c) p++;
        break;
    case OP_NOT_LITERAL_UNI_IGNORE:
        while (p < end && unicode_tolower(CH(st, p)) != c) p++;
        break;
    case OP_NOT_LITERAL_LOC_IGNORE:
        while (p < end) {
            uint32_t ch = CH(st, p);
            if (ch == c || lower_locale(ch) == c || upper_locale(ch) == c) break;
            p++;
        }
        break;
    case OP_IN_IGNORE:
        while (p < end && in_set(st->po, pat + 2, lower_ascii(CH(st, p)))) p++;
        break;
    case OP_IN_UNI_IGNORE:
        while (p < end && in_set(st->po, pat + 2, unicode_tolower(CH(st, p)))) p++;
        break;
    case OP_IN_LOC_IGNORE:
        while (p < end && in_charset_loc_ignore(pat + 2, CH(st, p))) p++;
        break;
    default:
        return -2;
    }
    return p - ptr;
}

static bool at(const State *st, int64_t ptr, uint32_t code) {
    int64_t end = st->end;
    bool thisp, thatp;
    switch (code) {
    case AT_BEGINNING:
    case AT_BEGINNING_STRING:
        return ptr == 0;
    case AT_BEGINNING_LINE:
        return ptr == 0 || CH(st, ptr - 1) == '\n';
    case AT_END:
        return ptr == end || (ptr + 1 == end && CH(st, ptr) == '\n');
    case AT_END_LINE:
        return ptr == end || (ptr < end && CH(st, ptr) == '\n');
    case AT_END_STRING:
        return ptr == end;
    case AT_BOUNDARY:
    case AT_NON_BOUNDARY:
        if (end == 0) return false;
        thatp = ptr > 0 && ascii_word(CH(st, ptr - 1));
        thisp = ptr < end && ascii_word(CH(st, ptr));
        return code == AT_BOUNDARY ? thisp != thatp : thisp == thatp;
    case AT_LOC_BOUNDARY:
    case AT_LOC_NON_BOUNDARY:
        if (end == 0) return false;
        thatp = ptr > 0 && loc_word(CH(st, ptr - 1));
        thisp = ptr < end && loc_word(CH(st, ptr));
        return code == AT_LOC_BOUNDARY ? thisp != thatp : thisp == thatp;
    case AT_UNI_BOUNDARY:
    case AT_UNI_NON_BOUNDARY:
        if (end == 0) return false;
        thatp = ptr > 0 && uni_word(CH(st, ptr - 1));
        thisp = ptr < end && uni_word(CH(st, ptr));
        return code == AT_UNI_BOUNDARY ? thisp != thatp : thisp == thatp;
    }
    return false;
}

/* where a returning frame resumes its parent */
enum {
    J_NONE, J_BRANCH, J_REPEAT_ONE_1, J_REPEAT_ONE_2, J_MIN_REPEAT_ONE, J_REPEAT,
    J_MAX_UNTIL_1, J_MAX_UNTIL_2, J_MAX_UNTIL_3, J_MIN_UNTIL_1, J_MIN_UNTIL_2,
    J_MIN_UNTIL_3, J_ASSERT, J_ASSERT_NOT, J_POSS_REPEAT_1, J_POSS_REPEAT_2,
    J_ATOMIC,
};

#define MATCH_INVALID -2    /* malformed code */

/* Run `code` from st->ptr. 1: matched (st->ptr is the end, the marks are
 * the groups), 0: no match, -1: exception set, MATCH_INVALID. */
static int sre_match(State *st, const uint32_t *code, int toplevel) {
    const int64_t end = st->end;
    int64_t ci = 0;
    int ret = 0;
    Ctx *c;
    const uint32_t *pat = code;
    int64_t ptr = st->ptr;
    int64_t n;

    if (GROW(st, ctxs, capctxs, 1, ctx0) < 0) return -1;
    c = &st->ctxs[0];
    c->jump = J_NONE;
    c->toplevel = toplevel;

/* Save this frame's position, push a frame for `next` and run it; when it
 * returns, execution continues after the macro with `ret` set and `c`,
 * `pat`, `ptr` restored. */
#define DO_JUMP(kind, label, next, tl)                                              \
    do {                                                                            \
        int tl_ = (tl);                                                             \
        c->pat = pat;                                                               \
        c->ptr = ptr;                                                               \
        if (GROW(st, ctxs, capctxs, ci + 2, ctx0) < 0) return -1;                   \
        pat = (next);                                                               \
        ci++;                                                                       \
        c = &st->ctxs[ci];                                                          \
        c->jump = kind;                                                             \
        c->toplevel = tl_;                                                          \
        ptr = st->ptr;                                                              \
        goto entry;                                                                 \
    label:;                                                                         \
    } while (0)
#define RETURN_FAILURE do { ret = 0; goto leave; } while (0)
#define RETURN_SUCCESS do { ret = 1; goto leave; } while (0)
#define LASTMARK_SAVE() (c->lastmark = st->lastmark, c->lastindex = st->lastindex)
#define LASTMARK_RESTORE() (st->lastmark = c->lastmark, st->lastindex = c->lastindex)
#define MARK_PUSH(lm) do { if ((lm) >= 0 && data_push(st, st->mark, (lm) + 1) < 0) return -1; } while (0)
#define MARK_POP(lm) do { if ((lm) >= 0) data_pop(st, st->mark, (lm) + 1); } while (0)
#define MARK_POP_KEEP(lm) do { if ((lm) >= 0) data_peek(st, st->mark, (lm) + 1); } while (0)
#define MARK_POP_DISCARD(lm) do { if ((lm) >= 0) st->ndata -= (lm) + 1; } while (0)
#define REP (&st->reps[c->rep])

entry:
    if (pat[0] == OP_INFO) {
        /* a lower bound on the length of what follows */
        if (pat[3] && (int64_t)pat[3] > end - ptr) RETURN_FAILURE;
        pat += pat[1] + 1;
    }

    for (;;) {
        if ((++st->steps & 0xFFF) == 0 && pending() && pending_run() < 0) return -1;
        switch (*pat++) {
        case OP_MARK: {
            int64_t i = pat[0];
            if (i >= st->nmark) return MATCH_INVALID;
            if (i & 1) st->lastindex = i / 2 + 1;
            if (i > st->lastmark) {
                for (int64_t j = st->lastmark + 1; j < i; j++) st->mark[j] = -1;
                st->lastmark = i;
            }
            st->mark[i] = ptr;
            pat++;
            break;
        }
        case OP_LITERAL:
            if (ptr >= end || CH(st, ptr) != pat[0]) RETURN_FAILURE;
            pat++, ptr++;
            break;
        case OP_NOT_LITERAL:
            if (ptr >= end || CH(st, ptr) == pat[0]) RETURN_FAILURE;
            pat++, ptr++;
            break;
        case OP_LITERAL_IGNORE:
            if (ptr >= end || lower_ascii(CH(st, ptr)) != pat[0]) RETURN_FAILURE;
            pat++, ptr++;
            break;
        case OP_NOT_LITERAL_IGNORE:
            if (ptr >= end || lower_ascii(CH(st, ptr)) == pat[0]) RETURN_FAILURE;
            pat++, ptr++;
            break;
        case OP_LITERAL_UNI_IGNORE:
            if (ptr >= end || unicode_tolower(CH(st, ptr)) != pat[0]) RETURN_FAILURE;
            pat++, ptr++;
            break;
        case OP_NOT_LITERAL_UNI_IGNORE:
            if (ptr >= end || unicode_tolower(CH(st, ptr)) == pat[0]) RETURN_FAILURE;
            pat++, ptr++;
            break;
        case OP_LITERAL_LOC_IGNORE:
        case OP_NOT_LITERAL_LOC_IGNORE: {
            if (ptr >= end) RETURN_FAILURE;
            uint32_t ch = CH(st, ptr);
            bool eq = ch == pat[0] || lower_locale(ch) == pat[0] || upper_locale(ch) == pat[0];
            if (eq != (pat[-1] == OP_LITERAL_LOC_IGNORE)) RETURN_FAILURE;
            pat++, ptr++;
            break;
        }
        case OP_SUCCESS:
            if (c->toplevel && ((st->match_all && ptr != st->end) ||
                                (st->must_advance && ptr == st->start)))
                RETURN_FAILURE;
            st->ptr = ptr;
            RETURN_SUCCESS;
        case OP_AT:
            if (!at(st, ptr, pat[0])) RETURN_FAILURE;
            pat++;
            break;
        case OP_CATEGORY:
            if (ptr >= end || !category(pat[0], CH(st, ptr))) RETURN_FAILURE;
            pat++, ptr++;
            break;
        case OP_ANY:
            if (ptr >= end || CH(st, ptr) == '\n') RETURN_FAILURE;
            ptr++;
            break;
        case OP_ANY_ALL:
            if (ptr >= end) RETURN_FAILURE;
            ptr++;
            break;
        case OP_IN:
            if (ptr >= end || !in_set(st->po, pat + 1, CH(st, ptr))) RETURN_FAILURE;
            pat += pat[0], ptr++;
            break;
        case OP_IN_IGNORE:
            if (ptr >= end || !in_set(st->po, pat + 1, lower_ascii(CH(st, ptr)))) RETURN_FAILURE;
            pat += pat[0], ptr++;
            break;
        case OP_IN_UNI_IGNORE:
            if (ptr >= end || !in_set(st->po, pat + 1, unicode_tolower(CH(st, ptr)))) RETURN_FAILURE;
            pat += pat[0], ptr++;
            break;
        case OP_IN_LOC_IGNORE:
            if (ptr >= end || !in_charset_loc_ignore(pat + 1, CH(st, ptr))) RETURN_FAILURE;
            pat += pat[0], ptr++;
            break;
        case OP_JUMP:
        case OP_INFO:
            /* INFO blocks inside a pattern only describe it: skip them */
            pat += pat[0];
            break;

        case OP_BRANCH:
            /* [skip, alternative..., JUMP] ... 0: each alternative jumps to
               the common tail, so calling it runs the rest of the pattern */
            LASTMARK_SAVE();
            if (st->repeat >= 0) MARK_PUSH(c->lastmark);
            for (; pat[0]; pat += pat[0]) {
                if (pat[1] == OP_LITERAL && (ptr >= end || CH(st, ptr) != pat[2])) continue;
                if (pat[1] == OP_IN && (ptr >= end || !in_set(st->po, pat + 3, CH(st, ptr)))) continue;
                st->ptr = ptr;
                DO_JUMP(J_BRANCH, j_branch, pat + 1, c->toplevel);
                if (ret) {
                    if (st->repeat >= 0) MARK_POP_DISCARD(c->lastmark);
                    RETURN_SUCCESS;
                }
                if (st->repeat >= 0) MARK_POP_KEEP(c->lastmark);
                LASTMARK_RESTORE();
            }
            if (st->repeat >= 0) MARK_POP_DISCARD(c->lastmark);
            RETURN_FAILURE;

        case OP_REPEAT_ONE:
            /* [skip, min, max, item, SUCCESS] tail: a greedy repeat of a
               one-character item; count, then give back one at a time */
            if ((int64_t)pat[1] > end - ptr) RETURN_FAILURE;
            st->ptr = ptr;
            n = sre_count(st, pat + 3, pat[2]);
            if (n < 0) return (int)n;
            ptr += n;
            c->count = n;
            if (n < (int64_t)pat[1]) RETURN_FAILURE;
            if (pat[pat[0]] == OP_SUCCESS && ptr == st->end &&
                !(c->toplevel && st->must_advance && ptr == st->start)) {
                st->ptr = ptr;   /* the tail is the end of the pattern */
                RETURN_SUCCESS;
            }
            LASTMARK_SAVE();
            if (st->repeat >= 0) MARK_PUSH(c->lastmark);
            if (pat[pat[0]] == OP_LITERAL) {
                /* the tail starts with a literal: only try where it is */
                c->chr = pat[pat[0] + 1];
                for (;;) {
                    while (c->count >= (int64_t)pat[1] && (ptr >= end || CH(st, ptr) != c->chr)) {
                        ptr--;
                        c->count--;
                    }
                    if (c->count < (int64_t)pat[1]) break;
                    st->ptr = ptr;
                    DO_JUMP(J_REPEAT_ONE_1, j_repeat_one_1, pat + pat[0], c->toplevel);
                    if (ret) {
                        if (st->repeat >= 0) MARK_POP_DISCARD(c->lastmark);
                        RETURN_SUCCESS;
                    }
                    if (st->repeat >= 0) MARK_POP_KEEP(c->lastmark);
                    LASTMARK_RESTORE();
                    ptr--;
                    c->count--;
                }
            } else {
                while (c->count >= (int64_t)pat[1]) {
                    st->ptr = ptr;
                    DO_JUMP(J_REPEAT_ONE_2, j_repeat_one_2, pat + pat[0], c->toplevel);
                    if (ret) {
                        if (st->repeat >= 0) MARK_POP_DISCARD(c->lastmark);
                        RETURN_SUCCESS;
                    }
                    if (st->repeat >= 0) MARK_POP_KEEP(c->lastmark);
                    LASTMARK_RESTORE();
                    ptr--;
                    c->count--;
                }
            }
            if (st->repeat >= 0) MARK_POP_DISCARD(c->lastmark);
            RETURN_FAILURE;

        case OP_MIN_REPEAT_ONE:
            /* [skip, min, max, item, SUCCESS] tail: lazy; take the minimum,
               then one more each time the tail fails */
            if ((int64_t)pat[1] > end - ptr) RETURN_FAILURE;
            st->ptr = ptr;
            if (pat[1] == 0) {
                c->count = 0;
            } else {
                n = sre_count(st, pat + 3, pat[1]);
                if (n < 0) return (int)n;
                if (n < (int64_t)pat[1]) RETURN_FAILURE;
                c->count = n;
                ptr += n;
            }
            if (pat[pat[0]] == OP_SUCCESS &&
                !(c->toplevel && ((st->match_all && ptr != st->end) ||
                                  (st->must_advance && ptr == st->start)))) {
                st->ptr = ptr;
                RETURN_SUCCESS;
            }
            LASTMARK_SAVE();
            if (st->repeat >= 0) MARK_PUSH(c->lastmark);
            while (pat[2] == SRE_MAXREPEAT || c->count <= (int64_t)pat[2]) {
                st->ptr = ptr;
                DO_JUMP(J_MIN_REPEAT_ONE, j_min_repeat_one, pat + pat[0], c->toplevel);
                if (ret) {
                    if (st->repeat >= 0) MARK_POP_DISCARD(c->lastmark);
                    RETURN_SUCCESS;
                }
                if (st->repeat >= 0) MARK_POP_KEEP(c->lastmark);
                LASTMARK_RESTORE();
                st->ptr = ptr;
                n = sre_count(st, pat + 3, 1);
                if (n < 0) return (int)n;
                if (n == 0) break;
                ptr++;
                c->count++;
            }
            if (st->repeat >= 0) MARK_POP_DISCARD(c->lastmark);
            RETURN_FAILURE;

        case OP_POSSESSIVE_REPEAT_ONE:
            /* [skip, min, max, item, SUCCESS] tail: no giving back */
            if ((int64_t)pat[1] > end - ptr) RETURN_FAILURE;
            st->ptr = ptr;
            n = sre_count(st, pat + 3, pat[2]);
            if (n < 0) return (int)n;
            if (n < (int64_t)pat[1]) RETURN_FAILURE;
            ptr += n;
            pat += pat[0];
            break;

        case OP_REPEAT:
            /* [skip, min, max, body, MAX_UNTIL|MIN_UNTIL] tail: set up a
               repeat record; the UNTIL at the body's end does the work */
            if (GROW(st, reps, capreps, st->nreps + 1, rep0) < 0) return -1;
            c->rep = st->nreps++;
            REP->count = -1;
            REP->pat = pat;
            REP->prev = st->repeat;
            REP->last_ptr = -1;
            st->repeat = c->rep;
            st->ptr = ptr;
            DO_JUMP(J_REPEAT, j_repeat, pat + pat[0], c->toplevel);
            /* repeats are made and dropped in stack order */
            st->repeat = REP->prev;
            st->nreps = c->rep;
            if (ret) RETURN_SUCCESS;
            RETURN_FAILURE;

        case OP_MAX_UNTIL:
            /* the end of a greedy REPEAT's body: pat is the tail */
            c->rep = st->repeat;
            if (c->rep < 0) return MATCH_INVALID;
            st->ptr = ptr;
            c->count = REP->count + 1;
            if (c->count < (int64_t)REP->pat[1]) {
                /* not enough yet */
                REP->count = c->count;
                DO_JUMP(J_MAX_UNTIL_1, j_max_until_1, REP->pat + 3, c->toplevel);
                if (ret) RETURN_SUCCESS;
                REP->count = c->count - 1;
                st->ptr = ptr;
                RETURN_FAILURE;
            }
            if ((c->count < (int64_t)REP->pat[2] || REP->pat[2] == SRE_MAXREPEAT) &&
                st->ptr != REP->last_ptr) {
                /* one more iteration, unless the last one matched empty here */
                REP->count = c->count;
                LASTMARK_SAVE();
                MARK_PUSH(c->lastmark);
                if (data_push(st, &REP->last_ptr, 1) < 0) return -1;
                REP->last_ptr = st->ptr;
                DO_JUMP(J_MAX_UNTIL_2, j_max_until_2, REP->pat + 3, c->toplevel);
                data_pop(st, &REP->last_ptr, 1);
                if (ret) {
                    MARK_POP_DISCARD(c->lastmark);
                    RETURN_SUCCESS;
                }
                MARK_POP(c->lastmark);
                LASTMARK_RESTORE();
                REP->count = c->count - 1;
                st->ptr = ptr;
            }
            /* then the tail, outside this repeat */
            st->repeat = REP->prev;
            DO_JUMP(J_MAX_UNTIL_3, j_max_until_3, pat, c->toplevel);
            st->repeat = c->rep;
            if (ret) RETURN_SUCCESS;
            st->ptr = ptr;
            RETURN_FAILURE;

        case OP_MIN_UNTIL: {
            /* the end of a lazy REPEAT's body: try the tail first */
            c->rep = st->repeat;
            if (c->rep < 0) return MATCH_INVALID;
            st->ptr = ptr;
            c->count = REP->count + 1;
            if (c->count < (int64_t)REP->pat[1]) {
                REP->count = c->count;
                DO_JUMP(J_MIN_UNTIL_1, j_min_until_1, REP->pat + 3, c->toplevel);
                if (ret) RETURN_SUCCESS;
                REP->count = c->count - 1;
                st->ptr = ptr;
                RETURN_FAILURE;
            }
            st->repeat = REP->prev;
            LASTMARK_SAVE();
            if (st->repeat >= 0) MARK_PUSH(c->lastmark);
            DO_JUMP(J_MIN_UNTIL_2, j_min_until_2, pat, c->toplevel);
            int64_t tail_rep = st->repeat;
            st->repeat = c->rep;
            if (ret) {
                if (tail_rep >= 0) MARK_POP_DISCARD(c->lastmark);
                RETURN_SUCCESS;
            }
            if (tail_rep >= 0) MARK_POP(c->lastmark);
            LASTMARK_RESTORE();
            st->ptr = ptr;
            if ((c->count >= (int64_t)REP->pat[2] && REP->pat[2] != SRE_MAXREPEAT) ||
                st->ptr == REP->last_ptr)
                RETURN_FAILURE;
            REP->count = c->count;
            if (data_push(st, &REP->last_ptr, 1) < 0) return -1;
            REP->last_ptr = st->ptr;
            DO_JUMP(J_MIN_UNTIL_3, j_min_until_3, REP->pat + 3, c->toplevel);
            data_pop(st, &REP->last_ptr, 1);
            if (ret) RETURN_SUCCESS;
            REP->count = c->count - 1;
            st->ptr = ptr;
            RETURN_FAILURE;
        }

        case OP_POSSESSIVE_REPEAT:
            /* [skip, min, max, body, SUCCESS] tail: iterate the body as
               atomic calls, never coming back into them */
            st->ptr = ptr;
            c->count = 0;
            while (c->count < (int64_t)pat[1]) {
                DO_JUMP(J_POSS_REPEAT_1, j_poss_repeat_1, pat + 3, 0);
                if (!ret) {
                    st->ptr = ptr;
                    RETURN_FAILURE;
                }
                c->count++;
            }
            while (c->count < (int64_t)pat[2] || pat[2] == SRE_MAXREPEAT) {
                LASTMARK_SAVE();
                MARK_PUSH(c->lastmark);
                c->mark_ptr = st->ptr;
                DO_JUMP(J_POSS_REPEAT_2, j_poss_repeat_2, pat + 3, 0);
                if (!ret) {
                    MARK_POP(c->lastmark);
                    LASTMARK_RESTORE();
                    st->ptr = c->mark_ptr;
                    break;
                }
                MARK_POP_DISCARD(c->lastmark);
                c->count++;
                if (st->ptr == c->mark_ptr) break;   /* empty: it would repeat forever */
            }
            ptr = st->ptr;
            pat += pat[0] + 1;
            break;

        case OP_ATOMIC_GROUP:
            /* [skip, body, SUCCESS] tail */
            st->ptr = ptr;
            DO_JUMP(J_ATOMIC, j_atomic, pat + 1, 0);
            if (!ret) RETURN_FAILURE;
            ptr = st->ptr;
            pat += pat[0];
            break;

        case OP_GROUPREF:
        case OP_GROUPREF_IGNORE:
        case OP_GROUPREF_LOC_IGNORE:
        case OP_GROUPREF_UNI_IGNORE: {
            int op = (int)pat[-1];
            int64_t g = (int64_t)pat[0] * 2;
            if (g >= st->lastmark) RETURN_FAILURE;
            int64_t p = st->mark[g], e = st->mark[g + 1];
            if (p < 0 || e < 0 || e < p) RETURN_FAILURE;
            for (; p < e; p++, ptr++) {
                if (ptr >= end) RETURN_FAILURE;
                uint32_t a = CH(st, ptr), b = CH(st, p);
                if (op == OP_GROUPREF_IGNORE) a = lower_ascii(a), b = lower_ascii(b);
                else if (op == OP_GROUPREF_LOC_IGNORE) a = lower_locale(a), b = lower_locale(b);
                else if (op == OP_GROUPREF_UNI_IGNORE) a = unicode_tolower(a), b = unicode_tolower(b);
                if (a != b) RETURN_FAILURE;
            }
            pat++;
            break;
        }

        case OP_GROUPREF_EXISTS: {
            /* [group, skip] yes-branch (JUMP no-branch): */
            int64_t g = (int64_t)pat[0] * 2;
            if (g >= st->lastmark || st->mark[g] < 0 || st->mark[g + 1] < 0 ||
                st->mark[g + 1] < st->mark[g])
                pat += pat[1];
            else
                pat += 2;
            break;
        }

        case OP_ASSERT:
            /* [skip, back, body, SUCCESS] tail; back > 0: look-behind */
            if (ptr < (int64_t)pat[1]) RETURN_FAILURE;
            st->ptr = ptr - pat[1];
            DO_JUMP(J_ASSERT, j_assert, pat + 2, 0);
            if (!ret) RETURN_FAILURE;
            pat += pat[0];
            break;

        case OP_ASSERT_NOT:
            if (ptr >= (int64_t)pat[1]) {
                st->ptr = ptr - pat[1];
                LASTMARK_SAVE();
                if (st->repeat >= 0) MARK_PUSH(c->lastmark);
                DO_JUMP(J_ASSERT_NOT, j_assert_not, pat + 2, 0);
                if (ret) {
                    if (st->repeat >= 0) MARK_POP_DISCARD(c->lastmark);
                    RETURN_FAILURE;
                }
                if (st->repeat >= 0) MARK_POP(c->lastmark);
                LASTMARK_RESTORE();
            }
            pat += pat[0];
            break;

        case OP_FAILURE:
            RETURN_FAILURE;

        default:
            return MATCH_INVALID;
        }
    }

leave:
    if (ci == 0) return ret;
    {
        int jump = c->jump;
        ci--;
        c = &st->ctxs[ci];
        pat = c->pat;
        ptr = c->ptr;
        switch (jump) {
        case J_BRANCH: goto j_branch;
        case J_REPEAT_ONE_1: goto j_repeat_one_1;
        case J_REPEAT_ONE_2: goto j_repeat_one_2;
        case J_MIN_REPEAT_ONE: goto j_min_repeat_one;
        case J_REPEAT: goto j_repeat;
        case J_MAX_UNTIL_1: goto j_max_until_1;
        case J_MAX_UNTIL_2: goto j_max_until_2;
        case J_MAX_UNTIL_3: goto j_max_until_3;
        case J_MIN_UNTIL_1: goto j_min_until_1;
        case J_MIN_UNTIL_2: goto j_min_until_2;
        case J_MIN_UNTIL_3: goto j_min_until_3;
        case J_ASSERT: goto j_assert;
        case J_ASSERT_NOT: goto j_assert_not;
        case J_POSS_REPEAT_1: goto j_poss_repeat_1;
        case J_POSS_REPEAT_2: goto j_poss_repeat_2;
        case J_ATOMIC: goto j_atomic;
        }
        return MATCH_INVALID;
    }
#undef DO_JUMP
#undef RETURN_FAILURE
#undef RETURN_SUCCESS
#undef REP
}

/* Find the first match at or after st->start. Same results as trying
 * sre_match at each position; the INFO block only lets it skip positions
 * where no match can start. */
static int sre_search(State *st, const uint32_t *code) {
    int64_t ptr = st->start, end = st->end;
    if (ptr > end) return 0;
    const uint32_t *body = code;
    const uint32_t *prefix = NULL, *cset = NULL;
    if (code[0] == OP_INFO) {
        uint32_t flags = code[2];
        if (code[3] && (int64_t)code[3] > end - ptr) return 0;
        if (flags & INFO_PREFIX) {
            if (code[5]) prefix = code + 7;
        } else if (flags & INFO_CHARSET) {
            cset = code + 5;
        }
        body = code + code[1] + 1;
    }
    /* \A or ^ without MULTILINE first: only position 0 can match */
    bool anchored = body[0] == OP_AT && (body[1] == AT_BEGINNING || body[1] == AT_BEGINNING_STRING);
    /* ^ with MULTILINE first: only positions after a newline can match */
    bool linestart = body[0] == OP_AT && body[1] == AT_BEGINNING_LINE && !prefix && !cset;
    for (uint32_t k = 1;; k++) {
        /* a prefix or a first-character set means a match is not empty */
        if (prefix) {
            uint32_t c0 = prefix[0];
            if (st->s8) {
                const uint8_t *q = c0 < 256 && ptr < end ? memchr(st->s8 + ptr, (int)c0, (size_t)(end - ptr)) : NULL;
                if (!q) return 0;
                ptr = q - st->s8;
            } else {
                while (ptr < end && st->s32[ptr] != c0) ptr++;
            }
            if (ptr >= end) return 0;
        } else if (linestart && ptr > 0 && CH(st, ptr - 1) != '\n') {
            /* to just after the next newline at or after ptr; none: no
               later position (nor the end) follows a newline */
            if (st->s8) {
                const uint8_t *q = ptr < end ? memchr(st->s8 + ptr, '\n', (size_t)(end - ptr)) : NULL;
                if (!q) return 0;
                ptr = q - st->s8 + 1;
            } else {
                while (ptr < end && st->s32[ptr] != '\n') ptr++;
                if (ptr >= end) return 0;
                ptr++;
            }
        } else if (cset) {
            const uint64_t *bm = set_bits(st->po, cset);
            if (st->s8) {
                while (ptr < end && !in_set_bm(bm, cset, st->s8[ptr])) ptr++;
            } else {
                while (ptr < end && !in_set_bm(bm, cset, st->s32[ptr])) ptr++;
            }
            if (ptr >= end) return 0;
        }
        st->start = st->ptr = ptr;
        int r = sre_match(st, code, 1);
        if (r != 0) return r;
        st->must_advance = 0;
        if (ptr >= end || anchored) return 0;
        ptr++;
        state_reset(st);
        if ((k & 0x3FF) == 0 && pending() && pending_run() < 0) return -1;
    }
}

/* ---- the Pattern, Match and Scanner types --------------------------------------- */

typedef struct MatchObject {
    Object hdr;
    Value string;
    Value pattern;          /* the PatternObject */
    int64_t pos, endpos, lastindex;
    int64_t ngroups;        /* groups + 1 */
    int64_t marks[];        /* 2 * ngroups: start, end; -1 unset */
} MatchObject;

typedef struct ScannerObject {
    Object hdr;
    Value pattern;
    bool done;
    bool executing;         /* a signal handler may call it again meanwhile */
    State st;
} ScannerObject;

static Type pattern_type, match_type, scanner_type;

static inline PatternObject *PAT(Value v) { return V_AS(PatternObject, v); }
static inline MatchObject *MAT(Value v) { return V_AS(MatchObject, v); }

/* The last non-ASCII str decoded to code points, and its array: a root so
 * that both stay alive while cached. */
static Value *decode_cache;

static const uint32_t *str_codepoints(Value s) {
    if (!decode_cache) decode_cache = gc_alloc_uncollectable(2 * sizeof(Value));
    if (decode_cache[0] == s) return (const uint32_t *)(uintptr_t)decode_cache[1];
    int64_t n = str_len(s);
    uint32_t *a = gc_try_alloc_atomic((size_t)(n + 1) * sizeof(uint32_t));
    if (!a) {
        err_no_memory();
        return NULL;
    }
    const char *d = str_data(s);
    for (int64_t i = 0, b = 0; i < n; i++) {
        int len;
        a[i] = utf8_decode(d + b, &len);
        b += len;
    }
    decode_cache[0] = s;
    decode_cache[1] = (Value)(uintptr_t)a;
    return a;
}

/* Set up st to match pattern p against `string` between pos and endpos. */
static int state_init(State *st, PatternObject *p, Value string, int64_t pos, int64_t endpos) {
    memset(st, 0, offsetof(State, ctx0));
    st->ctxs = st->ctx0;
    st->capctxs = sizeof st->ctx0 / sizeof st->ctx0[0];
    st->reps = st->rep0;
    st->capreps = sizeof st->rep0 / sizeof st->rep0[0];
    st->data = st->data0;
    st->capdata = sizeof st->data0 / sizeof st->data0[0];
    int64_t length;
    if (str_check(string)) {
        if (p->isbytes > 0) {
            err_set(&exc_TypeError, "cannot use a bytes pattern on a string-like object");
            return -1;
        }
        length = str_len(string);
        if (str_is_ascii(string)) {
            st->s8 = (const uint8_t *)str_data(string);
        } else {
            st->s32 = str_codepoints(string);
            if (!st->s32) return -1;
        }
        st->isbytes = 0;
    } else {
        const char *d;
        if (!byteslike_view(string, &d, &length)) {
            err_format(&exc_TypeError, "expected string or bytes-like object, got '%s'", type_of(string)->tname);
            return -1;
        }
        if (p->isbytes == 0) {
            err_set(&exc_TypeError, "cannot use a string pattern on a bytes-like object");
            return -1;
        }
        st->s8 = (const uint8_t *)d;
        st->isbytes = 1;
    }
    if (pos < 0) pos = 0;
    else if (pos > length) pos = length;
    if (endpos < 0) endpos = 0;
    else if (endpos > length) endpos = length;
    st->length = length;
    st->pos = st->start = pos;
    st->endpos = st->end = endpos;
    st->string = string;
    st->po = p;
    st->nmark = 2 * p->groups;
    if (st->nmark <= (int64_t)(sizeof st->mark0 / sizeof st->mark0[0])) {
        st->mark = st->mark0;
    } else {
        st->mark = gc_try_alloc_atomic((size_t)st->nmark * sizeof(int64_t));
        if (!st->mark) {
            err_no_memory();
            return -1;
        }
    }
    state_reset(st);
    return 0;
}

static int check_status(int r) {
    if (r == MATCH_INVALID) err_set(&exc_RuntimeError, "internal error in regular expression engine");
    return r;
}

/* The slice [a, b) of the subject: a str for str, bytes for any bytes-like
 * object (as CPython). */
static Value subject_slice(Value s, int64_t a, int64_t b) {
    if (str_check(s)) {
        if (a == 0 && b == str_len(s) && str_check_exact(s)) return s;
        return str_substr(s, a, b);
    }
    const char *d = NULL;
    int64_t n = 0;
    byteslike_view(s, &d, &n);
    if (b > n) b = n;   /* a bytearray may have shrunk since */
    if (a > b) a = b;
    if (a == 0 && b == n && bytes_check_exact(s)) return s;
    return bytes_new(d + a, (size_t)(b - a));
}

/* The slice [a, b) of a non-ASCII str subject whose code points are cps:
 * encoded from them, in time proportional to the slice, where str_substr
 * first walks the UTF-8 to the byte offsets of a and b (from the last one
 * or an index point). Other subjects, and slices that str_substr shares
 * (empty, one ASCII character, the whole exact str), go to subject_slice. */
static Value cps_slice(Value string, const uint32_t *cps, int64_t a, int64_t b) {
    if (!cps || b - a < 2 || (a == 0 && b == str_len(string) && str_check_exact(string)))
        return subject_slice(string, a, b);
    size_t nb = 0;
    for (int64_t k = a; k < b; k++) {
        uint32_t c = cps[k];
        nb += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    }
    Value r = str_try_alloc(nb);
    if (!r) return VNULL;
    StrObject *so = V_AS(StrObject, r);
    char *o = so->data;
    for (int64_t k = a; k < b; k++) o += utf8_encode(cps[k], o);
    so->length = b - a;
    so->ascii = nb == (size_t)(b - a);
    return r;
}
static inline Value state_slice(const State *st, int64_t a, int64_t b) {
    return cps_slice(st->string, st->s32, a, b);
}

/* Group i (1-based) of the state's current match; `empty` for unmatched
 * groups when given, else None. */
static Value state_group(const State *st, int64_t i, bool empty) {
    int64_t j = 2 * (i - 1);
    if (j + 1 > st->lastmark || st->mark[j] < 0 || st->mark[j + 1] < 0) {
        if (empty) return state_slice(st, 0, 0);
        return V_NONE;
    }
    int64_t a = st->mark[j], b = st->mark[j + 1];
    if (a > b) return err_set(&exc_SystemError, "The span of capturing group is wrong, please report a bug for the re module.");
    return state_slice(st, a, b);
}

static Value match_new(Value pattern, State *st) {
    PatternObject *p = PAT(pattern);
    int64_t ng = p->groups + 1;
    MatchObject *m = (MatchObject *)obj_alloc(&match_type, sizeof(MatchObject) + (size_t)(2 * ng) * sizeof(int64_t));
    m->string = st->string;
    m->pattern = pattern;
    m->pos = st->pos;
    m->endpos = st->endpos;
    m->ngroups = ng;
    m->marks[0] = st->start;
    m->marks[1] = st->ptr;
    for (int64_t i = 0, j = 0; i < p->groups; i++, j += 2) {
        if (j + 1 <= st->lastmark && st->mark[j] >= 0 && st->mark[j + 1] >= 0) {
            if (st->mark[j] > st->mark[j + 1])
                return err_set(&exc_SystemError, "The span of capturing group is wrong, please report a bug for the re module.");
            m->marks[j + 2] = st->mark[j];
            m->marks[j + 3] = st->mark[j + 1];
        } else {
            m->marks[j + 2] = m->marks[j + 3] = -1;
        }
    }
    m->lastindex = st->lastindex;
    return V_FROM_PTR(m);
}

/* ---- argument helpers ------------------------------------------------------------- */

static int ssize_arg(Value v, int64_t *out) {
    Value i = obj_index(v);
    if (!i) return -1;
    int64_t x = int_as_i64(i);
    if (x == -1 && err_occurred()) return -1;
    *out = x;
    return 0;
}

static Value check_pattern(Value self, const char *fname) {
    if (!v_is_ptr(self) || !self || !type_is_subtype(type_of(self), &pattern_type))
        return err_format(&exc_TypeError, "descriptor '%s' requires a 're.Pattern' object but received '%s'", fname,
                          type_of(self)->tname);
    return self;
}

/* (string, pos=0, endpos=sys.maxsize) of match, search, findall ... */
static int string_pos_args(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Value *string,
                           int64_t *pos, int64_t *endpos) {
    Value out[3];
    if (!check_pattern(args[0], spec->fname)) return -1;
    if (arg_parse(spec, args + 1, nargs - 1, kwnames, out) < 0) return -1;
    *string = out[0];
    *pos = 0;
    *endpos = INT64_MAX;
    if (out[1] && ssize_arg(out[1], pos) < 0) return -1;
    if (out[2] && ssize_arg(out[2], endpos) < 0) return -1;
    return 0;
}

/* ---- Pattern methods ----------------------------------------------------------------- */

static Value pattern_match_common(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, int mode) {
    Value string;
    int64_t pos, endpos;
    if (string_pos_args(spec, args, nargs, kwnames, &string, &pos, &endpos) < 0) return VNULL;
    PatternObject *p = PAT(args[0]);
    State st;
    if (state_init(&st, p, string, pos, endpos) < 0) return VNULL;
    int r;
    if (mode == 2) {
        r = sre_search(&st, p->code);
    } else {
        st.match_all = mode == 1;
        st.ptr = st.start;
        r = sre_match(&st, p->code, 1);
    }
    if (check_status(r) < 0) return VNULL;
    if (r == 0) return V_NONE;
    return match_new(args[0], &st);
}

static const ArgSpec match_spec = {"match", 0, 1, 0, {"string", "pos", "endpos", NULL}};
static const ArgSpec fullmatch_spec = {"fullmatch", 0, 1, 0, {"string", "pos", "endpos", NULL}};
static const ArgSpec search_spec = {"search", 0, 1, 0, {"string", "pos", "endpos", NULL}};
static const ArgSpec findall_spec = {"findall", 0, 1, 0, {"string", "pos", "endpos", NULL}};
static const ArgSpec finditer_spec = {"finditer", 0, 1, 0, {"string", "pos", "endpos", NULL}};
static const ArgSpec scanner_spec = {"scanner", 0, 1, 0, {"string", "pos", "endpos", NULL}};

static Value pattern_match(Value *args, size_t nargs, Value kwnames) {
    return pattern_match_common(&match_spec, args, nargs, kwnames, 0);
}
static Value pattern_fullmatch(Value *args, size_t nargs, Value kwnames) {
    return pattern_match_common(&fullmatch_spec, args, nargs, kwnames, 1);
}
static Value pattern_search(Value *args, size_t nargs, Value kwnames) {
    return pattern_match_common(&search_spec, args, nargs, kwnames, 2);
}

static Value pattern_findall(Value *args, size_t nargs, Value kwnames) {
    Value string;
    int64_t pos, endpos;
    if (string_pos_args(&findall_spec, args, nargs, kwnames, &string, &pos, &endpos) < 0) return VNULL;
    PatternObject *p = PAT(args[0]);
    State st;
    if (state_init(&st, p, string, pos, endpos) < 0) return VNULL;
    Value list = list_new(0);
    while (st.start <= st.end) {
        state_reset(&st);
        st.ptr = st.start;
        int r = check_status(sre_search(&st, p->code));
        if (r < 0) return VNULL;
        if (r == 0) break;
        Value item;
        if (p->groups == 0) {
            item = state_slice(&st, st.start, st.ptr);
        } else if (p->groups == 1) {
            item = state_group(&st, 1, true);
        } else {
            item = tuple_new(p->groups);
            for (int64_t i = 0; i < p->groups; i++) {
                Value g = state_group(&st, i + 1, true);
                if (!g) return VNULL;
                tuple_items(item)[i] = g;
            }
        }
        if (!item) return VNULL;
        list_append(list, item);
        st.must_advance = st.ptr == st.start;
        st.start = st.ptr;
    }
    return list;
}

static Value scanner_make(Value pattern, Value string, int64_t pos, int64_t endpos) {
    ScannerObject *s = (ScannerObject *)obj_alloc(&scanner_type, sizeof(ScannerObject));
    if (state_init(&s->st, PAT(pattern), string, pos, endpos) < 0) return VNULL;
    s->pattern = pattern;
    return V_FROM_PTR(s);
}

static Value pattern_scanner(Value *args, size_t nargs, Value kwnames) {
    Value string;
    int64_t pos, endpos;
    if (string_pos_args(&scanner_spec, args, nargs, kwnames, &string, &pos, &endpos) < 0) return VNULL;
    return scanner_make(args[0], string, pos, endpos);
}

static Value pattern_finditer(Value *args, size_t nargs, Value kwnames) {
    Value string;
    int64_t pos, endpos;
    if (string_pos_args(&finditer_spec, args, nargs, kwnames, &string, &pos, &endpos) < 0) return VNULL;
    Value sc = scanner_make(args[0], string, pos, endpos);
    if (!sc) return VNULL;
    Value search = obj_getattr_cstr(sc, "search");
    if (!search) return VNULL;
    return calliter_new(search, V_NONE);
}

static const ArgSpec pattern_split_spec = {"split", 0, 1, 0, {"string", "maxsplit=0", NULL}};
static Value pattern_split(Value *args, size_t nargs, Value kwnames) {
    Value out[2];
    if (!check_pattern(args[0], "split")) return VNULL;
    if (arg_parse(&pattern_split_spec, args + 1, nargs - 1, kwnames, out) < 0) return VNULL;
    int64_t maxsplit = 0;
    if (out[1] && ssize_arg(out[1], &maxsplit) < 0) return VNULL;
    PatternObject *p = PAT(args[0]);
    State st;
    if (state_init(&st, p, out[0], 0, INT64_MAX) < 0) return VNULL;
    Value list = list_new(0);
    int64_t last = st.start, n = 0;
    while (!maxsplit || n < maxsplit) {
        state_reset(&st);
        st.ptr = st.start;
        int r = check_status(sre_search(&st, p->code));
        if (r < 0) return VNULL;
        if (r == 0) break;
        Value item = state_slice(&st, last, st.start);
        if (!item) return VNULL;
        list_append(list, item);
        for (int64_t i = 0; i < p->groups; i++) {
            item = state_group(&st, i + 1, false);
            if (!item) return VNULL;
            list_append(list, item);
        }
        n++;
        st.must_advance = st.ptr == st.start;
        last = st.start = st.ptr;
    }
    Value item = state_slice(&st, last, st.endpos);
    if (!item) return VNULL;
    list_append(list, item);
    return list;
}

/* call re.<fname>(a, b) (the template helpers of re/__init__.py) */
static Value call_re(const char *fname, Value a, Value b) {
    Value mod = import_name(str_intern_cstr("re"), V_NONE, v_int(0), VNULL);
    if (!mod) return VNULL;
    Value f = obj_getattr_cstr(mod, fname);
    if (!f) return VNULL;
    return obj_call2(f, a, b);
}

static Value pattern_subx(Value self, Value repl, Value string, int64_t count, bool subn) {
    PatternObject *p = PAT(self);
    Value filter = repl;
    bool callable = false;
    if (type_of(repl)->call || obj_hasattr(repl, str_intern_cstr("__call__")) == 1) {
        callable = true;
    } else {
        /* a template without backslashes is used as is */
        const char *d = NULL;
        int64_t n = 0;
        bool literal = false;
        if (str_check(repl)) literal = memchr(str_data(repl), '\\', (size_t)str_nbytes(repl)) == NULL;
        else if (byteslike_view(repl, &d, &n)) literal = memchr(d, '\\', (size_t)n) == NULL;
        if (!literal) {
            filter = call_re("_subx", self, repl);
            if (!filter) return VNULL;
            callable = type_of(filter)->call != NULL && !str_check(filter) && !byteslike_check(filter);
        }
    }
    State st;
    if (state_init(&st, p, string, 0, INT64_MAX) < 0) return VNULL;
    Value list = list_new(0);
    int64_t i = 0, n = 0;
    while (!count || n < count) {
        state_reset(&st);
        st.ptr = st.start;
        int r = check_status(sre_search(&st, p->code));
        if (r < 0) return VNULL;
        if (r == 0) break;
        int64_t b = st.start, e = st.ptr;
        if (i < b) {
            Value item = state_slice(&st, i, b);
            if (!item) return VNULL;
            list_append(list, item);
        }
        if (callable) {
            Value m = match_new(self, &st);
            if (!m) return VNULL;
            Value item = obj_call1(filter, m);
            if (!item) return VNULL;
            if (item != V_NONE) list_append(list, item);
        } else {
            int64_t len = obj_len(filter);
            if (len < 0) return VNULL;
            if (len > 0) list_append(list, filter);
        }
        i = e;
        n++;
        st.must_advance = st.ptr == st.start;
        st.start = st.ptr;
    }
    if (i < st.endpos) {
        Value item = state_slice(&st, i, st.endpos);
        if (!item) return VNULL;
        list_append(list, item);
    }
    Value joiner = st.isbytes ? bytes_new("", 0) : str_empty;
    Value res = obj_call_method(joiner, "join", &list, 1);
    if (!res) return VNULL;
    if (subn) return tuple_pack(2, res, int_from_i64(n));
    return res;
}

static Value pattern_sub_common(const char *fname, Value *args, size_t nargs, Value kwnames, bool subn) {
    static const ArgSpec sub_spec = {"sub", 0, 2, 0, {"repl", "string", "count", NULL}};
    static const ArgSpec subn_spec = {"subn", 0, 2, 0, {"repl", "string", "count", NULL}};
    Value out[3];
    if (!check_pattern(args[0], fname)) return VNULL;
    if (arg_parse(subn ? &subn_spec : &sub_spec, args + 1, nargs - 1, kwnames, out) < 0) return VNULL;
    int64_t count = 0;
    if (out[2] && ssize_arg(out[2], &count) < 0) return VNULL;
    return pattern_subx(args[0], out[0], out[1], count, subn);
}
static Value pattern_sub(Value *args, size_t nargs, Value kwnames) {
    return pattern_sub_common("sub", args, nargs, kwnames, false);
}
static Value pattern_subn(Value *args, size_t nargs, Value kwnames) {
    return pattern_sub_common("subn", args, nargs, kwnames, true);
}

/* patterns and matches are immutable: copies are the object itself */
static Value copy_self(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames) {
    Value out[1];
    if (arg_parse(spec, args + 1, nargs - 1, kwnames, out) < 0) return VNULL;
    return args[0];
}
static Value pattern_copy(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Pattern.__copy__", 0, 0, 0, {NULL}};
    return copy_self(&spec, args, nargs, kwnames);
}
static Value pattern_deepcopy(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Pattern.__deepcopy__", 1, 1, 0, {"memo", NULL}};
    return copy_self(&spec, args, nargs, kwnames);
}
static Value match_copy(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Match.__copy__", 0, 0, 0, {NULL}};
    return copy_self(&spec, args, nargs, kwnames);
}
static Value match_deepcopy(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Match.__deepcopy__", 1, 1, 0, {"memo", NULL}};
    return copy_self(&spec, args, nargs, kwnames);
}

static Value pattern_repr(Value self) {
    static const struct { const char *name; int64_t bit; } names[] = {
        {"re.TEMPLATE", FLAG_TEMPLATE}, {"re.IGNORECASE", FLAG_IGNORECASE},
        {"re.LOCALE", FLAG_LOCALE},     {"re.MULTILINE", FLAG_MULTILINE},
        {"re.DOTALL", FLAG_DOTALL},     {"re.UNICODE", FLAG_UNICODE},
        {"re.VERBOSE", FLAG_VERBOSE},   {"re.DEBUG", FLAG_DEBUG},
        {"re.ASCII", FLAG_ASCII},
    };
    PatternObject *p = PAT(self);
    Value r = obj_repr(p->pattern);
    if (!r) return VNULL;
    if (str_len(r) > 200) r = str_substr(r, 0, 200);
    int64_t flags = p->flags;
    /* UNICODE is the default for str patterns: not shown */
    if (p->isbytes == 0 && (flags & (FLAG_LOCALE | FLAG_UNICODE | FLAG_ASCII)) == FLAG_UNICODE)
        flags &= ~(int64_t)FLAG_UNICODE;
    Buf b;
    buf_init(&b, 64);
    buf_puts(&b, "re.compile(");
    buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    if (flags) {
        buf_puts(&b, ", ");
        bool first = true;
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
            if (flags & names[i].bit) {
                if (!first) buf_putc(&b, '|');
                buf_puts(&b, names[i].name);
                first = false;
                flags &= ~names[i].bit;
            }
        }
        if (flags) {
            if (!first) buf_putc(&b, '|');
            buf_printf(&b, "0x%llx", (unsigned long long)flags);
        }
    }
    buf_putc(&b, ')');
    return str_from_buf(&b);
}

static Value pattern_richcompare(Value a, Value b, int op) {
    if (op != CMP_EQ && op != CMP_NE) return V_NOTIMPL;
    if (!v_is_ptr(b) || !b || type_of(b) != &pattern_type || type_of(a) != &pattern_type) return V_NOTIMPL;
    if (a == b) return v_bool(op == CMP_EQ);
    PatternObject *x = PAT(a), *y = PAT(b);
    int eq = x->flags == y->flags && x->isbytes == y->isbytes && x->codesize == y->codesize &&
             memcmp(x->code, y->code, (size_t)x->codesize * sizeof(uint32_t)) == 0;
    if (eq) {
        eq = obj_richcompare_bool(x->pattern, y->pattern, CMP_EQ);
        if (eq < 0) return VNULL;
    }
    return v_bool(op == CMP_EQ ? eq : !eq);
}

static int64_t pattern_hash(Value self) {
    PatternObject *p = PAT(self);
    int64_t h = obj_hash(p->pattern);
    if (h == -1) return -1;
    uint64_t h2 = 1469598103934665603ull;   /* FNV-1a over the code words */
    for (int64_t i = 0; i < p->codesize; i++) h2 = (h2 ^ p->code[i]) * 1099511628211ull;
    h ^= (int64_t)(h2 >> 1);
    h ^= p->flags;
    h ^= p->isbytes;
    h ^= p->codesize;
    return h == -1 ? -2 : h;
}

static Value pattern_get_pattern(Value self) { return PAT(self)->pattern; }
static Value pattern_get_flags(Value self) { return int_from_i64(PAT(self)->flags); }
static Value pattern_get_groups(Value self) { return int_from_i64(PAT(self)->groups); }
static Value pattern_get_groupindex(Value self) {
    /* a read-only view of a copy, as CPython */
    return mappingproxy_new(dict_copy(PAT(self)->groupindex));
}

static const MethodDef pattern_methods[] = {
    {"match", pattern_match, MF_KEYWORDS, "Matches zero or more characters at the beginning of the string."},
    {"fullmatch", pattern_fullmatch, MF_KEYWORDS, "Matches against all of the string."},
    {"search", pattern_search, MF_KEYWORDS,
     "Scan through string looking for a match, and return a corresponding match object instance.\n\n"
     "Return None if no position in the string matches."},
    {"sub", pattern_sub, MF_KEYWORDS,
     "Return the string obtained by replacing the leftmost non-overlapping occurrences of pattern in string by the "
     "replacement repl."},
    {"subn", pattern_subn, MF_KEYWORDS,
     "Return the tuple (new_string, number_of_subs_made) found by replacing the leftmost non-overlapping occurrences "
     "of pattern with the replacement repl."},
    {"split", pattern_split, MF_KEYWORDS, "Split string by the occurrences of pattern.", &pattern_split_spec},
    {"findall", pattern_findall, MF_KEYWORDS, "Return a list of all non-overlapping matches of pattern in string."},
    {"finditer", pattern_finditer, MF_KEYWORDS,
     "Return an iterator over all non-overlapping matches for the RE pattern in string.\n\n"
     "For each match, the iterator returns a match object."},
    {"scanner", pattern_scanner, MF_KEYWORDS, NULL},
    {"__copy__", pattern_copy, MF_KEYWORDS, NULL},
    {"__deepcopy__", pattern_deepcopy, MF_KEYWORDS, NULL},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, "See PEP 585"},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef pattern_getsets[] = {
    {"pattern", pattern_get_pattern, NULL, "The pattern string from which the RE object was compiled."},
    {"flags", pattern_get_flags, NULL, "The regex matching flags."},
    {"groups", pattern_get_groups, NULL, "The number of capturing groups in the pattern."},
    {"groupindex", pattern_get_groupindex, NULL, "A dictionary mapping group names to group numbers."},
    {NULL, NULL, NULL, NULL},
};

/* ---- Match methods ----------------------------------------------------------------------- */

/* The group number `index` names (an int, or a name of groupindex);
 * -1 with IndexError when there is none. */
static int64_t match_index(Value self, Value index) {
    MatchObject *m = MAT(self);
    int64_t i = -1;
    if (int_check(index)) {
        i = int_as_i64(index);
        if (i == -1 && err_occurred()) {
            err_clear();
            i = -1;
        }
    } else if (!str_check(index) && !bytes_check(index) && type_lookup(type_of(index), str_intern_cstr("__index__"))) {
        Value v = obj_index(index);
        if (!v) return -1;
        i = int_as_i64(v);
        if (i == -1 && err_occurred()) err_clear();
    } else {
        Value gi = PAT(m->pattern)->groupindex;
        int64_t h = obj_hash(index);
        if (h == -1) {
            err_clear();
        } else {
            Value v = dict_get(gi, index);
            if (!v && err_occurred()) return -1;
            if (v && int_check(v)) i = int_as_i64(v);
        }
    }
    if (i < 0 || i >= m->ngroups) {
        err_set(&exc_IndexError, "no such group");
        return -1;
    }
    return i;
}

static Value match_slice(Value self, int64_t i, Value dflt) {
    MatchObject *m = MAT(self);
    int64_t a = m->marks[2 * i], b = m->marks[2 * i + 1];
    if (a < 0 || b < 0) return dflt;
    /* the code points of the last non-ASCII subject are still cached
       while the program works on its matches */
    const uint32_t *cps = decode_cache && decode_cache[0] == m->string ? (const uint32_t *)(uintptr_t)decode_cache[1] : NULL;
    return cps_slice(m->string, cps, a, b);
}

static Value match_group_of(Value self, Value index, Value dflt) {
    int64_t i = match_index(self, index);
    if (i < 0) return VNULL;
    return match_slice(self, i, dflt);
}

static Value check_match(Value self, const char *fname) {
    if (!v_is_ptr(self) || !self || type_of(self) != &match_type)
        return err_format(&exc_TypeError, "descriptor '%s' requires a 're.Match' object but received '%s'", fname,
                          type_of(self)->tname);
    return self;
}

static Value match_group(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!check_match(args[0], "group")) return VNULL;
    if (nargs == 1) return match_slice(args[0], 0, V_NONE);
    if (nargs == 2) return match_group_of(args[0], args[1], V_NONE);
    Value t = tuple_new((int64_t)nargs - 1);
    for (size_t k = 1; k < nargs; k++) {
        Value g = match_group_of(args[0], args[k], V_NONE);
        if (!g) return VNULL;
        tuple_items(t)[k - 1] = g;
    }
    return t;
}

static Value match_getitem(Value self, Value key) { return match_group_of(self, key, V_NONE); }

static Value match_groups(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"groups", 0, 0, 0, {"default", NULL}};
    Value out[1];
    if (!check_match(args[0], "groups")) return VNULL;
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, out) < 0) return VNULL;
    Value dflt = out[0] ? out[0] : V_NONE;
    MatchObject *m = MAT(args[0]);
    Value t = tuple_new(m->ngroups - 1);
    for (int64_t i = 1; i < m->ngroups; i++) {
        Value g = match_slice(args[0], i, dflt);
        if (!g) return VNULL;
        tuple_items(t)[i - 1] = g;
    }
    return t;
}

static Value match_groupdict(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"groupdict", 0, 0, 0, {"default", NULL}};
    Value out[1];
    if (!check_match(args[0], "groupdict")) return VNULL;
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, out) < 0) return VNULL;
    Value dflt = out[0] ? out[0] : V_NONE;
    Value gi = PAT(MAT(args[0])->pattern)->groupindex;
    Value d = dict_new();
    int64_t pos = 0;
    Value k, v;
    while (dict_next(gi, &pos, &k, &v)) {
        Value g = match_group_of(args[0], k, dflt);
        if (!g || dict_set(d, k, g) < 0) return VNULL;
    }
    return d;
}

/* start(group=0, /), end, span */
static int64_t match_group_arg(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames) {
    Value out[1];
    if (!check_match(args[0], spec->fname)) return -1;
    if (arg_parse(spec, args + 1, nargs - 1, kwnames, out) < 0) return -1;
    if (!out[0]) return 0;
    return match_index(args[0], out[0]);
}

static Value match_start(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"start", 1, 0, 0, {"group", NULL}};
    int64_t i = match_group_arg(&spec, args, nargs, kwnames);
    if (i < 0) return VNULL;
    return int_from_i64(MAT(args[0])->marks[2 * i]);
}
static Value match_end(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"end", 1, 0, 0, {"group", NULL}};
    int64_t i = match_group_arg(&spec, args, nargs, kwnames);
    if (i < 0) return VNULL;
    return int_from_i64(MAT(args[0])->marks[2 * i + 1]);
}
static Value span_of(MatchObject *m, int64_t i) {
    return tuple_pack(2, int_from_i64(m->marks[2 * i]), int_from_i64(m->marks[2 * i + 1]));
}
static Value match_span(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"span", 1, 0, 0, {"group", NULL}};
    int64_t i = match_group_arg(&spec, args, nargs, kwnames);
    if (i < 0) return VNULL;
    return span_of(MAT(args[0]), i);
}

static Value match_expand(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"expand", 0, 1, 0, {"template", NULL}};
    Value out[1];
    if (!check_match(args[0], "expand")) return VNULL;
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, out) < 0) return VNULL;
    Value mod = import_name(str_intern_cstr("re"), V_NONE, v_int(0), VNULL);
    if (!mod) return VNULL;
    Value f = obj_getattr_cstr(mod, "_expand");
    if (!f) return VNULL;
    Value cargs[3] = {MAT(args[0])->pattern, args[0], out[0]};
    return obj_call(f, cargs, 3, VNULL);
}

static Value match_repr(Value self) {
    MatchObject *m = MAT(self);
    Value g = match_slice(self, 0, V_NONE);
    if (!g) return VNULL;
    Value r = obj_repr(g);
    if (!r) return VNULL;
    if (str_len(r) > 50) r = str_substr(r, 0, 50);
    return str_printf("<re.Match object; span=(%lld, %lld), match=%U>", (long long)m->marks[0],
                      (long long)m->marks[1], r);
}

static Value match_get_string(Value self) { return MAT(self)->string; }
static Value match_get_re(Value self) { return MAT(self)->pattern; }
static Value match_get_pos(Value self) { return int_from_i64(MAT(self)->pos); }
static Value match_get_endpos(Value self) { return int_from_i64(MAT(self)->endpos); }
static Value match_get_lastindex(Value self) {
    int64_t i = MAT(self)->lastindex;
    return i >= 0 ? int_from_i64(i) : V_NONE;
}
static Value match_get_lastgroup(Value self) {
    MatchObject *m = MAT(self);
    Value ig = PAT(m->pattern)->indexgroup;
    if (m->lastindex < 0 || !tuple_check(ig) || m->lastindex >= tuple_size(ig)) return V_NONE;
    return tuple_get(ig, m->lastindex);
}
static Value match_get_regs(Value self) {
    MatchObject *m = MAT(self);
    Value t = tuple_new(m->ngroups);
    for (int64_t i = 0; i < m->ngroups; i++) tuple_items(t)[i] = span_of(m, i);
    return t;
}

static const MethodDef match_methods[] = {
    {"group", match_group, 0,
     "group([group1, ...]) -> str or tuple.\n    Return subgroup(s) of the match by indices or names.\n"
     "    For 0 returns the entire match."},
    {"start", match_start, 0, "Return index of the start of the substring matched by group."},
    {"end", match_end, 0, "Return index of the end of the substring matched by group."},
    {"span", match_span, 0, "For match object m, return the 2-tuple (m.start(group), m.end(group))."},
    {"groups", match_groups, MF_KEYWORDS, "Return a tuple containing all the subgroups of the match, from 1.\n\n"
                                          "  default\n    Is used for groups that did not participate in the match."},
    {"groupdict", match_groupdict, MF_KEYWORDS,
     "Return a dictionary containing all the named subgroups of the match, keyed by the subgroup name.\n\n"
     "  default\n    Is used for groups that did not participate in the match."},
    {"expand", match_expand, MF_KEYWORDS,
     "Return the string obtained by doing backslash substitution on the string template, as done by the sub() "
     "method."},
    {"__copy__", match_copy, MF_KEYWORDS, NULL},
    {"__deepcopy__", match_deepcopy, MF_KEYWORDS, NULL},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, "See PEP 585"},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef match_getsets[] = {
    {"string", match_get_string, NULL, "The string passed to match() or search()."},
    {"re", match_get_re, NULL, "The regular expression object."},
    {"pos", match_get_pos, NULL, "The index into the string at which the RE engine started looking for a match."},
    {"endpos", match_get_endpos, NULL, "The index into the string beyond which the RE engine will not go."},
    {"lastindex", match_get_lastindex, NULL, "The integer index of the last matched capturing group."},
    {"lastgroup", match_get_lastgroup, NULL, "The name of the last matched capturing group."},
    {"regs", match_get_regs, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- Scanner ---------------------------------------------------------------------------- */

static Value scanner_step(Value *args, size_t nargs, Value kwnames, bool search) {
    static const ArgSpec match_spec = {"match", 0, 0, 0, {NULL}}, search_spec = {"search", 0, 0, 0, {NULL}};
    if (!v_is_ptr(args[0]) || !args[0] || type_of(args[0]) != &scanner_type)
        return err_set(&exc_TypeError, "descriptor requires a '_sre.SRE_Scanner' object");
    if (arg_parse(search ? &search_spec : &match_spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    ScannerObject *s = V_AS(ScannerObject, args[0]);
    State *st = &s->st;
    if (s->done) return V_NONE;
    if (s->executing) return err_set(&exc_ValueError, "regular expression scanner already executing");
    state_reset(st);
    st->ptr = st->start;
    int r;
    s->executing = true;
    if (search) {
        r = sre_search(st, PAT(s->pattern)->code);
    } else {
        r = sre_match(st, PAT(s->pattern)->code, 1);
    }
    s->executing = false;
    if (check_status(r) < 0) return VNULL;
    if (r == 0) {
        s->done = true;
        return V_NONE;
    }
    Value m = match_new(s->pattern, st);
    if (!m) return VNULL;
    st->must_advance = st->ptr == st->start;
    st->start = st->ptr;
    return m;
}

static Value scanner_match(Value *args, size_t nargs, Value kwnames) {
    return scanner_step(args, nargs, kwnames, false);
}
static Value scanner_search(Value *args, size_t nargs, Value kwnames) {
    return scanner_step(args, nargs, kwnames, true);
}
static Value scanner_get_pattern(Value self) { return V_AS(ScannerObject, self)->pattern; }

static const MethodDef scanner_methods[] = {
    {"match", scanner_match, 0, NULL},
    {"search", scanner_search, 0, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef scanner_getsets[] = {
    {"pattern", scanner_get_pattern, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* Patterns and matches come only from the engine (as CPython) */
static Value no_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    return err_format(&exc_TypeError, "cannot create '%s' instances", t->tname);
}

static Type pattern_type = {
    .tname = "re.Pattern",
    .flags = TF_WEAKREFABLE,
    .basicsize = sizeof(PatternObject),
    .repr = pattern_repr,
    .hash = pattern_hash,
    .richcompare = pattern_richcompare,
    .new_ = no_new,
};

static Type match_type = {
    .tname = "re.Match",
    .basicsize = sizeof(MatchObject),
    .repr = match_repr,
    .getitem = match_getitem,
    .new_ = no_new,
};

static Type scanner_type = {
    .tname = "_sre.SRE_Scanner",
    .basicsize = sizeof(ScannerObject),
    .new_ = no_new,
};

/* ---- code validation --------------------------------------------------------------------- */

/* _sre.compile() accepts any list of words, so before the matcher runs it
 * the code is checked the way the compiler lays it out: every operand and
 * every skip stays inside its enclosing block, groups exist, sets are well
 * formed. Then the matcher never reads outside the code. */
typedef struct Validator {
    const uint32_t *code_end;
    int64_t groups;
} Validator;

static bool valid_charset(const uint32_t *p, const uint32_t *end) {
    while (p < end) {
        switch (*p++) {
        case OP_FAILURE:
            return p == end;
        case OP_LITERAL:
            if (end - p < 1) return false;
            p++;
            break;
        case OP_CATEGORY:
            if (end - p < 1 || *p > CAT_UNI_NOT_LINEBREAK) return false;
            p++;
            break;
        case OP_CHARSET:
            if (end - p < 8) return false;
            p += 8;
            break;
        case OP_RANGE:
        case OP_RANGE_UNI_IGNORE:
            if (end - p < 2 || p[0] > p[1]) return false;
            p += 2;
            break;
        case OP_NEGATE:
            break;
        case OP_BIGCHARSET: {
            if (end - p < 65) return false;
            uint32_t n = *p++;
            const uint8_t *map = (const uint8_t *)p;
            for (int k = 0; k < 256; k++)
                if (map[k] >= n) return false;
            p += 64;
            if ((uint64_t)(end - p) < (uint64_t)n * 8) return false;
            p += (size_t)n * 8;
            break;
        }
        default:
            return false;
        }
    }
    return false;
}

/* [p, end) holds a sequence of ops. When `jump` is given, the block may end
 * with a JUMP (a BRANCH alternative, the yes-part of a conditional); its
 * target is stored there, NULL when there is none. */
static bool valid_block(const Validator *v, const uint32_t *p, const uint32_t *end, const uint32_t **jump) {
    if (jump) *jump = NULL;
    while (p < end) {
        uint32_t op = *p++, skip;
        switch (op) {
        case OP_ANY:
        case OP_ANY_ALL:
        case OP_SUCCESS:
        case OP_FAILURE:
            break;
        case OP_MARK:
            if (p >= end || *p >= 2 * (uint64_t)v->groups) return false;
            p++;
            break;
        case OP_AT:
            if (p >= end || *p > AT_UNI_NON_BOUNDARY) return false;
            p++;
            break;
        case OP_CATEGORY:
            if (p >= end || *p > CAT_UNI_NOT_LINEBREAK) return false;
            p++;
            break;
        case OP_LITERAL: case OP_NOT_LITERAL: case OP_LITERAL_IGNORE: case OP_NOT_LITERAL_IGNORE:
        case OP_LITERAL_LOC_IGNORE: case OP_NOT_LITERAL_LOC_IGNORE: case OP_LITERAL_UNI_IGNORE:
        case OP_NOT_LITERAL_UNI_IGNORE:
            if (p >= end) return false;
            p++;
            break;
        case OP_GROUPREF: case OP_GROUPREF_IGNORE: case OP_GROUPREF_LOC_IGNORE: case OP_GROUPREF_UNI_IGNORE:
            if (p >= end || *p >= (uint64_t)v->groups) return false;
            p++;
            break;
        case OP_IN: case OP_IN_IGNORE: case OP_IN_LOC_IGNORE: case OP_IN_UNI_IGNORE:
            /* [skip, set..., FAILURE] */
            if (p >= end || (skip = *p) < 2 || skip > end - p || !valid_charset(p + 1, p + skip)) return false;
            p += skip;
            break;
        case OP_INFO: {
            /* [skip, flags, min, max, prefix or charset] */
            if (end - p < 4 || (skip = *p) < 4 || skip > end - p) return false;
            if (p[1] & INFO_PREFIX) {
                uint64_t plen = p[4];
                if (skip < 6 || 6 + 2 * plen > skip || p[5] > plen) return false;
            } else if (p[1] & INFO_CHARSET) {
                if (!valid_charset(p + 4, p + skip)) return false;
            }
            p += skip;
            break;
        }
        case OP_JUMP:
            /* only last in a block that may jump; the caller checks where */
            if (!jump || end - p != 1 || *p > (uint64_t)(v->code_end - p)) return false;
            *jump = p + *p;
            p++;
            break;
        case OP_BRANCH: {
            /* alternatives [skip, body, JUMP, j], then FAILURE; every JUMP
               goes just past that FAILURE */
            const uint32_t *target = NULL, *t;
            for (;;) {
                if (p >= end) return false;
                skip = *p;
                if (skip == 0) {
                    p++;
                    break;
                }
                if (skip > end - p || !valid_block(v, p + 1, p + skip, &t) || !t) return false;
                if (target && t != target) return false;
                target = t;
                p += skip;
            }
            if (target && target != p) return false;
            break;
        }
        case OP_REPEAT_ONE:
        case OP_MIN_REPEAT_ONE:
        case OP_POSSESSIVE_REPEAT_ONE:
            /* [skip, min, max, item, SUCCESS] */
            if (end - p < 3 || (skip = p[0]) < 4 || skip > end - p || p[1] > p[2]) return false;
            if (p[skip - 1] != OP_SUCCESS || !valid_block(v, p + 3, p + skip - 1, NULL)) return false;
            p += skip;
            break;
        case OP_REPEAT:
        case OP_POSSESSIVE_REPEAT:
            /* [skip, min, max, body] MAX_UNTIL|MIN_UNTIL (REPEAT) or SUCCESS */
            if (end - p < 3 || (skip = p[0]) < 3 || skip >= end - p || p[1] > p[2]) return false;
            if (!valid_block(v, p + 3, p + skip, NULL)) return false;
            if (op == OP_REPEAT ? p[skip] != OP_MAX_UNTIL && p[skip] != OP_MIN_UNTIL : p[skip] != OP_SUCCESS)
                return false;
            p += skip + 1;
            break;
        case OP_GROUPREF_EXISTS: {
            /* [group, skip] yes-part (JUMP j no-part) */
            const uint32_t *t;
            if (end - p < 2 || p[0] >= (uint64_t)v->groups || (skip = p[1]) < 2 || skip > end - p) return false;
            if (!valid_block(v, p + 2, p + skip, &t)) return false;
            if (t) {
                if (t < p + skip || t > end || !valid_block(v, p + skip, t, NULL)) return false;
                p = t;
            } else {
                p += skip;
            }
            break;
        }
        case OP_ASSERT:
        case OP_ASSERT_NOT:
            /* [skip, back, body, SUCCESS] */
            if (end - p < 2 || (skip = p[0]) < 3 || skip > end - p) return false;
            if (p[skip - 1] != OP_SUCCESS || !valid_block(v, p + 2, p + skip - 1, NULL)) return false;
            p += skip;
            break;
        case OP_ATOMIC_GROUP:
            /* [skip, body, SUCCESS] */
            if (end - p < 1 || (skip = p[0]) < 2 || skip > end - p) return false;
            if (p[skip - 1] != OP_SUCCESS || !valid_block(v, p + 1, p + skip - 1, NULL)) return false;
            p += skip;
            break;
        default:
            return false;
        }
    }
    return true;
}

/* ---- module functions ------------------------------------------------------------------ */

static const ArgSpec sre_compile_spec = {"compile", 0, 6, 0,
                                 {"pattern", "flags", "code", "groups", "groupindex", "indexgroup", NULL}};
static Value sre_compile(Value *args, size_t nargs, Value kwnames) {
    Value a[6];
    if (arg_parse(&sre_compile_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!int_check(a[1]))
        return err_format(&exc_TypeError, "compile() argument 'flags' must be int, not %s", type_of(a[1])->tname);
    if (!list_check(a[2]))
        return err_format(&exc_TypeError, "compile() argument 'code' must be list, not %s", type_of(a[2])->tname);
    if (!dict_check(a[4]))
        return err_format(&exc_TypeError, "compile() argument 'groupindex' must be dict, not %s",
                          type_of(a[4])->tname);
    if (!tuple_check(a[5]))
        return err_format(&exc_TypeError, "compile() argument 'indexgroup' must be tuple, not %s",
                          type_of(a[5])->tname);
    int64_t flags = int_as_i64(a[1]);
    if (flags == -1 && err_occurred()) return VNULL;
    int64_t groups;
    if (ssize_arg(a[3], &groups) < 0) return VNULL;
    if (groups < 0 || groups > SRE_MAXGROUPS) return err_set(&exc_RuntimeError, "invalid SRE code");
    int64_t n = list_size(a[2]);
    /* one extra FAILURE word: malformed code runs into it, not past the end */
    uint32_t *code = gc_try_alloc_atomic((size_t)(n + 1) * sizeof(uint32_t));
    if (!code) return err_no_memory();
    for (int64_t i = 0; i < n; i++) {
        Value w = list_get(a[2], i);
        if (!int_check(w))
            return err_format(&exc_TypeError, "an integer is required (got type %s)", type_of(w)->tname);
        int64_t x = int_as_i64(w);
        if ((x == -1 && err_occurred()) || x < 0 || x > (int64_t)0xFFFFFFFF) {
            err_clear();
            return err_set(&exc_OverflowError, "regular expression code size limit exceeded");
        }
        code[i] = (uint32_t)x;
    }
    code[n] = OP_FAILURE;
    Validator v = {code + n, groups};
    if (!valid_block(&v, code, code + n, NULL)) return err_set(&exc_RuntimeError, "invalid SRE code");
    int isbytes;
    Value pattern = a[0];
    if (pattern == V_NONE) {
        isbytes = -1;
    } else if (str_check(pattern)) {
        isbytes = 0;
    } else {
        const char *d;
        int64_t len;
        if (!byteslike_view(pattern, &d, &len))
            return err_format(&exc_TypeError, "expected string or bytes-like object, got '%s'",
                              type_of(pattern)->tname);
        isbytes = 1;
    }
    PatternObject *p = (PatternObject *)obj_alloc(&pattern_type, sizeof(PatternObject));
    p->pattern = pattern;
    p->flags = flags;
    p->groups = groups;
    p->groupindex = a[4];
    p->indexgroup = a[5];
    p->isbytes = isbytes;
    p->codesize = n;
    p->code = code;
    return V_FROM_PTR(p);
}

static const ArgSpec sre_getcodesize_spec = {"_sre.getcodesize", 0, 0, 0, {NULL}};
static Value sre_getcodesize(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&sre_getcodesize_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return v_int(SRE_CODESIZE);
}

/* the `character: int, /` of the case helpers */
static int char_arg(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, int64_t *out) {
    Value a[1];
    if (arg_parse(spec, args, nargs, kwnames, a) < 0) return -1;
    Value i = obj_index(a[0]);
    if (!i) return -1;
    int64_t x = int_as_i64(i);
    if (x == -1 && err_occurred()) return -1;
    *out = x;
    return 0;
}

static Value sre_ascii_iscased(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_sre.ascii_iscased", 1, 1, 0, {"character", NULL}};
    int64_t c;
    if (char_arg(&spec, args, nargs, kwnames, &c) < 0) return VNULL;
    return v_bool(c >= 0 && c < 128 && isalpha((int)c));
}
static Value sre_unicode_iscased(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_sre.unicode_iscased", 1, 1, 0, {"character", NULL}};
    int64_t c;
    if (char_arg(&spec, args, nargs, kwnames, &c) < 0) return VNULL;
    if (c < 0 || c > 0x10FFFF) return V_FALSE;
    uint32_t u = (uint32_t)c;
    return v_bool(u != unicode_tolower(u) || u != unicode_toupper(u));
}
static Value sre_ascii_tolower(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_sre.ascii_tolower", 1, 1, 0, {"character", NULL}};
    int64_t c;
    if (char_arg(&spec, args, nargs, kwnames, &c) < 0) return VNULL;
    if (c >= 0 && c < 128) c = tolower((int)c);
    return int_from_i64(c);
}
static Value sre_unicode_tolower(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_sre.unicode_tolower", 1, 1, 0, {"character", NULL}};
    int64_t c;
    if (char_arg(&spec, args, nargs, kwnames, &c) < 0) return VNULL;
    if (c >= 0 && c <= 0x10FFFF) c = unicode_tolower((uint32_t)c);
    return int_from_i64(c);
}

static const MethodDef sre_functions[] = {
    {"compile", sre_compile, MF_KEYWORDS, NULL, &sre_compile_spec},
    {"getcodesize", sre_getcodesize, MF_KEYWORDS, NULL, &sre_getcodesize_spec},
    {"ascii_iscased", sre_ascii_iscased, MF_KEYWORDS, NULL},
    {"unicode_iscased", sre_unicode_iscased, MF_KEYWORDS, NULL},
    {"ascii_tolower", sre_ascii_tolower, MF_KEYWORDS, NULL},
    {"unicode_tolower", sre_unicode_tolower, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _sre_module_create(void) {
    if (!(pattern_type.flags & TF_READY)) {
        Value re = str_intern_cstr("re");
        pattern_type.name = str_intern_cstr("Pattern");
        pattern_type.qualname = pattern_type.name;
        pattern_type.module = re;
        type_add_methods(&pattern_type, pattern_methods);
        type_add_getsets(&pattern_type, pattern_getsets);
        type_ready(&pattern_type);
        match_type.name = str_intern_cstr("Match");
        match_type.qualname = match_type.name;
        match_type.module = re;
        type_add_methods(&match_type, match_methods);
        type_add_getsets(&match_type, match_getsets);
        type_ready(&match_type);
        scanner_type.name = str_intern_cstr("SRE_Scanner");
        scanner_type.qualname = scanner_type.name;
        scanner_type.module = str_intern_cstr("_sre");
        type_add_methods(&scanner_type, scanner_methods);
        type_add_getsets(&scanner_type, scanner_getsets);
        type_ready(&scanner_type);
    }
    Value m = module_new_cstr("_sre");
    module_add_functions(m, sre_functions);
    module_add(m, "MAGIC", v_int(SRE_MAGIC));
    module_add(m, "CODESIZE", v_int(SRE_CODESIZE));
    module_add(m, "MAXREPEAT", int_from_i64(SRE_MAXREPEAT));
    module_add(m, "MAXGROUPS", int_from_i64(SRE_MAXGROUPS));
    return m;
}
