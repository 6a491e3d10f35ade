/* builtins.c: the builtins module. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../front/compiler.h"
#include "modules.h"
#include "../obj/gen.h"
#include "../runtime.h"
#include "../util/numfmt.h"
#include "../vm/traceback.h"
#include "../vm/config.h"

Value builtins_module;
Value sys_get_stream(const char *name);        /* sys.c */
extern Value sys_module;                       /* sys.c */
Value sys_stream_write(Value stream, Value s);  /* sys.c: write a str to a stream object */
int sys_stream_flush(Value stream);
int sys_stream_write_str_of(Value stream, Value v);   /* sys.c: write str(v), as CPython's print */
Value calliter_new(Value func, Value sentinel); /* misc.c */

#define NOKW(name)                                   \
    do {                                             \
        if (arg_nokw(name, kwnames) < 0) return VNULL; \
    } while (0)

/* ---- I/O -------------------------------------------------------------------------- */

/* As CPython: each argument is converted and written in turn, so what came
 * before a failing str() or write() stays written. */
/* breakpoint(*args, **kws): calls sys.breakpointhook */
static Value b_breakpoint(Value *args, size_t nargs, Value kwnames) {
    Value hook = dict_get_cstr(module_dict(sys_module), "breakpointhook");
    if (!hook) return err_set(&exc_RuntimeError, "lost sys.breakpointhook");
    return obj_call(hook, args, nargs, kwnames);
}

static Value b_print(Value *args, size_t nargs, Value kwnames) {
    static const char *const kws[] = {"sep", "end", "file", "flush", NULL};
    if (arg_kw_allowed("print", kwnames, kws) < 0) return VNULL;
    Value sep = arg_kw(args, nargs, kwnames, "sep");
    Value end = arg_kw(args, nargs, kwnames, "end");
    Value file = arg_kw(args, nargs, kwnames, "file");
    Value flush = arg_kw(args, nargs, kwnames, "flush");
    /* CPython's argument parser converts flush to a bool before anything */
    int do_flush = flush ? obj_truth(flush) : 0;
    if (do_flush < 0) return VNULL;
    if (!file || file == V_NONE) {
        file = sys_get_stream("stdout");
        if (!file) return VNULL;
        if (file == V_NONE) return V_NONE;
    }
    if (sep && sep != V_NONE && !str_check(sep))
        return err_format(&exc_TypeError, "sep must be None or a string, not %T", sep);
    if (end && end != V_NONE && !str_check(end))
        return err_format(&exc_TypeError, "end must be None or a string, not %T", end);
    if (!sep || sep == V_NONE) sep = str_ascii_char(' ');
    if (!end || end == V_NONE) end = str_ascii_char('\n');
    for (size_t i = 0; i < nargs; i++) {
        if (i && sys_stream_write_str_of(file, sep) < 0) return VNULL;
        if (sys_stream_write_str_of(file, args[i]) < 0) return VNULL;
    }
    if (sys_stream_write_str_of(file, end) < 0) return VNULL;
    if (do_flush && sys_stream_flush(file) < 0) return VNULL;
    return V_NONE;
}

/* Is stream (sys.stdin or sys.stdout) the terminal on file descriptor fd?
 * Errors (no fileno()) count as no. */
static bool stream_is_tty(Value stream, int fd) {
    if (!stream || stream == V_NONE) return false;
    Value r = obj_call_method(stream, "fileno", NULL, 0);
    if (!r) {
        err_clear();
        return false;
    }
    return r == v_int(fd) && isatty(fd);
}

/* input() through the readline module's line reader, as CPython does when
 * stdin and stdout are the terminal: the prompt goes to the line editor */
