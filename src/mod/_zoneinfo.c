/* _zoneinfo.c: zoneinfo's C half (CPython 3.11's _zoneinfo): the ZoneInfo
 * type, a subclass of datetime.tzinfo, with the semantics of the
 * pure-Python zoneinfo/_zoneinfo.py.
 *
 * A zone is loaded once into C arrays: the transition times in UTC and in
 * local wall time (one array per value of fold, since a wall time in a fold
 * or gap names two instants), the ttinfo (offset, DST offset, name) in force
 * after each transition, the one before the first, and the rule after the
 * last (the TZif footer's POSIX TZ string, parsed here). utcoffset(), dst()
 * and tzname() bisect the wall-time array; fromutc() the UTC one.
 *
 * As CPython's, reading the TZif file is left to zoneinfo._common.load_data
 * and finding it to zoneinfo._tzpath.find_tzfile (or _common.load_tzdata
 * for the tzdata package).
 *
 * Caches, as CPython's C module (not the Python one): ZoneInfo(key) looks in
 * a strong LRU cache of the last 8 keys, then in a weak cache
 * (weakref.WeakValueDictionary) of live zones. The base class keeps both in
 * C globals, so ZoneInfo has no _weak_cache attribute; a subclass gets its
 * own weak cache as the class attribute _weak_cache (__init_subclass__) and
 * no strong cache.
 *
 * Memory: the arrays are collected memory owned by the zone (int64 arrays
 * atomic, ttinfos scanned); ttinfos are referred to by index. */
#include <string.h>

#include "../runtime.h"
#include "modules.h"

#define EPOCH_ORDINAL 719163   /* date(1970, 1, 1).toordinal() */
#define STRONG_CACHE_SIZE 8

/* an offset period: utcoff and dstoff are timedeltas, tzname a str (all None
 * in no_ttinfo, what a non-fixed zone answers for a datetime.time) */
typedef struct TTInfo {
    Value utcoff, dstoff, tzname;
    int64_t utcoff_seconds;
} TTInfo;

/* one date[/time] of a TZ string's DST rule */
typedef enum {
    RULE_JULIAN_1,         /* Jn: 1..365, February 29 never counted */
    RULE_YEARDAY_0,        /* n: 0..365 */
    RULE_MONTH_WEEK_DAY,   /* Mm.w.d */
} RuleKind;
typedef struct TransitionRule {
    RuleKind kind;
    int month, week, day;   /* day: of the year, or of the week (0 = Sunday) for Mm.w.d */
    int hour, minute, second;
} TransitionRule;

/* what applies after the last transition: a fixed ttinfo (std_only) or a
 * yearly DST rule */
typedef struct TZRule {
    TTInfo std, dst;
    int64_t dst_diff;   /* dst utcoff - std utcoff, seconds */
    TransitionRule start, end;
    bool std_only;
} TZRule;

enum { SOURCE_NOCACHE, SOURCE_CACHE, SOURCE_FILE };

typedef struct ZoneInfoObject {
    Object hdr;
    Value key;          /* None for from_file() without a key */
    Value file_repr;    /* repr of from_file()'s file object, or VNULL */
    int64_t num_transitions, num_ttinfos;
    int64_t *trans_utc;        /* [num_transitions] */
    int64_t *trans_wall[2];    /* [fold][num_transitions] */
    int32_t *trans_tti;        /* [num_transitions]: index into ttinfos */
    TTInfo *ttinfos;           /* [num_ttinfos] */
    int64_t tti_before;        /* index into ttinfos, -1 when there are none */
    TZRule after;
    bool fixed_offset;
    uint8_t source;
} ZoneInfoObject;

#define ZI(v) V_AS(ZoneInfoObject, v)

static Type zoneinfo_type;
static Value tzpath_find_tzfile;   /* zoneinfo._tzpath.find_tzfile */
static Value common_module;        /* zoneinfo._common */
static Value io_open;
static Value timedelta_class;
static Value weakvaluedict_class;  /* weakref.WeakValueDictionary */
static Value base_weak_cache;      /* the base class's weak cache */
static Value timedelta_cache;      /* dict: seconds -> timedelta */
/* the base class's strong cache, most recently used first */
static Value strong_keys[STRONG_CACHE_SIZE], strong_zones[STRONG_CACHE_SIZE];
static int strong_count;
static TTInfo no_ttinfo;

/* ---- the calendar ---------------------------------------------------------------------------- */

static const int days_in_month_tbl[13] = {-1, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
static const int days_before_month_tbl[13] = {-1, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334};

static bool is_leap(int64_t y) { return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0); }

/* proleptic Gregorian ordinal: 0001-01-01 is 1 */
static int64_t ymd_to_ord(int64_t y, int m, int d) {
    int64_t n = y - 1;
    return n * 365 + n / 4 - n / 100 + n / 400 + days_before_month_tbl[m] + (m > 2 && is_leap(y)) + d;
}

/* The rule's moment in `year`, in seconds since 1970-01-01 of local time. */
static int64_t rule_to_timestamp(const TransitionRule *r, int64_t year) {
    int64_t days;
    if (r->kind == RULE_MONTH_WEEK_DAY) {
        /* week 1 holds the first `day` of the month; week 5 is the last one */
        int first_weekday = (int)((ymd_to_ord(year, r->month, 1) + 6) % 7);   /* 0 = Monday */
        int month_days = days_in_month_tbl[r->month] + (r->month == 2 && is_leap(year));
        int month_day = ((r->day - (first_weekday + 1)) % 7 + 7) % 7 + 1 + (r->week - 1) * 7;
        if (month_day > month_days) month_day -= 7;
        days = ymd_to_ord(year, r->month, month_day) - EPOCH_ORDINAL;
    } else {
        /* Jn never counts February 29, n does */
        int day = r->day;
        if (r->kind == RULE_JULIAN_1 && day >= 59 && is_leap(year)) day++;
        days = ymd_to_ord(year, 1, 1) - EPOCH_ORDINAL - 1 + day;
    }
    return days * 86400 + r->hour * 3600 + r->minute * 60 + r->second;
}

