/// The errors of rulescheck's own budgets (``EvaluationLimits``): each names the limit and its
/// value. A value that would outgrow its limit is an ordinary error value, checked before it is
/// built, so the condition fails and grants nothing, as production fails on any error; running
/// out of work, like the expression limit, ends the whole request.
extension EvaluationError {
  /// `string of 2097152 bytes exceeds rulescheck's 1 MiB string limit (1048576 UTF-8 bytes).`
  public static func stringTooLong(bytes: Int) -> EvaluationError {
    EvaluationError(
      "string of \(bytes) bytes exceeds rulescheck's \(mebibytes(EvaluationLimits.maximumStringBytes)) string "
        + "limit (\(EvaluationLimits.maximumStringBytes) UTF-8 bytes).")
  }

  /// A path whose text (`/a/b`) would outgrow the string limit.
  public static func pathTooLong(bytes: Int) -> EvaluationError {
    EvaluationError(
      "path of \(bytes) bytes exceeds rulescheck's \(mebibytes(EvaluationLimits.maximumStringBytes)) string "
        + "limit (\(EvaluationLimits.maximumStringBytes) UTF-8 bytes).")
  }

  /// A bytes value longer than ``EvaluationLimits/maximumBytesLength``.
  public static func bytesTooLong(count: Int) -> EvaluationError {
    EvaluationError(
      "bytes value of \(count) bytes exceeds rulescheck's \(mebibytes(EvaluationLimits.maximumBytesLength)) "
        + "bytes limit (\(EvaluationLimits.maximumBytesLength) bytes).")
  }

  /// A list, map, set or path (`kind`) with more than ``EvaluationLimits/maximumElements``
  /// elements (`noun`: a path's are segments).
  public static func tooManyElements(
    _ kind: String, count: Int, of noun: String = "elements"
  ) -> EvaluationError {
    EvaluationError(
      "\(kind) of \(count) \(noun) exceeds rulescheck's limit of \(EvaluationLimits.maximumElements) "
        + "elements per list, map, set or path.")
  }

  /// `split()` finding so many matches that its pieces would outnumber a list's elements.
  public static let tooManyPieces = EvaluationError(
    "split() would return more than \(EvaluationLimits.maximumElements) pieces, rulescheck's limit of "
      + "elements per list, map, set or path.")

  /// `replace()` (`function`) finding more matches than a list may have elements.
  public static func tooManyMatches(_ function: String) -> EvaluationError {
    EvaluationError(
      "\(function)() found more than \(EvaluationLimits.maximumElements) matches, rulescheck's limit of "
        + "elements per list, map, set or path.")
  }

  /// The request spent ``EvaluationLimits/maximumWork``: fatal, like the expression limit.
  public static let workLimit = EvaluationError(
    "Unable to evaluate the expression as rulescheck's budget of \(EvaluationLimits.maximumWork) work units "
      + "per request has been reached (values built, copied, compared, hashed or scanned: a unit per byte, "
      + "\(EvaluationLimits.elementWork) per element, \(EvaluationLimits.regexStepWork) per regular "
      + "expression step).",
    kind: .fatal)

  /// `1 MiB` for a whole number of mebibytes, else the bytes.
  private static func mebibytes(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes)-byte"
  }
}
