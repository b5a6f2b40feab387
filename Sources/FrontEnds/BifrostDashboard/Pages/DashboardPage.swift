import AppCore
import NIOCore

/// The four places of the dashboard's navigation, after Safe{Wallet}'s map.
public enum Section: String, Sendable {
    case safes = "Safes"
    case rates = "Rates"
    case settings = "Settings"
    case onboarding = "Get started"

    var path: String {
        switch self {
        case .safes: "/"
        case .rates: "/rates"
        case .settings: "/settings"
        case .onboarding: "/onboarding"
        }
    }
}

/// What every page's rendering may use besides its feature's state.
public struct RenderContext: Sendable {
    /// The page's id, for its forms' addresses.
    public let pageID: String
    /// The CSRF token every form carries.
    public let csrf: String
    /// The vault's keys, for the key pickers and for marking the owners that are yours.
    public let keys: [Account]
    /// The fiat currency values are shown in.
    public let fiat: String
    /// The names this home knows addresses by: the address book, followed Safes, keys.
    public let names: AddressNames
    /// Whether the home has a network to read the chain through; the first-run screens lead to one.
    public let hasNetwork: Bool

    public init(pageID: String, csrf: String, keys: [Account], fiat: String = "usd", names: AddressNames = AddressNames(), hasNetwork: Bool = true) {
        self.hasNetwork = hasNetwork
        self.pageID = pageID
        self.csrf = csrf
        self.keys = keys
        self.fiat = fiat
        self.names = names
    }

    /// An address as `Format.address` writes it, with its name when it has one.
    public func address(_ address: Address, copy: Bool = false) -> HTML { Format.address(address, copy: copy, name: names.name(address)) }

    /// Text (a summary, a decoded value) with each address in it followed by its name.
    public func named(_ text: String) -> String { names.annotate(text) }

    /// A form that posts to this page as `form`, with the CSRF token.
    func form(_ form: some PageForm, class cls: String = "", _ content: HTML) -> HTML {
        """
        <form method="post" action="\(action(form))" class="\(cls)"><input type="hidden" name="csrf" value="\(csrf)">\(content)</form>
        """
    }

    /// Where `form` posts on this page, for a button that posts its own form as another (`formaction`).
    func action(_ form: some PageForm) -> String { "/p/\(pageID)/do/\(form.rawValue)" }

    /// The link to the file `file` this page offers for download.
    func download(_ file: some RawRepresentable<String>) -> String { "/p/\(pageID)/download/\(file.rawValue)" }
}

/// What a page's live stream tells the browser showing it.
enum LiveEvent: Sendable, Equatable {
    /// Fetch the page's content again: it is at this revision.
    case render(Int)
    /// Go to this address on the dashboard.
    case leave(String)
}

/// A file a page offers for download, from its state.
public struct Download: Sendable, Equatable {
    public let filename: String
    public let contentType: String
    public let bytes: [UInt8]
}

/// One open page: its own feature store, how the store's state renders, and how the page's forms
/// become the feature's actions.
@MainActor
protocol DashboardPage: AnyObject {
    var id: String { get }
    /// Where a fresh copy of this page starts.
    var path: String { get }
    var section: Section { get }
    var title: String { get }
    /// The page's content, inside the layout; `whole` when it is the whole page the browser loads,
    /// not a live update of it.
    func main(_ context: RenderContext, whole: Bool) -> HTML
    /// Turns the form named `name` into the feature's actions and sends them, without waiting for
    /// the work they start; false for an unknown name; throws a `Refusal` for input no form of the page sends.
    func perform(_ name: String, form: FormData) throws -> Bool
    /// Waits until what the page's actions started has finished (at most 120 s).
    func settle() async
    /// Where the browser should go instead of this page, if anywhere: elsewhere once the state is
    /// done with the page (each time once), or this page again, whole, for a secret to show.
    func departure() -> String?
    /// Each change of what the page shows.
    var revision: Int { get }
    /// Something in the home changed (this process or another): reload what is shown.
    func homeChanged()
    /// The page's live events, until the page closes or `closed` completes (the client's
    /// connection went); at once if the page has moved past `since`, the revision the client shows.
    func live(since: Int?, until closed: EventLoopFuture<Void>) -> AsyncStream<LiveEvent>
    /// How many live streams are open.
    var openStreams: Int { get }
    func download(_ name: String) -> Download?
    /// Stops the page's effects; it is about to be forgotten.
    func close()
}