/* ---- ttinfos and the rule after the last transition ------------------------------------------ */

/* a timedelta of `seconds`, shared: a zone file names few distinct offsets */
static Value load_timedelta(int64_t seconds) {
    Value k = int_from_i64(seconds);
    Value td = dict_get(timedelta_cache, k);
    if (td) return td;
    if (err_occurred()) return VNULL;
    Value args[2] = {v_int(0), k};
    td = obj_call(timedelta_class, args, 2, VNULL);
    if (!td || dict_set(timedelta_cache, k, td) < 0) return VNULL;
    return td;
}

static int build_ttinfo(int64_t utcoff, int64_t dstoff, Value tzname, TTInfo *out) {
    out->utcoff_seconds = utcoff;
    out->utcoff = load_timedelta(utcoff);
    if (!out->utcoff) return -1;
    out->dstoff = load_timedelta(dstoff);
    if (!out->dstoff) return -1;
    out->tzname = tzname;
    return 0;
}

static int ttinfo_eq(const TTInfo *a, const TTInfo *b) {
    int r = obj_richcompare_bool(a->utcoff, b->utcoff, CMP_EQ);
    if (r != 1) return r;
    r = obj_richcompare_bool(a->dstoff, b->dstoff, CMP_EQ);
    if (r != 1) return r;
    return obj_richcompare_bool(a->tzname, b->tzname, CMP_EQ);
}

/* dst_abbr VNULL: a rule with standard time only */
static int build_tzrule(Value std_abbr, Value dst_abbr, int64_t std_offset, int64_t dst_offset, TZRule *out) {
    if (build_ttinfo(std_offset, 0, std_abbr, &out->std) < 0) return -1;
    if (!dst_abbr) {
        out->std_only = true;
        return 0;
    }
    out->std_only = false;
    out->dst_diff = dst_offset - std_offset;
    return build_ttinfo(dst_offset, out->dst_diff, dst_abbr, &out->dst);
}

static bool in_period(int64_t ts, int64_t start, int64_t end) {
    return start < end ? ts >= start && ts < end : ts < end || ts >= start;
}

/* The ttinfo in force at local time ts (with fold) of `year`. */
static const TTInfo *tzrule_find(const TZRule *rule, int64_t ts, int fold, int64_t year) {
    if (rule->std_only) return &rule->std;
    int64_t start = rule_to_timestamp(&rule->start, year), end = rule_to_timestamp(&rule->end, year);
    /* With fold = 0 the period of the smaller offset runs from the end of
     * the gap to the end of the fold; with fold = 1 from the start of the
     * gap to the start of the fold: which bound moves is fold XOR (DST is
     * ahead of standard time). */
    if (fold == (rule->dst_diff >= 0))
        end -= rule->dst_diff;
    else
        start += rule->dst_diff;
    return in_period(ts, start, end) ? &rule->dst : &rule->std;
}

/* The ttinfo in force at UTC time ts of `year`, and whether the local time
 * it gives is the second of an ambiguous pair. */
static const TTInfo *tzrule_find_fromutc(const TZRule *rule, int64_t ts, int64_t year, int *fold) {
    *fold = 0;
    if (rule->std_only) return &rule->std;
    int64_t start = rule_to_timestamp(&rule->start, year) - rule->std.utcoff_seconds;
    int64_t end = rule_to_timestamp(&rule->end, year) - rule->dst.utcoff_seconds;
    /* the ambiguous hour follows the end of a positive DST, or precedes the
     * start of a negative one */
    int64_t ambig_start, ambig_end;
    if (rule->dst_diff > 0) {
        ambig_start = end;
        ambig_end = end + rule->dst_diff;
    } else {
        ambig_start = start;
        ambig_end = start - rule->dst_diff;
    }
    *fold = ts >= ambig_start && ts < ambig_end;
    return in_period(ts, start, end) ? &rule->dst : &rule->std;
}

/* ---- POSIX TZ strings: std offset[dst[offset],start[/time],end[/time]] ----------------------- */


static bool ascii_digit(char c) { return c >= '0' && c <= '9'; }
static bool ascii_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* std or dst: letters, or <...> holding letters, digits, '+' and '-'.
 * Returns the characters read, -1 if malformed. */
static int64_t parse_abbr(const char *p, Value *abbr) {
    const char *q = p, *s, *e;
    if (*q == '<') {
        s = ++q;
        while (*q != '>') {
            if (!ascii_alpha(*q) && !ascii_digit(*q) && *q != '+' && *q != '-') return -1;
            q++;
        }
        e = q++;
    } else {
        s = q;
        while (ascii_alpha(*q)) q++;
        e = q;
    }
    *abbr = str_new(s, (size_t)(e - s));
    return q - p;
}

/* [+|-]hh[:mm[:ss]], hh of one or two digits up to 24; POSIX's sign is
 * reversed: "EST5" is 5 hours west. Returns the characters read, -1 if
 * malformed. */
static int64_t parse_tz_delta(const char *p, int64_t *seconds) {
    const char *q = p;
    int64_t sign = -1, parts[3] = {0, 0, 0};
    if (*q == '-' || *q == '+') sign = *q++ == '-' ? 1 : -1;
    if (!ascii_digit(*q)) return -1;
    parts[0] = *q++ - '0';
    if (ascii_digit(*q)) parts[0] = parts[0] * 10 + (*q++ - '0');
    if (parts[0] > 24) return -1;
    for (int i = 1; i < 3 && *q == ':'; i++) {
        q++;
        for (int j = 0; j < 2; j++) {
            if (!ascii_digit(*q)) return -1;
            parts[i] = parts[i] * 10 + (*q++ - '0');
        }
    }
    *seconds = sign * (parts[0] * 3600 + parts[1] * 60 + parts[2]);
    return q - p;
}

