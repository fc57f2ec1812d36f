#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's environment variables, read from `environ` itself: what `ProcessInfo.processInfo.environment`
/// gives, without setting up `ProcessInfo` (a tenth of a millisecond of every one-shot command, issue 30). A name
/// given twice keeps its last value, as `ProcessInfo` does (the rest of the App reads it there); an entry without
/// `=` or with an empty name is passed over.
enum ProcessEnvironment {
    static func current() -> [String: String] {
        var variables: [String: String] = [:]
        #if canImport(Darwin)
            let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron()?.pointee
        #else
            let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        #endif
        guard var entry = start else { return variables }
        while let pointer = entry.pointee {
            let text = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
            let length = strlen(pointer)
            let bytes = UnsafeBufferPointer(start: text, count: length)
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")), equals > 0 {
                variables[String(decoding: bytes[..<equals], as: UTF8.self)] = String(
                    decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
            entry += 1
        }
        return variables
    }
}
