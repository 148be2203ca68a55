/// The largest inputs rulescheck reads, and how far a YAML document may grow: every reader's
/// budget in one place, each listed with its reason in `docs/limits.md`.
///
/// Sizes are checked before a file is read whole (standard input and pipes are read up to the
/// limit and no further); the YAML budget is checked on the parser's events before any
/// document is built.
public enum InputLimits {
  /// Rules files: 4× the 256 KiB source Firebase accepts, so an oversized file still lints
  /// (RS-level findings say why it will not deploy) while reading and analysis stay bounded.
  public static let rulesFile = SizeLimit(
    bytes: 1 << 20, what: "rules files", note: "Firebase's own limit for a rules source is 256 KiB")
  /// Suite files: the benchmark's 10,000-case suite is 1.6 MiB; 10× that leaves room for large
  /// fixtures.
  public static let suiteFile = SizeLimit(bytes: 16 << 20, what: "suite files")
  /// Firestore fixtures (`--firestore`, a suite's `firestore:` file): documents a rule reads.
  public static let firestoreFixture = SizeLimit(bytes: 16 << 20, what: "Firestore fixtures")
  /// Request batches (`simulate --requests`): about 400,000 requests of 160 bytes.
  public static let requestBatch = SizeLimit(bytes: 64 << 20, what: "request batches")
  /// Bucket listings (`list`): a 1,000,000-row `gsutil ls -l` export is about 65 MiB.
  public static let listing = SizeLimit(bytes: 256 << 20, what: "bucket listings")
  /// `.rulescheck.yml` and `firebase.json`: real ones are a few KiB.
  public static let configuration = SizeLimit(bytes: 1 << 20, what: "configuration files")

  /// Nodes of a YAML document with every alias expanded: a suite of 10,000 cases has about
  /// 170,000, and an alias bomb of a few hundred bytes would have billions.
  public static let yamlNodes = 1_000_000
  /// Nested mappings and sequences in a YAML document, aliases expanded: suites nest about
  /// 6 deep; the readers recurse once per level.
  public static let yamlDepth = 256
}