/* a rule's time: [+|-]h[h][:mm[:ss]] (RFC 8536 allows the sign) */
static int64_t parse_transition_time(const char *p, TransitionRule *r) {
    const char *q = p;
    int sign = 1;
    int *parts[3] = {&r->hour, &r->minute, &r->second};
    if (*q == '-' || *q == '+') sign = *q++ == '-' ? -1 : 1;
    for (int i = 0; i < 3; i++) {
        if (i > 0) {
            if (*q != ':') break;
            q++;
        }
        int n = 0;
        for (int j = 0; j < 2; j++) {
            if (!ascii_digit(*q)) {
                if (i == 0 && j > 0) break;
                return -1;
            }
            n = n * 10 + (*q++ - '0');
        }
        *parts[i] = sign * n;
    }
    return q - p;
}

/* date[/time]: Jn, n or Mm.w.d. Returns the characters read, -1 if
 * malformed or out of range. */
static int64_t parse_transition_rule(const char *p, TransitionRule *r) {
    const char *q = p;
    r->hour = 2;   /* POSIX's default time */
    r->minute = r->second = 0;
    if (*q == 'M') {
        q++;
        if (!ascii_digit(*q)) return -1;
        int month = *q++ - '0';
        if (*q != '.') {
            if (!ascii_digit(*q)) return -1;
            month = month * 10 + (*q++ - '0');
        }
        int wd[2];
        for (int i = 0; i < 2; i++) {
            if (*q++ != '.' || !ascii_digit(*q)) return -1;
            wd[i] = *q++ - '0';
        }
        r->kind = RULE_MONTH_WEEK_DAY;
        r->month = month;
        r->week = wd[0];
        r->day = wd[1];
    } else {
        r->kind = RULE_YEARDAY_0;
        if (*q == 'J') {
            r->kind = RULE_JULIAN_1;
            q++;
        }
        int day = 0, digits = 0;
        while (digits < 3 && ascii_digit(*q)) {
            day = day * 10 + (*q++ - '0');
            digits++;
        }
        if (!digits) return -1;
        r->day = day;
    }
    if (*q == '/') {
        q++;
        int64_t n = parse_transition_time(q, r);
        if (n < 0) return -1;
        q += n;
    }
    /* POSIX's ranges; the caller reports a malformed rule */
    if (r->kind == RULE_MONTH_WEEK_DAY) {
        if (r->month < 1 || r->month > 12 || r->week < 1 || r->week > 5 || r->day > 6) return -1;
    } else if (r->day < (r->kind == RULE_JULIAN_1) || r->day > 365) {
        return -1;
    }
    return q - p;
}

static int parse_tz_str(Value tz_str, TZRule *out) {
    const char *p = bytes_data(tz_str);
    Value std_abbr, dst_abbr = VNULL;
    int64_t std_offset, dst_offset = 0, n;
    if ((n = parse_abbr(p, &std_abbr)) < 1) return err_format(&exc_ValueError, "Invalid STD format in %R", tz_str), -1;
    p += n;
    if ((n = parse_tz_delta(p, &std_offset)) < 0)
        return err_format(&exc_ValueError, "Invalid STD offset in %R", tz_str), -1;
    p += n;
    if (*p) {
        if ((n = parse_abbr(p, &dst_abbr)) < 1)
            return err_format(&exc_ValueError, "Invalid DST format in %R", tz_str), -1;
        p += n;
        if (*p == ',') {
            dst_offset = std_offset + 3600;   /* POSIX: one hour ahead by default */
        } else {
            if ((n = parse_tz_delta(p, &dst_offset)) < 0)
                return err_format(&exc_ValueError, "Invalid DST offset in %R", tz_str), -1;
            p += n;
        }
        TransitionRule *rules[2] = {&out->start, &out->end};
        for (int i = 0; i < 2; i++) {
            if (*p != ',') return err_format(&exc_ValueError, "Missing transition rules in TZ string: %R", tz_str), -1;
            p++;
            if ((n = parse_transition_rule(p, rules[i])) < 0)
                return err_format(&exc_ValueError, "Malformed transition rule in TZ string: %R", tz_str), -1;
            p += n;
        }
        if (*p) return err_format(&exc_ValueError, "Extraneous characters at end of TZ string: %R", tz_str), -1;
    }
    return build_tzrule(std_abbr, dst_abbr, std_offset, dst_offset, out);
}

/* ---- loading a zone -------------------------------------------------------------------------- */

/* .dst() needs each DST ttinfo's distance from standard time, which TZif
 * does not store: take it from a neighbouring standard-time transition, and
 * guess one hour where none tells (so that bool(dst()) matches isdst). */
static void utcoff_to_dstoff(const int64_t *trans_idx, const int64_t *utcoffs, int64_t *dstoffs,
                             const bool *isdsts, int64_t num_transitions, int64_t num_ttinfos) {
    int64_t dst_count = 0, dst_found = 0;
    for (int64_t i = 0; i < num_ttinfos; i++) dst_count += isdsts[i];
    for (int64_t i = 1; i < num_transitions && dst_found < dst_count; i++) {
        int64_t idx = trans_idx[i], comp = trans_idx[i - 1];
        if (!isdsts[idx] || dstoffs[idx] != 0) continue;
        int64_t dstoff = 0;
        if (!isdsts[comp]) dstoff = utcoffs[idx] - utcoffs[comp];
        if (!dstoff && idx < num_ttinfos - 1) {
            /* the _zoneinfo.py condition: the next transition exists when
               idx is not the last ttinfo, which TZif files make true */
            if (i + 1 >= num_transitions) continue;
            comp = trans_idx[i + 1];
            if (isdsts[comp]) continue;   /* DST follows too: hope a later transition tells */
            dstoff = utcoffs[idx] - utcoffs[comp];
        }
        if (dstoff) {
            dst_found++;
            dstoffs[idx] = dstoff;
        }
    }
    if (dst_found < dst_count)
        for (int64_t i = 0; i < num_ttinfos; i++)
            if (isdsts[i] && !dstoffs[i]) dstoffs[i] = 3600;
}

