import StorageBucket

extension Storage {
  /// The default bucket's storage, as ``StorageSimulation`` configured it; without one, a
  /// storage whose operations fail saying that nothing is configured (the SDK stops the
  /// program when no Firebase app is configured).
  public class func storage() -> Storage {
    StorageSimulation.storage(bucket: nil)
      ?? Storage(unconfigured: "", reason: notConfigured("the default bucket"))
  }

  /// The storage of the bucket a `gs://bucket` URL names, as ``StorageSimulation`` configured
  /// it; `""` is the default bucket. Unconfigured, or a URL with a path (which stops the
  /// program in the SDK), gives a storage whose operations fail saying why.
  public class func storage(url: String) -> Storage {
    if url.isEmpty { return storage() }
    guard let path = try? StoragePath(url: url), path.isRoot else {
      return Storage(
        unconfigured: url, reason: "Internal Error: Storage bucket cannot be initialized with a path")
    }
    return StorageSimulation.storage(bucket: path.bucket)
      ?? Storage(unconfigured: path.bucket, reason: notConfigured("gs://\(path.bucket)"))
  }

  private static func notConfigured(_ bucket: String) -> String {
    "No simulated bucket is configured for \(bucket); configure one with "
      + "StorageSimulation.configure(_:asDefault:) or StorageSimulation.withConfiguration(_:operation:)"
  }
}
