import CoSigning
import Foundation
import Logging
import ServiceLifecycle

/// The co-signing server's chain follower, a service of its application: one pass of
/// `FollowServedChain` every `interval`, each reported to the metrics and a failed one logged and
/// tried again next time. A graceful shutdown cuts a pass under way short, as cancellation does.
struct ChainFollowing: Service {
    let store: CoSigningStore
    let interval: Duration
    let reorgDepth: Int
    let metrics: ServeMetrics
    let logger: Logger

    init(store: CoSigningStore, every interval: Duration, reorgDepth: Int, metrics: ServeMetrics, logger: Logger) {
        self.store = store
        self.interval = interval
        self.reorgDepth = reorgDepth
        self.metrics = metrics
        self.logger = logger
    }

    func run() async {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await pass()
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// One pass, reported.
    private func pass() async {
        do {
            let report = try await store.dispatch(FollowServedChain(reorgDepth: reorgDepth))
            if let fork = report.rewoundTo {
                logger.warning("the chain reorganised; what was read after the block that stands is read again",
                               metadata: ["block": .stringConvertible(fork)])
            }
            metrics.followed(block: report.blocks.map { UInt64(clamping: $0.upperBound) },
                             lag: report.blocks.map { UInt64(clamping: $0.upperBound - $0.lowerBound) } ?? 0, at: Date())
        } catch {
            metrics.followFailed()
            logger.warning("following the chain failed; trying again", metadata: ["error": .string("\(error)")])
        }
    }
}
