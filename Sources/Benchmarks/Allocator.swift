#if canImport(CJemalloc)
  import CJemalloc
#endif

/// The malloc these figures were measured with: jemalloc, and its version, where the package
/// links it in (Linux, as for `rulescheck` itself); the platform's own elsewhere.
func allocatorDescription() -> String {
  #if canImport(CJemalloc)
    var version: UnsafePointer<CChar>? = nil
    var length = MemoryLayout<UnsafePointer<CChar>?>.size
    guard mallctl("version", &version, &length, nil, 0) == 0, let version else { return "jemalloc" }
    return "jemalloc " + String(cString: version)
  #else
    return "the platform's malloc"
  #endif
}
