import BigInt
import SafeKit

/// The calls of a transfer sheet: each row's amount read with its token's decimals (18 for ETH),
/// and the totals checked against what the Safe holds, so a sheet that cannot pay is refused
/// before anyone signs. Errors name the line.
enum TransferSheetCalls {
    /// A sheet's ETH rows read as a token of 18 decimals.
    private static let ether = TokenBalance(token: .zero, symbol: "ETH", decimals: 18, raw: 0)

    static func calls(_ sheet: TransferSheet, balance: EtherAmount, tokens: [TokenBalance]) throws -> [MultiSendCall] {
        var calls: [MultiSendCall] = []
        var totals: [Address?: BigUInt] = [:]
        for row in sheet.rows {
            let meta = try row.token.map { token in
                guard let meta = tokens.first(where: { $0.token == token }) else { throw SafeError.sheetTokenRefused(line: row.line, token: token) }
                return meta
            }
            let raw: BigUInt
            do { raw = try (meta ?? Self.ether).amount(parsing: row.amount).raw } catch {
                throw SafeError.batchRefused("line \(row.line): \(error)")
            }
            totals[row.token, default: 0] += raw
            if let token = row.token {
                calls.append(MultiSendCall(to: token, data: try ERC20.transfer(to: row.receiver, amount: raw)))
            } else {
                calls.append(MultiSendCall(to: row.receiver, value: raw))
            }
        }
        for (token, total) in totals {
            let have = token.flatMap { t in tokens.first { $0.token == t }?.raw } ?? (token == nil ? balance.wei : 0)
            guard total <= have else {
                let symbol = token.flatMap { t in tokens.first { $0.token == t }?.symbol } ?? "ETH"
                let decimals = token.flatMap { t in tokens.first { $0.token == t }?.decimals } ?? 18
                throw SafeError.batchRefused("the rows send \(TokenAmount(raw: total, decimals: decimals)) \(symbol) but the Safe holds \(TokenAmount(raw: have, decimals: decimals))")
            }
        }
        return calls
    }

    /// `error` from reading the Safe and the sheet's tokens, with the first line that names a
    /// token which is not one, so the refusal says where it is.
    static func located(_ error: any Error, in sheet: TransferSheet) -> any Error {
        guard case .notAToken(let token)? = error as? ChainError, let row = sheet.rows.first(where: { $0.token == token }) else { return error }
        return SafeError.sheetTokenRefused(line: row.line, token: token)
    }
}