/* Transition times in local wall time, one array per fold: with fold = 0 a
 * transition happens at the later of the two wall times it joins (the
 * larger offset), with fold = 1 at the earlier. */
static void ts_to_local(const int64_t *trans_idx, const int64_t *trans_utc, const int64_t *utcoff,
                        int64_t *wall[2], int64_t num_ttinfos, int64_t num_transitions) {
    for (int64_t i = 0; i < num_transitions; i++) {
        int64_t before = i == 0 ? utcoff[0] : utcoff[trans_idx[i - 1]];
        int64_t after = i == 0 && num_ttinfos <= 1 ? utcoff[0] : utcoff[trans_idx[i]];
        wall[0][i] = trans_utc[i] + (before > after ? before : after);
        wall[1][i] = trans_utc[i] + (before > after ? after : before);
    }
}

/* Transition times are clamped to +-2**60 seconds, far beyond any
 * datetime's (years 1-9999 are within +-2**38), so that adding offsets and
 * subtracting timestamps never overflows int64; order is kept. */
#define TIMESTAMP_LIMIT ((int64_t)1 << 60)
static int64_t clamp_i64(int64_t v, int64_t limit) { return v < -limit ? -limit : v > limit ? limit : v; }

/* the i-th item of tuple t as an int64; -1 with an error set */
static int tuple_i64(Value t, int64_t i, int64_t *out) {
    Value v = tuple_get(t, i);
    if (!int_check(v)) return err_format(&exc_TypeError, "an integer is required (got type %T)", v), -1;
    *out = int_as_i64(v);
    return *out == -1 && err_occurred() ? -1 : 0;
}

static int load_data(ZoneInfoObject *zi, Value file_obj) {
    Value data = obj_call_method(common_module, "load_data", &file_obj, 1);
    if (!data) return -1;
    if (!tuple_check_exact(data) || tuple_size(data) != 6)
        return err_format(&exc_TypeError, "Invalid data result type: %R", data), -1;
    Value trans_idx_t = tuple_get(data, 0), trans_utc_t = tuple_get(data, 1), utcoff_t = tuple_get(data, 2);
    Value isdst_t = tuple_get(data, 3), abbr_t = tuple_get(data, 4), tz_str = tuple_get(data, 5);
    if (!tuple_check(trans_idx_t) || !tuple_check(trans_utc_t) || !tuple_check(utcoff_t) || !tuple_check(isdst_t) ||
        !tuple_check(abbr_t))
        return err_format(&exc_TypeError, "Invalid data result type: %R", data), -1;
    int64_t ntrans = tuple_size(trans_utc_t), ntti = tuple_size(utcoff_t);
    if (tuple_size(trans_idx_t) < ntrans || tuple_size(isdst_t) < ntti || tuple_size(abbr_t) < ntti)
        return err_set(&exc_IndexError, "tuple index out of range"), -1;

    int64_t *trans_utc = gc_alloc_atomic((size_t)(ntrans + 1) * sizeof(int64_t));
    int64_t *trans_idx = gc_alloc_atomic((size_t)(ntrans + 1) * sizeof(int64_t));
    for (int64_t i = 0; i < ntrans; i++) {
        if (tuple_i64(trans_utc_t, i, &trans_utc[i]) < 0 || tuple_i64(trans_idx_t, i, &trans_idx[i]) < 0) return -1;
        trans_utc[i] = clamp_i64(trans_utc[i], TIMESTAMP_LIMIT);
        if (trans_idx[i] < 0 || trans_idx[i] >= ntti)
            return err_format(&exc_ValueError, "Invalid transition index found while reading TZif: %zd",
                              (ssize_t)trans_idx[i]), -1;
    }
    int64_t *utcoff = gc_alloc_atomic((size_t)(ntti + 1) * sizeof(int64_t));
    int64_t *dstoff = gc_alloc_atomic((size_t)(ntti + 1) * sizeof(int64_t));
    bool *isdst = gc_alloc_atomic((size_t)(ntti + 1));
    for (int64_t i = 0; i < ntti; i++) {
        if (tuple_i64(utcoff_t, i, &utcoff[i]) < 0) return -1;
        if (utcoff[i] < INT32_MIN || utcoff[i] > INT32_MAX)   /* TZif stores 32 bits */
            return err_set(&exc_OverflowError, "Python int too large to convert to C long"), -1;
        int t = obj_truth(tuple_get(isdst_t, i));
        if (t < 0) return -1;
        isdst[i] = t;
        dstoff[i] = 0;
    }
    utcoff_to_dstoff(trans_idx, utcoff, dstoff, isdst, ntrans, ntti);

    int64_t *wall[2] = {gc_alloc_atomic((size_t)(ntrans + 1) * sizeof(int64_t)),
                        gc_alloc_atomic((size_t)(ntrans + 1) * sizeof(int64_t))};
    ts_to_local(trans_idx, trans_utc, utcoff, wall, ntti, ntrans);

    TTInfo *ttinfos = gc_alloc((size_t)(ntti + 1) * sizeof(TTInfo));
    for (int64_t i = 0; i < ntti; i++)
        if (build_ttinfo(utcoff[i], dstoff[i], tuple_get(abbr_t, i), &ttinfos[i]) < 0) return -1;
    int32_t *trans_tti = gc_alloc_atomic((size_t)(ntrans + 1) * sizeof(int32_t));
    for (int64_t i = 0; i < ntrans; i++) trans_tti[i] = (int32_t)trans_idx[i];

    /* before the first transition: the first standard-time ttinfo, else the first */
    int64_t before = ntti ? 0 : -1;
    for (int64_t i = 0; i < ntti; i++)
        if (!isdst[i]) {
            before = i;
            break;
        }

    TZRule after;
    memset(&after, 0, sizeof after);
    int t = tz_str == V_NONE ? 0 : obj_truth(tz_str);
    if (t < 0) return -1;
    if (t) {
        if (!bytes_check(tz_str)) return err_format(&exc_TypeError, "expected bytes, %T found", tz_str), -1;
        if (parse_tz_str(tz_str, &after) < 0) return -1;
    } else {
        if (!ntti) return err_set(&exc_ValueError, "No time zone information found."), -1;
        const TTInfo *last = &ttinfos[ntrans ? trans_idx[ntrans - 1] : ntti - 1];
        /* standard time only, with the last ttinfo's DST offset if it has one */
        if (build_tzrule(last->tzname, VNULL, last->utcoff_seconds, 0, &after) < 0) return -1;
        after.std.dstoff = last->dstoff;
    }

    /* A "fixed offset" zone answers for a datetime.time (dt None), assuming
     * as _zoneinfo.py that a DST rule has transitions that occur, that
     * distinct ttinfos have distinct offsets and that none is unused. */
    bool fixed;
    if (ntti > 1 || !after.std_only) {
        fixed = false;
    } else if (ntti == 0) {
        fixed = true;
    } else {
        int eq = ttinfo_eq(&ttinfos[0], &after.std);
        if (eq < 0) return -1;
        fixed = eq;
    }

    zi->num_transitions = ntrans;
    zi->num_ttinfos = ntti;
    zi->trans_utc = trans_utc;
    zi->trans_wall[0] = wall[0];
    zi->trans_wall[1] = wall[1];
    zi->trans_tti = trans_tti;
    zi->ttinfos = ttinfos;
    zi->tti_before = before;
    zi->after = after;
    zi->fixed_offset = fixed;
    return 0;
}

