import ArgumentParser

/// `--color`/`--no-color`, which every command accepts so that a wrapper can pass it to any.
struct ColorOptions: ParsableArguments {
  @Flag(
    inversion: .prefixedNo,
    help: """
      Colour text output, on standard output and standard error (default: on a terminal, \
      unless NO_COLOR is set; FORCE_COLOR forces it).
      """)
  var color: Bool?
}
