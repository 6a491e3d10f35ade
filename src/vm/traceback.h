/* traceback.h: traceback objects and source-line display with CPython
 * 3.11's column indicators (the ^^^ / ~~~^~~~ lines under a source line). */
#ifndef TPY_TRACEBACK_H
#define TPY_TRACEBACK_H

#include "../obj/code.h"
#include "../util/buf.h"
#include "object.h"

typedef struct TracebackObject {
    Object hdr;
    Value next;             /* towards the frame that raised; VNULL at the end */
    CodeObject *code;
    int lasti;              /* instruction index (-1: none) */
    int given_lasti;        /* tb_lasti given to types.TracebackType() (raw NULL) */
    int lineno;
    /* tb_frame: the frame the entry was made in (NULL for one made by
       types.TracebackType()), with its globals, its locals as they were
       when the exception left it (VNULL while it has not), and the frame
       object, made on first use of tb_frame or given to the constructor */
    struct Frame *raw;
    Value globals, locals, frame;
    /* the instruction the frame last ran when the exception left it (a
       reraise after the entry was made, say): tb_frame's f_lineno */
    bool exited;
    int exit_lasti;
} TracebackObject;

extern Type traceback_type;

static inline bool traceback_check(Value v) {
    return v && v_is_ptr(v) && V_OBJ(v)->type == &traceback_type;
}

/* Record that exc passed through frame f at instruction lasti: prepend
 * an entry. */
void traceback_add(Value exc, struct Frame *f, int lasti);
/* exc leaves frame f (no handler there): keep f's locals for tb_frame */
void traceback_frame_exit(Value exc, struct Frame *f, int lasti);
/* Add an entry for a frame that returned without keeping its locals */
void traceback_add_exited(Value exc, CodeObject *code, int lasti, Value globals);
/* sys.exc_info() hands out the traceback of an exception being handled,
 * which may outlive the frames that handle it (`return sys.exc_info()`):
 * its entries for frames still running take their frame objects now, which
 * keep the locals and caller when those frames return. */
void traceback_keep_frames(Value tb);
/* The text of line `lineno` of a file (or registered source), or VNULL. */
Value traceback_source_line(Value filename, int lineno);
/* Make source text known under a name (for -c and the prompt). */
void traceback_register_source(Value filename, const char *src, size_t len);
/* Drop the lines read for filename: the file is read again when needed. */
void traceback_forget_source(Value filename);
/* Append the indicator line for instruction lasti of co, if CPython would
 * print one. line is the source line; [strip_start, strip_end) its
 * non-blank part (byte offsets). */
void traceback_format_carets(Buf *out, CodeObject *co, int lasti, Value line, size_t strip_start, size_t strip_end);
/* The full report for exc, as the default excepthook prints it. */
Value err_format_exception(Value exc);

#endif