static Value input_readline(Value out, Value *args, size_t nargs) {
    Value prompt = str_from_cstr("");
    if (nargs == 1 && !(prompt = obj_str(args[0]))) return VNULL;
    if (sys_stream_flush(out) < 0) err_clear();
    Value pb = bytes_encode_str(prompt, str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
    if (!pb) return VNULL;
    if (memchr(bytes_data(pb), 0, (size_t)bytes_size(pb))) return err_set(&exc_ValueError, "input: prompt string cannot contain null characters");
    bool failed;
    char *line = readline_hook(bytes_data(pb), &failed);
    if (failed) return VNULL;
    if (!line) return err_set_exc(exc_new(&exc_EOFError, NULL, 0));   /* no message, as CPython's here */
    Value b = bytes_new(line, strlen(line));
    free(line);
    Value dargs[2] = {str_from_cstr("utf-8"), str_from_cstr("surrogateescape")};
    return obj_call_method(b, "decode", dargs, 2);
}

static const ArgSpec input_args = {"input", 1, 0, 0, {"prompt=''", NULL}};
static Value input_impl(Value *args, size_t nargs, Value kwnames) {
    /* as CPython: the three streams must exist; flushing errors are ignored */
    static const char *const names[] = {"stdin", "stdout", "stderr"};
    Value streams[3];
    for (int i = 0; i < 3; i++) {
        streams[i] = dict_get_cstr(module_dict(sys_module), names[i]);
        if (!streams[i] || streams[i] == V_NONE) return err_format(&exc_RuntimeError, "input(): lost sys.%s", names[i]);
    }
    Value in = streams[0], out = streams[1];
    if (sys_stream_flush(streams[2]) < 0) err_clear();
    if (readline_hook && stream_is_tty(in, 0) && stream_is_tty(out, 1)) {
        /* only this path reports the line read, as CPython's */
        Value r = input_readline(out, args, nargs);
        return r && AUDIT("builtins.input/result", 1, r) < 0 ? VNULL : r;
    }
    if (nargs == 1) {
        Value s = obj_str(args[0]);
        if (!s || !sys_stream_write(out, s)) return VNULL;
    }
    if (sys_stream_flush(out) < 0) err_clear();
    Value line = obj_call_method(in, "readline", NULL, 0);
    if (!line) return VNULL;
    if (!str_check(line)) return err_set(&exc_TypeError, "object.readline() returned non-string");
    int64_t n = str_nbytes(line);
    if (n == 0) return err_set(&exc_EOFError, "EOF when reading a line");
    if (str_data(line)[n - 1] == '\n') return str_new(str_data(line), (size_t)n - 1);
    return line;
}

/* ---- basic functions -------------------------------------------------------------- */

/* input(): the event "builtins.input" (prompt) first; the terminal
   (readline) path also raises "builtins.input/result" (the line) */
static Value b_input(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&input_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    if (AUDIT("builtins.input", 1, nargs ? args[0] : V_NONE) < 0) return VNULL;
    return input_impl(args, nargs, kwnames);
}

static const ArgSpec len_args = {"len", 1, 1, 0, {"obj", NULL}};
Value builtin_len(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&len_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    int64_t n = obj_len(args[0]);
    if (n < 0) return VNULL;
    return int_from_i64(n);
}

static const ArgSpec repr_args = {"repr", 1, 1, 0, {"obj", NULL}};
static Value b_repr(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&repr_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    return obj_repr(args[0]);
}

static const ArgSpec ascii_args = {"ascii", 1, 1, 0, {"obj", NULL}};
static Value b_ascii(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&ascii_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    return obj_ascii(args[0]);
}

static const ArgSpec abs_args = {"abs", 1, 1, 0, {"x", NULL}};
Value builtin_abs(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&abs_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value v = args[0];
    if (v_is_int(v) && v != v_int(SMALLINT_MIN)) return v_int(v_intval(v) < 0 ? -v_intval(v) : v_intval(v));
    if (v_is_smallfloat(v)) return float_from_double(fabs(v_smallfloat_val(v)));
    return obj_unop(v, UNOP_ABS);
}

static const ArgSpec hash_args = {"hash", 1, 1, 0, {"obj", NULL}};
static Value b_hash(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&hash_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    int64_t h = obj_hash(args[0]);
    if (h == -1) return VNULL;
    return int_from_i64(h);
}

static const ArgSpec id_args = {"id", 1, 1, 0, {"obj", NULL}};
static Value b_id(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&id_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value v = args[0];
    if (v_is_int(v) || v_is_smallfloat(v)) {
        /* immediates have no address: derive a stable number from the value
           (never collides with a real address: those are 8-aligned, this is odd) */
        Value r = int_from_u64(((uint64_t)v << 1) | 1);
        return AUDIT("builtins.id", 1, r) < 0 ? VNULL : r;
    }
    Value r = int_from_u64((uint64_t)v);
    return AUDIT("builtins.id", 1, r) < 0 ? VNULL : r;
}

static const ArgSpec callable_args = {"callable", 1, 1, 0, {"obj", NULL}};
static Value b_callable(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&callable_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    return v_bool(type_of(args[0])->call != NULL);
}

static const ArgSpec chr_args = {"chr", 1, 1, 0, {"i", NULL}};
static Value b_chr(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&chr_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value iv = obj_index(args[0]);
    if (!iv) return VNULL;
    int64_t c = int_as_i64(iv);
    if (c == -1 && err_occurred()) {
        err_clear();
        return err_set(&exc_OverflowError, "Python int too large to convert to C int");
    }
    if (c < 0 || c > 0x10FFFF) return err_set(&exc_ValueError, "chr() arg not in range(0x110000)");
    return str_from_codepoint((uint32_t)c);
}

static const ArgSpec ord_args = {"ord", 1, 1, 0, {"c", NULL}};
static Value b_ord(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&ord_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value s = args[0];
    if (str_check(s)) {
        if (str_len(s) != 1)
            return err_format(&exc_TypeError, "ord() expected a character, but string of length %lld found",
                              (long long)str_len(s));
        return v_int(str_char_at(s, 0));
    }
    const char *p;
    int64_t n;
    if (byteslike_view(s, &p, &n)) {
        if (n != 1)
            return err_format(&exc_TypeError, "ord() expected a character, but string of length %lld found",
                              (long long)n);
        return v_int((unsigned char)p[0]);
    }
    return err_format(&exc_TypeError, "ord() expected string of length 1, but %T found", s);
}

static Value int_to_base(Value v, int base, const char *prefix) {
    Value iv = obj_index(v);
    if (!iv) return VNULL;
    mpz_t z;
    mpz_init(z);
    int_to_mpz(iv, z);
    bool neg = mpz_sgn(z) < 0;
    mpz_abs(z, z);
    char *digits = gc_alloc_atomic(mpz_sizeinbase(z, base) + 2);
    mpz_get_str(digits, base, z);
    mpz_clear(z);
    return str_printf("%s%s%s", neg ? "-" : "", prefix, digits);
}

static const ArgSpec hex_args = {"hex", 1, 1, 0, {"number", NULL}};
static Value b_hex(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&hex_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    return int_to_base(args[0], 16, "0x");
}
static const ArgSpec oct_args = {"oct", 1, 1, 0, {"number", NULL}};
static Value b_oct(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&oct_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    return int_to_base(args[0], 8, "0o");
}
static const ArgSpec bin_args = {"bin", 1, 1, 0, {"number", NULL}};
static Value b_bin(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&bin_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    return int_to_base(args[0], 2, "0b");
}

static const ArgSpec divmod_args = {"divmod", 2, 2, 0, {"x", "y", NULL}};
static Value b_divmod(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&divmod_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value a = args[0], b = args[1];
    /* the fast paths are for the builtin numbers; a subclass may override */
    bool plain = !type_has_flag(type_of(a), TF_HEAPTYPE) && !type_has_flag(type_of(b), TF_HEAPTYPE);
    if (plain && int_check(a) && int_check(b)) {
        Value q = obj_binop(a, b, BINOP_FLOORDIV);
        if (!q) return VNULL;
        Value r = obj_binop(a, b, BINOP_MOD);
        if (!r) return VNULL;
        return tuple_pack(2, q, r);
    }
    if (plain && (float_check(a) || int_check(a)) && (float_check(b) || int_check(b))) {
        double x = obj_as_double(a), y = obj_as_double(b);
        if (err_occurred()) return VNULL;
        if (y == 0.0) return err_set(&exc_ZeroDivisionError, "float divmod()");
        return tuple_pack(2, float_from_double(float_floordiv(x, y)), float_from_double(float_mod(x, y)));
    }
    bool found;
    Value r;
    Type *ta = type_of(a), *tb = type_of(b);
    /* as CPython's binary operators: a subclass of a's type that overrides
       __rdivmod__ is asked first */
    Value rd = NAME(__rdivmod__);
    bool b_first = ta != tb && type_is_subtype(tb, ta) && type_lookup(tb, rd) && type_lookup(tb, rd) != type_lookup(ta, rd);
    if (b_first) {
        r = obj_call_special(b, rd, &a, 1, &found);
        if (found && !r) return VNULL;
        if (found && r != V_NOTIMPL) return r;
    }
    r = obj_call_special(a, NAME(__divmod__), &b, 1, &found);
    if (found && r != V_NOTIMPL) return r;
    if (found && !r) return VNULL;
    if (b_first || ta == tb) return err_format(&exc_TypeError, "unsupported operand type(s) for divmod(): '%T' and '%T'", a, b);
    r = obj_call_special(b, rd, &a, 1, &found);
    if (found && r != V_NOTIMPL) return r;
    if (found && !r) return VNULL;
    return err_format(&exc_TypeError, "unsupported operand type(s) for divmod(): '%T' and '%T'", a, b);
}

static const ArgSpec pow_args = {"pow", 0, 2, 0, {"base", "exp", "mod=None", NULL}};
static Value b_pow(Value *args, size_t nargs, Value kwnames) {
    Value p[3];
    if (arg_parse(&pow_args, args, nargs, kwnames, p) < 0) return VNULL;
    Value base = p[0], exp = p[1], mod = p[2];
    if (!mod || mod == V_NONE) return obj_binop(base, exp, BINOP_POW);
    /* a class's __pow__ takes the modulus (three-argument pow never calls
       __rpow__), int subclasses' too */
    Value pow_method = type_has_flag(type_of(base), TF_HEAPTYPE) ? type_lookup(type_of(base), str_intern_cstr("__pow__")) : VNULL;
    if (pow_method && type_of(pow_method) != &slot_wrapper_type) {   /* a builtin base's: below */
        Value a[2] = {exp, mod};
        bool found;
        Value r = obj_call_special(base, str_intern_cstr("__pow__"), a, 2, &found);
        if (!r) return VNULL;
        if (found && r != V_NOTIMPL) return r;
    }
    if (!int_check(base) || !int_check(exp) || !int_check(mod)) {
        /* complex's __pow__ refuses any modulus once its operands are numbers */
        bool numbers = (int_check(base) || float_check(base) || complex_check(base)) &&
                       (int_check(exp) || float_check(exp) || complex_check(exp));
        if (numbers && (complex_check(base) || complex_check(exp) || complex_check(mod)))
            return err_set(&exc_ValueError, "complex modulo");
        if (float_check(base) || float_check(exp) || float_check(mod))
            return err_set(&exc_TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
        return err_format(&exc_TypeError, "unsupported operand type(s) for ** or pow(): '%T', '%T', '%T'", base, exp,
                          mod);
    }
    if (int_is_zero(mod)) return err_set(&exc_ValueError, "pow() 3rd argument cannot be 0");
    mpz_t b, e, m, r;
    mpz_inits(b, e, m, r, NULL);
    int_to_mpz(base, b);
    int_to_mpz(exp, e);
    int_to_mpz(mod, m);
    bool negmod = mpz_sgn(m) < 0;
    mpz_abs(m, m);
    if (mpz_sgn(e) < 0) {
        if (!mpz_invert(b, b, m)) {
            mpz_clears(b, e, m, r, NULL);
            return err_set(&exc_ValueError, "base is not invertible for the given modulus");
        }
        mpz_neg(e, e);
    }
    mpz_powm(r, b, e, m);
    if (negmod && mpz_sgn(r) != 0) mpz_sub(r, r, m);
    Value res = int_from_mpz(r);
    mpz_clears(b, e, m, r, NULL);
    return res;
}

static const ArgSpec round_args = {"round", 0, 1, 0, {"number", "ndigits=None", NULL}};
static Value b_round(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&round_args, args, nargs, kwnames, a) < 0) return VNULL;
    Value x = a[0], nd = a[1];
    bool found;
    Value r = obj_call_special(x, NAME(__round__), (nd && nd != V_NONE) ? &nd : NULL, (nd && nd != V_NONE) ? 1 : 0,
                               &found);
    if (!found) return err_format(&exc_TypeError, "type %T doesn't define __round__ method", x);
    return r;
}

