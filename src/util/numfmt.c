/* numfmt.c: number <-> text conversions that reproduce CPython 3.11 exactly.
 *
 * The pieces:
 *  - shortest round-trip digits of a double (repr, str, format with no
 *    type) by the Schubfach method: the rounding interval of the double is
 *    scaled by a power of ten with 128-bit fixed-point arithmetic, and the
 *    shortest decimal inside it (the closest one when several are equally
 *    short) is picked from four candidates. This is what David Gay's dtoa
 *    mode 0 computes in CPython, without big numbers;
 *  - fixed-precision digits (format types e f g %, %-formatting, round())
 *    come from glibc's printf, which converts exactly (correct rounding, ties
 *    to even on the exact binary value), the same digits as dtoa modes 2/3;
 *  - a layout step placing those digits the way CPython does (when to use an
 *    exponent, '.0', the alternate form, 'z');
 *  - the format-spec mini-language and the printf-style width/sign/zero
 *    rules, following the observable behaviour of CPython 3.11.
 *
 * All text handed to strtod/printf is locale-independent: numbers are given
 * to strtod as "DIGITSe<exp>" without a decimal point, and digits coming out
 * of printf are picked out without assuming what the decimal point is.
 */
#include "numfmt.h"

#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../gc/gc.h"

/* Results longer than this many bytes raise MemoryError instead of being
 * built: CPython would try to allocate them and fail (e.g. a width of
 * 9999999999999999), while our allocator aborts the process. */
#define NUMFMT_MAX_OUTPUT ((int64_t)INT32_MAX)

__extension__ typedef unsigned __int128 u128;

