import Foundation

/// One line of `cloudkit-schema doctor`'s checklist: what was checked, whether it passed,
/// what was seen, and (when it failed) the one sentence that fixes it.
package struct DoctorCheck: Sendable, Equatable {
    package enum Status: String, Sendable {
        case passed, failed
        /// Not checked, because what it needs failed or does not apply; `detail` says why.
        case skipped
    }

    /// Stable kebab-case id (`token`, `export`, `hooks`…): several lines share one when
    /// they are about different containers.
    package var id: String
    /// The container the line is about, when it is about one.
    package var container: String?
    package var status: Status
    /// What was seen, in one sentence.
    package var detail: String
    /// What to do, in one sentence; nil unless the line failed.
    package var fix: String?

    package init(_ id: String, container: String? = nil, _ status: Status, _ detail: String, fix: String? = nil) {
        self.id = id
        self.container = container
        self.status = status
        self.detail = detail
        self.fix = status == .failed ? fix : nil
    }

    package static func passed(_ id: String, container: String? = nil, _ detail: String) -> DoctorCheck {
        DoctorCheck(id, container: container, .passed, detail)
    }

    package static func failed(_ id: String, container: String? = nil, _ detail: String, fix: String) -> DoctorCheck {
        DoctorCheck(id, container: container, .failed, detail, fix: fix)
    }

    /// A message as a sentence of the checklist: capitalised, with its full stop (the
    /// product's error messages are lower-case clauses).
    package static func sentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let capital = trimmed.prefix(1).uppercased() + trimmed.dropFirst()
        return capital.hasSuffix(".") || capital.hasSuffix("?") ? capital : capital + "."
    }

    package static func skipped(_ id: String, container: String? = nil, _ detail: String) -> DoctorCheck {
        DoctorCheck(id, container: container, .skipped, detail)
    }
}

extension Array where Element == DoctorCheck {
    /// Exit 0 when nothing failed (skips with a reason do not count), else 1.
    package var exitStatus: Int32 { contains { $0.status == .failed } ? 1 : 0 }

    package func count(_ status: DoctorCheck.Status) -> Int { filter { $0.status == status }.count }
}
