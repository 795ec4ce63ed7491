import CloudKitSchema
import Foundation
import SchemaGateBasics

/// What this repository last saw of a container's Production schema: the last export cktool
/// returned live, kept in the repository's git directory (shared by its worktrees, so the
/// pre-push hook's checkout and a release script see the same one).
///
/// Production is add-only: CloudKit refuses a schema change that would remove a record type
/// or field or change a field's type (Docs/gate-skip-rule.md). So Production holds at least
/// what any earlier live export showed, and a release whose requirements that export
/// already satisfies is satisfied by Production now. That is the only reason the gate may
/// pass without contacting CloudKit. A tag, a commit or a committed snapshot is never such
/// evidence: none of them was read from Production.
package struct ProductionRecord: Sendable {
    package var containerID: String
    package var teamID: String
    /// When cktool exported it.
    package var exportedAt: Date
    package var schema: Schema

    /// Where records live: `<git common dir>/cloudkit-schema/production/`.
    package struct Store: Sendable {
        package var directory: String

        package init(directory: String) {
            self.directory = directory
        }

        /// The store of the repository holding `workingDirectory`; nil outside a git work
        /// tree (there is then no record, and the gate contacts CloudKit).
        package static func locate(workingDirectory: String, environment: [String: String]) -> Store? {
            guard let repository = try? GitRepository(containing: workingDirectory, environment: environment) else { return nil }
            return try? Store(repository: repository)
        }

        package init(repository: GitRepository) throws(GitError) {
            directory = try repository.commonDirectory() + "/cloudkit-schema/production"
        }

        package func path(of containerID: String) -> String { directory + "/" + containerID + ".ckdb" }

        /// The record of a container: none, or one that cannot be used (said in a note).
        package func load(containerID: String) -> Loaded {
            let path = path(of: containerID)
            guard FileManager.default.fileExists(atPath: path) else { return .none }
            guard case .success(let bytes) = FileSystem.readRegularFile(path) else {
                return .unusable("\(path) could not be read as a regular file")
            }
            guard let header = ProductionRecord.header(bytes), header.containerID == containerID else {
                return .unusable("\(path) does not start with the record's header line")
            }
            do {
                let schema = try SchemaParser.parse(bytes: bytes, file: path)
                return .record(ProductionRecord(containerID: containerID, teamID: header.teamID, exportedAt: header.exportedAt, schema: schema))
            } catch {
                return .unusable("\(path) is not a schema (\(error.location.line):\(error.location.column): \(error.message))")
            }
        }

        /// Keeps a live export. Never throws: a record that cannot be written only means
        /// the next gate contacts CloudKit again; the returned text says why, for a note.
        @discardableResult
        package func save(_ export: CloudKitExport, teamID: String, at date: Date = Date(), redactor: Redactor) -> String? {
            let record = ProductionRecord(containerID: export.containerID, teamID: teamID, exportedAt: date, schema: export.schema)
            do {
                try OutputFile.writeExact(record.text, to: path(of: export.containerID), redactor: redactor)
                return nil
            } catch {
                return "the Production record of \(export.containerID) was not written (\(error.reason)), so the next gate contacts CloudKit again"
            }
        }
    }

    package enum Loaded: Sendable {
        case none
        case record(ProductionRecord)
        case unusable(String)
    }

    /// The file: a header line, then the schema in the canonical export layout.
    var text: String {
        "\(Self.marker) container \(containerID), team \(teamID), exported \(Self.timestamp(exportedAt))\n"
            + "// Production only grows, so it holds at least this. Written by cloudkit-schema; safe to delete.\n"
            + SchemaPrinter.print(schema)
    }

    static let marker = "// cloudkit-schema production record:"

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    static func header(_ bytes: [UInt8]) -> (containerID: String, teamID: String, exportedAt: Date)? {
        let line = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        guard line.hasPrefix(marker) else { return nil }
        let words = line.dropFirst(marker.count).split(separator: " ").map(String.init)
        guard words.count == 6, words[0] == "container", words[2] == "team", words[4] == "exported",
              let date = ISO8601DateFormatter().date(from: words[5]) else { return nil }
        return (String(words[1].dropLast()), String(words[3].dropLast()), date)
    }

    /// `2026-12-03 10:04 UTC`, for notes.
    package var exportedAtShown: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: exportedAt)
    }
}
