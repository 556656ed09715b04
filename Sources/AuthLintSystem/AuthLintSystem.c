#include "AuthLintSystem.h"

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void authlint_map_large_allocations(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}