/* ---- iteration helpers ------------------------------------------------------------- */

static Value b_iter(Value *args, size_t nargs, Value kwnames) {
    NOKW("iter");
    if (arg_count("iter", nargs, 1, 2) < 0) return VNULL;
    if (nargs == 2) {
        if (!type_of(args[0])->call) return err_set(&exc_TypeError, "iter(v, w): v must be callable");
        return calliter_new(args[0], args[1]);
    }
    return obj_iter(args[0]);
}

static Value b_next(Value *args, size_t nargs, Value kwnames) {
    NOKW("next");
    if (arg_count("next", nargs, 1, 2) < 0) return VNULL;
    Type *t = type_of(args[0]);
    if (!t->iternext) return err_format(&exc_TypeError, "'%s' object is not an iterator", t->tname);
    Value r = gen_check(args[0]) ? gen_next_raising(args[0]) : t->iternext(args[0]);
    if (r) return r;
    if (err_occurred()) {
        if (nargs == 2 && err_matches(&exc_StopIteration)) {
            err_clear();
            return args[1];
        }
        return VNULL;
    }
    if (nargs == 2) return args[1];
    return err_set_value(&exc_StopIteration, VNULL);
}

static const ArgSpec sorted_args = {"sort", 1, 1, 2, {"iterable", "key=None", "reverse=False", NULL}};
static Value b_sorted(Value *args, size_t nargs, Value kwnames) {
    if (nargs != 1) {
        if (nargs == 0) return err_set(&exc_TypeError, "sorted expected 1 argument, got 0");
        return err_format(&exc_TypeError, "sorted expected 1 argument, got %zd", (ssize_t)nargs);
    }
    /* CPython's own count message above; keywords as list.sort's */
    Value a[3];
    if (arg_parse(&sorted_args, args, nargs, kwnames, a) < 0) return VNULL;
    Value l = list_from_iterable(args[0]);
    if (!l) return VNULL;
    Value key = a[1], rev = a[2];
    if (key == V_NONE) key = VNULL;
    int r = 0;
    if (rev) {
        r = obj_truth(rev);
        if (r < 0) return VNULL;
    }
    if (list_sort(l, key, r) < 0) return VNULL;
    return l;
}

static Value minmax(Value *args, size_t nargs, Value kwnames, int op, const char *name) {
    static const char *const kws[] = {"key", "default", NULL};
    if (arg_kw_allowed(name, kwnames, kws) < 0) return VNULL;
    Value key = arg_kw(args, nargs, kwnames, "key");
    Value dflt = arg_kw(args, nargs, kwnames, "default");
    if (key == V_NONE) key = VNULL;
    if (nargs == 0) return err_format(&exc_TypeError, "%s expected at least 1 argument, got 0", name);
    Value it;
    if (nargs == 1) {
        it = obj_iter(args[0]);
        if (!it) return VNULL;
    } else {
        if (dflt)
            return err_format(&exc_TypeError,
                              "Cannot specify a default for %s() with multiple positional arguments", name);
        it = seqiter_new(tuple_from_array(args, (int64_t)nargs));
    }
    Value best = VNULL, bestkey = VNULL;
    GenAheadIter ai;
    gen_ahead_init(&ai, it);
    for (;;) {
        /* numbers compare with numbers without Python code or errors: a
           generator of them may run ahead while the best is one too */
        bool numbers_so_far = gen_ahead_will_refill(&ai) && !key && (!best || gen_ahead_accepts(GEN_AHEAD_NUMBER, best));
        Value x = gen_ahead_next(&ai, numbers_so_far ? GEN_AHEAD_NUMBER : GEN_AHEAD_NONE);
        if (!x) {
            if (err_occurred()) return VNULL;
            break;
        }
        Value k = key ? obj_call1(key, x) : x;
        if (!k) return VNULL;
        if (!best) {
            best = x;
            bestkey = k;
            continue;
        }
        int c;
        if (v_is_int(k) && v_is_int(bestkey))   /* small ints: no dispatch */
            c = op == CMP_LT ? v_intval(k) < v_intval(bestkey) : v_intval(k) > v_intval(bestkey);
        else if ((c = obj_richcompare_bool(k, bestkey, op)) < 0)
            return VNULL;
        if (c) {
            best = x;
            bestkey = k;
        }
    }
    if (!best) {
        if (dflt) return dflt;
        return err_format(&exc_ValueError, "%s() arg is an empty sequence", name);
    }
    return best;
}

Value builtin_min(Value *args, size_t nargs, Value kwnames) { return minmax(args, nargs, kwnames, CMP_LT, "min"); }
Value builtin_max(Value *args, size_t nargs, Value kwnames) { return minmax(args, nargs, kwnames, CMP_GT, "max"); }

static const ArgSpec sum_args = {"sum", 1, 1, 0, {"iterable", "start=0", NULL}};
static Value b_sum(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&sum_args, args, nargs, kwnames, a) < 0) return VNULL;
    Value start = a[1];
    if (!start) start = v_int(0);
    if (str_check(start)) return err_set(&exc_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
    if (bytes_check(start)) return err_set(&exc_TypeError, "sum() can't sum bytes [use b''.join(seq) instead]");
    if (bytearray_check(start))
        return err_set(&exc_TypeError, "sum() can't sum bytearray [use b''.join(seq) instead]");
    Value it = obj_iter(args[0]);
    if (!it) return VNULL;
    Value acc = start;
    /* fast accumulation over small ints and floats */
    double facc = 0;
    bool in_float = false;
    GenAheadIter ai;
    gen_ahead_init(&ai, it);
    for (;;) {
        /* a total that is a small int or a float takes small ints and
           floats without Python code or errors (a batch of them cannot
           grow a small int beyond what converts to a float), so a
           generator of them may run ahead of the adds */
        bool plain_total = gen_ahead_will_refill(&ai) && (in_float || v_is_int(acc) || float_check_exact(acc));
        Value x = gen_ahead_next(&ai, plain_total ? GEN_AHEAD_SMALL_NUMBER : GEN_AHEAD_NONE);
        if (!x) {
            if (err_occurred()) return VNULL;
            break;
        }
        if (in_float) {
            if (float_check_exact(x)) {
                facc += float_val(x);
                continue;
            }
            if (v_is_int(x)) {
                facc += (double)v_intval(x);
                continue;
            }
            acc = float_from_double(facc);
            in_float = false;
        }
        if (v_is_int(acc) && v_is_int(x)) {
            int64_t r;
            if (!__builtin_add_overflow(v_intval(acc), v_intval(x), &r) && smallint_fits(r)) {
                acc = v_int(r);
                continue;
            }
        }
        if (float_check_exact(acc) && (float_check_exact(x) || v_is_int(x))) {
            facc = float_val(acc) + (v_is_int(x) ? (double)v_intval(x) : float_val(x));
            in_float = true;
            continue;
        }
        acc = obj_binop(acc, x, BINOP_ADD);
        if (!acc) return VNULL;
    }
    if (in_float) acc = float_from_double(facc);
    return acc;
}

