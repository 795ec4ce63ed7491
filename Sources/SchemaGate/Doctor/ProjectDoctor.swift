import CloudKitSchema
import Foundation
import ModelSource
import SchemaGateBasics

/// The doctor's lines about the repository itself: the entitlements' containers against the
/// configured ones, the remote-notification background mode (the lint rule itself), the
/// models and their registration (the model reader), the release tags and the clone
/// (`GitRepository`), and each committed Production snapshot (`SnapshotCheck`). Offline
/// and read-only.
package struct ProjectDoctor: Sendable {
    package var configuration: ResolvedConfiguration
    package var repository: GitRepository
    /// Paths are shown relative to it.
    package var workingDirectory: String

    package init(configuration: ResolvedConfiguration, repository: GitRepository, workingDirectory: String) {
        self.configuration = configuration
        self.repository = repository
        self.workingDirectory = workingDirectory
    }

    func shown(_ path: String) -> String { UserPath.display(path, from: workingDirectory) }

    /// The entitlements' iCloud containers (the project survey) equal the configured ones.
    package func containers() -> DoctorCheck {
        let configured = configuration.containers
        let entitled = configuration.project.containerIDs
        let fromEntitlements = entitled.map { "\($0.value) (\($0.origin))" }.joined(separator: ", ")
        if configured.allSatisfy({ $0.id.source == .survey }), let unresolved = configuration.project.unresolvedContainers.first {
            return .failed("containers", "\(unresolved.file) names \(unresolved.entry), which cannot be told here (\(unresolved.reason)).",
                           fix: "List every container the app uses in containers of \(ConfigFile.fileName), or set CONTAINER_ID.")
        }
        guard !configured.isEmpty else {
            return .failed("containers", "No CloudKit container: no .entitlements file names one and none is configured.",
                           fix: "Add the iCloud capability with a container in Xcode (Signing & Capabilities → iCloud → CloudKit), or name one in containers of \(ConfigFile.fileName), CONTAINER_ID or --container-id.")
        }
        let ids = configured.map(\.id.value)
        if configured.allSatisfy({ $0.id.source == .survey }) {
            return .passed("containers", "\(fromEntitlements), read from the entitlements.")
        }
        let origin = configured.first.map { "\($0.id.source.rawValue): \($0.id.origin)" } ?? ""
        guard !entitled.isEmpty else {
            return .failed("containers", "\(ids.joined(separator: ", ")) configured (\(origin)), but no .entitlements file names an iCloud container, so the app syncs with none.",
                           fix: "Add the iCloud capability with \(ids.joined(separator: ", ")) in Xcode (Signing & Capabilities → iCloud → CloudKit).")
        }
        let entitledIDs = entitled.map(\.value)
        guard Set(ids) == Set(entitledIDs) else {
            return .failed("containers", "\(ids.joined(separator: ", ")) configured (\(origin)), but the entitlements name \(fromEntitlements).",
                           fix: "Make the configured containers (containers in \(ConfigFile.fileName), CONTAINER_ID or --container-id) the ones the app's entitlements name, or remove the key so they are read from the entitlements.")
        }
        return .passed("containers", "\(ids.joined(separator: ", ")) (\(origin)) as the entitlements name them (\(fromEntitlements)).")
    }

    /// What the `missing-remote-notification` rule says about the app's entitlements and
    /// Info.plists (its severity setting and suppression comments included).
    package func remoteNotification() -> DoctorCheck {
        let id = "remote-notification"
        let info = MissingRemoteNotificationRule.info
        let overrides = LintOverrides(configured: configuration)
        guard overrides.severity(for: info, at: .gate) != nil else {
            return .skipped(id, "Not checked: the \(info.id) rule is off (severities.rules in \(ConfigFile.fileName)).")
        }
        let scope: LintScope
        do {
            scope = try LintScope.collect(paths: [], projectDirectories: [configuration.root], shown: shown)
        } catch {
            return .failed(id, "The app's entitlements and Info.plists could not be listed: \(error.message).", fix: "Run doctor from the app's repository.")
        }
        let (_, plists, problems) = LintRunner.readProjectFiles(scope)
        if !problems.isEmpty {
            return .failed(id, problems.map { shown($0.file) + ": " + $0.message }.joined(separator: "; "),
                           fix: "Make each file a readable property list (Xcode writes them so), then run doctor again.")
        }
        let syncing = plists.filter { $0.kind == .entitlements && $0.enablesCloudKit && !$0.isMacOS }
        guard !syncing.isEmpty else {
            return .skipped(id, "Not needed: no iOS entitlements file enables CloudKit (macOS apps get CloudKit pushes without the mode).")
        }
        let input = LintInput(model: AppModel(), propertyLists: plists, appTargets: LintRunner.readXcodeProjects(scope))
        let findings = LintEngine(rules: [MissingRemoteNotificationRule()], overrides: overrides, stage: .gate).findings(for: input)
        guard findings.isEmpty else {
            let messages = findings.map { finding in
                (finding.file.map { shown($0) + ": " } ?? "")
                    + LintRunner.displayPaths(in: finding.message, roots: [configuration.root], workingDirectory)
            }
            return .failed(id, messages.joined(separator: "; ") + ".", fix: info.fix)
        }
        return .passed(id, "An Info.plist of the app signed with \(syncing.map { shown($0.path) }.joined(separator: ", ")) lists the remote-notification background mode.")
    }

    /// The models under the model paths, read as the gate reads them, and their registration.
    package func models() -> DoctorCheck {
        var paths: [String] = []
        for path in configuration.containers.flatMap(\.modelPaths) + configuration.modelPaths.value where !paths.contains(path) {
            paths.append(path)
        }
        let outcome: ExpectedModelSchema.Outcome
        do {
            outcome = try ExpectedModelSchema.build(modelPaths: paths, configuration: configuration, container: nil, workingDirectory: workingDirectory)
        } catch {
            return .failed("models", "No usable models in \(paths.map(shown).joined(separator: ", ")) (\(configuration.modelPaths.source.rawValue)).",
                           fix: DoctorCheck.sentence(error.message))
        }
        let mismatch = outcome.model.diagnostics.filter { $0.kind == .unregisteredModel || $0.kind == .undeclaredModel }
        if !mismatch.isEmpty {
            return .failed("models", mismatch.map(ModelDiagnosticFindings.located).joined(separator: "; ") + ".",
                           fix: "Make the registered model list (Schema([...]), ModelContainer(for:) or the VersionedSchema's models) match the @Model classes, or set includeUnregisteredModels.")
        }
        let count = outcome.model.entities.count
        let unfollowed = outcome.model.unfollowedRegistrations.first.map {
            "the registration at \($0.file):\($0.line) goes through \($0.part), which is not followed, so every declared model is expected"
        }
        let registered = unfollowed ?? outcome.model.registeredTypes.map { "\($0.count) registered" }
            ?? "no registration found (Schema([...]), ModelContainer(for:)), so every declared model is expected"
        return .passed("models", "\(count) model\(count == 1 ? "" : "s") in \(paths.map(shown).joined(separator: ", ")) (\(configuration.modelPaths.source.rawValue)); \(registered).")
    }

    /// A release tag the gate can measure from, in a clone with the history.
    package func tags() -> DoctorCheck {
        let pattern = configuration.tagPattern
        let described = pattern.map { "matching \($0.value) (\($0.source.rawValue): \($0.origin))" } ?? "(any tag: no tagPattern configured)"
        if repository.isShallow {
            return .failed("tags", "This clone is shallow: tags and the history the gate measures from may be missing.",
                           fix: "Run 'git fetch --tags --unshallow' (in CI: check out with the full history, e.g. fetch-depth: 0).")
        }
        guard repository.headWhenOpened != nil else {
            return .failed("tags", "The repository has no commit yet, so there is no release tag \(described).",
                           fix: "Commit the app and tag the release that is live, e.g. 'git tag v1.0', then push the tag.")
        }
        do {
            do {
                try ChangeDetector.requireOneFamily(repository, pattern: pattern?.value)
            } catch {
                return .failed("tags", DoctorCheck.sentence(error.message), fix: "Set tagPattern to this app's release family in \(ConfigFile.fileName).")
            }
            guard let tag = try repository.nearestTag(matching: pattern?.value) else {
                return .failed("tags", "No tag \(described) is reachable from HEAD, so every release counts as a model change and the evolution rules have no base.",
                               fix: "Tag the commit of the release that is live (git tag v1.0 <commit>) and push it (git push origin v1.0).")
            }
            return .passed("tags", "\(tag) is the newest release tag \(described) reachable from HEAD; the clone is complete.")
        } catch {
            return .failed("tags", "git could not list the tags: \(error.message).", fix: "Run 'git describe --tags' by hand to see why.")
        }
    }

    /// Each configured Production snapshot: present, committed unchanged, and equal to live
    /// Production when cktool exported it. `live`: Production by container id.
    package func snapshots(live: [String: Schema]) -> [DoctorCheck] {
        let containers = configuration.containers
        let withSnapshot = containers.filter { $0.productionSnapshot != nil }
        guard !withSnapshot.isEmpty else {
            return [.skipped("snapshot", "Not configured: no committed Production snapshot (\(ResolvedConfiguration.defaultSnapshot), or containers[].productionSnapshot); only CI without cktool needs one.")]
        }
        return withSnapshot.map { container in snapshot(container, live: live[container.id.value], multiple: containers.count > 1) }
    }

    private func snapshot(_ container: ResolvedContainer, live: Schema?, multiple: Bool) -> DoctorCheck {
        let id = container.id.value
        guard let snapshot = container.productionSnapshot else { return .skipped("snapshot", container: id, "Not configured.") }
        let display = UserPath.display(snapshot.path, from: configuration.root)
        let refresh = SnapshotCheck.refreshCommand(snapshot: display, containerID: id, multipleContainers: multiple)
        guard FileManager.default.fileExists(atPath: snapshot.path) else {
            return .failed("snapshot", container: id, "The configured Production snapshot \(display) does not exist.",
                           fix: "Create it with '\(refresh)' and commit it.")
        }
        do {
            _ = try CommittedSnapshot.verify(path: snapshot.path, shown: display, repository: repository)
        } catch {
            return .failed("snapshot", container: id, DoctorCheck.sentence(error.message),
                           fix: "Commit it (git add \(display) && git commit -m 'Production snapshot'), or restore the committed one.")
        }
        guard let live else {
            return .skipped("snapshot", container: id, "\(display) is committed; whether it is fresh needs live Production (see the export line).")
        }
        do {
            guard let stale = try SnapshotCheck.staleness(
                snapshot: snapshot, displayPath: display, live: live, containerID: id, multipleContainers: multiple,
                repository: repository) else {
                return .passed("snapshot", container: id, "\(display) is committed and matches live Production.")
            }
            // Behind live Production only over-reports: said, not failed, as the gate warns.
            guard stale.severity == .error else { return .passed("snapshot", container: id, DoctorCheck.sentence(stale.message)) }
            return .failed("snapshot", container: id, DoctorCheck.sentence(stale.message), fix: stale.fix ?? refresh)
        } catch {
            let message = (error as? any ActionableError)?.message ?? "\(error)"
            return .failed("snapshot", container: id, DoctorCheck.sentence(message), fix: "Refresh it with '\(refresh)', then commit it.")
        }
    }

}
