import RulesSemantics

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Builtins {
  /// The Earth radius production's `distance` uses, in metres (recorded results fit
  /// 6,371,009 m to the last bit).
  static let earthRadiusMetres = 6_371_009.0

  /// `latlng.value(latitude, longitude)`: latitude in [-90, 90], longitude in [-180, 180].
  static func latLngFunction(_ name: BuiltinFunctionID.LatLng, _ arguments: [Value]) -> Value {
    let expected = "latlng.value(float, float)"
    if let error = arity(arguments, 2, expected) { return error }
    guard let latitude = number(arguments[0]), let longitude = number(arguments[1]) else {
      return mismatch("latlng.value", arguments, expected)
    }
    guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
      return .error(
        .invalidLatLng(latitude: JavaDouble.format(latitude), longitude: JavaDouble.format(longitude)))
    }
    return .latlng(LatLng(latitude: latitude, longitude: longitude))
  }

  /// `latitude()`, `longitude()` and `distance(other)`: the great-circle (haversine) distance
  /// in metres.
  static func latLngMethod(_ point: LatLng, _ name: BuiltinMethodID, _ arguments: [Value]) -> Value {
    switch name {
    case .latitude:
      if let error = noArguments(arguments, "latlng.latitude()") { return error }
      return .float(point.latitude)
    case .longitude:
      if let error = noArguments(arguments, "latlng.longitude()") { return error }
      return .float(point.longitude)
    case .distance:
      let expected = "latlng.distance(latlng)"
      if let error = arity(arguments, 1, expected) { return error }
      guard case .latlng(let other) = arguments[0] else {
        return mismatch("latlng.distance", arguments, expected)
      }
      return .float(distance(point, other))
    default:
      return .error(.functionNotFound(name))
    }
  }

  /// The haversine distance, computed in production's order: each angle converted to radians
  /// by Java's `Math.toRadians` (one multiplication), then the differences of the radians.
  static func distance(_ a: LatLng, _ b: LatLng) -> Double {
    let radians = 0.017453292519943295
    let phi1 = a.latitude * radians
    let phi2 = b.latitude * radians
    let halfDeltaPhi = (phi2 - phi1) / 2
    let halfDeltaLambda = (b.longitude * radians - a.longitude * radians) / 2
    let h =
      sin(halfDeltaPhi) * sin(halfDeltaPhi) + cos(phi1) * cos(phi2) * sin(halfDeltaLambda)
      * sin(halfDeltaLambda)
    return 2 * earthRadiusMetres * atan2(h.squareRoot(), (1 - h).squareRoot())
  }
}