static const ArgSpec all_args = {"all", 1, 1, 0, {"iterable", NULL}};
static Value b_all(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&all_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value it = obj_iter(args[0]);
    if (!it) return VNULL;
    GenAheadIter ai;
    gen_ahead_init(&ai, it);
    for (;;) {
        Value x = gen_ahead_next(&ai, GEN_AHEAD_PLAIN_TRUE);
        if (!x) return err_occurred() ? VNULL : V_TRUE;
        int t = obj_truth(x);
        if (t < 0) return VNULL;
        if (!t) return V_FALSE;
    }
}

static const ArgSpec any_args = {"any", 1, 1, 0, {"iterable", NULL}};
static Value b_any(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&any_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value it = obj_iter(args[0]);
    if (!it) return VNULL;
    GenAheadIter ai;
    gen_ahead_init(&ai, it);
    for (;;) {
        Value x = gen_ahead_next(&ai, GEN_AHEAD_PLAIN_FALSE);
        if (!x) return err_occurred() ? VNULL : V_FALSE;
        int t = obj_truth(x);
        if (t < 0) return VNULL;
        if (t) return V_TRUE;
    }
}

/* ---- attributes ------------------------------------------------------------------- */

Value builtin_getattr(Value *args, size_t nargs, Value kwnames) {
    NOKW("getattr");
    if (nargs < 2) return err_format(&exc_TypeError, "getattr expected at least 2 arguments, got %zd", (ssize_t)nargs);
    if (nargs > 3) return err_format(&exc_TypeError, "getattr expected at most 3 arguments, got %zd", (ssize_t)nargs);
    if (!str_check(args[1])) return err_format(&exc_TypeError, "attribute name must be string, not '%T'", args[1]);
    if (nargs == 3) {
        Value r = obj_getattr_opt(args[0], args[1]);
        if (r || err_occurred()) return r;
        return args[2];
    }
    return obj_getattr(args[0], args[1]);
}

static const ArgSpec setattr_args = {"setattr", 3, 3, 0, {"obj", "name", "value", NULL}};
static Value b_setattr(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&setattr_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    if (obj_setattr(args[0], args[1], args[2]) < 0) return VNULL;
    return V_NONE;
}

static const ArgSpec delattr_args = {"delattr", 2, 2, 0, {"obj", "name", NULL}};
static Value b_delattr(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&delattr_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    if (obj_setattr(args[0], args[1], VNULL) < 0) return VNULL;
    return V_NONE;
}

static const ArgSpec hasattr_args = {"hasattr", 2, 2, 0, {"obj", "name", NULL}};
Value builtin_hasattr(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&hasattr_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    if (!str_check(args[1])) return err_format(&exc_TypeError, "attribute name must be string, not '%T'", args[1]);
    int r = obj_hasattr(args[0], args[1]);
    return r < 0 ? VNULL : v_bool(r);
}

static const ArgSpec isinstance_args = {"isinstance", 2, 2, 0, {"obj", "class_or_tuple", NULL}};
Value builtin_isinstance(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&isinstance_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    int r = obj_isinstance(args[0], args[1]);
    return r < 0 ? VNULL : v_bool(r);
}

static const ArgSpec issubclass_args = {"issubclass", 2, 2, 0, {"cls", "class_or_tuple", NULL}};
Value builtin_issubclass(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&issubclass_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    int r = obj_issubclass(args[0], args[1]);
    return r < 0 ? VNULL : v_bool(r);
}

static const ArgSpec format_args = {"format", 2, 1, 0, {"value", "format_spec=''", NULL}};
static Value b_format(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&format_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value spec = nargs > 1 ? args[1] : str_empty;
    if (!str_check(spec)) return err_format(&exc_TypeError, "format() argument 2 must be str, not %T", spec);
    return obj_format(args[0], spec);
}

/* ---- namespaces -------------------------------------------------------------------- */

static Value current_globals(void) {
    Frame *f = tstate.frame;
    return f ? f->globals : module_dict(tstate.main_module);
}

static const ArgSpec globals_args = {"globals", 0, 0, 0, {NULL}};
static Value b_globals(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&globals_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    return current_globals();
}

Value frame_locals_dict(Frame *f) {
    if (f->locals) return f->locals;
    if (!f->func) return f->globals;
    return sys_frame_locals(f);
}

Value frame_locals_copy(Frame *f) {
    if (f->locals) return f->locals;
    if (!f->func) return f->globals;
    Value d = dict_new();
    sys_fast_to_locals(f, d);
    return d;
}

static const ArgSpec locals_args = {"locals", 0, 0, 0, {NULL}};
static Value b_locals(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&locals_args, args, nargs, kwnames, NULL) < 0) return VNULL;
    if (!tstate.frame) return module_dict(tstate.main_module);
    return frame_locals_dict(tstate.frame);
}

static Value b_vars(Value *args, size_t nargs, Value kwnames) {
    NOKW("vars");
    if (arg_count("vars", nargs, 0, 1) < 0) return VNULL;
    if (nargs == 0) return b_locals(args, 0, VNULL);
    Value d = obj_getattr_opt(args[0], NAME(__dict__));
    if (!d) {
        if (err_occurred()) return VNULL;
        return err_set(&exc_TypeError, "vars() argument must have __dict__ attribute");
    }
    return d;
}

static Value b_dir(Value *args, size_t nargs, Value kwnames) {
    NOKW("dir");
    if (arg_count("dir", nargs, 0, 1) < 0) return VNULL;
    Value keys;
    if (nargs == 0) {
        /* the local namespace may be any mapping (eval/exec's locals):
           its keys() as CPython's PyMapping_Keys takes them */
        Value ns = frame_locals_dict(tstate.frame);
        if (!ns) return VNULL;
        if (dict_check_exact(ns)) {
            keys = dict_keys_list(ns);
        } else {
            Value k = obj_call_method(ns, "keys", NULL, 0);
            keys = k ? list_from_iterable(k) : VNULL;
            if (!keys) return VNULL;
        }
    } else if (type_check(args[0]) && (type_of(args[0]) == &type_type ||
                                        type_lookup(type_of(args[0]), str_intern_cstr("__dir__")) ==
                                            type_lookup(&type_type, str_intern_cstr("__dir__")))) {
        /* a class whose metaclass keeps type's __dir__ (EnumType has its own) */
        Value d = dict_new();
        Value mro = V_AS(Type, args[0])->mro;
        for (int64_t i = tuple_size(mro) - 1; i >= 0; i--) dict_update(d, V_AS(Type, tuple_get(mro, i))->dict);
        keys = dict_keys_list(d);
    } else {
        bool found;
        Value r = obj_call_special(args[0], str_intern_cstr("__dir__"), NULL, 0, &found);
        if (!r) return VNULL;
        keys = list_from_iterable(r);
        if (!keys) return VNULL;
    }
    if (list_sort(keys, VNULL, false) < 0) return VNULL;
    return keys;
}

/* ---- exec / eval / compile -------------------------------------------------------------- */

static Value byteslike_to_str(Value v) {
    const char *p = "";
    int64_t n = 0;
    byteslike_view(v, &p, &n);
    return str_new(p, (size_t)n);
}

