import Foundation

/// The root of this package (where `Package.swift`, `README.md` and `examples/` are), found
/// from this file's path.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
