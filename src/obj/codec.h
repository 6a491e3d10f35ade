/* codec.h: the encodings str.encode and bytes.decode handle in C without
 * the codec registry, defined once: enum name, Python's canonical name;
 * and the entry points of the codec machinery (src/mod/_codecs.c). */
#ifndef TPY_CODEC_H
#define TPY_CODEC_H

#include "../vm/value.h"

#define CODEC_DEF(_)                    \
    _(UTF8, "utf-8")                    \
    _(ASCII, "ascii")                   \
    _(LATIN1, "latin-1")                \
    _(UTF16, "utf-16")                  \
    _(UTF16LE, "utf-16-le")             \
    _(UTF16BE, "utf-16-be")             \
    _(UTF32, "utf-32")                  \
    _(UTF32LE, "utf-32-le")             \
    _(UTF32BE, "utf-32-be")

enum Codec {
#define CODEC_ENUM(e, name) CODEC_##e,
    CODEC_DEF(CODEC_ENUM)
#undef CODEC_ENUM
};

/* Canonical names, by enum Codec. */
extern const char *const codec_names[];
/* The codec of an encoding name, normalised as Python's codec registry
 * does (case-insensitive, '-' and ' ' as '_', the usual aliases); -1 if
 * tpy does not implement it. */
int codec_lookup(Value name);

/* The codec machinery (src/mod/_codecs.c). */
/* str.encode(encoding, errors): s a str, encoding/errors str or VNULL; the
 * C codecs for the encodings above, the codec registry for others. */
Value codec_encode_str(Value s, Value encoding, Value errors);
/* bytes.decode(encoding, errors) for obj a bytes or bytearray. */
Value codec_decode_bytes(Value obj, Value encoding, Value errors);
/* codecs.lookup(encoding): the CodecInfo, LookupError if none. */
Value codec_registry_lookup(Value encoding);
/* codecs.lookup_error(name): the handler, LookupError if none. */
Value codec_lookup_error(Value name);
/* -X dev: LookupError (-1) for an unknown encoding or error handler, given
 * or VNULL, before any data is looked at; 0 otherwise (and always outside
 * development mode). str.encode and bytes.decode call it first. */
int codec_dev_check(Value encoding, Value errors);

#endif
