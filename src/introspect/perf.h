/* perf.h: naming the JIT's machine code for the Linux perf profiler.
 *
 * Two outputs, each switched on by an option CPython spells the same way:
 *
 *   -X perf, PYTHONPERFSUPPORT=1 (CPython 3.12)
 *       /tmp/perf-PID.map: a line "START SIZE NAME" (hex) per compiled
 *       trace, which `perf report` reads by itself
 *   -X perf_jit, PYTHON_PERF_JIT_SUPPORT=1 (CPython 3.13)
 *       jit-PID.dump in the current directory (or $TPY_JITDUMP_DIR): perf's
 *       jitdump format, with each trace's code bytes and its source lines,
 *       for `perf record -k 1` + `perf inject --jit` (perf annotate)
 *
 * Every trace's machine code is one block of the JIT's code region
 * (jit/mcode.c) holding all its code: the exit path to the interpreter,
 * the body, and the guards' exit stubs; nothing else lives in the region.
 * So one name per trace names every byte of machine code tpy runs:
 *
 *   py::loop 14 create_image (prog.py:222)
 *   py::entry bridge 3 area (shapes.py:10)
 *   py::bridge 31 of loop 14 create_image (prog.py:230)
 *
 * numbered as PYPYLOG and `tpy -m jitprof` number them (a bridge: its
 * guard's number, PYPYLOG's "Guard 0x1f" in decimal), with the function
 * and the line of the loop header or of the guard the bridge starts at.
 * With both options off nothing here runs.
 */
#ifndef TPY_INTROSPECT_PERF_H
#define TPY_INTROSPECT_PERF_H

#include "../jit/trace.h"

/* A trace's machine code is in place (before it first runs). */
void perf_code_compiled(const Trace *t);
/* Its name as above, appended to buf (a Buf *). */
void perf_trace_name(const Trace *t, void *buf);

#endif
