/// What Bifrost knows of the password a key's secrets are encrypted under. The registry has none
/// for a key an older Bifrost stored that has not opened since: its password may be the one read
/// now with a line ending after it, which that Bifrost's readers kept.
public enum KeyPasswordForm: Sendable, Equatable {
    /// Exactly the password as Bifrost reads it now: a key created or re-encrypted since this is
    /// recorded, or one that opened so.
    case asRead
    /// The password as read now with `ending` after it, which an older Bifrost kept: the key
    /// opened only so.
    case withEnding(String)
}