static Value exec_eval(Value *args, size_t nargs, Value kwnames, bool is_eval) {
    const char *name = is_eval ? "eval" : "exec";
    Value src = nargs > 0 ? args[0] : VNULL;
    Value globals = nargs > 1 ? args[1] : arg_kw(args, nargs, kwnames, "globals");
    Value locals = nargs > 2 ? args[2] : arg_kw(args, nargs, kwnames, "locals");
    if (!src) return err_format(&exc_TypeError, "%s expected at least 1 argument, got 0", name);
    if (globals == V_NONE) globals = VNULL;
    if (locals == V_NONE) locals = VNULL;
    if (globals && !dict_check(globals))
        return err_format(&exc_TypeError, "%s() globals must be a dict, not %T", name, globals);
    if (!globals) {
        globals = current_globals();
        if (!locals && tstate.frame && tstate.frame->func) locals = frame_locals_dict(tstate.frame);
    }
    DictObject *g = V_AS(DictObject, globals);
    if (!g->cells) {
        /* globals of executed code live in cells: convert the dict in place */
        Value copy = dict_copy(globals);
        dict_clear(globals);
        g->cells = true;
        dict_update(globals, copy);
    }
    if (!dict_get_str(globals, NAME(__builtins__))) dict_set(globals, NAME(__builtins__), builtins_module);
    CodeObject *co;
    if (code_check(src)) {
        co = V_AS(CodeObject, src);
    } else {
        bool text = str_check(src);
        if (byteslike_check(src)) src = byteslike_to_str(src);
        if (!str_check(src))
            return err_format(&exc_TypeError, "%s() arg 1 must be a string, bytes or code object", name);
        const char *s = str_data(src);
        size_t n = (size_t)str_nbytes(src);
        if (memchr(s, 0, n)) return err_set(&exc_ValueError, "source code string cannot contain null bytes");
        if (is_eval)
            while (n && (*s == ' ' || *s == '\t')) s++, n--;
        /* the calling code's __future__ features carry over */
        int future = tstate.frame && tstate.frame->code && (tstate.frame->code->flags & CO_FUTURE_ANNOTATIONS)
                         ? AST_FUTURE_ANNOTATIONS
                         : 0;
        if (AUDIT("compile", 2, bytes_new(s, n), str_from_cstr("<string>")) < 0) return VNULL;
        co = compile_flags(s, n, "<string>", is_eval ? COMPILE_EVAL : COMPILE_EXEC, text, future);
        if (!co) return VNULL;
    }
    if (AUDIT("exec", 1, V_FROM_PTR(co)) < 0) return VNULL;
    Value closure = is_eval ? VNULL : arg_kw(args, nargs, kwnames, "closure");
    if (closure == V_NONE) closure = VNULL;
    if (closure && !code_check(args[0]))
        return err_set(&exc_TypeError, "closure can only be used when source is a code object");
    if (co->nfrees && !closure)
        return err_format(&exc_TypeError, "code object passed to %s() may not contain free variables", name);
    Value r;
    if (closure) {
        /* exec(code, globals, closure=cells): the code runs as the body of
           a function whose free variables are those cells */
        if (!tuple_check(closure) || tuple_size(closure) != co->nfrees)
            return err_format(&exc_TypeError, "code object requires a closure of exactly length %d", (int)co->nfrees);
        for (int64_t i = 0; i < tuple_size(closure); i++)
            if (!cell_check(tuple_get(closure, i))) return err_set(&exc_TypeError, "closure can only be a tuple of cells");
        Value fn = function_new(co, globals, co->name);
        V_AS(FunctionObject, fn)->closure = closure;
        r = obj_call(fn, NULL, 0, VNULL);
    } else if (co->flags & CO_GENERATOR) {
        /* code of a generator or coroutine (top-level await's module code,
           compile(flags=PyCF_ALLOW_TOP_LEVEL_AWAIT)): evaluating it makes
           the generator or coroutine object, as CPython's */
        Value fn = function_new(co, globals, co->name);
        Value b = dict_get_str(globals, NAME(__builtins__));
        if (b && module_check(b)) b = module_dict(b);
        if (b) V_AS(FunctionObject, fn)->builtins = b;
        Frame *gf = frame_setup_call(V_AS(FunctionObject, fn), NULL, 0, VNULL, true);
        if (!gf) return VNULL;
        if (locals && locals != globals) gf->locals = locals;
        r = gen_new(gf, V_AS(FunctionObject, fn));
    } else {
        /* a dict subclass as globals is also the locals, subscripted by
           the name instructions (its __getitem__ runs), as CPython's */
        if (!locals && !dict_check_exact(globals)) locals = globals;
        r = eval_module_code(co, globals, locals && (locals != globals || !dict_check_exact(globals)) ? locals : VNULL);
    }
    if (!r) return VNULL;
    return is_eval ? r : V_NONE;
}

static Value b_exec(Value *args, size_t nargs, Value kwnames) { return exec_eval(args, nargs, kwnames, false); }
static Value b_eval(Value *args, size_t nargs, Value kwnames) { return exec_eval(args, nargs, kwnames, true); }

/* CPython's PyCF_MASK (the __future__ flags), PyCF_MASK_OBSOLETE and
 * PyCF_COMPILE_MASK: the flags compile() accepts */
#define COMPILE_FLAGS_ALLOWED (0x1fe0000 | 0x10 | 0x400 | 0x1000 | 0x2000 | 0x200 | 0x4000)

static Value compile_object(Value src, Value filename, int m, int flags, bool only_ast, int is_ast,
                            int feature_version);

static Value b_compile(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"compile", 0, 3, 1,
        {"source", "filename", "mode", "flags", "dont_inherit", "optimize", "_feature_version", NULL}};
    Value a[7];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    /* the event shows source text as the parser gets it: UTF-8 bytes */
    if (audit_enabled &&
        sys_audit("compile", 2, str_check(a[0]) ? bytes_new(str_data(a[0]), (size_t)str_nbytes(a[0])) : a[0], a[1]) < 0)
        return VNULL;
    Value src = a[0], filename = a[1], mode = a[2];
    int64_t flags = 0, optimize = -1, feature_version = -1;
    if (a[3] && (flags = obj_index_i64(a[3])) == -1 && err_occurred()) return VNULL;
    int dont_inherit = a[4] ? obj_truth(a[4]) : 0;
    if (dont_inherit < 0) return VNULL;
    if (a[5] && (optimize = obj_index_i64(a[5])) == -1 && err_occurred()) return VNULL;
    if (a[6] && (feature_version = obj_index_i64(a[6])) == -1 && err_occurred()) return VNULL;
    if (feature_version > 1000) feature_version = 1000;
    if (!str_check(filename) && !bytes_check(filename)) {   /* os.PathLike */
        bool found;
        Value p = obj_call_special(filename, str_intern_cstr("__fspath__"), NULL, 0, &found);
        if (!p && found) return VNULL;
        if (p) filename = p;
    }
    if (!str_check(filename) && !bytes_check(filename) && buffer_check(filename)) {
        /* CPython 3.11 still takes a bytearray or memoryview, with a warning */
        if (warn_c(&exc_DeprecationWarning,
                   str_printf("path should be string, bytes, or os.PathLike, not %s", type_of(filename)->tname), 1) < 0)
            return VNULL;
        BufferInfo bi;
        if (buffer_get(filename, &bi, false) < 0) return VNULL;
        filename = bytes_new(bi.data, (size_t)bi.len);
    }
    if (bytes_check(filename)) filename = str_new(bytes_data(filename), (size_t)bytes_size(filename));
    if (!str_check(filename))
        return err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %T", filename);
    if (!str_check(mode)) return err_format(&exc_TypeError, "compile() argument 'mode' must be str, not %T", mode);
    if (flags & ~(int64_t)COMPILE_FLAGS_ALLOWED) return err_set(&exc_ValueError, "compile(): unrecognised flags");
    if (optimize < -1 || optimize > 2) return err_set(&exc_ValueError, "compile(): invalid optimize value");
    bool only_ast = (flags & AST_PYCF_ONLY_AST) != 0;
    /* the calling code's __future__ features carry over */
    if (!dont_inherit && tstate.frame && tstate.frame->code && (tstate.frame->code->flags & CO_FUTURE_ANNOTATIONS))
        flags |= 0x1000000;
    int m;   /* 0 exec, 1 eval, 2 single, 3 func_type, as _ast.c counts them */
    if (str_eq_cstr(mode, "exec")) m = 0;
    else if (str_eq_cstr(mode, "eval")) m = 1;
    else if (str_eq_cstr(mode, "single")) m = 2;
    else if (str_eq_cstr(mode, "func_type") && only_ast) m = 3;
    else if (str_eq_cstr(mode, "func_type"))
        return err_set(&exc_ValueError, "compile() mode 'func_type' requires flag PyCF_ONLY_AST");
    else
        return err_set(&exc_ValueError, only_ast ? "compile() mode must be 'exec', 'eval', 'single' or 'func_type'"
                                                 : "compile() mode must be 'exec', 'eval' or 'single'");
    int is_ast = ast_check(src);
    if (is_ast < 0) return VNULL;
    /* the compiler reads the optimization level from the configuration
       (-O); compile(optimize=N) sets it for this compilation (the
       interpreter lock is held throughout) */
    int saved_optimize = tpy_config.optimize;
    if (optimize >= 0 && !only_ast) tpy_config.optimize = (int)optimize;
    Value r = compile_object(src, filename, m, (int)flags, only_ast, is_ast, (int)feature_version);
    tpy_config.optimize = saved_optimize;
    return r;
}

