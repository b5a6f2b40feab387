import BigInt
import CoSigning
import CoSigningStorage
import Foundation
import Logging
import ServiceLifecycle

/// The co-signing server's chain follower, a service of its application: while this server leads
/// the following of its chain (elected through the database, so one of the servers sharing it
/// reads the chain), one pass of `FollowServedChain` every `interval`, each reported to the
/// metrics and a failed one logged and tried again next time. A server that does not lead tries
/// again every `standby`, so it takes over within seconds of the leader's end, and meanwhile drops
/// from its Safe cache what the leader read again (`LeaderReadSafes`). A graceful shutdown
/// cuts a pass under way short, as cancellation does, and gives up the lead.
struct ChainFollowing: Service {
    let store: CoSigningStore
    let interval: Duration
    let reorgDepth: Int
    let metrics: ServeMetrics
    let logger: Logger
    /// How often a server that does not lead tries to.
    let standby: Duration

    init(store: CoSigningStore, every interval: Duration, reorgDepth: Int, metrics: ServeMetrics, logger: Logger, standby: Duration = .seconds(1)) {
        self.store = store
        self.interval = interval
        self.reorgDepth = reorgDepth
        self.metrics = metrics
        self.logger = logger
        self.standby = standby
    }

    func run() async {
        let held = LeadHolder(), leaderReads = LeaderReadSafes()
        await cancelWhenGracefulShutdown {
            var waitingSaid = false
            while !Task.isCancelled {
                if let lead = await held.lead {
                    if await lead.holds() {
                        await pass()
                        try? await Task.sleep(for: interval)
                        continue
                    }
                    logger.warning("this server lost the lead of the chain's following (its database session ended); trying to take it again")
                    await lead.resign()
                    await held.set(nil)
                }
                do {
                    if let lead = try await store.dispatch(LeadFollowing()) {
                        await held.set(lead)
                        let chainID = try await store.dispatch(ServedChainID())
                        logger.info("this server now leads the chain's following", metadata: ["chainId": .stringConvertible(chainID)])
                        continue
                    }
                    // What the leader read again, this server must not answer from its cache.
                    try await leaderReads.follow(store)
                    if !waitingSaid {
                        logger.info("another server sharing the database follows the chain; this one stands by and takes over if it stops")
                        waitingSaid = true
                    }
                } catch {
                    logger.warning("the follower election failed; trying again", metadata: ["error": .string("\(error)")])
                }
                try? await Task.sleep(for: standby)
            }
        }
        // Ended at once, so another server takes over without waiting for this process to exit.
        await held.lead?.resign()
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

/// The lead this server holds, if any, shared between the following loop and its clean-up.
private actor LeadHolder {
    private(set) var lead: (any FollowerLead)?
    func set(_ lead: (any FollowerLead)?) { self.lead = lead }
}
