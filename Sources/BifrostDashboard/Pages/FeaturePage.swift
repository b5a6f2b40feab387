import AppCore
import Foundation
import NIOCore

/// A page backed by one AppCore feature: a screen is the rendering of the feature's `State`, and
/// a click or a form is an `Action` sent to the page's own `Store`.
@MainActor
final class FeaturePage<State: Equatable & Sendable, Action: Sendable>: DashboardPage {
    let id: String
    let path: String
    let section: Section
    let store: Store<State, Action>

    /// How the screen looks for a state.
    var render: (State, RenderContext) -> HTML = { _, _ in .empty }
    /// The page's title for a state.
    var titled: (State) -> String = { _ in "Bifrost" }
    /// The form named `name` as the actions it sends, in order; throws a `FormError` for input it cannot read.
    var action: (String, FormData, State) throws -> [Action]? = { _, _, _ in nil }
    /// What to send when the home changes, if the screen shows stored or chain data.
    var reload: Action?
    /// Where to go once the state is done with this page.
    var leave: (State) -> String? = { _ in nil }
    var downloads: (String, State) -> Download? = { _, _ in nil }
    /// Effects that run as long as the page (observations), not counted when settling.
    var lasting = 0
    /// Whether the state has what the page needs to show, beyond its effects having finished.
    var ready: (State) -> Bool = { _ in true }
    /// Names the showing of a secret the state holds (a new recovery phrase), nil when none: each
    /// showing is rendered on one whole page only; a reload, or a later live update, gets `sealed`.
    var secret: (State) -> Int? = { _ in nil }
    /// What stands in for a secret already shown.
    var sealed: (State, RenderContext) -> HTML = { _, _ in .empty }
    private var secretShown: Int?

    /// Input the last form gave that could not be read; shown above the screen until the next form.
    private(set) var formError: String?
    /// The open render streams, ended when the page closes so their connections end too.
    private var streams: [Int: AsyncStream<Void>.Continuation] = [:]
    private var nextStream = 0

    init(id: String, path: String, section: Section, store: Store<State, Action>) {
        self.id = id
        self.path = path
        self.section = section
        self.store = store
    }

    var title: String { titled(store.state) }

    var next: String? { leave(store.state) }

    func main(_ context: RenderContext, whole: Bool) -> HTML {
        let state = store.state
        if let showing = secret(state) {
            if secretShown == showing { return "\(Format.alert(formError))\(sealed(state, context))" }
            // Only a whole page counts as shown: a live update may reach a page the browser is leaving.
            if whole { secretShown = showing }
        }
        return "\(Format.alert(formError))\(render(state, context))"
    }

    func perform(_ name: String, form: FormData) throws -> Bool {
        do {
            guard let actions = try action(name, form, store.state) else { return false }
            formError = nil
            for action in actions { store.send(action) }
        } catch let refusal as Refusal {
            // Input no form of the page could have sent: the request is refused, not the page's state.
            throw refusal
        } catch let error as FormError {
            formError = error.message
        } catch {
            formError = ErrorWording.text(for: error)
        }
        return true
    }

    func settle() async {
        await store.settle(leaving: lasting, until: ready, within: .seconds(120))
    }

    func homeChanged() { if let reload { store.send(reload) } }

    func renders(until closed: EventLoopFuture<Void>) -> AsyncStream<Void> {
        let changes = store.subscribe(\State.self)
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            var first = true
            for await _ in changes {
                // The first value is the state already on the page.
                if first { first = false; continue }
                continuation.yield()
            }
            continuation.finish()
        }
        nextStream += 1
        let number = nextStream
        streams[number] = continuation
        // Without this the stream's reader would hold the subscription (and the response its
        // connection) until a render that may never come.
        closed.whenComplete { _ in continuation.finish() }
        continuation.onTermination = { [weak self] _ in
            task.cancel()
            Task { @MainActor in self?.streams[number] = nil }
        }
        return stream
    }

    var openStreams: Int { streams.count }

    func download(_ name: String) -> Download? { downloads(name, store.state) }

    func close() {
        store.cancelEffects()
        for continuation in streams.values { continuation.finish() }
    }
}

/// Input a form gave that the page cannot turn into an action, in the user's words.
struct FormError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
