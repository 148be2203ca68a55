import RulesSyntax

extension Evaluation {
  /// A path literal's value; its text may not outgrow ``EvaluationLimits/maximumStringBytes``
  /// nor its segments ``EvaluationLimits/maximumElements``, checked before each is added.
  mutating func path(_ parts: [Node.PathPart], _ frame: Frame?) -> Value {
    var segments: [String] = []
    var length = 0
    /// The error of adding `bytes` of text in `added` segments, if it is one.
    func overflow(_ bytes: Int, _ added: Int = 1) -> Value? {
      length += bytes
      if length > EvaluationLimits.maximumStringBytes { return .error(.pathTooLong(bytes: length)) }
      let count = segments.count + added
      if count > EvaluationLimits.maximumElements {
        return .error(.tooManyElements("path", count: count, of: "segments"))
      }
      return nil
    }
    for part in parts {
      switch part {
      case .text(let text):
        if let error = overflow(text.utf8.count + 1) { return error }
        segments.append(text)
      case .interpolation(let node):
        // `$(x)` is one segment holding string(x), as production's runtime has it:
        // `/a/$('x/y')[1]` is 'x/y', `/a/$('')` ends in an empty segment, `$(null)` is 'null'.
        // A path is spliced in, segment by segment (not recorded; the common `$(path)` use).
        switch evaluate(node, frame) {
        case .path(let path):
          if let error = overflow(path.textLength, path.segments.count) { return error }
          segments.append(contentsOf: path.segments)
        case .error(let error): return .error(error)
        case let other:
          switch Builtins.toString([other]) {
          case .string(let text):
            if let error = overflow(text.utf8.count + 1) { return error }
            segments.append(text)
          case let failure: return failure
          }
        }
      }
    }
    let path = Value.path(PathValue(segments: segments))
    return charge(path.shallowWork) ?? path
  }

  /// `firestore.get` / `firestore.exists` against the fixture (decisions.md §12).
  mutating func lookUp(_ argument: Value, existsOnly: Bool) -> Value {
    guard case .path(let path) = argument else {
      if case .error = argument { return argument }
      return .error(EvaluationError("firestore.get requires a path, received \(argument.typeName)."))
    }
    let segments = path.segments
    guard segments.count >= 3, JavaString.equal(segments[0], "databases"),
      JavaString.equal(segments[2], "documents")
    else {
      return .error(EvaluationError("Invalid Firestore document path \(path.description)."))
    }
    guard JavaString.equal(segments[1], "(default)") else {
      return .error(
        EvaluationError(
          "Only the (default) Firestore database is reachable from Storage rules; \(path.description) names another.",
          kind: .fatal))
    }
    let key = MapKey(path.description)
    let result: Value
    if let cached = lookups[key] {
      result = cached
    } else {
      guard lookups.count < EvaluationLimits.maximumLookups else {
        return .error(
          EvaluationError(
            "The maximum of \(EvaluationLimits.maximumLookups) Firestore document look-ups per request was exceeded.",
            kind: .fatal))
      }
      if let data = firestore.documents[key] {
        result = .map([
          "data": .map(data), "id": .string(segments.last ?? ""), "__name__": .path(path),
        ])
      } else {
        result = .null
      }
      lookups[key] = result
    }
    if existsOnly {
      if case .null = result { return .bool(false) }
      return .bool(true)
    }
    return result
  }
}
