import Foundation
import Testing
@testable import ModelSource

/// One test per syntax trap seen in real `@Model` files, each on its own fixture file.
@Suite struct SwiftTrapTests {
    @Test func macroModifiersClassAndBraceOnOneLine() throws {
        let file = "Traps/OneLineDeclaration.swift"
        let model = Fixture.read(file)
        let shelf = try model.require("Shelf")
        #expect(model.entityNames == ["Shelf"])
        #expect(shelf.line == Fixture.line(of: "@Model public final class Shelf {", in: file))
        #expect(shelf.attributeNames == ["name", "position"])
        #expect(shelf.attribute("name")?.swiftType == "String")
        #expect(shelf.attribute("name")?.hasDefault == true)
        #expect(shelf.attribute("position")?.line == Fixture.line(of: "var position", in: file))
    }

    @Test func bareRegexLiteralsHideQuotesAndBracesAndDivisionStaysDivision() throws {
        let coupon = try Fixture.read("Traps/BareRegexLiterals.swift").require("Coupon")
        #expect(coupon.attributeNames == ["code", "discount", "redeemedAt", "note"])
        #expect(coupon.attribute("note")?.line == Fixture.line(of: "var note", in: "Traps/BareRegexLiterals.swift"))
    }

    @Test func availabilityBeforeAndModifiersAfterTheMacro() throws {
        let receipt = try Fixture.read("Traps/ModifiersAfterMacro.swift").require("Receipt")
        #expect(receipt.attributeNames == ["total", "issuedAt", "amount"])
        #expect(receipt.attribute("amount")?.optional == true)
        #expect(receipt.attribute("amount")?.hasDefault == false)
        #expect(receipt.attribute("issuedAt")?.swiftType == "Date")
    }

    @Test func modelsAndPropertiesInsideIfBlocks() throws {
        let model = Fixture.read("Traps/IfDebugModel.swift")
        #expect(model.entityNames == ["DebugEvent", "Sticker"])
        #expect(try model.require("DebugEvent").attributeNames == ["message", "createdAt"])
        #expect(try model.require("Sticker").attributeNames == ["hapticPattern", "emoji"])
    }

    @Test func relationshipDeclaredLastAfterTwoHundredLinesOfMethods() throws {
        let file = "Traps/RelationshipAfterMethods.swift"
        let assembly = try Fixture.read(file).require("Assembly")
        #expect(Fixture.line(of: "var parts", in: file) > 200)
        #expect(assembly.attributeNames == ["name", "createdAt"])
        let parts = try #require(assembly.relationship("parts"))
        #expect(parts.destination == "Part" && parts.toMany && parts.optional)
        #expect(parts.deleteRule == .cascade && parts.inverse == "assembly")
        #expect(parts.line == Fixture.line(of: "var parts", in: file))
    }

    @Test func commentsAndStringsHoldingModelAndBraces() throws {
        let file = "Traps/CommentsAndStrings.swift"
        let model = Fixture.read(file)
        #expect(model.entityNames == ["Note"])
        let note = try model.require("Note")
        #expect(note.attributeNames == ["title", "body", "template", "count"])
        #expect(note.attribute("count")?.line == Fixture.line(of: "var count", in: file))
    }

    @Test func nestedCodableStructWithTheModelsPropertyNames() throws {
        let model = Fixture.read("Traps/NestedCodableStruct.swift")
        #expect(model.entityNames == ["Recipe"])
        let recipe = try model.require("Recipe")
        #expect(recipe.attributeNames == ["name", "ingredients", "difficulty"])
        #expect(recipe.attribute("ingredients")?.swiftType == "[Ingredient]")
        #expect(recipe.attribute("difficulty")?.swiftType == "Difficulty")
    }

    @Test func nonModelTypesInTheSameFileWithTheSameNames() throws {
        let model = Fixture.read("Traps/NonModelStructSameNames.swift")
        #expect(model.entityNames == ["Vehicle", "MaintenanceItem"])
        let vehicle = try model.require("Vehicle")
        #expect(vehicle.attributeNames == ["make"])
        #expect(vehicle.relationship("maintenanceItems")?.inverse == "vehicle")
        let item = try model.require("MaintenanceItem")
        #expect(item.relationship("vehicle")?.toMany == false)
        #expect(item.relationship("vehicle")?.inverse == "maintenanceItems", "inverse filled from the other side")
    }