static int fail(NumFmtError *err, char type, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(NumFmtError *err, char type, const char *fmt, ...) {
    if (err) {
        va_list ap;
        err->type = type;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int fail_memory(NumFmtError *err) { return fail(err, 'M', "%s", ""); }

/* Scratch memory: the caller's stack buffer when it is big enough, else
 * collector memory (never scanned; it only holds text). */
static char *scratch(char *local, size_t local_size, size_t need) {
    return need <= local_size ? local : gc_alloc_atomic(need);
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* ------------------------------------------------------------------------ */
/* Unicode facts CPython applies to numeric text (Unicode 14.0, as in 3.11) */

/* The code points of the digit zero of every run of ten decimal digits
 * (category Nd); each run holds 0..9 in order. */
static const uint32_t digit_zeros[] = {
    0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6,
    0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0,
    0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50,
    0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10, 0x104a0,
    0x10d30, 0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0,
    0x11650, 0x116c0, 0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0,
    0x16a60, 0x16ac0, 0x16b50, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6,
    0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0,
};

/* The decimal value of a Unicode digit, or -1 (str.isdecimal()). */
static int unicode_decimal(uint32_t cp) {
    if (cp - '0' < 10) return (int)(cp - '0');
    if (cp < 0x660) return -1;
    size_t lo = 0, hi = sizeof digit_zeros / sizeof digit_zeros[0];
    while (hi - lo > 1) { /* the last zero <= cp */
        size_t mid = (lo + hi) / 2;
        if (digit_zeros[mid] <= cp) lo = mid; else hi = mid;
    }
    return cp - digit_zeros[lo] < 10 ? (int)(cp - digit_zeros[lo]) : -1;
}

/* str.isspace() for non-ASCII code points. */
static bool unicode_space_nonascii(uint32_t cp) {
    switch (cp) {
    case 0x85: case 0xa0: case 0x1680: case 0x2028: case 0x2029:
    case 0x202f: case 0x205f: case 0x3000:
        return true;
    default:
        return cp >= 0x2000 && cp <= 0x200a;
    }
}

/* Decodes one UTF-8 sequence at s[*i] (advancing *i); -1 if malformed.
 * Surrogates are accepted in their 3-byte form, as the runtime may store
 * lone surrogates that way. */
static int32_t utf8_next(const unsigned char *s, size_t len, size_t *i) {
    unsigned c = s[*i];
    int n;
    uint32_t cp;
    if (c < 0x80) { (*i)++; return (int32_t)c; }
    if (c >= 0xc2 && c <= 0xdf) { n = 1; cp = c & 0x1f; }
    else if (c >= 0xe0 && c <= 0xef) { n = 2; cp = c & 0x0f; }
    else if (c >= 0xf0 && c <= 0xf4) { n = 3; cp = c & 0x07; }
    else return -1;
    if (*i + (size_t)n >= len) return -1;
    for (int k = 1; k <= n; k++) {
        unsigned d = s[*i + (size_t)k];
        if ((d & 0xc0) != 0x80) return -1;
        cp = (cp << 6) | (d & 0x3f);
    }
    if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10ffff))) return -1;
    *i += (size_t)n + 1;
    return (int32_t)cp;
}

static size_t utf8_encode(uint32_t cp, char *out) {
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

/* ------------------------------------------------------------------------ */
/* Shortest digits (Schubfach)
 *
 * A positive double is v = c * 2^q. Every real in its rounding interval R
 * (half-way to the neighbours; the ends included when c is even, because
 * strtod rounds ties to even) reads back as v. With k = floor(log10(2^q))
 * (floor(log10(3/4 * 2^q)) at a power of two, where the interval below is
 * half as wide), R is at least 10^k wide and less than 10^(k+1) wide, so:
 *  - R holds at most one multiple of 10^(k+1): if it holds one, that is
 *    the unique shortest decimal (it may have further trailing zeros);
 *  - otherwise R holds one or both of the multiples s*10^k <= v < t*10^k,
 *    t = s+1; the shortest is the one in R, or the closer one (even s on
 *    an exact tie), which is how dtoa's mode 0 breaks ties.
 * The tests need 4 * v * 10^-k and the interval ends scaled the same way,
 * known exactly enough to compare with even integers: floor(), with the
 * lowest bit set when the value is not an integer ("round to odd").
 *
 * 10^-k is kept as g = floor(10^-k / 2^r) + 1 in [2^125, 2^126), and
 * x * 2^q * 10^-k is computed as (x << h) * g / 2^127. The error of using
 * g is below (x << h) / 2^127 < 2^-67 (x << h < 2^60), and for every
 * double and each of the three scaled values the fractional part is 0 or
 * lies in [2^-66, 1 - 2^-66] (checked exhaustively per exponent with exact
 * arithmetic by `numfmt_cases.py tables`), so floor(P / 2^127), with
 * "fraction >= 2^-66" as the sticky bit, is the exact rounded-to-odd value.
 */

static int floor_log10_pow2(int q) { return (int)(((int64_t)q * 661971961083LL) >> 41); }
static int floor_log10_3q_pow2(int q) {
    return (int)(((int64_t)q * 661971961083LL - 274743187321LL) >> 41);
}
static int floor_log2_pow10(int e) { return (int)(((int64_t)e * 913124641741LL) >> 38); }

#define G_KMIN (-324)
#define G_KMAX 292
/* g_table[k - G_KMIN] = {high, low 64 bits} of floor(10^-k / 2^r) + 1,
 * r = floor(log2(10^-k)) - 125. Generated by `numfmt_cases.py tables`. */
static const uint64_t g_table[G_KMAX - G_KMIN + 1][2] = {
    {0x278676e4ad38c6eau, 0x5b01e8b09aa0d1b5u}, /* -324 */
    {0x3f3d8b077b8e0b10u, 0x919ca780f767b5eeu}, /* -323 */
    {0x3297a26c62d808dau, 0x0e16ec672c52f7f2u}, /* -322 */
    {0x28794ebd1be00714u, 0xd81256b8f0425ff5u}, /* -321 */
    {0x20610bca7cb338ddu, 0x79a84560c0351991u}, /* -320 */
    {0x33ce7943fab85afbu, 0xf5da089acd21c281u}, /* -319 */
    {0x2971fa9cc8937bfcu, 0xc4ae6d48a41b0201u}, /* -318 */
    {0x2127fbb0a075fccau, 0x36f1f106e9af34cdu}, /* -317 */
    {0x350cc5e767232e10u, 0x57e981a4a918547bu}, /* -316 */
    {0x2a709e52b8e8f1a6u, 0xacbace1d541376c9u}, /* -315 */
    {0x21f3b1dbc720c152u, 0x23c8a4e44342c56eu}, /* -314 */
    {0x3652b62c71ce021du, 0x060dd4a06b9e08b0u}, /* -313 */
    {0x2b755e89f4a4ce7du, 0x9e7176e6bc7e6d59u}, /* -312 */
    {0x22c44ba19083d864u, 0x7ec12bebc9febde1u}, /* -311 */
    {0x37a0790280d2f3d3u, 0xfe01dfdfa9979635u}, /* -310 */
    {0x2c8060cecd758fdcu, 0xcb34b319547944f7u}, /* -309 */
    {0x2399e70bd7913fe3u, 0xd5c3c27aa9fa9d93u}, /* -308 */
    {0x38f63e7958e86639u, 0x560603f7765dc8eau}, /* -307 */
    {0x2d91cb94472051c7u, 0x7804cff92b7e3a55u}, /* -306 */
    {0x2474a2dd05b3749fu, 0x93370cc755fe9511u}, /* -305 */
    {0x3a5437c8091f20ffu, 0x51f1ae0bbcca881bu}, /* -304 */
    {0x2ea9c639a0e5b3ffu, 0x74c1580963d539afu}, /* -303 */
    {0x25549e9480b7c332u, 0xc3cde0078310faf3u}, /* -302 */
    {0x3bba97540126051eu, 0x0616333f381b2b1eu}, /* -301 */
    {0x2fc8791000eb374bu, 0x3811c298f9af55b1u}, /* -300 */
    {0x2639fa7333ef5f6fu, 0x600e35472e25de28u}, /* -299 */
    {0x3d2990b8531898b2u, 0x3349eed849d6303fu}, /* -298 */
    {0x30ee0d60427a13c1u, 0xc2a18be03b11c033u}, /* -297 */
    {0x2724d780352e7634u, 0x9bb46fe695a7ccf5u}, /* -296 */
    {0x3ea158cd21e3f054u, 0x2c53e63dbc3fae55u}, /* -295 */
    {0x321aad70e7e98d10u, 0x237651cafcffbeaau}, /* -294 */
    {0x2815578d865470d9u, 0xb5f8416f30cc9888u}, /* -293 */
    {0x201112d79ea9f3e1u, 0x5e603458f3d6e06du}, /* -292 */
    {0x334e848c310fec9bu, 0xca3386f4b957cd7bu}, /* -291 */
    {0x290b9d3cf40cbd49u, 0x6e8f9f2a2ddfd796u}, /* -290 */
    {0x20d61763f670976du, 0xf20c7f54f17fdfabu}, /* -289 */
    {0x3489bf06571a8be3u, 0x1ce0cbbb1bffcc45u}, /* -288 */
    {0x2a07cc05127ba31cu, 0x171a3c95afffd69eu}, /* -287 */
    {0x219fd66a752fb5b0u, 0x127b63aaf3331218u}, /* -286 */
    {0x35cc8a43eeb2bc4cu, 0xea5f05de51eb5026u}, /* -285 */
    {0x2b0a0836588efd0au, 0x5518d17ea7ef7352u}, /* -284 */
    {0x226e6cf846d8ca6eu, 0xaa7a41321ff2c2a8u}, /* -283 */
    {0x371714c0715add7du, 0xdd906850331e043fu}, /* -282 */
    {0x2c1277005aaf1797u, 0xe47386a68f4b3699u}, /* -281 */
    {0x2341f8cd1558dfacu, 0xb6c2d21ed908f87bu}, /* -280 */
    {0x38698e14eef49914u, 0x579e1cfe280e5a5du}, /* -279 */
    {0x2d213e7725907a76u, 0xac7e7d98200b7b7eu}, /* -278 */
    {0x241a985f514061f8u, 0x89fecae019a2c932u}, /* -277 */
    {0x39c426fee8670327u, 0x43314499c29e0eb6u}, /* -276 */
    {0x2e368598b9ec0285u, 0xcf5a9d47cee4d891u}, /* -275 */
    {0x24f86ae094bcced1u, 0x72aee4397250ad41u}, /* -274 */
    {0x3b27116754614ae8u, 0xb77e39f583b44868u}, /* -273 */
    {0x2f527452a9e76f20u, 0x92cb61913629d387u}, /* -272 */
    {0x25db90422185f280u, 0x756f8140f8217605u}, /* -271 */
    {0x3c928069cf3cb733u, 0xef18cece59cf233cu}, /* -270 */
    {0x30753387d8fd5f5cu, 0xbf470bd847d8e8fdu}, /* -269 */
    {0x26c429397a644c4au, 0x329f3cad064720cau}, /* -268 */
    {0x3e06a85bf706e076u, 0xb7652de1a3a50143u}, /* -267 */
    {0x319eed165f38b392u, 0x2c50f1814fb73436u}, /* -266 */
    {0x27b2574518fa2941u, 0xbd0d8e010c92902bu}, /* -265 */
    {0x3f83bed4f4c37535u, 0xfb48e334e0ea8045u}, /* -264 */
    {0x32cfcbdd909c5dc4u, 0xc9071c2a4d88669du}, /* -263 */
    {0x28a63cb1407d17d0u, 0xa0d27ceea46d1ee4u}, /* -262 */
    {0x2084fd5a99fdaca6u, 0xe70eca58838a7f1du}, /* -261 */
    {0x3407fbc42995e10bu, 0x0b4add5a6c10cb62u}, /* -260 */
    {0x299ffc9cee1180d5u, 0xa2a24aaebcda3c4eu}, /* -259 */
    {0x214cca1724dacd77u, 0xb54ea22563e1c9d8u}, /* -258 */
    {0x3547a9bea15e158cu, 0x554a9d089fcfa95au}, /* -257 */
    {0x2a9fbafee77e77a3u, 0x776ee406e63fbaaeu}, /* -256 */
    {0x2219626585fec61cu, 0x5f8be99f1e996225u}, /* -255 */
    {0x368f03d5a3313cfau, 0x327975cb64289d08u}, /* -254 */
    {0x2ba59caae8f430c8u, 0x28612b091ced4a6du}, /* -253 */
    {0x22eae3bbed902706u, 0x86b4226db0bdd524u}, /* -252 */
    {0x37de392caf4d0b3du, 0xa4536a491ac95506u}, /* -251 */
    {0x2cb1c756f2a408feu, 0x1d0f883a7bd44405u}, /* -250 */
    {0x23c16c458ee9a0cbu, 0x4a72d361fca9d004u}, /* -249 */
    {0x39357a08e4a90145u, 0x43eaebcffaa94cd3u}, /* -248 */
    {0x2dc461a0b6ed9a9du, 0xcfef230cc88770a9u}, /* -247 */
    {0x249d1ae6f8be154bu, 0x0cbf4f3d6d3926eeu}, /* -246 */
    {0x3a94f7d7f4635544u, 0xe1321862485b717cu}, /* -245 */
    {0x2edd931329e91103u, 0xe75b46b506af8dfdu}, /* -244 */
    {0x257e0f4287eda736u, 0x52af6bc405593e64u}, /* -243 */
    {0x3bfce5373fe2a523u, 0xb77f12d33bc1fd6du}, /* -242 */
    {0x2ffd842c331bb74fu, 0xc5ff42429634cabdu}, /* -241 */
    {0x266469bcf5afc5d9u, 0x6b329b68782a3bcbu}, /* -240 */
    {0x3d6d75fb22b2d628u, 0xab842bda59dd2c77u}, /* -239 */
    {0x31245e628228ab53u, 0xbc69bcaeae4a89f9u}, /* -238 */
    {0x27504b8201ba22a9u, 0x6387ca25583ba194u}, /* -237 */
    {0x3ee6df366929d10fu, 0x05a6103bc05f68edu}, /* -236 */
    {0x32524c2b8754a73fu, 0x37b80cfc99e5ed8au}, /* -235 */
    {0x2841d689391085ccu, 0x2c933d96e184be08u}, /* -234 */
    {0x2034aba0fa739e3cu, 0xf075cadf1ad09807u}, /* -233 */
    {0x3387790190b8fd2eu, 0x4d8944982ae759a4u}, /* -232 */
    {0x29392d9ada2d9758u, 0x3e076a135585e150u}, /* -231 */
    {0x20fa8ae248247913u, 0x64d2bb42aad1810du}, /* -230 */
    {0x34c4116a0d07281fu, 0x07b7920444826815u}, /* -229 */
    {0x2a367454d738ece5u, 0x9fc60e69d0685344u}, /* -228 */
    {0x21c529dd78fa571eu, 0x196b3ebb0d20429du}, /* -227 */
    {0x360842fbf4c3be96u, 0x8f11fdf815006a94u}, /* -226 */
    {0x2b39cf2ff702fedeu, 0xd8db319344005543u}, /* -225 */
    {0x2294a5bff8cf324bu, 0xe0af5adc3666aa9cu}, /* -224 */
    {0x37543c665ae51d46u, 0x344bc4938a3dddc7u}, /* -223 */
    {0x2c4363851584176bu, 0x5d096a0fa1cb17d2u}, /* -222 */
    {0x23691c6a779cdf89u, 0x173abb3fb4a27975u}, /* -221 */
    {0x38a82d7725c7cc0eu, 0x8b912b992103f588u}, /* -220 */
    {0x2d535792849fd672u, 0x0940efadb4032ad3u}, /* -219 */
    {0x2442ac7536e64528u, 0x07672624900288a9u}, /* -218 */
    {0x3a044721f1706ea6u, 0x723ea36db337410eu}, /* -217 */
    {0x2e69d2818df38bb8u, 0x5b654f8af5c5cda5u}, /* -216 */
    {0x25217534718fa2f9u, 0xe2b772d5916b0aebu}, /* -215 */
    {0x3b68bb871c1904c3u, 0x0458b7bc1bde77ddu}, /* -214 */
    {0x2f86fc6c167a6a35u, 0x9d13c630164b9318u}, /* -213 */
    {0x260596bcdec854f7u, 0xb0dc9e8cdea2dc13u}, /* -212 */
    {0x3cd5bdfafe0d54bfu, 0x8160fdae31049351u}, /* -211 */
    {0x30aafe6264d776ffu, 0x9ab3fe24f403a90eu}, /* -210 */
    {0x26ef31e850ac5f32u, 0xe229981d9002eda5u}, /* -209 */
    {0x3e4b830d4de09851u, 0x69dc2695b337e2a1u}, /* -208 */
    {0x31d602710b1a1374u, 0x54b01ede28f9821bu}, /* -207 */
    {0x27de685a6f480f90u, 0x43c018b1ba6134e2u}, /* -206 */
    {0x3fca4090b20ce5b3u, 0x9f99c11c5d68549du}, /* -205 */
    {0x330833a6f4d71e29u, 0x4c7b00e37ded107eu}, /* -204 */
    {0x28d35c8590ac1821u, 0x09fc00b5fe574065u}, /* -203 */
    {0x20a916d14089ace7u, 0x3b3000919845cd1du}, /* -202 */
    {0x3441be1b9a75e171u, 0xf84ccdb5c06fae95u}, /* -201 */
    {0x29ce31afaec4b45bu, 0x2d0a3e2b00595877u}, /* -200 */
    {0x2171c159589d5d15u, 0xbda1cb5599e11393u}, /* -199 */
    {0x3582cef55a9561bcu, 0x629c7888f634ec1eu}, /* -198 */
    {0x2acf0bf77baab496u, 0xb549fa072b5d89b1u}, /* -197 */
    {0x223f3cc5fc889078u, 0x9107fb38ef7e07c1u}, /* -196 */
    {0x36cb946ffa741a5au, 0x81a65ec17f300c68u}, /* -195 */
    {0x2bd610599529aeaeu, 0xce1eb23465c009edu}, /* -194 */
    {0x2311a6ae10ee2558u, 0xa4e55b5d1e333b24u}, /* -193 */
    {0x381c3de34e49d55au, 0xa16ef894fd1ec506u}, /* -192 */
    {0x2ce364b5d83b1115u, 0x4df2607730e56a6cu}, /* -191 */
    {0x23e91d5e4695a744u, 0x3e5b805f5a5121f0u}, /* -190 */
    {0x3974fbca0a890ba0u, 0x63c59a322a1b697fu}, /* -189 */
    {0x2df72fd4d53a6fb3u, 0x83047b5b54e2baccu}, /* -188 */
    {0x24c5bfdd7761f2f6u, 0x0269fc4910b5623du}, /* -187 */
    {0x3ad5ffc8bf031e56u, 0x6a432d41b45569fbu}, /* -186 */
    {0x2f11996d659c1845u, 0x21cf5767c37787fcu}, /* -185 */
    {0x25a7adf11e1679d0u, 0xe7d912b9692c6ccau}, /* -184 */
    {0x3c3f7cb4fcf0c2e7u, 0xd95b5128a8471476u}, /* -183 */
    {0x3032ca2a63f3cf1fu, 0xe115da86ed05a9f8u}, /* -182 */
    {0x268f0821e98fd8e6u, 0x4dab1538bd9e2193u}, /* -181 */
    {0x3db1a69ca8e627d6u, 0xe2ab552795c9cf52u}, /* -180 */
    {0x315aebb0871e8645u, 0x8222aa86116e3f75u}, /* -179 */
    {0x277befc06c186b6au, 0xce822204dabe992au}, /* -178 */
    {0x3f2cb2cd79c0abdeu, 0x17369cd49130f510u}, /* -177 */
    {0x328a28a46166efe4u, 0xdf5ee3dd40f3f740u}, /* -176 */
    {0x286e86e9e7858cb7u, 0x1918b64a9a5cc5cdu}, /* -175 */
    {0x20586bee52d13d5fu, 0x4746f83baeb09e3eu}, /* -174 */
    {0x33c0acb08481fbcbu, 0xa53e59f91780fd2fu}, /* -173 */
    {0x2966f08d36ce6309u, 0x50feae60df9a6426u}, /* -172 */
    {0x211f26d75f0b826du, 0xda65584d7faeb685u}, /* -171 */
    {0x34fea48bcb459d7cu, 0x90a226e265e4573bu}, /* -170 */
    {0x2a65506fd5d14acau, 0x0d4e8581eb1d1295u}, /* -169 */
    {0x21eaa6bfde4108a1u, 0xa43ed134bc174211u}, /* -168 */
    {0x36443dffca01a769u, 0x06cae85460253682u}, /* -167 */
    {0x2b69cb33080152bau, 0x6bd586a9e6842b9bu}, /* -166 */
    {0x22bb08f5a0010efbu, 0x89779eee52035616u}, /* -165 */
    {0x3791a7ef666817f8u, 0xdbf297e3b66bbcefu}, /* -164 */
    {0x2c7486591eb9acc7u, 0x165bacb62b8963f3u}, /* -163 */
    {0x23906b7a7efaf09fu, 0x451623c4efa11cc2u}, /* -162 */
    {0x38e7125d97f7e765u, 0x3b569fa17f682e03u}, /* -161 */
    {0x2d85a84adff985eau, 0x95dee61acc535803u}, /* -160 */
    {0x246aed08b32e04bbu, 0xab18b8157042accfu}, /* -159 */
    {0x3a44ae7451e33ac5u, 0xde8df355806aae18u}, /* -158 */
    {0x2e9d585d0e4f6237u, 0xe53e5c4466bbbe7au}, /* -157 */
    {0x254aad173ea5e82cu, 0xb765169d1efc9861u}, /* -156 */
    {0x3baaae8b976fd9e1u, 0x256e8a94fe60f3cfu}, /* -155 */
    {0x2fbbbed612bfe180u, 0xeabed543feb3f63fu}, /* -154 */
    {0x262fcbde75664e00u, 0xbbcbddcffef65e99u}, /* -153 */
    {0x3d194630bbd6e334u, 0x5fac961997f0975bu}, /* -152 */
    {0x30e104f3c978b5c3u, 0x7fbd44e1465a12afu}, /* -151 */
    {0x271a6a5ca12d5e35u, 0xffca9d810514dbbfu}, /* -150 */
    {0x3e90aa2dceaefd23u, 0x32ddc8ce6e87c5ffu}, /* -149 */
    {0x320d54f17225974fu, 0x5be4a0a525396b32u}, /* -148 */
    {0x280aaa5ac1b7ac3fu, 0x7cb6e6ea842def5cu}, /* -147 */
    {0x200888489af95699u, 0x30925255368b25e3u}, /* -146 */
    {0x3340da0dc4c22428u, 0x4db6ea21f0dea304u}, /* -145 */
    {0x2900ae716a34e9b9u, 0xd7c5881b2718826au}, /* -144 */
    {0x20cd585abb5d87c7u, 0xdfd139af527a01efu}, /* -143 */
    {0x347bc0912bc8d93fu, 0xcc81f5e550c3364au}, /* -142 */
    {0x29fc9a0dbca0adccu, 0xa39b2b1dda35c508u}, /* -141 */
    {0x2196e1a496e6f170u, 0x82e288e4ae916a6du}, /* -140 */
    {0x35be35d424a4b580u, 0xd16a74a1174f10aeu}, /* -139 */
    {0x2afe917683b6f79au, 0x4121f6e745d8da25u}, /* -138 */
    {0x2265412b9c925faeu, 0x9a8192529e4714ebu}, /* -137 */
    {0x37086845c7509917u, 0x5d9c1d50fd3e87ddu}, /* -136 */
    {0x2c06b9d16c407a79u, 0x17b01773fdcb9fe4u}, /* -135 */
    {0x233894a789cd2ec7u, 0x4626792997d61984u}, /* -134 */
    {0x385a8772761517a5u, 0x3d0a5b75bfbcf59fu}, /* -133 */
    {0x2d1539285e77461du, 0xca6eaf916630c47fu}, /* -132 */
    {0x2410fa86b1f904e4u, 0xa1f2260deb5a36ccu}, /* -131 */
    {0x39b4c40ab65b3b07u, 0x69837016455d247au}, /* -130 */
    {0x2e2a366ef848fc05u, 0xee02c011d1175062u}, /* -129 */
    {0x24ee91f2603a6337u, 0xf19bccdb0dac404eu}, /* -128 */
    {0x3b174fea33909ebfu, 0xe8f947c4e2ad33b0u}, /* -127 */
    {0x2f45d98829407effu, 0xed94396a4ef0f627u}, /* -126 */
    {0x25d17ad3543398ccu, 0xbe102deea58d91b9u}, /* -125 */
    {0x3c825e1eed1f5ae1u, 0x3019e3176f48e927u}, /* -124 */
    {0x30684b4bf0e5e24du, 0xc014b5ac590720ecu}, /* -123 */
    {0x26b9d5d65a5181d7u, 0xccdd5e237a6c1a57u}, /* -122 */
    {0x3df622f090826959u, 0x47c8969f2a46908au}, /* -121 */
    {0x3191b58d40685447u, 0x6ca0787f5505406fu}, /* -120 */
    {0x27a7c4710053769fu, 0x8a19f9ff773766bfu}, /* -119 */
    {0x3f72d3e800858a98u, 0xdcf65ccbf1f23dfeu}, /* -118 */
    {0x32c24320006ad547u, 0x172b7d6ff4c1cb32u}, /* -117 */
    {0x289b68e666bbddd2u, 0x78ef978cc3ce3c28u}, /* -116 */
    {0x207c53eb856317dbu, 0x93f2dfa3cfd83020u}, /* -115 */
    {0x33fa1fdf3bd1bfc5u, 0xb98499061959e699u}, /* -114 */
    {0x2994e64c2fdaffd1u, 0x6136e0d1ade18548u}, /* -113 */
    {0x2143eb702648cca7u, 0x80f8b3daf181376du}, /* -112 */
    {0x353978b370747aa5u, 0x9b27862b1c01f247u}, /* -111 */
    {0x2a94608f8d29fbb7u, 0xaf52d1bc1667f506u}, /* -110 */
    {0x22104d3fa421962cu, 0x8c424163451ff738u}, /* -109 */
    {0x36807b99069c237au, 0x7a039bd208332526u}, /* -108 */
    {0x2b99fc7a6bb01c61u, 0xfb361641a028ea85u}, /* -107 */
    {0x22e196c856267d1bu, 0x2f5e78348020bb9eu}, /* -106 */
    {0x37cf57a6f03d94f8u, 0x4bca59ed99cdf8fcu}, /* -105 */
    {0x2ca5dfb8c03143f9u, 0xd63b7b247b0b2d96u}, /* -104 */
    {0x23b7e62d668dcffbu, 0x11c92f50626f57acu}, /* -103 */
    {0x39263d1570e2e65eu, 0x82db7ee703e55912u}, /* -102 */
    {0x2db830ddf3e8b84bu, 0x9be2cbec031de0dcu}, /* -101 */
    {0x24935a4b2986f9d6u, 0x164f09899c17e716u}, /* -100 */
    {0x3a855d450f3e5c89u, 0xbd4b4275c68ca4f0u}, /* -99 */
    {0x2ed1176a72984a07u, 0xcaa29b916ba3b726u}, /* -98 */
    {0x257412bb8ee03b39u, 0x6ee87c74561c9285u}, /* -97 */
    {0x3beceac5b166c528u, 0xb173fa53bcfa8408u}, /* -96 */
    {0x2ff0bbd15ab89dbau, 0x278ffb7630c869a0u}, /* -95 */
    {0x265a2fdaaefa17c8u, 0x1fa662c4f3d387b3u}, /* -94 */
    {0x3d5d195de4c35940u, 0x32a3d13b1fb8d91fu}, /* -93 */
    {0x3117477e509c4766u, 0x8ee9742f4c93e0e6u}, /* -92 */
    {0x2745d2cb73b0391eu, 0xd8bac3590a0fe71eu}, /* -91 */
    {0x3ed61e1252b38e97u, 0xc12ad228101971c9u}, /* -90 */
    {0x3244e4db755c7213u, 0x00ef0e8673478e3bu}, /* -89 */
    {0x28371d7c5de38e75u, 0x9a58d86b8f6c71c9u}, /* -88 */
    {0x202c1796b182d85eu, 0x1513e0560c56c16eu}, /* -87 */
    {0x3379bf57826af3c9u, 0xbb530089ad579be2u}, /* -86 */
    {0x292e32ac68558fd4u, 0x95dc006e2446164fu}, /* -85 */
    {0x20f1c22386aad976u, 0xde4999f1b69e783fu}, /* -84 */
    {0x34b6036c0aaaf58au, 0xfd428fe92430c065u}, /* -83 */
    {0x2a2b35f00888c46fu, 0x31020cba835a3384u}, /* -82 */
    {0x21bc2b266d3a36bfu, 0x5a680a2ecf7b5c69u}, /* -81 */
    {0x35f9dea3e1f6bdfeu, 0xf70cdd17b25efa42u}, /* -80 */
    {0x2b2e4bb64e5efe65u, 0x9270b0dfc1e59502u}, /* -79 */
    {0x228b6fc50b7f31eau, 0xdb8d5a4c9b1e10ceu}, /* -78 */
    {0x37457fa1abfeb644u, 0x927bc3adc4fce7b0u}, /* -77 */
    {0x2c37994e23322b6au, 0x0ec96957d0ca52f3u}, /* -76 */
    {0x235fadd81c2822bbu, 0x3f07877973d50f29u}, /* -75 */
    {0x3899162693736ac5u, 0x31a5a58f1fbb4b75u}, /* -74 */
    {0x2d4744eba9292237u, 0x5aeaead8e62f6f91u}, /* -73 */
    {0x243903efba874e92u, 0xaf22557a51bf8c74u}, /* -72 */
    {0x39f4d3192a721751u, 0x1836ef2a1c65ad86u}, /* -71 */
    {0x2e5d75adbb8e790du, 0xacf8bf54e3848ad2u}, /* -70 */
    {0x25179157c93ec73eu, 0x23fa32aa4f9d3bdbu}, /* -69 */
    {0x3b58e88c75313ec9u, 0xd329eaaa18fb92f8u}, /* -68 */
    {0x2f7a53a390f4323bu, 0x0f54bbbb472fa8c6u}, /* -67 */
    {0x25fb761c73f68e95u, 0xa5dd62fc38f2ed6cu}, /* -66 */
    {0x3cc589c71ff0e422u, 0xa2fbd1938e517bdfu}, /* -65 */
    {0x309e07d27ff3e9b5u, 0x4f2fdadc71dac97fu}, /* -64 */
    {0x26e4d30eccc3215du, 0xd8f3157d27e23accu}, /* -63 */
    {0x3e3aeb4ae1383562u, 0xf4b82261d969f7adu}, /* -62 */
    {0x31c8bc3be7602ab5u, 0x90934eb4adee5fbeu}, /* -61 */
    {0x27d3c9c985e68891u, 0x4075d8908b251965u}, /* -60 */
    {0x3fb942dc0970da82u, 0x00bc8db411d4f56eu}, /* -59 */
    {0x32fa9be33ac0aeceu, 0x66fd3e29a7dd9125u}, /* -58 */
    {0x28c87cb5c89a2571u, 0xebfdcb54864ada84u}, /* -57 */
    {0x20a063c4a07b5127u, 0xeffe3c439ea2486au}, /* -56 */
    {0x3433d2d433f881d9u, 0x7ffd2d38fdd073dcu}, /* -55 */
    {0x29c30f1029939b14u, 0x6664242d97d9f64au}, /* -54 */
    {0x2168d8d9badc7c10u, 0x51e9b68adfe191d5u}, /* -53 */
    {0x35748e292afa601au, 0x1ca924116635b621u}, /* -52 */
    {0x2ac3a4edbbfb8014u, 0xe3ba83411e915e81u}, /* -51 */
    {0x22361d8afcc93343u, 0xe962029a7edab201u}, /* -50 */
    {0x36bcfc1194751ed3u, 0x0f03375d97c45001u}, /* -49 */
    {0x2bca63414390e575u, 0xa59c2c4adfd04001u}, /* -48 */
    {0x23084f676940b791u, 0x5149bd08b30d0001u}, /* -47 */
    {0x380d4bd8a8678c1bu, 0xb542c80deb480001u}, /* -46 */
    {0x2cd76fe086b93ce2u, 0xf768a00b22a00001u}, /* -45 */
    {0x23df8cb39efa971bu, 0xf9208008e8800001u}, /* -44 */
    {0x3965adec3190f1c6u, 0x5b67334174000001u}, /* -43 */
    {0x2deaf189c140c16bu, 0x7c528f6790000001u}, /* -42 */
    {0x24bbf46e3433cdefu, 0x96a872b940000001u}, /* -41 */
    {0x3ac653e386b9497fu, 0x5773eac200000001u}, /* -40 */
    {0x2f050fe938943accu, 0x45f6556800000001u}, /* -39 */
    {0x259da6542d43623du, 0x04c5112000000001u}, /* -38 */
    {0x3c2f7086aed236c8u, 0x07a1b50000000001u}, /* -37 */
    {0x3025f39ef241c56cu, 0xd2e7c40000000001u}, /* -36 */
    {0x2684c2e58e9b0457u, 0x0f1fd00000000001u}, /* -35 */
    {0x3da137d5b0f806f1u, 0xb1cc800000000001u}, /* -34 */
    {0x314dc6448d9338c1u, 0x5b0a000000000001u}, /* -33 */
    {0x27716b6a0adc2d67u, 0x7c08000000000001u}, /* -32 */
    {0x3f1bdf10116048a5u, 0x9340000000000001u}, /* -31 */
    {0x327cb2734119d3b7u, 0xa900000000000001u}, /* -30 */
    {0x2863c1f5cdae42f9u, 0x5400000000000001u}, /* -29 */
    {0x204fce5e3e250261u, 0x1000000000000001u}, /* -28 */
    {0x33b2e3c9fd0803ceu, 0x8000000000000001u}, /* -27 */
    {0x295be96e64066972u, 0x0000000000000001u}, /* -26 */
    {0x2116545850052128u, 0x0000000000000001u}, /* -25 */
    {0x34f086f3b33b6840u, 0x0000000000000001u}, /* -24 */
    {0x2a5a058fc295ed00u, 0x0000000000000001u}, /* -23 */
    {0x21e19e0c9bab2400u, 0x0000000000000001u}, /* -22 */
    {0x3635c9adc5dea000u, 0x0000000000000001u}, /* -21 */
    {0x2b5e3af16b188000u, 0x0000000000000001u}, /* -20 */
    {0x22b1c8c1227a0000u, 0x0000000000000001u}, /* -19 */
    {0x3782dace9d900000u, 0x0000000000000001u}, /* -18 */
    {0x2c68af0bb1400000u, 0x0000000000000001u}, /* -17 */
    {0x2386f26fc1000000u, 0x0000000000000001u}, /* -16 */
    {0x38d7ea4c68000000u, 0x0000000000000001u}, /* -15 */
    {0x2d79883d20000000u, 0x0000000000000001u}, /* -14 */
    {0x246139ca80000000u, 0x0000000000000001u}, /* -13 */
    {0x3a35294400000000u, 0x0000000000000001u}, /* -12 */
    {0x2e90edd000000000u, 0x0000000000000001u}, /* -11 */
    {0x2540be4000000000u, 0x0000000000000001u}, /* -10 */
    {0x3b9aca0000000000u, 0x0000000000000001u}, /* -9 */
    {0x2faf080000000000u, 0x0000000000000001u}, /* -8 */
    {0x2625a00000000000u, 0x0000000000000001u}, /* -7 */
    {0x3d09000000000000u, 0x0000000000000001u}, /* -6 */
    {0x30d4000000000000u, 0x0000000000000001u}, /* -5 */
    {0x2710000000000000u, 0x0000000000000001u}, /* -4 */
    {0x3e80000000000000u, 0x0000000000000001u}, /* -3 */
    {0x3200000000000000u, 0x0000000000000001u}, /* -2 */
    {0x2800000000000000u, 0x0000000000000001u}, /* -1 */
    {0x2000000000000000u, 0x0000000000000001u}, /* 0 */
    {0x3333333333333333u, 0x3333333333333334u}, /* 1 */
    {0x28f5c28f5c28f5c2u, 0x8f5c28f5c28f5c29u}, /* 2 */
    {0x20c49ba5e353f7ceu, 0xd916872b020c49bbu}, /* 3 */
    {0x346dc5d63886594au, 0xf4f0d844d013a92bu}, /* 4 */
    {0x29f16b11c6d1e108u, 0xc3f3e0370cdc8755u}, /* 5 */
    {0x218def416bdb1a6du, 0x698fe69270b06c44u}, /* 6 */
    {0x35afe535795e90afu, 0x0f4ca41d811a46d4u}, /* 7 */
    {0x2af31dc4611873bfu, 0x3f70834acdae9f10u}, /* 8 */
    {0x225c17d04dad2965u, 0xcc5a02a23e254c0du}, /* 9 */
    {0x36f9bfb3af7b756fu, 0xad5cd10396a21347u}, /* 10 */
    {0x2bfaffc2f2c92abfu, 0xbde3da69454e75d3u}, /* 11 */
    {0x232f33025bd42232u, 0xfe4fe1edd10b9175u}, /* 12 */
    {0x384b84d092ed0384u, 0xca19697c81ac1befu}, /* 13 */
    {0x2d09370d42573603u, 0xd4e1213067bce326u}, /* 14 */
    {0x24075f3dceac2b36u, 0x43e74dc052fd8285u}, /* 15 */
    {0x39a5652fb1137856u, 0xd30baf9a1e626a6du}, /* 16 */
    {0x2e1dea8c8da92d12u, 0x426fbfae7eb521f1u}, /* 17 */
    {0x24e4bba3a4875741u, 0xcebfcc8b9890e7f4u}, /* 18 */
    {0x3b07929f6da55869u, 0x4acc7a78f41b0cbau}, /* 19 */
    {0x2f394219248446bau, 0xa23d2ec729af3d62u}, /* 20 */
    {0x25c768141d369efbu, 0xb4fdbf05baf29781u}, /* 21 */
    {0x3c7240202ebdcb2cu, 0x54c931a2c4b758cfu}, /* 22 */
    {0x305b66802564a289u, 0xdd6dc14f03c5e0a5u}, /* 23 */
    {0x26af8533511d4ed4u, 0xb1249aa59c9e4d51u}, /* 24 */
    {0x3de5a1ebb4fbb154u, 0x4ea0f76f60fd4882u}, /* 25 */
    {0x318481895d962776u, 0xa54d92bf80caa068u}, /* 26 */
    {0x279d346de4781f92u, 0x1dd7a89933d54d20u}, /* 27 */
    {0x3f61ed7ca0c03283u, 0x62f2a75b86221500u}, /* 28 */
    {0x32b4bdfd4d668ecfu, 0x825bb91604e810cdu}, /* 29 */
    {0x289097fdd7853f0cu, 0x684960de6a5340a4u}, /* 30 */
    {0x2073accb12d0ff3du, 0x203ab3e521dc33b6u}, /* 31 */
    {0x33ec47ab514e652eu, 0x99f7863b696052bdu}, /* 32 */
    {0x2989d2ef743eb758u, 0x7b2c6b62bab37564u}, /* 33 */
    {0x213b0f25f69892adu, 0x2f56bc4efbc2c450u}, /* 34 */
    {0x352b4b6ff0f41de1u, 0xe55793b192d13a1au}, /* 35 */
    {0x2a8909265a5ce4b4u, 0xb77942f475742e7bu}, /* 36 */
    {0x22073a8515171d5du, 0x5f9435905df68b96u}, /* 37 */
    {0x3671f73b54f1c895u, 0x65b9ef4d63241289u}, /* 38 */
    {0x2b8e5f62aa5b06ddu, 0xeafb25d782834207u}, /* 39 */
    {0x22d84c4eeeaf38b1u, 0x88c8eb12cecf6806u}, /* 40 */
    {0x37c07a17e44b8de8u, 0xdadb11b7b14bd9a3u}, /* 41 */
    {0x2c99fb46503c7187u, 0x157c0e2c8dd647b5u}, /* 42 */
    {0x23ae629ea696c138u, 0xddfcd823a4ab6c91u}, /* 43 */
    {0x391704310a8acec1u, 0x632e269f6ddf141bu}, /* 44 */
    {0x2dac035a6ed57234u, 0x4f581ee5f17f4349u}, /* 45 */
    {0x24899c4858aac1c3u, 0x72ace584c1329c3bu}, /* 46 */
    {0x3a75c6da27779c6bu, 0xeaae3c079b842d2au}, /* 47 */
    {0x2ec49f14ec5fb056u, 0x5558300616035755u}, /* 48 */
    {0x256a18dd89e626abu, 0x7779c004de6912abu}, /* 49 */
    {0x3bdcf495a9703ddfu, 0x258f99a163db5111u}, /* 50 */
    {0x2fe3f6de212697e5u, 0xb7a614811caf740du}, /* 51 */
    {0x264ff8b1b41edfeau, 0xf951aa00e3bf900bu}, /* 52 */
    {0x3d4cc11c53649977u, 0xf54f7667d2cc19abu}, /* 53 */
    {0x310a3416a91d4793u, 0x2aa5f8530f09ae22u}, /* 54 */
    {0x273b5cdeedb1060fu, 0x55519375a5a1581bu}, /* 55 */
    {0x3ec56164af81a34bu, 0xbbb5b8bc3c3559c5u}, /* 56 */
    {0x3237811d593482a2u, 0xfc9160969691149eu}, /* 57 */
    {0x282c674aadc39bb5u, 0x96dab3ababa743b2u}, /* 58 */
    {0x202385d557cfafc4u, 0x78aef622efb902f5u}, /* 59 */
    {0x336c0955594c4c6du, 0x8de4bd04b2c19e54u}, /* 60 */
    {0x29233aaaadd6a38au, 0xd7ea30d08f014b76u}, /* 61 */
    {0x20e8fbbbbe454fa2u, 0x4654f3da0c01092cu}, /* 62 */
    {0x34a7f92c63a21903u, 0xa3bb1fc346680eacu}, /* 63 */
    {0x2a1ffa89e94e7a69u, 0x4fc8e635d1ecd88au}, /* 64 */
    {0x21b32ed4baa52ebau, 0xa63a51c4a7f0ad3bu}, /* 65 */
    {0x35eb7e212aa1e45du, 0xd6c3b607731aaec4u}, /* 66 */
    {0x2b22cb4dbbb4b6b1u, 0x789c919f8f488bd0u}, /* 67 */
    {0x22823c3e2fc3c55au, 0xc6e3a7b2d906d640u}, /* 68 */
    {0x3736c6c9e6060891u, 0x3e390c515b3e239au}, /* 69 */
    {0x2c2bd23b1e6b3a0du, 0xcb60d6a77c31b615u}, /* 70 */
    {0x235641c8e52294d7u, 0xd5e7121f968e2b44u}, /* 71 */
    {0x388a02db0837548cu, 0x8971b698f0e3786du}, /* 72 */
    {0x2d3b357c0692aa0au, 0x078e2bad8d82c6bdu}, /* 73 */
    {0x242f5dfcd20eee6eu, 0x6c71bc8ad79bd231u}, /* 74 */
    {0x39e5632e1ce4b0b0u, 0xad82c7448c2c8382u}, /* 75 */
    {0x2e511c24e3ea26f3u, 0xbe023903a356cf9bu}, /* 76 */
    {0x250db01d8321b8c2u, 0xfe682d9c82abd949u}, /* 77 */
    {0x3b4919c8d1cf8e04u, 0xca4048fa6aac8edbu}, /* 78 */
    {0x2f6dae3a4172d803u, 0xd5003a61eef07249u}, /* 79 */
    {0x25f1582e9ac24669u, 0x773361e7f259f507u}, /* 80 */
    {0x3cb559e42ad070a8u, 0xbeb89ca6508fee71u}, /* 81 */
    {0x309114b688a6c086u, 0xfefa16eb73a6585bu}, /* 82 */
    {0x26da76f86d52339fu, 0x3261abef8fb846afu}, /* 83 */
    {0x3e2a57f3e21d1f65u, 0x1d691318e5f3a44bu}, /* 84 */
    {0x31bb798fe8174c50u, 0xe4540f471e5c836fu}, /* 85 */
    {0x27c92e0cb9ac3d0du, 0x8376729f4b7d35f3u}, /* 86 */
    {0x3fa849adf5e061afu, 0x38bd84321261efebu}, /* 87 */
    {0x32ed07be5e4d1af2u, 0x93cad0280eb4bfefu}, /* 88 */
    {0x28bd9fcb7ea4158eu, 0xdca240200bc3ccbfu}, /* 89 */
    {0x2097b309321cde0bu, 0xe3b50019a3030a33u}, /* 90 */
    {0x3425eb41e9c7c9acu, 0x9f88002904d1a9eau}, /* 91 */
    {0x29b7ef67ee396e23u, 0xb2d3335403daee55u}, /* 92 */
    {0x215ff2b98b6124e9u, 0x5bdc291003158b77u}, /* 93 */
    {0x35665128df01d4a8u, 0x92f9db4cd1bc1258u}, /* 94 */
    {0x2ab840ed7f34aa20u, 0x7594af70a7c9a847u}, /* 95 */
    {0x222d00bdff5d54e6u, 0xc476f2c0863aed06u}, /* 96 */
    {0x36ae679665622171u, 0x3a57eacda3917b3cu}, /* 97 */
    {0x2bbeb9451de81ac0u, 0xfb7988a482dac8fdu}, /* 98 */
    {0x22fefa9db1867bcdu, 0x95fad3b6cf156d97u}, /* 99 */
    {0x37fe5dc91c0a5fafu, 0x565e1f8ae4ef15beu}, /* 100 */
    {0x2ccb7e3a7cd51959u, 0x11e4e608b725aaffu}, /* 101 */
    {0x23d5fe9530aa7aadu, 0xa7ea51a0928488ccu}, /* 102 */
    {0x39566421e7772aafu, 0x7310829a84074146u}, /* 103 */
    {0x2ddeb68185f8eef2u, 0xc2739baed005cdd2u}, /* 104 */
    {0x24b22b9ad193f25bu, 0xcec2e2f24004a4a8u}, /* 105 */
    {0x3ab6ac2ae8ecb6f9u, 0x4ad16b1d333aa10cu}, /* 106 */
    {0x2ef889bbed8a2bfau, 0xa241227dc2954da3u}, /* 107 */
    {0x2593a163246e8995u, 0x4e9a81fe35443e1cu}, /* 108 */
    {0x3c1f689ea0b0dc22u, 0x175d9cc9eed39694u}, /* 109 */
    {0x3019207ee6f3e34eu, 0x7917b0a18bdc7876u}, /* 110 */
    {0x267a8065858fe90bu, 0x9412f3b46fe39392u}, /* 111 */
    {0x3d90cd6f3c1974dfu, 0x535185ed7fd285b6u}, /* 112 */
    {0x3140a458fce12a4cu, 0x42a79e57997537c5u}, /* 113 */
    {0x2766e9e0ca4dbb70u, 0x3552e512e12a9304u}, /* 114 */
    {0x3f0b0fce107c5f19u, 0xeeeb081e3510eb39u}, /* 115 */
    {0x326f3fd80d304c14u, 0xbf226ce4f740bc2eu}, /* 116 */
    {0x2858ffe00a8d09aau, 0x3281f0b72c33c9beu}, /* 117 */
    {0x20473319a20a6e21u, 0xc2018d5f568fd498u}, /* 118 */
    {0x33a51e8f69aa49cfu, 0x9ccf48988a7fba8du}, /* 119 */
    {0x2950e53f87bb6e3fu, 0xb0a5d3ad3b99620bu}, /* 120 */
    {0x210d8432d2fc5832u, 0xf3b7dc8a96144e6fu}, /* 121 */
    {0x34e26d1e1e608d1eu, 0x52bfc7442353b0b1u}, /* 122 */
    {0x2a4ebdb1b1e6d74bu, 0x756639034f7626f4u}, /* 123 */
    {0x21d897c15b1f12a2u, 0xc451c735d92b525du}, /* 124 */
    {0x362759355e981dd1u, 0x3a1c71efc1deea2eu}, /* 125 */
    {0x2b52adc44bace4a7u, 0x61b05b2634b254f2u}, /* 126 */
    {0x22a88b036fbd83b9u, 0x1af37c1e908eaa5bu}, /* 127 */
    {0x3774119f192f3928u, 0x2b1f2cfdb41776f8u}, /* 128 */
    {0x2c5cdae5adbf60ecu, 0xef4c23fe29ac5f2du}, /* 129 */
    {0x237d7beaf165e723u, 0xf2a34ffe87bd18f1u}, /* 130 */
    {0x38c8c644b56fd839u, 0x84387ffda5fb5b1bu}, /* 131 */
    {0x2d6d6b6a2abfe02eu, 0x0360666484c915afu}, /* 132 */
    {0x24578921bbccb358u, 0x02b3851d3707448cu}, /* 133 */
    {0x3a25a835f9478559u, 0x9dec082ebe720746u}, /* 134 */
    {0x2e8486919439377au, 0xe4bcd358985b3905u}, /* 135 */
    {0x2536d20e102dc5fbu, 0xea30a913ad15c738u}, /* 136 */
    {0x3b8ae9b019e2d65fu, 0xdd1aa81f7b560b8cu}, /* 137 */
    {0x2fa2548ce1824519u, 0x7daeece5fc44d609u}, /* 138 */
    {0x261b76d71ace9dadu, 0xfe258a51969d7808u}, /* 139 */
    {0x3cf8be24f7b0fc49u, 0x96a276e8f0fbf33fu}, /* 140 */
    {0x30c6fe83f95a636eu, 0x121b9253f3fcc299u}, /* 141 */
    {0x2705986994484f8bu, 0x41afa84329970214u}, /* 142 */
    {0x3e6f5a4286da18deu, 0xcf7f739ea8f19cedu}, /* 143 */
    {0x31f2ae9b9f14e0b2u, 0x3f99294bba5ae3f1u}, /* 144 */
    {0x27f5587c7f43e6f4u, 0xffadbaa2fb7be98du}, /* 145 */
    {0x3feef3fa65397187u, 0xff7c5dd1925fdc15u}, /* 146 */
    {0x33258ffb842df46cu, 0xcc637e4141e649abu}, /* 147 */
    {0x28ead9960357f6bdu, 0x704f983434b83aefu}, /* 148 */
    {0x20bbe144cf799231u, 0x26a6135cf6f9c8bfu}, /* 149 */
    {0x345fced47f28e9e8u, 0x3dd685618b294132u}, /* 150 */
    {0x29e63f1065ba54b9u, 0xcb12044e08edcdc2u}, /* 151 */
    {0x2184ff405161dd61u, 0x6f419d0b3a57d7ceu}, /* 152 */
    {0x35a19866e89c9568u, 0xb20294dec3bfbfb0u}, /* 153 */
    {0x2ae7ad1f207d4453u, 0xc19baa4bcfcc995au}, /* 154 */
    {0x2252f0e5b39769dcu, 0x9ae2eea30ca3ade1u}, /* 155 */
    {0x36eb1b091f58a960u, 0xf7d17dd1add2afcfu}, /* 156 */
    {0x2bef48d41913bab3u, 0xf97464a7be42263fu}, /* 157 */
    {0x2325d3dce0dc955cu, 0xc790508631ce84ffu}, /* 158 */
    {0x383c862e3494222eu, 0x0c1a1a704fb0d4ccu}, /* 159 */
    {0x2cfd3824f6dce824u, 0xd67b4859d95a43d6u}, /* 160 */
    {0x23fdc683f8b0b9b7u, 0x11fc39e17aae9cabu}, /* 161 */
    {0x39960a6cc11ac2beu, 0x832d2968c44a9445u}, /* 162 */
    {0x2e11a1f09a7bcefeu, 0xcf575453d03ba9d1u}, /* 163 */
    {0x24dae7f3aec97265u, 0x72ac4376402fbb0eu}, /* 164 */
    {0x3af7d985e47583d5u, 0x8446d256cd192b49u}, /* 165 */
    {0x2f2cae04b6c46977u, 0x9d0575123dadbc3au}, /* 166 */
    {0x25bd5803c569edf9u, 0x4a6ac40e97be302fu}, /* 167 */
    {0x3c62266c6f0fe328u, 0x771139b0f2c9e6b1u}, /* 168 */
    {0x304e85238c0cb5b9u, 0xf8da948d8f07ebc1u}, /* 169 */
    {0x26a5374fa33d5e2eu, 0x60aedd3e0c065634u}, /* 170 */
    {0x3dd5254c3862304au, 0x344afb9679a3bd20u}, /* 171 */
    {0x31775109c6b4f36eu, 0x903bfc78614fca80u}, /* 172 */
    {0x2792a73b055d8f8bu, 0xa6966393810ca200u}, /* 173 */
    {0x3f510b91a22f4c12u, 0xa423d2859b476999u}, /* 174 */
    {0x32a73c7481bf700eu, 0xe9b642047c392148u}, /* 175 */
    {0x2885c9f6ce32c00bu, 0xee2b680396941aa0u}, /* 176 */
    {0x206b07f8a4f5666fu, 0xf1bc53361210154du}, /* 177 */
    {0x33de73276e5570b3u, 0x1c6085235019bbaeu}, /* 178 */
    {0x297ec285f1ddf3c2u, 0x7d1a041c40149625u}, /* 179 */
    {0x21323537f4b18fceu, 0xca7b367d0010781du}, /* 180 */
    {0x351d21f3211c194au, 0xdd91f0c8001a59c8u}, /* 181 */
    {0x2a7db4c280e3476fu, 0x17a7f3d3334847d4u}, /* 182 */
    {0x21fe2a3533e905f2u, 0x79532975c2a03976u}, /* 183 */
    {0x366376bb8641a31du, 0x8eeb75893766c256u}, /* 184 */
    {0x2b82c562d1ce1c17u, 0xa5892ad42c523512u}, /* 185 */
    {0x22cf044f0e3e7cdfu, 0xb7a0ef102374f742u}, /* 186 */
    {0x37b1a07e7d30c7ccu, 0x59017e8038bb2536u}, /* 187 */
    {0x2c8e19feca8d6ca3u, 0x7a67986693c8ea91u}, /* 188 */
    {0x23a4e198a20abd4fu, 0x951fad1edca0bba8u}, /* 189 */
    {0x3907cf5a9cddfbb2u, 0x8832ae97c76792a5u}, /* 190 */
    {0x2d9fd9154a4b2fc2u, 0x068ef21305ec7551u}, /* 191 */
    {0x247fe0ddd508f301u, 0x9ed8c1a8d189f774u}, /* 192 */
    {0x3a66349621a7eb35u, 0xcaf4690e1c0ff253u}, /* 193 */
    {0x2eb82a11b48655c4u, 0xa25d20d816732843u}, /* 194 */
    {0x256021a7c39eab03u, 0xb5174d79ab8f5369u}, /* 195 */
    {0x3bcd02a605caab39u, 0x21bee25c45b21f0eu}, /* 196 */
    {0x2fd735519e3bbc2du, 0xb498b5169e2818d8u}, /* 197 */
    {0x2645c4414b62fcf1u, 0x5d46f7454b534713u}, /* 198 */
    {0x3d3c6d35456b2e4eu, 0xfba4bed545520b52u}, /* 199 */
    {0x30fd242a9def583fu, 0x2fb6ff110441a2a8u}, /* 200 */
    {0x2730e9bbb18c4698u, 0xf2f8cc0d9d014eedu}, /* 201 */
    {0x3eb4a92c4f46d75bu, 0x1e5ae015c80217e1u}, /* 202 */
    {0x322a20f03f6bdf7cu, 0x1848b344a001acb4u}, /* 203 */
    {0x2821b3f365efe5fcu, 0xe03a2903b3348a2au}, /* 204 */
    {0x201af65c518cb7fdu, 0x802e873628f6d4eeu}, /* 205 */
    {0x335e56fa1c145995u, 0x99e40b89db2487e3u}, /* 206 */
    {0x29184594e3437adeu, 0x14b66fa17c1d3983u}, /* 207 */
    {0x20e037aa4f692f18u, 0x1091f2e7967dc79cu}, /* 208 */
    {0x3499f2aa18a84b59u, 0xb41cb7d8f0c93f5fu}, /* 209 */
    {0x2a14c221ad536f7au, 0xf67d5fe0c0a0ff80u}, /* 210 */
    {0x21aa34e7bddc592fu, 0x2b977fe70080cc66u}, /* 211 */
    {0x35dd2172c9608eb1u, 0xdf58cca4cd9ae0a3u}, /* 212 */
    {0x2b174df56de6d88eu, 0x4c470a1d7148b3b6u}, /* 213 */
    {0x22790b2abe5246d8u, 0x3d05a1b1276d5c92u}, /* 214 */
    {0x372811ddfd507159u, 0xfb3c35e83f1560e9u}, /* 215 */
    {0x2c200e4b310d277bu, 0x2f635e5365aab3edu}, /* 216 */
    {0x234cd83c273db92fu, 0x591c4b75eaeef658u}, /* 217 */
    {0x387af39371fc5b7eu, 0xf4fa125644b18a26u}, /* 218 */
    {0x2d2f2942c196af98u, 0xc3fb41de9d5ad4ebu}, /* 219 */
    {0x2425ba9bce122613u, 0xcffc34b2177bdd89u}, /* 220 */
    {0x39d5f75fb01d09b9u, 0x4cc6bab68bf96274u}, /* 221 */
    {0x2e44c5e6267da161u, 0x0a38955ed6611b90u}, /* 222 */
    {0x2503d184eb97b44du, 0xa1c6dde5784dafa7u}, /* 223 */
    {0x3b394f3b128c53afu, 0x693e2fd58d49190bu}, /* 224 */
    {0x2f610c2f4209dc8cu, 0x5431bfde0aa0e0d5u}, /* 225 */
    {0x25e73cf29b3b16d6u, 0xa9c1664b3bb3e711u}, /* 226 */
    {0x3ca52e50f85e8af1u, 0x0f9bd6dec5eca4e8u}, /* 227 */
    {0x3084250d937ed58du, 0xa616457f04bd50bau}, /* 228 */
    {0x26d01da475ff113eu, 0x1e783798d09773c8u}, /* 229 */
    {0x3e19c9072331b530u, 0x30c058f480f252d9u}, /* 230 */
    {0x31ae3a6c1c27c426u, 0x8d66ad9067284247u}, /* 231 */
    {0x27be952349b969b8u, 0x711ef14052869b6cu}, /* 232 */
    {0x3f97550542c242c0u, 0xb4fe4ecd50d75f14u}, /* 233 */
    {0x32df7737689b689au, 0x2a650bd773df7f43u}, /* 234 */
    {0x28b2c5c5ed49207bu, 0x551da312c319329cu}, /* 235 */
    {0x208f049e576db395u, 0xddb14f4235adc217u}, /* 236 */
    {0x34180763bf15ec22u, 0xfc4ee536bc49368au}, /* 237 */
    {0x29acd2b63277f01bu, 0xfd0bea92303a9208u}, /* 238 */
    {0x21570ef8285ff349u, 0x973cbba8269541a0u}, /* 239 */
    {0x355817f373ccb875u, 0xbec792a6a422029au}, /* 240 */
    {0x2aacdff5f63d605eu, 0x3239421ee9b4cee1u}, /* 241 */
    {0x2223e65e5e97804bu, 0x5b6101b25490a581u}, /* 242 */
    {0x369fd6fd64259a12u, 0x2bce691d541aa268u}, /* 243 */
    {0x2bb31264501e14dbu, 0x563eba7ddce21b87u}, /* 244 */
    {0x22f5a850401810afu, 0x78322ecb171b4939u}, /* 245 */
    {0x37ef73b399c01ab2u, 0x59e9e47824f87527u}, /* 246 */
    {0x2cbf8fc2e1667bc1u, 0xe187e9f9b72d2a86u}, /* 247 */
    {0x23cc73024deb9634u, 0xb46cbb2e2c242205u}, /* 248 */
    {0x39471e6a1645bd21u, 0x20adf849e039d007u}, /* 249 */
    {0x2dd27ebb4504974du, 0xb3be603b19c7d99fu}, /* 250 */
    {0x24a865629d9d45d7u, 0xc2feb3627b0647b3u}, /* 251 */
    {0x3aa7089dc8fba2f2u, 0xd197856a5e7072b8u}, /* 252 */
    {0x2eec06e4a0c94f28u, 0xa7ac6abb7ec05bc6u}, /* 253 */
    {0x25899f1d4d6dd8edu, 0x52f05562cbcd1638u}, /* 254 */
    {0x3c0f64fbaf1627e2u, 0x1e4d556adfae89f3u}, /* 255 */
    {0x300c50c958de864eu, 0x7ea444557fbed4c3u}, /* 256 */
    {0x267040a113e5383eu, 0xcbb69d1132ff109cu}, /* 257 */
    {0x3d8067681fd526cau, 0xdf8a94e851981a93u}, /* 258 */
    {0x313385ece6441f08u, 0xb2d543ed0e134875u}, /* 259 */
    {0x275c6b23eb69b26du, 0x5bddcff0d80f6d2bu}, /* 260 */
    {0x3efa45064575ea48u, 0x92fc7fe7c018aeabu}, /* 261 */
    {0x3261d0d1d12b21d3u, 0xa8c9ffec99ad5889u}, /* 262 */
    {0x284e40a7da88e7dcu, 0x8707fff07af113a1u}, /* 263 */
    {0x203e9a1fe2071fe3u, 0x9f39998d2f2742e7u}, /* 264 */
    {0x33975cffd00b6638u, 0xfec28f484b7204a4u}, /* 265 */
    {0x2945e3ffd9a2b82du, 0x989ba5d36f8e6a1du}, /* 266 */
    {0x2104b66647b56024u, 0x7a161e42bfa521b1u}, /* 267 */
    {0x34d4570a0c5566a0u, 0xc35696d132a1cf81u}, /* 268 */
    {0x2a4378d4d6aab880u, 0x9c454574288172ceu}, /* 269 */
    {0x21cf93dd7888939au, 0x169dd129ba0128a5u}, /* 270 */
    {0x3618ec958da75290u, 0x242fb50f9001daa1u}, /* 271 */
    {0x2b4723aad7b90ed9u, 0xb68c90d940017bb4u}, /* 272 */
    {0x229f4fbbdfc73f14u, 0x920a0d7a999ac95du}, /* 273 */
    {0x37654c5fcc71fe87u, 0x50101590f5c47561u}, /* 274 */
    {0x2c5109e63d27fed2u, 0xa6734473f7d05de8u}, /* 275 */
    {0x237407eb641fff0eu, 0xeb8f69f65fd9e4b9u}, /* 276 */
    {0x38b9a6456cfffe7eu, 0x45b24323cc8fd45cu}, /* 277 */
    {0x2d6151d123fffecbu, 0x6af502830a0ca9e3u}, /* 278 */
    {0x244ddb0db666656fu, 0x88c402026e7087e9u}, /* 279 */
    {0x3a162b4923d708b2u, 0x746cd003e3e73fdbu}, /* 280 */
    {0x2e7822a0e978d3c1u, 0xf6bd73364fec3315u}, /* 281 */
    {0x252ce880bac70fceu, 0x5efdf5c50cbcf5abu}, /* 282 */
    {0x3b7b0d9ac471b2e3u, 0xcb2fefa1adfb22abu}, /* 283 */
    {0x2f95a47bd05af583u, 0x08f3261af195b555u}, /* 284 */
    {0x261150630d159135u, 0xa0c284e25ade2aabu}, /* 285 */
    {0x3ce8809e7b55b522u, 0x9ad0d49d5e304444u}, /* 286 */
    {0x30ba007ec9115db5u, 0x48a7107de4f369d0u}, /* 287 */
    {0x26fb3398a0dab15du, 0xd3b8d9fe50c2bb0du}, /* 288 */
    {0x3e5eb8f434911bc9u, 0x52c15cca1ad12b48u}, /* 289 */
    {0x31e560c35d40e307u, 0x75677d6e7bda8906u}, /* 290 */
    {0x27eab3cf7dcd826cu, 0x5dec645863153a6cu}, /* 291 */
    {0x3fddec7f2faf3713u, 0xc97a3a2704eec3dfu}, /* 292 */
};

/* (g * cp) / 2^127 rounded to odd; fractions below 2^-66 are the error of
 * g and count as zero (see above). */
static uint64_t scale_odd(const uint64_t *g, uint64_t cp) {
    u128 lo = (u128)g[1] * cp;
    u128 mid = (u128)g[0] * cp + (lo >> 64);  /* P = mid * 2^64 + (u64)lo */
    uint64_t fl = (uint64_t)(mid >> 63);
    bool sticky = ((uint64_t)mid & 0x7fffffffffffffffULL) != 0 ||
                  (uint64_t)lo >= (1ULL << 61);
    return fl | (uint64_t)sticky;
}

/* The shortest decimal d * 10^*k in the rounding interval of c * 2^q. */
static uint64_t shortest(uint64_t c, int q, int *k_out) {
    uint64_t cb = c << 2, cbr = cb + 2, cbl;
    int k;
    if (c != (1ULL << 52) || q == -1074) {
        cbl = cb - 2;
        k = floor_log10_pow2(q);
    } else {
        cbl = cb - 1;
        k = floor_log10_3q_pow2(q);
    }
    int h = q + floor_log2_pow10(-k) + 2;
    const uint64_t *g = g_table[k - G_KMIN];
    uint64_t vb = scale_odd(g, cb << h);
    uint64_t vbl = scale_odd(g, cbl << h);
    uint64_t vbr = scale_odd(g, cbr << h);
    uint64_t out = c & 1; /* odd c: the ends are outside (strict compares) */
    uint64_t s = vb >> 2;
    *k_out = k;
    if (s >= 10) {
        uint64_t sp10 = s / 10 * 10, tp10 = sp10 + 10;
        bool u_in = vbl + out <= sp10 << 2;
        bool w_in = (tp10 << 2) + out <= vbr;
        if (u_in != w_in) return u_in ? sp10 : tp10;
    }
    uint64_t t = s + 1;
    bool u_in = vbl + out <= s << 2;
    bool w_in = (t << 2) + out <= vbr;
    if (u_in != w_in) return u_in ? s : t;
    uint64_t mid = 4 * s + 2;
    return (vb < mid || (vb == mid && (s & 1) == 0)) ? s : t;
}

static const char two_digits[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* Decimal digits of d > 0 into buf (no NUL); returns their count. */
static int u64_digits(uint64_t d, char *buf) {
    char tmp[20];
    char *p = tmp + sizeof tmp;
    while (d >= 100) {
        unsigned r = (unsigned)(d % 100);
        d /= 100;
        p -= 2;
        memcpy(p, two_digits + 2 * r, 2);
    }
    if (d >= 10) {
        p -= 2;
        memcpy(p, two_digits + 2 * d, 2);
    } else {
        *--p = (char)('0' + d);
    }
    int n = (int)(tmp + sizeof tmp - p);
    memcpy(buf, p, (size_t)n);
    return n;
}

/* Shortest digits of a finite ax > 0: writes them to buf (>= 20 bytes),
 * returns the count and sets *decpt (value = 0.DIGITS * 10^decpt). */
static int shortest_digits(double ax, char *buf, int *decpt) {
    uint64_t bits;
    memcpy(&bits, &ax, sizeof bits);
    uint64_t frac = bits & ((1ULL << 52) - 1);
    int bexp = (int)(bits >> 52) & 0x7ff;
    uint64_t c;
    int q, k;
    if (bexp == 0) { c = frac; q = -1074; }
    else { c = frac | (1ULL << 52); q = bexp - 1075; }
    uint64_t d = shortest(c, q, &k);
    while (d % 10000 == 0) { d /= 10000; k += 4; }
    if (d % 100 == 0) { d /= 100; k += 2; }
    if (d % 10 == 0) { d /= 10; k += 1; }
    int n = u64_digits(d, buf);
    *decpt = n + k;
    return n;
}

size_t numfmt_float_repr(double x, char *out) {
    char *p = out;
    if (isnan(x)) { memcpy(out, "nan", 4); return 3; }
    if (signbit(x)) { *p++ = '-'; x = -x; }
    if (isinf(x)) { memcpy(p, "inf", 4); return (size_t)(p - out) + 3; }
    if (x == 0) { memcpy(p, "0.0", 4); return (size_t)(p - out) + 3; }
    char dg[20];
    int decpt;
    int n = shortest_digits(x, dg, &decpt);
    /* repr switches to an exponent below 1e-4 and from 1e16 on */
    if (decpt <= -4 || decpt > 16) {
        *p++ = dg[0];
        if (n > 1) {
            *p++ = '.';
            memcpy(p, dg + 1, (size_t)n - 1);
            p += n - 1;
        }
        int e = decpt - 1;
        *p++ = 'e';
        *p++ = e < 0 ? '-' : '+';
        if (e < 0) e = -e;
        if (e >= 100) { *p++ = (char)('0' + e / 100); e %= 100; }
        memcpy(p, two_digits + 2 * e, 2);
        p += 2;
    } else if (decpt <= 0) {
        *p++ = '0';
        *p++ = '.';
        memset(p, '0', (size_t)-decpt);
        p += -decpt;
        memcpy(p, dg, (size_t)n);
        p += n;
    } else if (decpt < n) {
        memcpy(p, dg, (size_t)decpt);
        p += decpt;
        *p++ = '.';
        memcpy(p, dg + decpt, (size_t)(n - decpt));
        p += n - decpt;
    } else {
        memcpy(p, dg, (size_t)n);
        p += n;
        memset(p, '0', (size_t)(decpt - n));
        p += decpt - n;
        *p++ = '.';
        *p++ = '0';
    }
    *p = 0;
    return (size_t)(p - out);
}

/* ------------------------------------------------------------------------ */
/* Fixed-precision digits and CPython's float layout */

/* A digit string without leading zeros (just "0" for zero) and without
 * trailing zeros; value = 0.DIGITS * 10^decpt. */
typedef struct Digits {
    char *d;
    int64_t n;
    int64_t decpt;
    char local[400];
} Digits;

/* The exact decimal expansion of a double has at most 767 significant
 * digits and 1074 digits after the point: printf adds only zeros beyond. */
#define MAX_SIG_DIGITS 800
#define MAX_FRAC_DIGITS 1100

static void strip_trailing_zeros(Digits *D) {
    while (D->n > 1 && D->d[D->n - 1] == '0') D->n--;
}

/* ndig significant digits of ax >= 0, correctly rounded (dtoa mode 2). */
static void digits_sig(double ax, int64_t ndig, Digits *D) {
    int want = (int)min64(ndig, MAX_SIG_DIGITS);
    size_t need = (size_t)want + 40;
    char *t = scratch(D->local, sizeof D->local, need);
    snprintf(t, need, "%.*e", want - 1, ax);
    int64_t n = 0;
    const char *r = t;
    for (; *r && *r != 'e'; r++)
        if (*r >= '0' && *r <= '9') t[n++] = *r;
    long e = *r ? strtol(r + 1, NULL, 10) : 0;
    D->d = t;
    D->n = n;
    D->decpt = ax == 0 ? 1 : e + 1;
    strip_trailing_zeros(D);
}

/* ax >= 0 rounded to nfrac digits after the point (dtoa mode 3). */
static void digits_fixed(double ax, int64_t nfrac, Digits *D) {
    int want = (int)min64(nfrac, MAX_FRAC_DIGITS);
    size_t need = (size_t)want + 330;
    char *t = scratch(D->local, sizeof D->local, need);
    snprintf(t, need, "%.*f", want, ax);
    int64_t n = 0, nint = -1;
    for (const char *r = t; *r; r++) {
        if (*r >= '0' && *r <= '9') t[n++] = *r;
        else if (nint < 0) nint = n;
    }
    if (nint < 0) nint = n;
    int64_t i = 0;
    while (i < n && t[i] == '0') i++;
    if (i == n) {
        t[0] = '0';
        D->d = t;
        D->n = 1;
        D->decpt = 1;
        return;
    }
    D->d = t + i;
    D->n = n - i;
    D->decpt = nint - i;
    strip_trailing_zeros(D);
}

#define DTS_SIGN 1      /* always write a sign */
#define DTS_ADD_DOT_0 2 /* integral values get ".0" (repr style) */
#define DTS_ALT 4       /* keep the '.', and 'g' keeps trailing zeros */
#define DTS_NO_NEG_0 8  /* 'z': a result that rounds to zero loses its '-' */

/* Lays out digits like CPython's format_float_short: code is 'e', 'f', 'g'
 * or 'r' (lowercase), prec the digit count as dtoa was asked for it. The
 * output is the slice [vstart, vend) of the digits padded with zeros on
 * both sides, with the point at decpt. */
static int put_digits(Buf *out, bool neg, const Digits *D, char code, int64_t prec,
                      unsigned flags, bool upper) {
    int64_t decpt = D->decpt, nd = D->n, vend = nd, exp = 0;
    bool use_exp = false;
    switch (code) {
    case 'e':
        use_exp = true;
        vend = prec;
        break;
    case 'f':
        vend = decpt + prec;
        break;
    case 'g':
        if (decpt <= -4 || decpt > ((flags & DTS_ADD_DOT_0) ? prec - 1 : prec)) use_exp = true;
        if (flags & DTS_ALT) vend = prec;
        break;
    default: /* 'r' */
        if (decpt <= -4 || decpt > 16) use_exp = true;
        break;
    }
    if (use_exp) {
        exp = decpt - 1;
        decpt = 1;
    }
    int64_t vstart = decpt <= 0 ? decpt - 1 : 0;
    if (!use_exp && (flags & DTS_ADD_DOT_0)) vend = max64(vend, decpt + 1);
    else vend = max64(vend, decpt);
    int64_t total = (vend - vstart) + 8;
    if (total > NUMFMT_MAX_OUTPUT) return -1;
    buf_reserve(out, (size_t)total);
    char *p = out->data + out->len;
    if (neg) *p++ = '-';
    else if (flags & DTS_SIGN) *p++ = '+';
    /* the digits before the point */
    if (decpt <= 0) {
        *p++ = '0';
    } else {
        int64_t m = min64(decpt, nd);
        memcpy(p, D->d, (size_t)m);
        p += m;
        memset(p, '0', (size_t)(decpt - m));
        p += decpt - m;
    }
    *p++ = '.';
    /* the digits after it: zeros, then the remaining digits, then zeros */
    int64_t pos = decpt;                  /* virtual index of the next one */
    if (pos < 0) {
        int64_t z = min64(-pos, vend - pos);
        memset(p, '0', (size_t)z);
        p += z;
        pos += z;
    }
    if (pos < nd && pos < vend) {
        int64_t start = max64(pos, 0), m = min64(nd, vend) - start;
        memcpy(p, D->d + start, (size_t)m);
        p += m;
        pos = start + m;
    }
    if (pos < vend) {
        memset(p, '0', (size_t)(vend - pos));
        p += vend - pos;
    }
    if (p[-1] == '.' && !(flags & DTS_ALT)) p--;
    if (use_exp) {
        *p++ = upper ? 'E' : 'e';
        *p++ = exp < 0 ? '-' : '+';
        if (exp < 0) exp = -exp;
        if (exp >= 100) { *p++ = (char)('0' + exp / 100); exp %= 100; }
        memcpy(p, two_digits + 2 * exp, 2);
        p += 2;
    }
    out->len = (size_t)(p - out->data);
    out->data[out->len] = 0;
    return 0;
}

/* CPython's PyOS_double_to_string: code is one of e E f F g G r. Appends
 * to out; returns -1 only when the result would be unreasonably long. */
static int double_to_string(Buf *out, double x, char code, int64_t prec, unsigned flags) {
    bool upper = false;
    switch (code) {
    case 'E': upper = true; code = 'e'; prec++; break;
    case 'e': prec++; break;
    case 'F': upper = true; code = 'f'; break;
    case 'G': upper = true; code = 'g'; if (prec == 0) prec = 1; break;
    case 'g': if (prec == 0) prec = 1; break;
    default: break;
    }
    bool neg = signbit(x) != 0;
    if (!isfinite(x)) {
        if (isnan(x)) neg = false; /* the sign of a nan is never shown */
        if (neg) buf_putc(out, '-');
        else if (flags & DTS_SIGN) buf_putc(out, '+');
        buf_puts(out, isnan(x) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf"));
        return 0;
    }
    Digits D;
    double ax = fabs(x);
    if (code == 'r') {
        if (ax == 0) {
            D.local[0] = '0';
            D.n = 1;
            D.decpt = 1;
        } else {
            int decpt;
            D.n = shortest_digits(ax, D.local, &decpt);
            D.decpt = decpt;
        }
        D.d = D.local;
    } else if (code == 'f') {
        digits_fixed(ax, prec, &D);
    } else {
        digits_sig(ax, prec, &D);
    }
    if ((flags & DTS_NO_NEG_0) && neg && D.n == 1 && D.d[0] == '0') neg = false;
    return put_digits(out, neg, &D, code, prec, flags, upper);
}

/* ------------------------------------------------------------------------ */
/* float() */

static bool ascii_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static bool ascii_digit(char c) { return c >= '0' && c <= '9'; }

static bool match_word(const char *s, size_t n, const char *word) {
    if (strlen(word) != n) return false;
    for (size_t i = 0; i < n; i++)
        if ((s[i] | 0x20) != word[i]) return false;
    return true;
}

int numfmt_parse_float(const char *s, size_t len, double *out) {
    /* CPython first maps the text to ASCII: Unicode white space becomes
     * ' ', Unicode decimal digits become '0'..'9', any other non-ASCII
     * character (and DEL) makes the text invalid. */
    char local[128];
    char *a = scratch(local, sizeof local, len + 40);
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        unsigned char ch = (unsigned char)s[i];
        if (ch < 127) {
            if (ch == 0) return -1;
            a[n++] = (char)ch;
            i++;
            continue;
        }
        int32_t cp = ch == 127 ? -1 : utf8_next((const unsigned char *)s, len, &i);
        if (cp < 0) return -1;
        int dv;
        if (unicode_space_nonascii((uint32_t)cp)) a[n++] = ' ';
        else if ((dv = unicode_decimal((uint32_t)cp)) >= 0) a[n++] = (char)('0' + dv);
        else return -1;
    }
    size_t b = 0, e = n;
    while (b < e && ascii_space(a[b])) b++;
    while (e > b && ascii_space(a[e - 1])) e--;
    if (b == e) return -1;
    /* '_' is only allowed between two digits */
    for (size_t i = b; i < e; i++)
        if (a[i] == '_' && (i == b || i + 1 == e || !ascii_digit(a[i - 1]) || !ascii_digit(a[i + 1])))
            return -1;

    size_t p = b;
    bool neg = false;
    if (a[p] == '+' || a[p] == '-') neg = a[p++] == '-';
    if (p < e && ((a[p] | 0x20) == 'i' || (a[p] | 0x20) == 'n')) {
        if (match_word(a + p, e - p, "inf") || match_word(a + p, e - p, "infinity")) {
            *out = neg ? -HUGE_VAL : HUGE_VAL;
            return 0;
        }
        if (match_word(a + p, e - p, "nan")) {
            *out = neg ? -NAN : NAN;
            return 0;
        }
        return -1;
    }
    /* Collect the significant digits (no leading zeros) in place at the
     * start of the buffer; value = DIGITS * 10^(exp - nfrac). */
    size_t w = 0, ndig = 0;
    int64_t nfrac = 0;
    for (; p < e && (ascii_digit(a[p]) || a[p] == '_'); p++) {
        if (a[p] == '_') continue;
        ndig++;
        if (w || a[p] != '0') a[w++] = a[p];
    }
    if (p < e && a[p] == '.') {
        for (p++; p < e && (ascii_digit(a[p]) || a[p] == '_'); p++) {
            if (a[p] == '_') continue;
            ndig++;
            nfrac++;
            if (w || a[p] != '0') a[w++] = a[p];
        }
    }
    if (ndig == 0) return -1;
    int64_t exp = 0;
    if (p < e && (a[p] | 0x20) == 'e') {
        bool eneg = false;
        p++;
        if (p < e && (a[p] == '+' || a[p] == '-')) eneg = a[p++] == '-';
        size_t nexp = 0;
        for (; p < e && (ascii_digit(a[p]) || a[p] == '_'); p++) {
            if (a[p] == '_') continue;
            nexp++;
            if (exp < 1000000000000LL) exp = exp * 10 + (a[p] - '0');
        }
        if (nexp == 0) return -1;
        if (eneg) exp = -exp;
    }
    if (p != e) return -1;
    if (w == 0) {
        *out = neg ? -0.0 : 0.0;
        return 0;
    }
    /* Far out of range values need no strtod (and keep the exponent in
     * printable range): the value lies in [10^(mag-1), 10^mag). */
    int64_t e10 = exp - nfrac, mag = (int64_t)w + e10;
    double v;
    if (mag > 400) v = HUGE_VAL;
    else if (mag < -400) v = 0.0;
    else {
        snprintf(a + w, 40, "e%lld", (long long)e10);
        v = strtod(a, NULL);
    }
    *out = neg ? -v : v;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* round(x, n) */

int numfmt_round_double(double x, int64_t ndigits, double *out, NumFmtError *err) {
    /* Same cut-offs as CPython: beyond 323 digits every double is exact,
     * below -308 everything rounds to zero. */
    if (!isfinite(x) || x == 0 || ndigits > 323) { *out = x; return 0; }
    if (ndigits < -308) { *out = 0.0 * x; return 0; }
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    int bexp = (int)(bits >> 52) & 0x7ff;
    uint64_t c = bits & ((1ULL << 52) - 1);
    int q;
    if (bexp == 0) q = -1074;
    else { c |= 1ULL << 52; q = bexp - 1075; }
    int tz = __builtin_ctzll(c);
    if (ndigits >= 0) {
        /* x has exactly -(q + tz) digits after the decimal point */
        if (ndigits >= -(int64_t)(q + tz)) { *out = x; return 0; }
        /* printf rounds exactly (ties to even); read its digits back */
        Digits D;
        digits_fixed(fabs(x), ndigits, &D);
        char buf[400];
        double v = 0;
        if (!(D.n == 1 && D.d[0] == '0')) {
            /* here |x| < 2^53 and ndigits <= 323: at most 16 + 323 digits */
            memcpy(buf, D.d, (size_t)D.n);
            snprintf(buf + D.n, sizeof buf - (size_t)D.n, "e%lld", (long long)(D.decpt - D.n));
            v = strtod(buf, NULL);
        }
        *out = signbit(x) ? -v : v;
        return 0;
    }
    /* ndigits < 0: round c * 2^q to a multiple of 10^p, ties to even,
     * exactly with integers. */
    int p = (int)-ndigits;
    mpz_t num, den, quo, rem;
    mpz_inits(num, den, quo, rem, NULL);
    mpz_set_ui(num, c);
    mpz_ui_pow_ui(den, 10, (unsigned long)p);
    if (q >= 0) mpz_mul_2exp(num, num, (mp_bitcnt_t)q);
    else mpz_mul_2exp(den, den, (mp_bitcnt_t)-q);
    mpz_fdiv_qr(quo, rem, num, den);
    mpz_mul_2exp(rem, rem, 1);
    int cmp = mpz_cmp(rem, den);
    if (cmp > 0 || (cmp == 0 && mpz_odd_p(quo))) mpz_add_ui(quo, quo, 1);
    char local[400];
    size_t need = mpz_sizeinbase(quo, 10) + 16;
    char *t = scratch(local, sizeof local, need);
    mpz_get_str(t, 10, quo);
    mpz_clears(num, den, quo, rem, NULL);
    snprintf(t + strlen(t), 16, "e%d", p);
    double v = strtod(t, NULL);
    if (isinf(v)) return fail(err, 'O', "rounded value too large to represent");
    *out = signbit(x) ? -v : v;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* int -> float with correct rounding (int.__float__) */

static int mpz_to_double(const mpz_t z, double *out, NumFmtError *err) {
    size_t nbits = mpz_sizeinbase(z, 2);
    if (mpz_sgn(z) == 0 || nbits <= 53) {
        *out = mpz_get_d(z); /* exact */
        return 0;
    }
    if (nbits > 1024) return fail(err, 'O', "int too large to convert to float");
    /* keep 54 bits (53 + the half bit) and note whether any lower bit is set */
    mp_bitcnt_t shift = nbits - 54;
    bool sticky = mpz_scan1(z, 0) < shift; /* same low bits for -z */
    mpz_t t;
    mpz_init(t);
    mpz_abs(t, z);
    mpz_tdiv_q_2exp(t, t, shift);
    uint64_t m = mpz_get_ui(t);
    mpz_clear(t);
    uint64_t r = m >> 1;
    if ((m & 1) && (sticky || (r & 1))) r++;
    double d = ldexp((double)r, (int)shift + 1);
    if (isinf(d)) return fail(err, 'O', "int too large to convert to float");
    *out = mpz_sgn(z) < 0 ? -d : d;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Format specs */

static bool is_align(int32_t c) { return c == '<' || c == '>' || c == '^' || c == '='; }

static int unknown_type(NumFmtError *err, uint32_t type, const char *what) {
    if (type > 32 && type < 128)
        return fail(err, 'V', "Unknown format code '%c' for object of type '%.150s'", (char)type, what);
    return fail(err, 'V', "Unknown format code '\\x%x' for object of type '%.150s'", (unsigned)type, what);
}

/* Whether t is a presentation type of ints ('i'), floats ('f') or str ('s');
 * t == 0 is no type. */
static bool type_valid(char kind, uint32_t t) {
    if (t >= 128) return false;
    switch (kind) {
    case 'i': return t == 0 || strchr("bcdoxXneEfFgG%", (int)t);
    case 'f': return t == 0 || strchr("eEfFgGn%", (int)t);
    case 's': return t == 0 || t == 's';
    default: return true;
    }
}

/* A width or precision: Unicode decimal digits, as many as there are. */
static int spec_integer(const int32_t *cp, size_t n, size_t *pos, int64_t *out, NumFmtError *err) {
    int64_t acc = 0;
    int dv;
    for (; *pos < n && (dv = unicode_decimal((uint32_t)cp[*pos])) >= 0; (*pos)++) {
        if (acc >= INT64_MAX / 10 && acc > (INT64_MAX - dv) / 10)
            return fail(err, 'V', "Too many decimal digits in format string");
        acc = acc * 10 + dv;
    }
    *out = acc;
    return 0;
}

int numfmt_parse_spec_for(const char *spec, size_t len, FormatSpec *out, const char *what,
                          char kind, NumFmtError *err) {
    if (!what) what = "object";
    out->fill[0] = ' ';
    out->fill[1] = 0;
    out->align = 0;
    out->sign = 0;
    out->no_neg_zero = false;
    out->alternate = false;
    out->zero_pad = false;
    out->width = -1;
    out->grouping = 0;
    out->precision = -1;
    out->type = 0;

    /* decode to code points (specs are short) */
    int32_t local[64];
    int32_t *cp = len <= 64 ? local : gc_alloc_atomic(len * sizeof *cp);
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        size_t i0 = i;
        int32_t c = utf8_next((const unsigned char *)spec, len, &i);
        if (c < 0) { c = (unsigned char)spec[i0]; i = i0 + 1; }
        cp[n++] = c;
    }
    size_t pos = 0;
    bool fill_given = false;
    if (n >= 2 && is_align(cp[1])) {
        size_t k = utf8_encode((uint32_t)cp[0], out->fill);
        out->fill[k] = 0;
        out->align = (char)cp[1];
        fill_given = true;
        pos = 2;
    } else if (n >= 1 && is_align(cp[0])) {
        out->align = (char)cp[0];
        pos = 1;
    }
    if (pos < n && (cp[pos] == '+' || cp[pos] == '-' || cp[pos] == ' ')) out->sign = (char)cp[pos++];
    if (pos < n && cp[pos] == 'z') { out->no_neg_zero = true; pos++; }
    if (pos < n && cp[pos] == '#') { out->alternate = true; pos++; }
    if (!fill_given && pos < n && cp[pos] == '0') {
        /* '0' before the width: fill with '0'; for numbers (default right
         * aligned) it also means '=' unless an alignment was given, which
         * the formatting functions apply */
        out->zero_pad = true;
        out->fill[0] = '0';
        pos++;
    }
    size_t start = pos;
    int64_t v;
    if (spec_integer(cp, n, &pos, &v, err) < 0) return -1;
    if (pos > start) out->width = v;
    if (pos < n && cp[pos] == ',') { out->grouping = ','; pos++; }
    if (pos < n && cp[pos] == '_') {
        if (out->grouping) return fail(err, 'V', "Cannot specify both ',' and '_'.");
        out->grouping = '_';
        pos++;
    }
    if (pos < n && cp[pos] == ',' && out->grouping == '_')
        return fail(err, 'V', "Cannot specify both ',' and '_'.");
    if (pos < n && cp[pos] == '.') {
        start = ++pos;
        if (spec_integer(cp, n, &pos, &v, err) < 0) return -1;
        if (pos == start) return fail(err, 'V', "Format specifier missing precision");
        out->precision = v;
    }
    if (n - pos > 1)
        return fail(err, 'V', "Invalid format specifier '%.*s' for object of type '%.50s'",
                    (int)(len < 100 ? len : 100), spec, what);
    uint32_t type = 0;
    bool type_given = n - pos == 1;
    if (type_given) type = (uint32_t)cp[pos];
    if (out->grouping) {
        uint32_t t = type_given ? type : (kind == 's' ? 's' : 0);
        bool ok;
        switch (t) {
        case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0:
            ok = true;
            break;
        case 'b': case 'o': case 'x': case 'X':
            ok = out->grouping == '_';
            break;
        default:
            ok = false;
        }
        if (!ok) {
            if (t > 32 && t < 128)
                return fail(err, 'V', "Cannot specify '%c' with '%c'.", out->grouping, (char)t);
            return fail(err, 'V', "Cannot specify '%c' with '\\x%x'.", out->grouping, (unsigned)t);
        }
    }
    if (type_given && type == 0) {
        /* an explicit NUL: the same as no type where that is the default */
        if (kind == 'f' || kind == 0) type_given = false;
        else return unknown_type(err, 0, what);
    }
    if (!type_valid(kind ? kind : '?', type))
        return unknown_type(err, type, what);
    out->type = (char)type;
    return 0;
}

int numfmt_parse_spec(const char *spec, size_t len, FormatSpec *out, const char *what,
                      NumFmtError *err) {
    char kind = 0;
    if (what) {
        if (!strcmp(what, "int") || !strcmp(what, "bool")) kind = 'i';
        else if (!strcmp(what, "float")) kind = 'f';
        else if (!strcmp(what, "str")) kind = 's';
    }
    return numfmt_parse_spec_for(spec, len, out, what, kind, err);
}

/* How the integer digits are grouped and the point is written: the spec's
 * ',' or '_' (one separator every `group` digits) or, for format type 'n',
 * LC_NUMERIC's thousands_sep, grouping and decimal_point (CPython's
 * LT_CURRENT_LOCALE). sizes is a C locale grouping string: each byte a
 * group size from the right, a 0 byte repeats the last size, CHAR_MAX
 * stops grouping; empty: no grouping. */
typedef struct Grouping {
    char sizes[16];
    const char *sep;
    size_t sep_bytes;
    int64_t sep_chars;
    const char *point;
    size_t point_bytes;
    int64_t point_chars;
} Grouping;

static Grouping fixed_grouping(int group, char sep) {
    Grouping g = {{0}, sep == '_' ? "_" : ",", 1, 1, ".", 1, 1};
    g.sizes[0] = (char)group;   /* then the terminating 0 byte: repeat it */
    return g;
}

static int64_t utf8_chars(const char *s, size_t n) {
    int64_t c = 0;
    for (size_t i = 0; i < n; i++) c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

static Grouping locale_grouping(void) {
    struct lconv *lc = localeconv();
    Grouping g = {{0}, lc->thousands_sep, strlen(lc->thousands_sep), 0, lc->decimal_point,
                  strlen(lc->decimal_point), 0};
    g.sep_chars = utf8_chars(g.sep, g.sep_bytes);
    g.point_chars = utf8_chars(g.point, g.point_bytes);
    if (g.sep_bytes) {   /* no separator: no grouping */
        size_t n = strlen(lc->grouping);
        if (n >= sizeof g.sizes) n = sizeof g.sizes - 1;
        memcpy(g.sizes, lc->grouping, n);
    }
    return g;
}

/* Groups digits like CPython's _PyUnicode_InsertThousandsGrouping: the
 * group sizes of g from the right, joined by g's separator, the digits left
 * of the last group ungrouped; while the text is shorter than min_width
 * (characters) it is padded with '0' digits, which are grouped too
 * ("00,001,234"). Returns the length in characters and sets *nbytes; when
 * end is not NULL writes the text backwards ending there. */
static int64_t group_digits(char *end, const char *digits, int64_t nd, int64_t min_width, const Grouping *g,
                            int64_t *nbytes) {
    if (min_width < 0) min_width = 0;
    int64_t remaining = nd, count = 0, nseps = 0, previous = 0;
    const char *src = digits + nd, *size = g->sizes;
    bool sep_next = false;
    for (;;) {
        int64_t l;
        if (*size == 0) l = previous;
        else if (*size == CHAR_MAX) l = 0;
        else previous = l = *size++;
        /* no more group sizes: what is left goes ungrouped, last */
        bool last = l <= 0;
        l = last ? max64(max64(remaining, min_width), 1) : min64(l, max64(max64(remaining, min_width), 1));
        int64_t nz = max64(0, l - remaining), nc = max64(0, min64(remaining, l));
        if (sep_next) {
            count += g->sep_chars;
            nseps++;
            if (end) {
                end -= g->sep_bytes;
                memcpy(end, g->sep, g->sep_bytes);
            }
        }
        if (end) {
            end -= nc;
            src -= nc;
            memcpy(end, src, (size_t)nc);
            end -= nz;
            memset(end, '0', (size_t)nz);
        }
        count += nc + nz;
        sep_next = true;
        remaining -= nc;
        min_width -= l;
        if (last || (remaining <= 0 && min_width <= 0)) break;
        min_width -= g->sep_chars;
    }
    *nbytes = count + nseps * ((int64_t)g->sep_bytes - g->sep_chars);
    return count;
}

/* The pieces of a formatted number: [sign][prefix][digits][.][rest] */
typedef struct NumText {
    bool negative;
    const char *prefix;
    size_t nprefix;
    const char *digits; /* the integer digits, grouped and zero padded */
    size_t ndigits;
    bool has_decimal;
    const char *rest;   /* after the point (or the whole text for inf/nan/'c') */
    size_t nrest_bytes, nrest_chars;
} NumText;

static void put_fill(Buf *out, const char *fill, size_t fill_len, int64_t n) {
    if (n <= 0) return;
    if (fill_len == 1) { buf_fill(out, fill[0], (size_t)n); return; }
    buf_reserve(out, (size_t)n * fill_len);
    for (int64_t i = 0; i < n; i++) buf_put(out, fill, fill_len);
}

/* CPython's calc_number_widths + fill_number. */
static int put_number(Buf *out, const FormatSpec *spec, const NumText *t, const Grouping *g,
                      NumFmtError *err) {
    char align = spec->align ? spec->align : spec->zero_pad ? '=' : '>';
    const char *fill = spec->fill;
    size_t fill_len = numfmt_fill_len(spec);
    char sign = t->negative ? '-' : 0;
    if (spec->sign == '+' || spec->sign == ' ') sign = t->negative ? '-' : spec->sign;
    int64_t nsign = sign != 0;
    int64_t point_chars = t->has_decimal ? g->point_chars : 0;
    int64_t nondigit = nsign + (int64_t)t->nprefix + point_chars + (int64_t)t->nrest_chars;
    if (spec->width > NUMFMT_MAX_OUTPUT) return fail_memory(err);
    int64_t min_width = (fill_len == 1 && fill[0] == '0' && align == '=') ? spec->width - nondigit : 0;
    int64_t grouped_bytes = 0;
    int64_t ngrouped = t->ndigits ? group_digits(NULL, t->digits, (int64_t)t->ndigits, min_width, g, &grouped_bytes) : 0;
    int64_t pad = spec->width - (nondigit + ngrouped), lpad = 0, spad = 0, rpad = 0;
    if (pad > 0) {
        switch (align) {
        case '<': rpad = pad; break;
        case '^': lpad = pad / 2; rpad = pad - lpad; break;
        case '=': spad = pad; break;
        default: lpad = pad; break;
        }
    }
    int64_t bytes = (lpad + spad + rpad) * (int64_t)fill_len + nsign + (int64_t)t->nprefix +
                    grouped_bytes + (t->has_decimal ? (int64_t)g->point_bytes : 0) + (int64_t)t->nrest_bytes;
    if (bytes > NUMFMT_MAX_OUTPUT) return fail_memory(err);
    buf_reserve(out, (size_t)bytes);
    put_fill(out, fill, fill_len, lpad);
    if (sign) buf_putc(out, sign);
    if (t->nprefix) buf_put(out, t->prefix, t->nprefix);
    put_fill(out, fill, fill_len, spad);
    if (t->ndigits) {
        buf_reserve(out, (size_t)grouped_bytes);
        int64_t ignored;
        group_digits(out->data + out->len + grouped_bytes, t->digits, (int64_t)t->ndigits, min_width, g, &ignored);
        out->len += (size_t)grouped_bytes;
        out->data[out->len] = 0;
    }
    if (t->has_decimal) buf_put(out, g->point, g->point_bytes);
    if (t->nrest_bytes) buf_put(out, t->rest, t->nrest_bytes);
    put_fill(out, fill, fill_len, rpad);
    return 0;
}

static int format_float_common(double x, const FormatSpec *spec, Buf *out, NumFmtError *err,
                               const char *what) {
    char type = spec->type;
    if (!type_valid('f', (unsigned char)type)) return unknown_type(err, (unsigned char)type, what);
    if (spec->precision > INT_MAX) return fail(err, 'V', "precision too big");
    unsigned flags = 0;
    if (spec->alternate) flags |= DTS_ALT;
    if (spec->no_neg_zero) flags |= DTS_NO_NEG_0;
    int64_t prec = spec->precision, default_prec = 6;
    char code = type;
    bool percent = false;
    if (type == 0) {
        /* no type: like repr without a precision, else like 'g' that keeps
         * one digit after the point */
        flags |= DTS_ADD_DOT_0;
        code = 'r';
        default_prec = 0;
    } else if (type == 'n') {
        code = 'g';
    } else if (type == '%') {
        code = 'f';
        x *= 100;
        percent = true;
    }
    if (prec < 0) prec = default_prec;
    else if (code == 'r') code = 'g';

    size_t start = out->len;
    if (double_to_string(out, x, code, prec, flags) < 0) return fail_memory(err);
    if (percent) buf_putc(out, '%');
    Grouping g = type == 'n' ? locale_grouping() : fixed_grouping(spec->grouping ? 3 : 0, spec->grouping);
    bool plain_point = g.point_bytes == 1 && g.point[0] == '.';
    if (spec->sign != '+' && spec->sign != ' ' && spec->width == -1 && !g.sizes[0] && plain_point)
        return 0;
    /* move the text aside and lay it out with sign, padding, grouping */
    size_t n = out->len - start;
    char local[256];
    char *s = scratch(local, sizeof local, n + 1);
    memcpy(s, out->data + start, n);
    out->len = start;
    out->data[start] = 0;
    NumText t = {0};
    size_t i = 0;
    if (s[0] == '-') { t.negative = true; i = 1; }
    t.prefix = "";
    t.digits = s + i;
    while (i < n && ascii_digit(s[i])) i++;
    t.ndigits = (size_t)(s + i - t.digits);
    if (i < n && s[i] == '.') { t.has_decimal = true; i++; }
    t.rest = s + i;
    t.nrest_bytes = t.nrest_chars = n - i;
    return put_number(out, spec, &t, &g, err);
}

int numfmt_format_double(double x, const FormatSpec *spec, Buf *out, NumFmtError *err) {
    return format_float_common(x, spec, out, err, "float");
}

int numfmt_format_int(const mpz_t z, const FormatSpec *spec, Buf *out, NumFmtError *err) {
    char type = spec->type ? spec->type : 'd';
    int base;
    switch (type) {
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%': {
        double d;
        if (mpz_to_double(z, &d, err) < 0) return -1;
        return format_float_common(d, spec, out, err, "int");
    }
    case 'b': base = 2; break;
    case 'o': base = 8; break;
    case 'x': case 'X': base = 16; break;
    case 'c': case 'd': case 'n': base = 10; break;
    default: return unknown_type(err, (unsigned char)type, "int");
    }
    if (spec->precision != -1)
        return fail(err, 'V', "Precision not allowed in integer format specifier");
    if (spec->no_neg_zero)
        return fail(err, 'V', "Negative zero coercion (z) not allowed in integer format specifier");
    NumText t = {0};
    t.prefix = "";
    if (type == 'c') {
        if (spec->sign) return fail(err, 'V', "Sign not allowed with integer format specifier 'c'");
        if (spec->alternate)
            return fail(err, 'V', "Alternate form (#) not allowed with integer format specifier 'c'");
        if (!mpz_fits_slong_p(z))
            return fail(err, 'O', "Python int too large to convert to C long");
        long v = mpz_get_si(z);
        if (v < 0 || v > 0x10ffff) return fail(err, 'O', "%%c arg not in range(0x110000)");
        char ch[4];
        t.rest = ch;
        t.nrest_bytes = utf8_encode((uint32_t)v, ch);
        t.nrest_chars = 1;
        Grouping none = fixed_grouping(0, 0);
        return put_number(out, spec, &t, &none, err);
    }
    char local[128];
    size_t need = mpz_sizeinbase(z, base) + 2;
    char *s = scratch(local, sizeof local, need);
    mpz_get_str(s, type == 'X' ? -16 : base, z);
    t.negative = s[0] == '-';
    t.digits = s + t.negative;
    t.ndigits = strlen(t.digits);
    if (spec->alternate && base != 10) {
        t.prefix = base == 2 ? "0b" : base == 8 ? "0o" : type == 'X' ? "0X" : "0x";
        t.nprefix = 2;
    }
    Grouping g = type == 'n' ? locale_grouping()
                 : fixed_grouping(spec->grouping == ',' ? 3 : spec->grouping == '_' ? (base == 10 ? 3 : 4) : 0,
                                  spec->grouping);
    if (spec->sign != '+' && spec->sign != ' ' && spec->width == -1 && !g.sizes[0]) {
        if (t.negative) buf_putc(out, '-');
        if (t.nprefix) buf_put(out, t.prefix, t.nprefix);
        buf_put(out, t.digits, t.ndigits);
        return 0;
    }
    return put_number(out, spec, &t, &g, err);
}

int numfmt_format_str(const char *s, size_t nbytes, size_t nchars, const FormatSpec *spec,
                      Buf *out, NumFmtError *err) {
    if (spec->type && spec->type != 's') return unknown_type(err, (unsigned char)spec->type, "str");
    if (spec->sign == ' ') return fail(err, 'V', "Space not allowed in string format specifier");
    if (spec->sign) return fail(err, 'V', "Sign not allowed in string format specifier");
    if (spec->no_neg_zero)
        return fail(err, 'V', "Negative zero coercion (z) not allowed in string format specifier");
    if (spec->alternate)
        return fail(err, 'V', "Alternate form (#) not allowed in string format specifier");
    if (spec->align == '=')
        return fail(err, 'V', "'=' alignment not allowed in string format specifier");
    int64_t len = (int64_t)nchars;
    size_t nb = nbytes;
    if (spec->precision >= 0 && len > spec->precision) {
        /* keep the first `precision` code points */
        len = spec->precision;
        size_t i = 0;
        for (int64_t k = 0; k < len && i < nbytes; k++) {
            i++;
            while (i < nbytes && ((unsigned char)s[i] & 0xc0) == 0x80) i++;
        }
        nb = i;
    }
    int64_t pad = spec->width > len ? spec->width - len : 0;
    if (spec->width > NUMFMT_MAX_OUTPUT) return fail_memory(err);
    char align = spec->align ? spec->align : '<';
    int64_t lpad = align == '>' ? pad : align == '^' ? pad / 2 : 0;
    const char *fill = spec->fill;
    size_t fill_len = numfmt_fill_len(spec);
    if (pad * (int64_t)fill_len + (int64_t)nb > NUMFMT_MAX_OUTPUT) return fail_memory(err);
    put_fill(out, fill, fill_len, lpad);
    buf_put(out, s, nb);
    put_fill(out, fill, fill_len, pad - lpad);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* printf-style formatting of numbers */

/* CPython's handling of a converted number in the % operator: str is the
 * conversion ("-0x00ff", "inf", ...); sign, prefix and zero padding are
 * placed around it. */
static int percent_output(Buf *out, const PercentSpec *ps, const char *str, int64_t len,
                          NumFmtError *err) {
    char fill = ps->zero ? '0' : ' ';
    int64_t width = ps->width;
    size_t pi = 0;
    char signchar = 0;
    bool sign = true;
    if (str[0] == '-' || str[0] == '+') {
        signchar = str[0];
        len--;
        pi++;
    } else if (ps->plus) signchar = '+';
    else if (ps->space) signchar = ' ';
    else sign = false;
    if (width < len) width = len;
    if (width > NUMFMT_MAX_OUTPUT) return fail_memory(err);
    buf_reserve(out, (size_t)width + 2);
    if (sign) {
        if (fill != ' ') buf_putc(out, signchar);
        if (width > len) width--;
    }
    bool prefix = ps->alternate && (ps->conv == 'x' || ps->conv == 'X' || ps->conv == 'o');
    if (prefix) {
        if (fill != ' ') {
            buf_put(out, str + pi, 2);
            pi += 2;
        }
        width -= 2;
        if (width < 0) width = 0;
        len -= 2;
    }
    if (width > len && !ps->left) {
        buf_fill(out, fill, (size_t)(width - len));
        width = len;
    }
    if (fill == ' ') {
        if (sign) buf_putc(out, signchar);
        if (prefix) {
            buf_put(out, str + pi, 2);
            pi += 2;
        }
    }
    buf_put(out, str + pi, (size_t)len);
    if (width > len) buf_fill(out, ' ', (size_t)(width - len));
    return 0;
}

int numfmt_percent_double(double x, const PercentSpec *ps, Buf *out, NumFmtError *err) {
    if (!ps->conv || !strchr("eEfFgG", ps->conv))
        return fail(err, 'V', "unsupported format character '%c' (0x%x)", ps->conv,
                    (unsigned char)ps->conv);
    if (ps->precision > INT_MAX) return fail(err, 'V', "precision too big");
    int64_t prec = ps->precision < 0 ? 6 : ps->precision;
    size_t start = out->len;
    if (double_to_string(out, x, ps->conv, prec, ps->alternate ? DTS_ALT : 0) < 0)
        return fail_memory(err);
    if (ps->width < 0 && !ps->plus && !ps->space) return 0;
    size_t n = out->len - start;
    char local[256];
    char *s = scratch(local, sizeof local, n + 1);
    memcpy(s, out->data + start, n + 1);
    out->len = start;
    out->data[start] = 0;
    return percent_output(out, ps, s, (int64_t)n, err);
}

/* ---- machine integers ---- */

static const char dec_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* The digits of v in base 8, 10 or 16 (upper: 'A'-'F'), written backwards
 * ending just before `end`; returns the first digit. */
static char *u64_text(uint64_t v, int base, bool upper, char *end) {
    char *p = end;
    if (base == 10) {
        while (v >= 100) {
            unsigned r = (unsigned)(v % 100);
            v /= 100;
            p -= 2;
            memcpy(p, dec_pairs + 2 * r, 2);
        }
        if (v >= 10) {
            p -= 2;
            memcpy(p, dec_pairs + 2 * v, 2);
        } else {
            *--p = (char)('0' + v);
        }
        return p;
    }
    const char *dig = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    unsigned shift = base == 16 ? 4 : 3, mask = (unsigned)base - 1;
    do {
        *--p = dig[v & mask];
        v >>= shift;
    } while (v);
    return p;
}

size_t numfmt_i64_dec(int64_t x, char *out) {
    char tmp[24];
    char *end = tmp + sizeof tmp;
    uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    char *p = u64_text(u, 10, false, end);
    if (x < 0) *--p = '-';
    size_t n = (size_t)(end - p);
    memcpy(out, p, n);
    out[n] = 0;
    return n;
}

/* The % conversion of an int given as a sign and digits (no sign). */
static int percent_int_digits(bool neg, const char *digits, size_t nd, const PercentSpec *ps, Buf *out,
                              NumFmtError *err, int base) {
    if (ps->precision > INT_MAX - 3) return fail(err, 'O', "precision too large");
    if (ps->precision > NUMFMT_MAX_OUTPUT - 8) return fail_memory(err);
    int64_t prec = ps->precision;
    bool prefix = ps->alternate && base != 10;
    if (!neg && !prefix && prec <= (int64_t)nd && ps->width < 0 && !ps->plus && !ps->space) {
        buf_put(out, digits, nd);   /* the plain case */
        return 0;
    }
    /* the conversion text: [-][0x][zeros up to the precision]digits */
    size_t need = (size_t)max64((int64_t)nd, prec) + 8;
    char local[128];
    char *s = scratch(local, sizeof local, need);
    char *p = s;
    if (neg) *p++ = '-';
    if (prefix) {
        *p++ = '0';
        *p++ = base == 8 ? 'o' : ps->conv;
    }
    int64_t ndig = (int64_t)nd;
    if (prec > ndig) {
        memset(p, '0', (size_t)(prec - ndig));
        p += prec - ndig;
    }
    memcpy(p, digits, nd);
    p += nd;
    *p = 0;
    int64_t len = p - s;
    if (ps->width < 0 && !ps->plus && !ps->space) {
        buf_put(out, s, (size_t)len);
        return 0;
    }
    return percent_output(out, ps, s, len, err);
}

int numfmt_percent_i64(int64_t x, const PercentSpec *ps, Buf *out, NumFmtError *err) {
    int base;
    switch (ps->conv) {
    case 'd': case 'i': case 'u': base = 10; break;
    case 'o': base = 8; break;
    case 'x': case 'X': base = 16; break;
    default: {
        mpz_t z;
        mpz_init_set_si(z, (long)x);
        int rc = numfmt_percent_int(z, ps, out, err);
        mpz_clear(z);
        return rc;
    }
    }
    char tmp[24];
    char *end = tmp + sizeof tmp;
    uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    char *p = u64_text(u, base, ps->conv == 'X', end);
    return percent_int_digits(x < 0, p, (size_t)(end - p), ps, out, err, base);
}

int numfmt_percent_int(const mpz_t z, const PercentSpec *ps, Buf *out, NumFmtError *err) {
    int base;
    switch (ps->conv) {
    case 'd': case 'i': case 'u': base = 10; break;
    case 'o': base = 8; break;
    case 'x': case 'X': base = 16; break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
        double d;
        if (mpz_to_double(z, &d, err) < 0) return -1;
        return numfmt_percent_double(d, ps, out, err);
    }
    default:
        return fail(err, 'V', "unsupported format character '%c' (0x%x)", ps->conv,
                    (unsigned char)ps->conv);
    }
    if (mpz_fits_slong_p(z)) return numfmt_percent_i64(mpz_get_si(z), ps, out, err);
    size_t nd = mpz_sizeinbase(z, base) + 2;
    if (nd > NUMFMT_MAX_OUTPUT) return fail_memory(err);
    char local[128];
    char *dg = scratch(local, sizeof local, nd);
    mpz_get_str(dg, ps->conv == 'X' ? -16 : base, z);
    bool neg = dg[0] == '-';
    if (neg) dg++;
    return percent_int_digits(neg, dg, strlen(dg), ps, out, err, base);
}

double numfmt_strtod_c(const char *s, char **end) {
    static locale_t c_locale;   /* made once; the C locale never changes */
    if (!c_locale) c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (!c_locale) return strtod(s, end);   /* no memory for it: the process's (C unless the program set one) */
    return strtod_l(s, end, c_locale);
}
