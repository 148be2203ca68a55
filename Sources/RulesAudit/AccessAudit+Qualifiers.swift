import RulesSemantics

extension AccessAudit {
  /// What tells the `allowed` probes of a cell from the `denied` ones: new objects or
  /// overwrites, a size bound, content types, depths; ``AccessQualifier/someRequests`` when
  /// none of these does.
  static func qualifiers(
    _ method: RequestMethod, allowed: [ProbeRequest], denied: [ProbeRequest], families: Set<String> = []
  ) -> [AccessQualifier] {
    var result: [AccessQualifier] = []
    if method == .create {
      let allowedExist = Set(allowed.map(\.exists))
      let deniedExist = Set(denied.map(\.exists))
      if allowedExist == [false] && deniedExist.contains(true) { result.append(.onlyNewObjects) }
      if allowedExist == [true] && deniedExist.contains(false) { result.append(.onlyOverwrites) }
      let allowedSizes = Set(allowed.compactMap(\.size))
      let deniedSizes = Set(denied.compactMap(\.size)).subtracting(allowedSizes)
      if let most = allowedSizes.max(), let least = deniedSizes.min(), most < least {
        result.append(.sizeAtMost(most))
      } else if let least = allowedSizes.min(), let most = deniedSizes.max(), least > most {
        result.append(.sizeAtLeast(least))
      }
    }
    if method == .create || method == .update {
      let allowedTypes = allowed.compactMap(\.contentType)
      let deniedTypes = Set(denied.compactMap(\.contentType)).subtracting(allowedTypes)
      if !deniedTypes.isEmpty && !allowedTypes.isEmpty {
        var types: [String] = []
        for type in allowedTypes {
          // `image/png` guessed from `image/.*` stands for every image type.
          let shown =
            families.contains(type) ? (type.split(separator: "/").first.map { $0 + "/*" } ?? type) : type
          if !types.contains(shown) { types.append(shown) }
        }
        result.append(.contentTypes(types))
      }
    }
    let allowedDepths = Set(allowed.map(\.depth))
    if !Set(denied.map(\.depth)).subtracting(allowedDepths).isEmpty { result.append(.someDepths) }
    return result.isEmpty ? [.someRequests] : result
  }
}
