import FocusProtocol
import Locking
import TestSupport
import Testing

@testable import FocusSyncServer

@Suite("Log lines")
struct LoggerTests {
    @Test func oneLineWithKeyValueMetadataAndLevelFilter() {
        let lines = Locked<[String]>([])
        let logger = Logger(level: .info) { line in lines.withLock { $0.append(line) } }
        logger.debug("hidden")
        logger.info("websocket open", ["conn.id": "7", "peer": "127.0.0.1", "path": "/ws?x=a b"])
        let written = lines.withLock { $0 }
        #expect(written.count == 1)
        #expect(written.first?.hasSuffix(#" info websocket open conn.id=7 peer=127.0.0.1 path="/ws?x=a b""# + "\n") == true)
    }
}