/* compile()'s work once its arguments are checked */
static Value compile_object(Value src, Value filename, int m, int flags, bool only_ast, int is_ast,
                            int feature_version) {
    bool text = str_check(src);
    if (is_ast) return only_ast ? src : ast_compile_object(src, str_data(filename), m, (int)flags);
    if (byteslike_check(src)) src = byteslike_to_str(src);
    if (!str_check(src)) return err_set(&exc_TypeError, "compile() arg 1 must be a string, bytes or AST object");
    if (memchr(str_data(src), 0, (size_t)str_nbytes(src)))
        return err_set(&exc_ValueError, "source code string cannot contain null bytes");
    if (only_ast) return ast_parse_object(str_data(src), (size_t)str_nbytes(src), text, str_data(filename), m,
                                         feature_version, (flags & AST_PYCF_TYPE_COMMENTS) != 0);
    static const CompileMode cmode[] = {COMPILE_EXEC, COMPILE_EVAL, COMPILE_INTERACTIVE};
    CodeObject *co = compile_flags(str_data(src), (size_t)str_nbytes(src), str_data(filename), cmode[m], text, (int)flags);
    return co ? V_FROM_PTR(co) : VNULL;
}

/* ---- classes -------------------------------------------------------------------------- */

static Value b_build_class(Value *args, size_t nargs, Value kwnames) {
    if (nargs < 2) return err_set(&exc_TypeError, "__build_class__: not enough arguments");
    Value func = args[0], name = args[1];
    if (!function_check(func)) return err_set(&exc_TypeError, "__build_class__: func must be a function");
    if (!str_check(name)) return err_set(&exc_TypeError, "__build_class__: name is not a string");
    Value bases = tuple_from_array(args + 2, (int64_t)nargs - 2);
    Value meta = VNULL;
    Value kw = VNULL;
    if (kwnames && tuple_size(kwnames)) {
        kw = dict_new();
        for (int64_t i = 0; i < tuple_size(kwnames); i++) {
            Value k = tuple_get(kwnames, i);
            if (str_eq_cstr(k, "metaclass")) meta = args[nargs + (size_t)i];
            else dict_set(kw, k, args[nargs + (size_t)i]);
        }
    }
    /* PEP 560: a base that is not a class may stand for classes (typing's
       generic aliases): its __mro_entries__(bases) gives them */
    Value orig_bases = bases;
    Value resolved = list_new(tuple_size(orig_bases));
    bool changed = false;
    for (int64_t i = 0; i < tuple_size(orig_bases); i++) {
        Value b = tuple_get(orig_bases, i);
        Value me = type_check(b) ? VNULL : obj_getattr_opt(b, str_intern_cstr("__mro_entries__"));
        if (!me) {
            if (err_occurred()) return VNULL;
            list_append(resolved, b);
            continue;
        }
        Value entries = obj_call1(me, orig_bases);
        if (!entries) return VNULL;
        if (!tuple_check(entries)) return err_set(&exc_TypeError, "__mro_entries__ must return a tuple");
        for (int64_t j = 0; j < tuple_size(entries); j++) list_append(resolved, tuple_get(entries, j));
        changed = true;
    }
    if (changed) bases = tuple_from_array(list_items(resolved), list_size(resolved));
    /* determine the metaclass */
    bool is_class = true;
    if (!meta) {
        meta = tuple_size(bases) ? V_FROM_PTR(type_of(tuple_get(bases, 0))) : V_FROM_PTR(&type_type);
    } else {
        is_class = type_check(meta);
    }
    if (is_class) {
        Type *winner = type_calculate_meta(V_AS(Type, meta), bases);
        if (!winner) return VNULL;
        meta = V_FROM_PTR(winner);
    }
    Value ns;
    Value prep = obj_getattr_opt(meta, NAME(__prepare__));
    if (prep) {
        Value pa[2] = {name, bases};
        ns = obj_call_tuple_dict(prep, tuple_from_array(pa, 2), kw);
        if (!ns) return VNULL;
        if (!dict_check(ns) && !type_lookup(type_of(ns), NAME(__getitem__)))
            return err_format(&exc_TypeError, "%s.__prepare__() must return a mapping, not %T",
                              is_class ? V_AS(Type, meta)->tname : "<metaclass>", ns);
    } else {
        if (err_occurred()) return VNULL;
        ns = dict_new();
    }
    Value cell = eval_class_body(func, ns);
    if (!cell) return VNULL;
    if (bases != orig_bases && obj_setitem(ns, str_intern_cstr("__orig_bases__"), orig_bases) < 0) return VNULL;
    /* the attribute-count hint of the class body, for instance layout */
    int32_t hint = V_AS(FunctionObject, func)->code->attr_hint;
    if (dict_check(ns) && hint > 0) dict_set(ns, str_intern_cstr("__tpy_attr_hint__"), v_int(hint));
    Value ca[3] = {name, bases, ns};
    Value cls = obj_call_tuple_dict(meta, tuple_from_array(ca, 3), kw);
    if (dict_check(ns)) dict_del(ns, str_intern_cstr("__tpy_attr_hint__"));
    if (!cls) return VNULL;
    /* the class body's __class__ cell must have reached type.__new__
       (through __classcell__), which sets it to the class (when the
       metaclass made a class at all) */
    if (cell_check(cell) && type_check(cls) && V_AS(CellObject, cell)->value != cls) {
        if (!V_AS(CellObject, cell)->value)
            return err_format(&exc_RuntimeError,
                              "__class__ not set defining %R as %R. Was __classcell__ propagated to type.__new__?", name,
                              cls);
        return err_format(&exc_TypeError, "__class__ set to %R defining %R as %R", V_AS(CellObject, cell)->value, name,
                          cls);
    }
    return cls;
}

/* super ---------------------------------------------------------------------------------- */

Type super_type;

static Type *super_check(Type *type, Value obj) {
    if (type_check(obj) && type_is_subtype(V_AS(Type, obj), type)) return V_AS(Type, obj);
    if (type_is_subtype(type_of(obj), type)) return type_of(obj);
    Value cls = obj_getattr_opt(obj, NAME(__class__));
    if (cls && type_check(cls) && type_is_subtype(V_AS(Type, cls), type)) return V_AS(Type, cls);
    err_clear();
    err_set(&exc_TypeError, "super(type, obj): obj must be an instance or subtype of type");
    return NULL;
}

/* super(type, obj) or, in a method, super(): what s looks up through.
   `t`: the type called, for the message CPython's own call gives. */
