import ModelSource

/// What a rule is, for reports, `lint --list-rules` and the configuration file: a stable
/// kebab-case id (the finding `code`), its default severity, what it catches and the fix.
package struct LintRuleInfo: Sendable, Equatable {
    package let id: String
    package let severity: Severity
    /// What the rule catches, in one line.
    package let summary: String
    /// What to do about a violation, in one sentence.
    package let fix: String

    package init(id: String, severity: Severity, summary: String, fix: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.fix = fix
    }
}

/// One offline check. A rule only says where and what; the engine adds the id, the
/// severity (after overrides), the fix, and drops suppressed violations.
package protocol LintRule: Sendable {
    static var info: LintRuleInfo { get }
    func check(_ input: LintInput) -> [LintViolation]
}

/// A place where a rule is broken.
package struct LintViolation: Sendable, Equatable {
    package var message: String
    package var file: String
    package var line: Int?
    /// The CloudKit record type and field involved (`CD_Item`, `CD_title`), when known.
    package var recordType: String?
    package var field: String?
    /// The public evidence does not settle that this case does harm: it is at most a
    /// warning, whatever the rule's severity (`SeverityPolicy`).
    package var unsettled: Bool
    /// The fix for this case when it is not the rule's (one rule, two APIs: SwiftData's and Core Data's).
    package var fix: String?

    package init(
        message: String, file: String, line: Int?, recordType: String? = nil, field: String? = nil, unsettled: Bool = false,
        fix: String? = nil
    ) {
        self.fix = fix
        self.message = message
        self.file = file
        self.line = line
        self.recordType = recordType
        self.field = field
        self.unsettled = unsettled
    }
}

/// Everything rules look at. Model rules read `model`; project rules read `swiftSources`
/// and `propertyLists`; evolution rules compare `previous` (the models at a git revision)
/// with `model`.
package struct LintInput: Sendable {
    package var model: AppModel
    package var swiftSources: [SwiftSourceFile]
    package var propertyLists: [PropertyListFile]
    /// The application targets of the Xcode projects in scope (`project` is the absolute
    /// `.xcodeproj` path): their build settings say which entitlements and Info.plist each uses.
    package var appTargets: [XcodeAppTarget]
    package var previous: PreviousModel?

    package init(
        model: AppModel, swiftSources: [SwiftSourceFile] = [], propertyLists: [PropertyListFile] = [],
        appTargets: [XcodeAppTarget] = [], previous: PreviousModel? = nil
    ) {
        self.model = model
        self.swiftSources = swiftSources
        self.propertyLists = propertyLists
        self.appTargets = appTargets
        self.previous = previous
    }
}

/// The models as they were at a git revision, for `lint --since`.
package struct PreviousModel: Sendable {
    /// The revision as the user named it (`v1.2`), for messages.
    package var revision: String
    package var model: AppModel

    package init(revision: String, model: AppModel) {
        self.revision = revision
        self.model = model
    }
}

extension Entity {
    /// `CD_Item`: the record type NSPersistentCloudKitContainer mirrors this entity to
    /// (sub-entities share their root's; `RelationshipGraph.recordType(of:)` is the one rule).
    func recordType(in model: AppModel) -> String {
        CloudKitName.recordType(root(model.entity(named:)).name)
    }
}

func fieldName(_ property: String) -> String { CloudKitName.field(property) }
