/// A value given on the command line that Bifrost cannot use, with the option it came from.
struct InputError: Error, CustomStringConvertible {
    let option: String
    let reason: String

    var description: String { "\(option): \(reason)" }
}
