// The executable's allocator: on Linux, importing CJemalloc links jemalloc in, and its malloc
// and free then serve the whole process (Package.swift says why). Nothing here is called.
#if canImport(CJemalloc)
  import CJemalloc
#endif
