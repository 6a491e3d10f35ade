/* pyexpat.h: what pyexpat.c shares with the other C modules on libexpat
 * (_elementtree.c's XMLParser). */
#ifndef TPY_PYEXPAT_H
#define TPY_PYEXPAT_H

#include <expat.h>

/* expat's memory on the collected heap: a parser needs no finalizer */
extern const XML_Memory_Handling_Suite pyexpat_memsuite;
/* the unknown-encoding handler: single-byte encodings through Python's codecs */
int pyexpat_unknown_encoding(void *data, const XML_Char *name, XML_Encoding *info);

#endif