static int super_bind(SuperObject *s, Type *t, Value *args, size_t nargs, Value kwnames) {
    if (kwnames && tuple_size(kwnames)) return err_set(&exc_TypeError, "super() takes no keyword arguments"), -1;
    Value type, obj = VNULL;
    if (nargs == 0) {
        Frame *f = tstate.frame;
        if (!f || !f->func) return err_set(&exc_RuntimeError, "super(): no arguments"), -1;
        CodeObject *co = f->code;
        if (co->argcount == 0) return err_set(&exc_RuntimeError, "super(): no arguments"), -1;   /* (*args: no argument, as CPython 3.11) */
        obj = f->localsplus[0];
        if (!obj && co->cell2arg) {
            for (int i = 0; i < co->ncells; i++)
                if (co->cell2arg[i] == 0) obj = V_AS(CellObject, f->localsplus[co->nlocals + i])->value;
        }
        if (!obj) return err_set(&exc_RuntimeError, "super(): arg[0] deleted"), -1;
        Value clsname = NAME(__class__);
        type = VNULL;
        for (int i = 0; i < co->nfrees; i++) {
            if (tuple_get(co->freevars, i) == clsname) {
                type = V_AS(CellObject, f->localsplus[co->nlocals + co->ncells + i])->value;
                break;
            }
        }
        if (!type) return err_set(&exc_RuntimeError, "super(): __class__ cell not found"), -1;
    } else {
        if (nargs > 2) {
            if (t == &super_type)
                err_format(&exc_TypeError, "super() expected at most 2 arguments, got %zd", (ssize_t)nargs);
            else
                err_format(&exc_TypeError, "super() takes at most 2 arguments (%zd given)", (ssize_t)nargs);
            return -1;
        }
        type = args[0];
        if (nargs > 1) obj = args[1];
    }
    if (!type_check(type)) return err_format(&exc_TypeError, "super() argument 1 must be a type, not %T", type), -1;
    Type *ot = NULL;
    if (obj == V_NONE) obj = VNULL;
    if (obj) {
        ot = super_check(V_AS(Type, type), obj);
        if (!ot) return -1;
    }
    s->type = V_AS(Type, type);
    s->obj = obj;
    s->obj_type = ot;
    return 0;
}

static Value super_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    /* a subclass's instance has its layout (attribute storage after) */
    SuperObject *s = t == &super_type ? (SuperObject *)obj_alloc(&super_type, sizeof *s)
                                      : V_AS(SuperObject, instance_new(t));
    if (super_bind(s, t, args, nargs, kwnames) < 0) return VNULL;
    return V_FROM_PTR(s);
}

/* super.__init__: a subclass's __init__ passes its arguments on, which
   bind again (a plain super() was bound by __new__ already) */
static int super_init(Value self, Value *args, size_t nargs, Value kwnames) {
    if (type_of(self) == &super_type || (nargs == 0 && !(kwnames && tuple_size(kwnames)))) return 0;
    return super_bind(V_AS(SuperObject, self), type_of(self), args, nargs, kwnames);
}

/* What super(start, obj).name finds, unbound: the first class after start
 * in the MRO of obj_type (obj's type, or obj itself when a class) whose
 * dict has name; VNULL when none does. mro: obj_type's, not NULL. */
static Value super_find(Value mro, Type *start, Value name) {
    int64_t n = tuple_size(mro), i = 0;
    while (i < n && V_AS(Type, tuple_get(mro, i)) != start) i++;
    for (i++; i < n; i++) {
        Value r = dict_get_str(V_AS(Type, tuple_get(mro, i))->dict, name);
        if (r) return r;
    }
    return VNULL;
}

static Value super_getattr(Value v, Value name) {
    SuperObject *s = V_AS(SuperObject, v);
    /* (a class whose metaclass's mro() is running has no MRO yet) */
    if (s->obj_type && s->obj_type->mro && !str_eq_cstr(name, "__class__")) {
        Value r = super_find(s->obj_type->mro, s->type, name);
        if (r) {
            Type *rt = type_of(r);
            if (rt->descr_get) {
                Value obj = s->obj == V_FROM_PTR(s->obj_type) ? VNULL : s->obj;
                return rt->descr_get(r, obj, V_FROM_PTR(s->obj_type));
            }
            return r;
        }
    }
    return generic_getattr(v, name);
}

bool super_method_in_frame(Frame *f, Value name, Value *func, Value *self) {
    CodeObject *co = f->code;
    /* the first argument in its local slot (not moved to a cell), and the
       __class__ cell: super_bind's reads, minus their errors */
    if (!f->func || co->argcount == 0 || co->cell2arg) return false;
    Value obj = f->localsplus[0];
    if (!obj || type_check(obj)) return false;
    Value start = VNULL, clsname = NAME(__class__);
    for (int i = 0; i < co->nfrees; i++) {
        if (tuple_get(co->freevars, i) == clsname) {
            start = V_AS(CellObject, f->localsplus[co->nlocals + co->ncells + i])->value;
            break;
        }
    }
    Type *ot = type_of(obj);
    /* (an obj that is no instance of start: super_check's __class__ look-up
       or its TypeError; an MRO being computed: super_getattr's fallback) */
    if (!start || !type_check(start) || !type_is_subtype(ot, V_AS(Type, start)) || !ot->mro ||
        str_eq_cstr(name, "__class__"))
        return false;
    Value r = super_find(ot->mro, V_AS(Type, start), name);
    if (!r || type_of(r) != &function_type) return false;
    *func = r;
    *self = obj;
    return true;
}

/* An unbound super object stored in a class binds to the instance it is
   read from (super(C).meth in a method, through a class attribute). */
static Value super_descr_get(Value v, Value obj, Value type) {
    SuperObject *s = V_AS(SuperObject, v);
    if (!obj || obj == V_NONE || s->obj) return v;
    if (type_of(v) != &super_type) {
        Value a[2] = {V_FROM_PTR(s->type), obj};
        return obj_call(V_FROM_PTR(type_of(v)), a, 2, VNULL);
    }
    Type *ot = super_check(s->type, obj);
    if (!ot) return VNULL;
    SuperObject *b = (SuperObject *)obj_alloc(&super_type, sizeof *b);
    b->type = s->type;
    b->obj = obj;
    b->obj_type = ot;
    return V_FROM_PTR(b);
}

static Value super_repr(Value v) {
    SuperObject *s = V_AS(SuperObject, v);
    if (s->obj_type)
        return str_printf("<super: <class '%s'>, <%s object>>", s->type->tname, s->obj_type->tname);
    return str_printf("<super: <class '%s'>, NULL>", s->type->tname);
}

static Value super_get_thisclass(Value v) { return V_FROM_PTR(V_AS(SuperObject, v)->type); }
static Value super_get_self(Value v) {
    Value o = V_AS(SuperObject, v)->obj;
    return o ? o : V_NONE;
}

