import AppCore
import Foundation
import NIOCore

/// A page backed by one AppCore feature: a screen is the rendering of the feature's `State`, and
/// a click or a form is an `Action` sent to the page's own `Store`. A form's work runs on after its
/// POST has answered: the page says it is working, and its live streams carry each change, and
/// where to go once the state is done with the page.
@MainActor
final class FeaturePage<Content: Screen>: DashboardPage {
    typealias State = Content.State
    let id: String
    let screen: Content
    let store: Store<State, Content.Action>
    private var secretShown: Int?

    /// Input the last form gave that could not be read; shown above the screen until the next form.
    private(set) var formError: String?
    /// The open live streams, ended when the page closes so their connections end too.
    private var streams: [Int: AsyncStream<LiveEvent>.Continuation] = [:]
    private var nextStream = 0
    /// How far what the page shows has moved: each change of state, and each start and end of a
    /// form's work. A live stream that connects behind it renders at once.
    private(set) var revision = 0
    /// How many forms' work is still running.
    private var pendingWork = 0
    /// Where the browser was last sent once the state was done with the page, so it goes there once.
    private var departed: String?
    /// Follows the store's state for the page's revision and its live streams.
    private var watching: Task<Void, Never>?

    init(id: String, screen: Content, store: Store<State, Content.Action>) {
        self.id = id
        self.screen = screen
        self.store = store
        let changes = store.subscribe(\State.self)
        watching = Task { [weak self] in
            var first = true
            for await _ in changes {
                // The first value is the state already on the page.
                if first { first = false; continue }
                self?.changed()
            }
        }
    }

    var path: String { screen.path }

    var section: Section { screen.section }

    var title: String { screen.title(store.state) }

    /// Whether work a form started is still running.
    var working: Bool { pendingWork > 0 }

    func departure() -> String? {
        // A secret is shown on a whole page only, never in a live update.
        if let showing = screen.secret(store.state), showing != secretShown { return "/p/\(id)" }
        guard let leave = screen.leave(store.state), leave != departed else { return nil }
        departed = leave
        return leave
    }

    func main(_ context: RenderContext, whole: Bool) -> HTML {
        let state = store.state
        let progress: HTML = working ? "<p class=\"progress\" id=\"working\" role=\"status\">Working…</p>" : .empty
        if let showing = screen.secret(state) {
            if secretShown == showing { return "\(Format.alert(formError))\(progress)\(screen.sealed(state, context))" }
            // Only a whole page counts as shown: a live update may reach a page the browser is leaving.
            if whole { secretShown = showing }
        }
        return "\(Format.alert(formError))\(progress)\(screen.main(state, context))"
    }

    func perform(_ name: String, form fields: FormData) throws -> Bool {
        guard let form = Content.Form(rawValue: name) else { return false }
        do {
            let actions = try form.actions(fields, store.state)
            formError = nil
            for action in actions { store.send(action) }
            follow()
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
        await store.settle(leaving: screen.lasting, until: screen.ready, within: .seconds(120))
    }

    func homeChanged() { if let reload = screen.reload { store.send(reload) } }

    func live(since: Int?, until closed: EventLoopFuture<Void>) -> AsyncStream<LiveEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LiveEvent.self, bufferingPolicy: .bufferingNewest(16))
        nextStream += 1
        let number = nextStream
        streams[number] = continuation
        // What happened between the page's load and this stream (work that ended, a state done
        // with the page) is told at once, not at the next change, which may never come.
        if let to = departure() {
            continuation.yield(.leave(to))
        } else if let since, since != revision {
            continuation.yield(.render(revision))
        }
        // Without this the stream's reader would hold its connection until an event that may never come.
        closed.whenComplete { _ in continuation.finish() }
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.streams[number] = nil }
        }
        return stream
    }

    /// Follows the work the form just sent until it settles (at most 120 s), so the page shows it
    /// working meanwhile and its streams render once more when it ends; work done at once is not followed.
    private func follow() {
        guard store.runningEffects > screen.lasting || !screen.ready(store.state) else { return }
        pendingWork += 1
        changed()
        Task { [weak self] in
            await self?.settle()
            guard let self else { return }
            pendingWork -= 1
            changed()
        }
    }

    /// What the page shows may have changed: a new revision, told to every live stream.
    private func changed() {
        revision += 1
        if screen.leave(store.state) == nil { departed = nil }
        guard !streams.isEmpty else { return }
        let event: LiveEvent = departure().map { .leave($0) } ?? .render(revision)
        for continuation in streams.values { continuation.yield(event) }
    }

    var openStreams: Int { streams.count }

    func download(_ name: String) -> Download? { screen.download(name, store.state) }

    func close() {
        watching?.cancel()
        store.cancelEffects()
        for continuation in streams.values { continuation.finish() }
    }
}

/// Input a form gave that the page cannot turn into an action, in the user's words.
struct FormError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
