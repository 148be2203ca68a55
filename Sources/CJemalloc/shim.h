#ifndef CJEMALLOC_SHIM_H
#define CJEMALLOC_SHIM_H
// jemalloc replaces malloc and free for the whole process when linked into an executable
// (Debian's libjemalloc-dev, unprefixed). Only the control interface is declared here, the
// rest is the C library's own malloc API; <jemalloc/jemalloc.h> would redeclare it.
#include <stddef.h>
int mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);
#endif