/* ---- lookups --------------------------------------------------------------------------------- */

/* dt's wall time in seconds since 1970-01-01, its year and fold. An exact
 * datetime is read from its struct; a subclass's wall time is asked of
 * toordinal() and its attributes (they may be overridden), its year and
 * fold read from the struct, as CPython's; anything else is asked for all. */
static int int_attr(Value dt, const char *name, int64_t *out) {
    Value v = obj_getattr_cstr(dt, name);
    if (!v) return -1;
    if (!int_check(v)) return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", v), -1;
    *out = int_as_i64(v);
    return *out == -1 && err_occurred() ? -1 : 0;
}

static int local_timestamp(Value dt, int64_t *ts, int64_t *year, int64_t *fold) {
    DateTimeFields f;
    bool is_datetime = datetime_fields(dt, &f);
    if (is_datetime) {
        *year = f.year;
        *fold = f.fold;
        if (f.exact) {
            *ts = (ymd_to_ord(f.year, f.month, f.day) - EPOCH_ORDINAL) * 86400 + f.hour * 3600 + f.minute * 60 + f.second;
            return 0;
        }
    }
    Value ordv = obj_call_method(dt, "toordinal", NULL, 0);
    if (!ordv) return -1;
    if (!int_check(ordv)) return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", ordv), -1;
    int64_t ord = int_as_i64(ordv), h, m, s;
    if (ord == -1 && err_occurred()) return -1;
    if (int_attr(dt, "hour", &h) < 0 || int_attr(dt, "minute", &m) < 0 || int_attr(dt, "second", &s) < 0) return -1;
    if (!is_datetime && (int_attr(dt, "year", year) < 0 || int_attr(dt, "fold", fold) < 0)) return -1;
    /* a datetime's are small; made-up ones must not overflow */
    if (clamp_i64(ord, (int64_t)1 << 40) != ord || clamp_i64(h, 1 << 20) != h || clamp_i64(m, 1 << 20) != m ||
        clamp_i64(s, 1 << 20) != s || clamp_i64(*year, 1 << 30) != *year)
        return err_set(&exc_OverflowError, "datetime fields out of range for a local timestamp"), -1;
    *ts = (ord - EPOCH_ORDINAL) * 86400 + h * 3600 + m * 60 + s;
    return 0;
}

/* bisect_right */
static int64_t bisect_right(int64_t x, const int64_t *a, int64_t n) {
    int64_t lo = 0, hi = n;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (a[mid] > x)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* The ttinfo in force at datetime dt (None: a datetime.time's question). */
static const TTInfo *find_ttinfo(ZoneInfoObject *zi, Value dt) {
    if (dt == V_NONE) return zi->fixed_offset ? &zi->after.std : &no_ttinfo;
    int64_t ts, year, fold;
    if (local_timestamp(dt, &ts, &year, &fold) < 0) return NULL;
    const int64_t *wall = zi->trans_wall[fold ? 1 : 0];
    int64_t n = zi->num_transitions;
    if (n && ts < wall[0]) return &zi->ttinfos[zi->tti_before];
    if (!n || ts > wall[n - 1]) return tzrule_find(&zi->after, ts, fold ? 1 : 0, year);
    return &zi->ttinfos[zi->trans_tti[bisect_right(ts, wall, n) - 1]];
}

/* ---- ZoneInfo's methods ---------------------------------------------------------------------- */

static ZoneInfoObject *zoneinfo_self(Value v, const char *fname) {
    if (!v_is_ptr(v) || !obj_isinstance_type(v, &zoneinfo_type)) {
        err_format(&exc_TypeError, "descriptor '%s' requires a 'zoneinfo.ZoneInfo' object but received a '%T'", fname, v);
        return NULL;
    }
    return ZI(v);
}

static Value zoneinfo_utcoffset(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("ZoneInfo.utcoffset", nargs - 1, 1, 1) < 0) return VNULL;
    ZoneInfoObject *zi = zoneinfo_self(args[0], "utcoffset");
    const TTInfo *tti = zi ? find_ttinfo(zi, args[1]) : NULL;
    return tti ? tti->utcoff : VNULL;
}

static Value zoneinfo_dst(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("ZoneInfo.dst", nargs - 1, 1, 1) < 0) return VNULL;
    ZoneInfoObject *zi = zoneinfo_self(args[0], "dst");
    const TTInfo *tti = zi ? find_ttinfo(zi, args[1]) : NULL;
    return tti ? tti->dstoff : VNULL;
}