static const GetSetDef super_getsets[] = {
    {"__thisclass__", super_get_thisclass, NULL, NULL},
    {"__self__", super_get_self, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

Type super_type = {
    .tname = "super",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(SuperObject),
    .repr = super_repr,
    .getattr = super_getattr,
    .descr_get = super_descr_get,
    .new_ = super_new,
    .init = super_init,
};

/* __import__ ------------------------------------------------------------------------------- */

Value import_name(Value name, Value fromlist, Value level, Value globals);

static Value b_import(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__import__", 0, 1, 0, {"name", "globals", "locals", "fromlist", "level", NULL}};
    Value a[5];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value name = a[0], globals = a[1], fromlist = a[3], level = a[4];
    if (!str_check(name)) return err_set(&exc_TypeError, "module name must be a string");
    int64_t lv = 0;
    if (level) {
        lv = obj_index_i64(level);
        if (lv == -1 && err_occurred()) return VNULL;
        if (lv < 0) return err_set(&exc_ValueError, "level must be >= 0");
    }
    /* the globals are the caller's to give, as in CPython: without them a
       relative import has no package to start from (import_name says so) */
    if (globals == V_NONE) globals = VNULL;
    if (globals && !dict_check(globals)) {
        if (lv > 0) return err_set(&exc_TypeError, "globals must be a dict");
        globals = VNULL;
    }
    return import_name(name, fromlist ? fromlist : V_NONE, v_int(lv), globals);
}

/* f is builtins' own __import__ (not a replacement a program installed) */
bool builtins_is_own_import(Value f) {
    return type_of(f) == &builtin_function_type && V_AS(BuiltinFunctionObject, f)->def->fn == b_import;
}

static const MethodDef builtin_functions[] = {
    {"breakpoint", b_breakpoint, MF_KEYWORDS | MF_FRAME, "breakpoint(*args, **kws)"},
    {"print", b_print, MF_KEYWORDS, "print(value, ..., sep=' ', end='\\n', file=sys.stdout, flush=False)"},
    {"input", b_input, 0, "Read a line from standard input, after writing prompt if given; the trailing newline is removed.", &input_args},
    {"len", builtin_len, 0, "Return the number of items in a container.", &len_args},
    {"repr", b_repr, 0, "Return the canonical string representation of obj.", &repr_args},
    {"ascii", b_ascii, 0, "Return repr(obj) with every non-ASCII character escaped (\\x, \\u or \\U).", &ascii_args},
    {"abs", builtin_abs, 0, "Return the absolute value of x.", &abs_args},
    {"hash", b_hash, 0, "Return the hash value of obj; objects that compare equal have equal hashes.", &hash_args},
    {"id", b_id, 0, "Return an integer unique to obj among the objects alive at the same time.", &id_args},
    {"callable", b_callable, 0, "Return whether obj can be called.", &callable_args},
    {"chr", b_chr, 0, "Return a one-character string holding the Unicode code point i (0 <= i <= 0x10ffff).", &chr_args},
    {"ord", b_ord, 0, "Return the Unicode code point of a one-character string, or the value of a one-byte bytes object.", &ord_args},
    {"hex", b_hex, 0, "Return the hexadecimal form of an integer, prefixed with '0x'.", &hex_args},
    {"oct", b_oct, 0, "Return the octal form of an integer, prefixed with '0o'.", &oct_args},
    {"bin", b_bin, 0, "Return the binary form of an integer, prefixed with '0b'.", &bin_args},
    {"divmod", b_divmod, 0, "Return the pair (x//y, x%y).", &divmod_args},
    {"pow", b_pow, MF_KEYWORDS, "Return base**exp, or base**exp % mod computed efficiently when mod is given.", &pow_args},
    {"round", b_round, MF_KEYWORDS, "Round number to ndigits decimal digits (halves to even); without ndigits return an int.", &round_args},
    {"iter", b_iter, 0, "iter(iterable) -> iterator\niter(callable, sentinel) -> iterator\n\nReturn an iterator over iterable; in the second form call callable until it returns sentinel."},
    {"next", b_next, 0, "next(iterator[, default])\n\nReturn the next item of iterator; when it is exhausted return default if given, else raise StopIteration."},
    {"aiter", builtin_aiter, 0, "Return an asynchronous iterator for async_iterable."},
    {"anext", builtin_anext, 0, "Return an awaitable giving the next item of aiterator; when exhausted it gives default if given, else raises StopAsyncIteration."},
    {"sorted", b_sorted, MF_KEYWORDS, "Return a new list of the items of iterable in ascending order (key and reverse as list.sort).", &sorted_args},
    {"min", builtin_min, MF_KEYWORDS, "min(iterable, *[, default=obj, key=func]) -> value\nmin(arg1, arg2, *args, *[, key=func]) -> value\n\nReturn the smallest item of a single iterable (default if it is empty and given), or the smallest of two or more arguments."},
    {"max", builtin_max, MF_KEYWORDS, "max(iterable, *[, default=obj, key=func]) -> value\nmax(arg1, arg2, *args, *[, key=func]) -> value\n\nReturn the largest item of a single iterable (default if it is empty and given), or the largest of two or more arguments."},
    {"sum", b_sum, MF_KEYWORDS, "Return start plus the sum of the items of iterable (numbers, not strings).", &sum_args},
    {"all", b_all, 0, "Return True if no item of iterable is false (True when it is empty).", &all_args},
    {"any", b_any, 0, "Return True if some item of iterable is true (False when it is empty).", &any_args},
    {"getattr", builtin_getattr, 0, "getattr(object, name[, default]) -> value\n\nReturn the attribute name of object (getattr(x, 'y') is x.y); default is returned instead of raising AttributeError when given."},
    {"setattr", b_setattr, 0, "Set the attribute name of obj to value (setattr(x, 'y', v) is x.y = v).", &setattr_args},
    {"delattr", b_delattr, 0, "Delete the attribute name of obj (delattr(x, 'y') is del x.y).", &delattr_args},
    {"hasattr", builtin_hasattr, 0, "Return whether obj has the attribute name (getattr does not raise AttributeError).", &hasattr_args},
    {"isinstance", builtin_isinstance, 0, "Return whether obj is an instance of class_or_tuple (a class, a tuple of them, or a union).", &isinstance_args},
    {"issubclass", builtin_issubclass, 0, "Return whether cls is a subclass of class_or_tuple (a class, a tuple of them, or a union).", &issubclass_args},
    {"format", b_format, 0, "Return value.__format__(format_spec).", &format_args},
    {"globals", b_globals, MF_FRAME, "Return the dictionary of the current module's global names.", &globals_args},
    {"locals", b_locals, MF_FRAME, "Return a dictionary of the current scope's local names.", &locals_args},
    {"vars", b_vars, MF_FRAME, "vars([object]) -> dictionary\n\nWithout an argument locals(); with one, object.__dict__."},
    {"dir", b_dir, MF_FRAME, "dir([object]) -> list of strings\n\nWithout an argument the names of the current scope; with one, the sorted names of its attributes."},
    {"exec", b_exec, MF_KEYWORDS | MF_FRAME, "Execute source (a string or a code object) in the given namespaces, by default the current ones."},
    {"eval", b_eval, MF_KEYWORDS | MF_FRAME, "Evaluate an expression (a string or a code object) in the given namespaces, by default the current ones, and return its value."},
    {"compile", b_compile, MF_KEYWORDS, "Compile source into a code object (or an AST with the flag ast.PyCF_ONLY_AST); mode is 'exec', 'eval' or 'single'."},
    {"__build_class__", b_build_class, MF_KEYWORDS, "__build_class__(func, name, /, *bases, [metaclass], **kwds) -> class\n\nThe class statement's helper: runs the body func and creates the class."},
    {"__import__", b_import, MF_KEYWORDS, "__import__(name, globals=None, locals=None, fromlist=(), level=0) -> module\n\nImport a module: the import statement's function."},
    {NULL, NULL, 0, NULL},
};

Value io_open_function(void);   /* _io.c: open is io.open, one object */

extern Type enumerate_type, zip_type, map_type_, filter_type, reversed_type;

void builtins_init(void) {
    type_add_getsets(&super_type, super_getsets);
    type_ready(&super_type);
    builtins_module = module_new_cstr("builtins");
    Value m = builtins_module;
    module_add_functions(m, builtin_functions);
    module_add(m, "open", io_open_function());
    struct {
        const char *name;
        Type *t;
    } types[] = {
        {"object", &object_type}, {"type", &type_type}, {"int", &int_type}, {"float", &float_type},
        {"complex", &complex_type},
        {"bool", &bool_type}, {"str", &str_type}, {"bytes", &bytes_type}, {"list", &list_type},
        {"tuple", &tuple_type}, {"dict", &dict_type}, {"set", &set_type}, {"frozenset", &frozenset_type},
        {"range", &range_type}, {"slice", &slice_type}, {"enumerate", &enumerate_type}, {"zip", &zip_type},
        {"map", &map_type_}, {"filter", &filter_type}, {"reversed", &reversed_type},
        {"staticmethod", &staticmethod_type}, {"classmethod", &classmethod_type}, {"property", &property_type},
        {"super", &super_type},
        {"bytearray", &bytearray_type},
        {"memoryview", &memoryview_type},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) module_add(m, types[i].name, V_FROM_PTR(types[i].t));
#define EXC_ADD(name, base) module_add(m, #name, V_FROM_PTR(&exc_##name));
    EXC_DEF(EXC_ADD)
#undef EXC_ADD
    module_add(m, "EnvironmentError", V_FROM_PTR(&exc_OSError));
    module_add(m, "IOError", V_FROM_PTR(&exc_OSError));
    module_add(m, "None", V_NONE);
    module_add(m, "True", V_TRUE);
    module_add(m, "False", V_FALSE);
    module_add(m, "NotImplemented", V_NOTIMPL);
    module_add(m, "Ellipsis", V_ELLIPSIS);
    module_add(m, "__debug__", V_TRUE);
    tstate.builtins = module_dict(m);
}
