import RulesSemantics

/// One-sentence explanations of the built-in functions and methods, and their signatures as
/// Markdown, taken from ``BuiltinCatalogue`` (rules-language.md §6, decisions.md §20).
enum BuiltinDocumentation {
  /// The sentence for a function, by qualified name (`int`, `math.abs`).
  static let functions: [String: String] = [
    "int": "Converts a string, float or int to an int (`int('2') == 2`, `int(2.9) == 2`).",
    "float": "Converts a string, int or float to a float (`float('2.5') == 2.5`).",
    "string": "Converts a value to its string form (`string(true) == 'true'`, `string(null) == 'null'`).",
    "path": "Makes a path from a string (`path('/databases/(default)/documents/users')`).",
    "debug": "Returns its argument unchanged; it logs nothing in production.",
    "math.abs": "The absolute value of a number.",
    "math.ceil": "The smallest whole number not below the argument, as a float.",
    "math.floor": "The largest whole number not above the argument, as a float.",
    "math.round": "The argument rounded to the nearest int (halves away from zero).",
    "math.sqrt": "The square root, as a float.",
    "math.pow": "`base` raised to `exponent`, as a float.",
    "math.isNaN": "Whether a number is NaN.",
    "timestamp.date": "Midnight UTC of the given year, month and day.",
    "timestamp.value": "The timestamp that many milliseconds after the Unix epoch.",
    "duration.value": "A duration of `magnitude` units; the unit is one of `w d h m s ms ns`.",
    "duration.time": "A duration of hours, minutes, seconds and nanoseconds.",
    "duration.abs": "The absolute value of a duration.",
    "latlng.value": "A point from a latitude and a longitude in degrees.",
    "hashing.crc32": "The CRC32 checksum of a string's UTF-8 bytes or of bytes.",
    "hashing.crc32c": "The CRC32C checksum of a string's UTF-8 bytes or of bytes.",
    "hashing.md5": "The MD5 hash of a string's UTF-8 bytes or of bytes.",
    "hashing.sha256": "The SHA-256 hash of a string's UTF-8 bytes or of bytes.",
    "firestore.get":
      "The Firestore document at a full path (`/databases/(default)/documents/…`) as `{data, id, __name__}`, "
      + "or null when it does not exist. Only the `(default)` database is reachable; at most 2 distinct "
      + "documents are read per request.",
    "firestore.exists":
      "Whether the Firestore document at a full path exists; counts towards the 2 documents read per request.",
  ]

  /// The sentence for a method, by name.
  static let methods: [String: String] = [
    "size":
      "The length: UTF-16 code units of a string (an emoji outside the BMP counts 2), bytes, elements or entries.",
    "lower": "The string in lower case.",
    "upper": "The string in upper case.",
    "trim": "The string without leading and trailing spaces.",
    "matches": "Whether the whole string matches the RE2 regular expression (anchored at both ends).",
    "replace": "The string with every match of the RE2 regular expression replaced.",
    "split": "The parts of the string between matches of the RE2 regular expression.",
    "toUtf8": "The string's UTF-8 bytes.",
    "toBase64": "The bytes in base64 with the URL-safe alphabet and padding.",
    "toHexString": "The bytes as upper-case hexadecimal.",
    "concat": "This list followed by the other (`+` does not join lists).",
    "hasAll": "Whether every element of the argument is in this collection.",
    "hasAny": "Whether some element of the argument is in this collection.",
    "hasOnly": "Whether every element of this collection is in the argument.",
    "join": "The elements (strings) joined with the separator.",
    "removeAll": "This list without the elements equal to one of the argument's.",
    "toSet": "The distinct elements as a set.",
    "diff": "A MapDiff comparing this map with the argument.",
    "get": "The value at a key (or a list of keys, for nested maps), or the default when it is missing.",
    "keys": "The map's keys as a list.",
    "values": "The map's values as a list.",
    "difference": "The elements of this set not in the argument.",
    "intersection": "The elements in both sets.",
    "union": "The elements in either set.",
    "addedKeys": "The keys in this map but not in the one compared with.",
    "removedKeys": "The keys in the map compared with but not in this one.",
    "changedKeys": "The keys in both maps whose values differ.",
    "unchangedKeys": "The keys in both maps whose values are equal.",
    "affectedKeys": "The added, removed and changed keys.",
    "bind": "The path with its `{name}` placeholders filled from the map.",
    "year": "The year, 1–9999.",
    "month": "The month, 1–12.",
    "day": "The day of the month, 1–31.",
    "hours": "The hour of the day, 0–23.",
    "minutes": "The minute of the hour, 0–59.",
    "seconds":
      "For a timestamp, the second of the minute (0–59, not epoch seconds); for a duration, its seconds.",
    "nanos":
      "For a timestamp, the nanoseconds of the second (not since the epoch); for a duration, its nanoseconds.",
    "dayOfWeek": "The day of the week, 1 (Monday) to 7 (Sunday).",
    "dayOfYear": "The day of the year, 1–366.",
    "toMillis": "Milliseconds since the Unix epoch.",
    "date": "The timestamp at midnight UTC of the same day.",
    "time": "The time of day as a duration.",
    "latitude": "The latitude in degrees, -90 to 90.",
    "longitude": "The longitude in degrees, -180 to 180.",
    "distance": "The distance to another point, in metres.",
  ]

  /// `int(string | float | int) -> int` for a built-in function.
  static func signature(of function: BuiltinFunctionID) -> String {
    let signature = function.signature
    return "\(function)(\(parameters(signature))) -> \(TypeText.show(signature.returns))"
  }

  /// One line per receiver type: `string.matches(string) -> bool`.
  static func signatures(ofMethod name: String) -> [String] {
    guard let method = BuiltinMethodID(rawValue: name) else { return [] }
    return method.signatures.sorted { $0.key.rawValue < $1.key.rawValue }.map { receiver, signature in
      "\(receiver.rawValue).\(name)(\(parameters(signature))) -> \(TypeText.show(signature.returns))"
    }
  }

  /// Hover text for a built-in function.
  static func markdown(function: BuiltinFunctionID) -> String {
    "```rules\n\(signature(of: function))\n```\n\(functions[function.description] ?? "A built-in function.")"
  }

  /// Hover text for a method; `receiver` limits the signatures shown when it is known.
  static func markdown(method name: String, receiver: ValueType?) -> String? {
    var lines = signatures(ofMethod: name)
    guard !lines.isEmpty else { return nil }
    if let receiver {
      let own = lines.filter { $0.hasPrefix(receiver.rawValue + ".") }
      if !own.isEmpty { lines = own }
    }
    return "```rules\n\(lines.joined(separator: "\n"))\n```\n\(methods[name] ?? "A built-in method.")"
  }

  private static func parameters(_ signature: BuiltinFunction) -> String {
    signature.parameters.map(TypeText.show).joined(separator: ", ")
  }
}