static Value zoneinfo_tzname(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("ZoneInfo.tzname", nargs - 1, 1, 1) < 0) return VNULL;
    ZoneInfoObject *zi = zoneinfo_self(args[0], "tzname");
    const TTInfo *tti = zi ? find_ttinfo(zi, args[1]) : NULL;
    return tti ? tti->tzname : VNULL;
}

static Value zoneinfo_fromutc(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("ZoneInfo.fromutc", nargs - 1, 1, 1) < 0) return VNULL;
    ZoneInfoObject *zi = zoneinfo_self(args[0], "fromutc");
    if (!zi) return VNULL;
    Value dt = args[1];
    DateTimeFields f;
    if (!datetime_fields(dt, &f)) return err_set(&exc_TypeError, "fromutc: argument must be a datetime");
    if (f.tzinfo != args[0]) return err_set(&exc_ValueError, "fromutc: dt.tzinfo is not self");

    int64_t ts, year, dt_fold;
    if (local_timestamp(dt, &ts, &year, &dt_fold) < 0) return VNULL;
    int64_t n = zi->num_transitions;
    const TTInfo *tti;
    int fold = 0;
    if (n >= 1 && ts < zi->trans_utc[0]) {
        tti = &zi->ttinfos[zi->tti_before];
    } else if (n == 0 || ts > zi->trans_utc[n - 1]) {
        tti = tzrule_find_fromutc(&zi->after, ts, year, &fold);
        /* just after the last listed transition the fold is between that
         * transition's ttinfo and the rule's, not the rule's own two */
        if (n) {
            const TTInfo *prev = n == 1 ? &zi->ttinfos[zi->tti_before] : &zi->ttinfos[zi->trans_tti[n - 2]];
            int64_t diff = prev->utcoff_seconds - tti->utcoff_seconds;
            if (diff > 0 && ts < zi->trans_utc[n - 1] + diff) fold = 1;
        }
    } else {
        int64_t idx = bisect_right(ts, zi->trans_utc, n);
        const TTInfo *prev;
        if (idx >= 2) {
            prev = &zi->ttinfos[zi->trans_tti[idx - 2]];
            tti = &zi->ttinfos[zi->trans_tti[idx - 1]];
        } else {
            prev = &zi->ttinfos[zi->tti_before];
            tti = &zi->ttinfos[zi->trans_tti[0]];
        }
        fold = prev->utcoff_seconds - tti->utcoff_seconds > ts - zi->trans_utc[idx - 1];
    }
    if (f.exact) return datetime_exact_add_seconds(dt, tti->utcoff_seconds, fold);
    Value res = obj_binop(dt, tti->utcoff, BINOP_ADD);
    if (!res || !fold) return res;
    /* a new datetime: the argument is never changed, even when + returns it */
    Value replace = obj_getattr_cstr(res, "replace");
    if (!replace) return VNULL;
    Value one = v_int(1);
    return obj_call(replace, &one, 0, tuple_pack(1, str_intern_cstr("fold")));
}

static Value zoneinfo_repr(Value self) {
    ZoneInfoObject *zi = ZI(self);
    const char *tname = type_of(self)->tname;
    if (zi->key != V_NONE) {
        Value r = obj_repr(zi->key);
        if (!r) return VNULL;
        return str_printf("%s(key=%s)", tname, str_data(r));
    }
    return str_printf("%s.from_file(%s)", tname, zi->file_repr ? str_data(zi->file_repr) : "");
}

static Value zoneinfo_str(Value self) {
    ZoneInfoObject *zi = ZI(self);
    return zi->key != V_NONE ? zi->key : zoneinfo_repr(self);
}

static Value zoneinfo_key(Value self) { return ZI(self)->key; }

/* Pickled by key and by whether it came from the cache (then it is looked
 * up in the unpickler's cache); from_file() zones do not pickle. */
static Value zoneinfo_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("ZoneInfo.__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    ZoneInfoObject *zi = zoneinfo_self(args[0], "__reduce__");
    if (!zi) return VNULL;
    if (zi->source == SOURCE_FILE) {
        Value pickle = import_name(str_intern_cstr("pickle"), VNULL, v_int(0), VNULL);
        if (!pickle) return VNULL;
        Value err = obj_getattr_cstr(pickle, "PicklingError");
        if (!err) return VNULL;
        Value exc = obj_call1(err, str_from_cstr("Cannot pickle a ZoneInfo file from a file stream."));
        return exc ? err_set_exc(exc) : VNULL;
    }
    Value unpickle = obj_getattr_cstr(args[0], "_unpickle");
    if (!unpickle) return VNULL;
    return tuple_pack(2, unpickle, tuple_pack(2, zi->key, v_int(zi->source == SOURCE_CACHE)));
}

/* ---- construction and the caches ------------------------------------------------------------- */

static Value zoneinfo_alloc(Type *t) {
    Object *o = obj_alloc(t, t->basicsize);
    if (t->attrs_offset) instance_attrs(V_FROM_PTR(o), t)->map = t->root_map;
    ZoneInfoObject *zi = (ZoneInfoObject *)o;
    zi->key = V_NONE;
    zi->tti_before = -1;
    return V_FROM_PTR(o);
}

/* A zone read from the file _tzpath finds for key, or from the tzdata
 * package, bypassing the caches. */
static Value zoneinfo_new_instance(Type *t, Value key) {
    Value path = obj_call1(tzpath_find_tzfile, key);
    if (!path) return VNULL;
    Value file;
    if (path == V_NONE) {
        file = obj_call_method(common_module, "load_tzdata", &key, 1);
    } else {
        Value open_args[2] = {path, str_from_cstr("rb")};
        file = obj_call(io_open, open_args, 2, VNULL);
    }
    if (!file) return VNULL;
    Value self = zoneinfo_alloc(t);
    int r = load_data(ZI(self), file);
    /* close the file whatever happened, keeping load_data's error first */
    Value exc = r < 0 ? err_fetch() : VNULL;
    Value closed = obj_call_method(file, "close", NULL, 0);
    if (exc) {
        err_restore(exc);
        return VNULL;
    }
    if (!closed) return VNULL;
    ZI(self)->key = key;
    return self;
}

