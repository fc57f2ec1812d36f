import ContactService

// The contact form's validation: five fields separated by NUL bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fields = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
    let draft = ContactDraft(name: field(0), email: field(1), phone: field(2), subject: field(3), message: field(4))
    let problems = draft.validate()
    // A draft without problems has nothing a terminal or a server could choke on.
    if problems.isEmpty {
        let normalized = draft.normalized
        precondition(!normalized.name.isEmpty && normalized.email.contains("@"), "accepted an invalid draft")
        precondition(!normalized.name.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }
    return 0
}