    @Test func propertiesWithoutTypeAnnotations() throws {
        let file = "Traps/UntypedProperties.swift"
        let model = Fixture.read(file)
        let entry = try model.require("Entry")
        let types = Dictionary(uniqueKeysWithValues: entry.attributes.map { ($0.name, $0.swiftType ?? "?") })
        #expect(types == [
            "title": "String", "tags": "[String]", "kindRaw": "String", "count": "Int", "ratio": "Double",
            "isPinned": "Bool", "createdAt": "Date", "updatedAt": "Date", "id": "UUID", "website": "URL",
            "labels": "[String]", "mood": "Mood", "scores": "[String: Double]", "offset": "Int",
            "mystery": "?", "firstKind": "?",
        ])
        #expect(entry.attribute("website")?.optional == true, "URL(string:) is failable")
        // Never silently dropped: the two it cannot type are reported where they are.
        let unknown = model.diagnostics(.unknownType)
        #expect(unknown.map(\.line) == [Fixture.line(of: "var mystery", in: file), Fixture.line(of: "var firstKind", in: file)])
        #expect(unknown.allSatisfy { $0.file.hasSuffix(file) })
    }

    @Test func storedPropertiesWithObserversAreStored() throws {
        let counter = try Fixture.read("Traps/DidSetStored.swift").require("Counter")
        #expect(counter.attributeNames == ["value", "label", "name"])
    }

    @Test func transientAndEphemeralOnComputedPropertiesMarkNothingElse() throws {
        let profile = try Fixture.read("Traps/TransientAndEphemeral.swift").require("Profile")
        #expect(profile.attributeNames == ["displayName", "bio"])
    }

    @Test func computedWrappersNextToPrivateStoredProperties() throws {
        let model = Fixture.read("Traps/ComputedWrappers.swift")
        let chore = try model.require("Chore")
        #expect(chore.attributeNames == ["titleStorage"])
        #expect(chore.relationshipNames == ["stepsStorage"])
        #expect(chore.relationship("stepsStorage")?.originalName == "steps")
        #expect(chore.relationship("stepsStorage")?.destination == "Step")
    }

    @Test func uniqueMacroInTheClassBody() throws {
        let person = try Fixture.read("Traps/UniqueMacro.swift").require("Person")
        #expect(person.uniqueConstraints == [["firstName", "lastName"], ["email"]])
        #expect(person.attributeNames == ["firstName", "lastName", "email"])
        #expect(person.attribute("email")?.unique == true)
        #expect(person.attribute("lastName")?.unique == false)
    }

    @Test func twoRelationshipsWithTheSameInverse() throws {
        let model = Fixture.read("Traps/SameInverseTwice.swift")
        let account = try model.require("Account")
        #expect(account.relationships.map(\.inverse) == ["account", "account"])
        // Ambiguous: which side is the inverse cannot be told, so none is invented.
        #expect(try model.require("Transfer").relationship("account")?.inverse == nil)
    }

    @Test func commentedOutProperties() throws {
        let bookmark = try Fixture.read("Traps/CommentedOutProperties.swift").require("Bookmark")
        #expect(bookmark.attributeNames == ["url", "createdAt"])
        #expect(bookmark.relationships.isEmpty)
    }

    @Test func spacingTabsTrailingCommasAndMultiLineAttributes() throws {
        let model = Fixture.read("Traps/SpacingAndTabs.swift")
        let measurement = try model.require("Measurement")
        #expect(measurement.attributeNames == ["value", "unit", "recordedAt", "tags", "rawData"])
        #expect(measurement.attribute("tags")?.swiftType == "[String]")
        #expect(measurement.attribute("unit")?.swiftType == "String")
        let raw = try #require(measurement.attribute("rawData"))
        #expect(raw.externalStorage && raw.allowsCloudEncryption && raw.optional)
        #expect(measurement.relationship("samples")?.inverse == "measurement")
        #expect(measurement.relationship("samples")?.deleteRule == .cascade)
        #expect(try model.require("Sample").attributeNames == ["reading"])
    }

    @Test func stringsWithHashesEmojiCJKColonsAndBraces() throws {
        let phrase = try Fixture.read("Traps/StringsAndUnicode.swift").require("Phrase")
        #expect(phrase.attributeNames == ["text", "hashtag", "raw", "日本語", "emoji", "count"])
    }

    @Test func multiLineStringsWithInterpolation() throws {
        let model = Fixture.read("Traps/MultilineInterpolation.swift")
        #expect(model.entityNames == ["Letter"])
        let letter = try model.require("Letter")
        #expect(letter.attributeNames == ["body", "signature", "pages"])
        #expect(letter.attribute("pages")?.line == Fixture.line(of: "var pages", in: "Traps/MultilineInterpolation.swift"))
    }

    @Test func subclassModelsNameTheirParent() throws {
        let model = Fixture.read("Traps/Inheritance.swift")
        #expect(try model.require("Dog").parent == "Animal")
        #expect(try model.require("Animal").parent == nil)
    }

    @Test func everyTrapFixtureIsCoveredByATest() throws {
        let traps = try FileManager.default.contentsOfDirectory(atPath: Fixture.path("Traps")).filter { $0.hasSuffix(".swift") }
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        for trap in traps {
            #expect(source.contains("Traps/\(trap)"), "no test reads Traps/\(trap)")
        }
    }
}