static Value weak_cache_of(Type *t) {
    if (t == &zoneinfo_type) return base_weak_cache;
    return obj_getattr_cstr(V_FROM_PTR(t), "_weak_cache");
}

/* The strong cache (the base class only): -1 with an error set, else the
 * position of key, or strong_count when absent. */
static int strong_cache_find(Value key) {
    for (int i = 0; i < strong_count; i++) {
        int eq = obj_richcompare_bool(key, strong_keys[i], CMP_EQ);
        if (eq < 0) return -1;
        if (eq) return i;
    }
    return strong_count;
}

static void strong_cache_remove(int i) {
    memmove(&strong_keys[i], &strong_keys[i + 1], (size_t)(strong_count - i - 1) * sizeof(Value));
    memmove(&strong_zones[i], &strong_zones[i + 1], (size_t)(strong_count - i - 1) * sizeof(Value));
    strong_count--;
    strong_keys[strong_count] = strong_zones[strong_count] = VNULL;
}

/* key and zone become the most recently used; the least recently used
 * beyond STRONG_CACHE_SIZE is dropped */
static void strong_cache_push(Value key, Value zone) {
    if (strong_count == STRONG_CACHE_SIZE) strong_count--;
    memmove(&strong_keys[1], &strong_keys[0], (size_t)strong_count * sizeof(Value));
    memmove(&strong_zones[1], &strong_zones[0], (size_t)strong_count * sizeof(Value));
    strong_keys[0] = key;
    strong_zones[0] = zone;
    strong_count++;
}

static void strong_cache_clear(void) {
    for (int i = 0; i < strong_count; i++) strong_keys[i] = strong_zones[i] = VNULL;
    strong_count = 0;
}

static Value zoneinfo_get(Type *t, Value key) {
    if (t == &zoneinfo_type) {
        int i = strong_cache_find(key);
        if (i < 0) return VNULL;
        if (i < strong_count) {
            Value zone = strong_zones[i];
            strong_cache_remove(i);
            strong_cache_push(key, zone);
            return zone;
        }
    }
    Value weak_cache = weak_cache_of(t);
    if (!weak_cache) return VNULL;
    Value get_args[2] = {key, V_NONE};
    Value zone = obj_call_method(weak_cache, "get", get_args, 2);
    if (!zone) return VNULL;
    if (zone == V_NONE) {
        Value fresh = zoneinfo_new_instance(t, key);
        if (!fresh) return VNULL;
        Value sd_args[2] = {key, fresh};
        zone = obj_call_method(weak_cache, "setdefault", sd_args, 2);
        if (!zone) return VNULL;
        if (v_is_ptr(zone) && obj_isinstance_type(zone, &zoneinfo_type)) ZI(zone)->source = SOURCE_CACHE;
    }
    if (t == &zoneinfo_type) strong_cache_push(key, zone);
    return zone;
}

static const ArgSpec zoneinfo_new_spec = {"ZoneInfo", 0, 1, 0, {"key", NULL}};

static Value zoneinfo_tp_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    Value key;
    if (arg_parse(&zoneinfo_new_spec, args, nargs, kwnames, &key) < 0) return VNULL;
    return zoneinfo_get(t, key);
}

static const ArgSpec no_cache_spec = {"no_cache", 0, 1, 0, {"key", NULL}};

static Value zoneinfo_no_cache(Value *args, size_t nargs, Value kwnames) {
    Value key;
    if (arg_parse(&no_cache_spec, args + 1, nargs - 1, kwnames, &key) < 0) return VNULL;
    Value zone = zoneinfo_new_instance(V_AS(Type, args[0]), key);
    if (zone) ZI(zone)->source = SOURCE_NOCACHE;
    return zone;
}

static const ArgSpec from_file_spec = {"from_file", 1, 1, 0, {"file_obj", "key=None", NULL}};

static Value zoneinfo_from_file(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&from_file_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value self = zoneinfo_alloc(V_AS(Type, args[0]));
    Value file_repr = obj_repr(a[0]);
    if (!file_repr || load_data(ZI(self), a[0]) < 0) return VNULL;
    ZI(self)->source = SOURCE_FILE;
    ZI(self)->file_repr = file_repr;
    ZI(self)->key = a[1] ? a[1] : V_NONE;
    return self;
}

static const ArgSpec clear_cache_spec = {"clear_cache", 0, 0, 1, {"only_keys=None", NULL}};

static Value zoneinfo_clear_cache(Value *args, size_t nargs, Value kwnames) {
    Value only_keys;
    if (arg_parse(&clear_cache_spec, args + 1, nargs - 1, kwnames, &only_keys) < 0) return VNULL;
    Type *t = V_AS(Type, args[0]);
    Value weak_cache = weak_cache_of(t);
    if (!weak_cache) return VNULL;
    if (!only_keys || only_keys == V_NONE) {
        if (!obj_call_method(weak_cache, "clear", NULL, 0)) return VNULL;
        if (t == &zoneinfo_type) strong_cache_clear();
        return V_NONE;
    }
    Value it = obj_iter(only_keys);
    if (!it) return VNULL;
    Value key;
    while ((key = obj_next(it))) {
        if (t == &zoneinfo_type) {
            int i = strong_cache_find(key);
            if (i < 0) return VNULL;
            if (i < strong_count) strong_cache_remove(i);
        }
        Value pop_args[2] = {key, V_NONE};
        if (!obj_call_method(weak_cache, "pop", pop_args, 2)) return VNULL;
    }
    return err_occurred() ? VNULL : V_NONE;
}

