#ifndef AUTHLINT_SYSTEM_H
#define AUTHLINT_SYSTEM_H

/// Has the C library's allocator give every later allocation of at least 128 KiB pages of its
/// own, so that such a block, once freed, goes back to the system. By default glibc raises that
/// threshold each time a large block is freed, up to 32 MiB: a run over a large tree, which
/// makes and lets go of lists with an entry per file while it keeps a small record per file,
/// then has those lists carved out of the heap among the records, and the pages they took are
/// not given back. A run over a small tree gains nothing from it and would pay a system call
/// for each large block, so only a large one calls this. Does nothing where the allocator is
/// not glibc's.
void authlint_map_large_allocations(void);

#endif
