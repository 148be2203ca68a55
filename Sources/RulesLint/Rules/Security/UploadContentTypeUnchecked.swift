import RulesSyntax

/// Flags uploads to image- or video-looking paths that never check the content type.
struct UploadContentTypeUnchecked: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC306", name: "upload-content-type-unchecked", category: .security,
    defaultSeverity: .warning,
    summary: "uploads to a media path do not check the content type",
    rationale: """
      A folder named `images`, `avatars` or `videos` is usually served back to other users, \
      often straight into an `<img>` or `<video>` tag. Without \
      `request.resource.contentType.matches('image/.*')` anyone who may upload there can store \
      HTML, SVG with scripts or executables under a trusted URL. Check the content type in \
      every statement that grants `create`.
      """,
    examples: [
      .fails(
        """
        match /users/{userId}/avatar/{fileName} {
          allow ⟦create⟧: if request.auth.uid == userId && request.resource.size < 1024 * 1024;
        }
        """),
      .fails(
        """
        match /profilePictures/{userId} {
          allow read, ⟦write⟧: if request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /users/{userId}/avatar/{fileName} {
          allow create: if request.auth.uid == userId
            && request.resource.contentType.matches('image/.*');
        }
        """),
      .passes(
        """
        match /reports/{userId}/{fileName} {
          allow create: if request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /images/{fileName} {
          allow create: if request.auth != null && request.time < timestamp.date(2020, 1, 1);
        }
        """),
    ],
    limitations: """
      Media paths are recognised by words in segment and wildcard names (`image`, `img`, \
      `photo`, `picture`, `pic`, `avatar`, `thumbnail`, `thumb`, `video`, `movie`, `media`, \
      `gallery`, `cover`, `banner`, `icon`, `logo`, plural or not) and by image or video file \
      extensions in literal segments. A check on the file name's extension instead of the \
      content type is not recognised. Statements that grant nothing since an expired test-mode \
      date (RC304), or because an operand of their top-level `&&` always fails, are not reported.
      """)

  private static let mediaWords: Set<String> = [
    "image", "img", "photo", "picture", "pic", "avatar", "thumbnail", "thumb", "video", "movie",
    "media", "gallery", "cover", "banner", "icon", "logo",
  ]
  private static let mediaExtensions: Set<String> = [
    "png", "jpg", "jpeg", "gif", "webp", "heic", "svg", "bmp", "mp4", "mov", "webm", "avi", "mkv",
  ]

  func check(_ context: LintContext, report: inout RuleReport) {
    var wordByMatch: [Int: String?] = [:]
    var verdicts = Verdicts()
    for allow in context.allows where allow.methods.contains(.create) {
      let word = wordByMatch[allow.matchIndex] ?? mediaWord(allow, context, &verdicts)
      wordByMatch[allow.matchIndex] = word
      guard let condition = allow.condition, context.constantBool(condition) == nil,
        let word, let range = allow.namesRange(granting: [.create])
      else { continue }
      let checked = context.facts(for: allow).reads { $0.equals("request", "resource", "contentType") }
      // An expired test-mode date (RC304) or an operand that always fails grants nothing.
      guard !checked, !context.grantsNothingFromNow(allow) else { continue }
      report.report(
        "uploads to a '\(word)' path do not check request.resource.contentType; check it, e.g. request.resource.contentType.matches('image/.*')",
        at: range)
    }
  }

  /// What ``mediaWord(_:_:_:)`` found about each name and literal, so each is looked at once
  /// (by its bytes, hashed once per segment).
  private struct Verdicts {
    /// Whether a name's words name media.
    var names = KeyedTable<NameKey, Bool>()
    /// Whether a literal has an image or video extension.
    var extensions = KeyedTable<NameKey, Bool>()
  }

  /// What `decide` says of `text`, worked out once per text and kept in `verdicts`.
  private static func verdict(
    on text: String, in verdicts: inout KeyedTable<NameKey, Bool>, _ decide: (String) -> Bool
  ) -> Bool {
    let key = NameKey(text)
    if let known = verdicts[key] { return known }
    return verdicts.insert(decide(text), for: key).stored
  }

  /// The first segment of the object path that names media, if any.
  private func mediaWord(_ allow: LintAllow, _ context: LintContext, _ verdicts: inout Verdicts) -> String? {
    for segment in allow.fullPattern.dropFirst(context.objectPathStart(allow.fullPattern)) {
      let text: String
      switch segment.kind {
      case .literal(let literal):
        let hasExtension = Self.verdict(on: literal, in: &verdicts.extensions) { text in
          guard let start = Self.extensionStart(of: text) else { return false }
          return Self.mediaExtensions.contains(text[start...].lowercased())
        }
        if hasExtension { return literal }
        text = literal
      case .wildcard(let name), .recursiveWildcard(let name):
        text = name
      }
      let isMedia = Self.verdict(on: text, in: &verdicts.names) {
        Self.words($0).contains(where: { Self.mediaWords.contains($0) })
      }
      if isMedia { return text }
    }
    return nil
  }

  /// Where the text after `literal`'s last `.` starts, if it has one. ASCII text, the usual
  /// case, is searched byte by byte (each byte is a character of its own); other text by
  /// character, so that a `.` joined to a combining mark is not taken for one.
  static func extensionStart(of literal: String) -> String.Index? {
    let bytes = literal.utf8
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      return literal.lastIndex(of: ".").map(literal.index(after:))
    }
    return bytes.lastIndex(of: UInt8(ascii: ".")).map(bytes.index(after:))
  }

  /// The lower-cased words of a camelCase, snake_case or kebab-case name, singular.
  static func words(_ name: String) -> [String] {
    var words: [String] = []
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII, the usual case, byte by byte: the same upper-case letters, letters and
      // lower-casing as `Character`'s.
      var current: [UInt8] = []
      for byte in name.utf8 {
        let isUpper = (0x41...0x5A).contains(byte)
        if isUpper, !current.isEmpty {
          words.append(String(decoding: current, as: UTF8.self))
          current = []
        }
        if isUpper || (0x61...0x7A).contains(byte) {
          current.append(isUpper ? byte + 0x20 : byte)
        } else if !current.isEmpty {
          words.append(String(decoding: current, as: UTF8.self))
          current = []
        }
      }
      if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
      return words.map { $0.count > 3 && $0.hasSuffix("s") ? String($0.dropLast()) : $0 }
    }
    var current = ""
    for character in name {
      if character.isUppercase, !current.isEmpty {
        words.append(current)
        current = ""
      }
      if character.isLetter {
        current.append(Character(character.lowercased()))
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words.map { $0.count > 3 && $0.hasSuffix("s") ? String($0.dropLast()) : $0 }
  }
}