static Value zoneinfo_unpickle(Value *args, size_t nargs, Value kwnames) {
    /* PyArg_ParseTuple's unnamed wording, as CPython's */
    if (nargs - 1 != 2) return err_format(&exc_TypeError, "function takes exactly 2 arguments (%zd given)", (ssize_t)(nargs - 1));
    Type *t = V_AS(Type, args[0]);
    Value from_cache = args[2];
    /* the "B" converter: an integer, its low byte */
    Value idx = obj_index(from_cache);
    if (!idx) return VNULL;
    Value low = obj_binop(idx, v_int(0xff), BINOP_AND);
    if (!low) return VNULL;
    if (low != v_int(0)) return zoneinfo_get(t, args[1]);
    Value zone = zoneinfo_new_instance(t, args[1]);
    if (zone) ZI(zone)->source = SOURCE_NOCACHE;
    return zone;
}

/* each subclass gets its own weak cache (and no strong one) */
static Value zoneinfo_init_subclass(Value *args, size_t nargs, Value kwnames) {
    Value cache = obj_call0(weakvaluedict_class);
    if (!cache) return VNULL;
    if (obj_setattr(args[0], str_intern_cstr("_weak_cache"), cache) < 0) return VNULL;
    return V_NONE;
}

/* ---- the type and the module ----------------------------------------------------------------- */

static const MethodDef zoneinfo_methods[] = {
    /* no text signatures: CPython's parse with PyArg_ParseTupleAndKeywords */
    {"clear_cache", zoneinfo_clear_cache, MF_CLASS | MF_KEYWORDS, "Clear the ZoneInfo cache."},
    {"no_cache", zoneinfo_no_cache, MF_CLASS | MF_KEYWORDS, "Get a new instance of ZoneInfo, bypassing the cache."},
    {"from_file", zoneinfo_from_file, MF_CLASS | MF_KEYWORDS, "Create a ZoneInfo file from a file object."},
    {"utcoffset", zoneinfo_utcoffset, 0,
     "Retrieve a timedelta representing the UTC offset in a zone at the given datetime."},
    {"dst", zoneinfo_dst, 0,
     "Retrieve a timedelta representing the amount of DST applied in a zone at the given datetime."},
    {"tzname", zoneinfo_tzname, 0,
     "Retrieve a string containing the abbreviation for the time zone that applies in a zone at a given datetime."},
    {"fromutc", zoneinfo_fromutc, 0,
     "Given a datetime with local time in UTC, retrieve an adjusted datetime in local time."},
    {"__reduce__", zoneinfo_reduce, 0, "Function for serialization with the pickle protocol."},
    {"_unpickle", zoneinfo_unpickle, MF_CLASS, "Private method used in unpickling."},
    {"__init_subclass__", zoneinfo_init_subclass, MF_CLASS | MF_KEYWORDS, "Function to initialize subclasses."},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef zoneinfo_members[] = {
    {"key", zoneinfo_key, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type zoneinfo_type = {
    .tname = "zoneinfo.ZoneInfo",
    .flags = TF_BASETYPE | TF_WEAKREFABLE,
    .basicsize = sizeof(ZoneInfoObject),
    .new_ = zoneinfo_tp_new,
    .repr = zoneinfo_repr,
    .str = zoneinfo_str,
};

static Value import_attr(const char *module, const char *name) {
    Value m = import_name(str_intern_cstr(module), tuple_pack(1, str_intern_cstr(name)), v_int(0), VNULL);
    return m ? obj_getattr_cstr(m, name) : VNULL;
}

/* The type is readied once: importing zoneinfo._tzpath below may import
 * zoneinfo, whose __init__ imports _zoneinfo again (when _zoneinfo is
 * imported first), and that inner import must find the type whole. */
static int zoneinfo_type_init(void) {
    if (zoneinfo_type.flags & TF_READY) return 0;
    /* the C datetime's, whatever module datetime holds (as CPython's
       PyDateTime_IMPORT): datetime_fields() reads their structs */
    Value tzinfo = import_attr("_datetime", "tzinfo");
    if (!tzinfo) return -1;
    timedelta_class = import_attr("_datetime", "timedelta");
    weakvaluedict_class = import_attr("weakref", "WeakValueDictionary");
    if (!timedelta_class || !weakvaluedict_class) return -1;
    base_weak_cache = obj_call0(weakvaluedict_class);
    if (!base_weak_cache) return -1;
    timedelta_cache = dict_new();
    no_ttinfo = (TTInfo){V_NONE, V_NONE, V_NONE, 0};
    zoneinfo_type.base = V_AS(Type, tzinfo);
    zoneinfo_type.module = str_intern_cstr("zoneinfo");
    zoneinfo_type.name = str_intern_cstr("ZoneInfo");
    type_add_methods(&zoneinfo_type, zoneinfo_methods);
    type_add_members(&zoneinfo_type, zoneinfo_members);
    type_ready(&zoneinfo_type);
    return 0;
}

Value _zoneinfo_module_create(void) {
    if (zoneinfo_type_init() < 0) return VNULL;
    Value m = module_new_cstr("_zoneinfo");
    module_add(m, "__doc__", str_from_cstr("C implementation of the zoneinfo module"));
    module_add(m, "ZoneInfo", V_FROM_PTR(&zoneinfo_type));
    /* taken again at each creation, as CPython's module exec does: a fresh
       import of zoneinfo (test.support's import_fresh_module) brings new
       _tzpath and _common modules */
    Value open_fn = import_attr("io", "open");
    Value find_tzfile = open_fn ? import_attr("zoneinfo._tzpath", "find_tzfile") : VNULL;
    Value common = find_tzfile ? import_name(str_intern_cstr("zoneinfo._common"),
                                             tuple_pack(1, str_intern_cstr("load_data")), v_int(0), VNULL)
                               : VNULL;
    if (!common) return VNULL;
    io_open = open_fn;
    tzpath_find_tzfile = find_tzfile;
    common_module = common;
    return m;
}
