import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The base protocol's framing over a pair of file descriptors: each message is a header part
/// (`Content-Length: N`, other headers ignored, each line ended by CRLF, then an empty line)
/// followed by N bytes of JSON.
public enum MessageChannel {
    /// The largest message read: a file's text may be 8 MiB, and escaping it in JSON can take
    /// up to six bytes for one.
    public static let maximumLength = 64 << 20

    /// Why reading stopped.
    public enum Failure: Error, Equatable {
        /// The header part had no `Content-Length`, or one that is not a number within bounds.
        case badHeader(String)
        /// The body is not JSON.
        case badBody
    }

    /// Reads messages from a descriptor, one at a time.
    public final class Reader {
        private let descriptor: Int32
        private var buffer: [UInt8] = []
        private var start = 0
        private var ended = false

        public init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        /// The next message's body; nil at the end of input.
        public func nextBody() throws -> [UInt8]? {
            while true {
                if let (headerEnd, length) = try header() {
                    // Counted from `start`, which reading more moves to the front of the buffer.
                    let bodyOffset = headerEnd + 4 - start
                    while buffer.count - start - bodyOffset < length {
                        guard fill() else { return nil }
                    }
                    let bodyStart = start + bodyOffset
                    let body = Array(buffer[bodyStart..<bodyStart + length])
                    start = bodyStart + length
                    return body
                }
                if buffer.count - start > 8192 { throw Failure.badHeader("a header part longer than 8 KiB") }
                guard fill() else { return nil }
            }
        }

        /// The next message, decoded.
        public func next() throws -> JSONValue? {
            guard let body = try nextBody() else { return nil }
            guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) else {
                throw Failure.badBody
            }
            return value
        }

        /// Where the header part ends (its CRLF CRLF) and the length it gives, once it is read.
        private func header() throws -> (Int, Int)? {
            guard buffer.count - start >= 4 else { return nil }
            var index = start
            while index + 3 < buffer.count {
                if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                    return (index, try Self.contentLength(buffer[start..<index]))
                }
                index += 1
            }
            return nil
        }

        static func contentLength(_ header: ArraySlice<UInt8>) throws -> Int {
            let text = String(decoding: header, as: UTF8.self)
            for line in text.split(separator: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                guard line[..<colon].lowercased() == "content-length" else { continue }
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                guard let length = Int(value), length >= 0, length <= maximumLength else {
                    throw Failure.badHeader("Content-Length is not a length up to \(maximumLength) bytes")
                }
                return length
            }
            throw Failure.badHeader("no Content-Length")
        }

        /// Reads more input, dropping what was consumed; false at the end of input.
        private func fill() -> Bool {
            guard !ended else { return false }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    ended = true
                    return false
                }
                buffer += chunk[..<count]
                return true
            }
        }
    }

    /// Writes messages to a descriptor.
    public final class Writer {
        private let descriptor: Int32
        private let encoder: JSONEncoder

        public init(descriptor: Int32) {
            self.descriptor = descriptor
            encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        }

        /// Writes one message; false when the other end is gone.
        @discardableResult
        public func send(_ message: JSONValue) -> Bool {
            guard let body = try? encoder.encode(message) else { return false }
            let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes {
                    write(descriptor, $0.baseAddress! + written, bytes.count - written)
                }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
    }
}
