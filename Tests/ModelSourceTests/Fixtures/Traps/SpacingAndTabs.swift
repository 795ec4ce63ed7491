@preconcurrency import SwiftData
import Foundation

// Trap: odd spacing, tabs, trailing commas, attributes over several lines.
@Model
final class Measurement{
	var value : Double = 0
	var unit:String = "m"
	var   recordedAt   :   Date   =   Date()
	var tags : [ String ] = [
		"a",
		"b",
	]
	@Attribute(
		.externalStorage,
		.allowsCloudEncryption,
	)
	var rawData: Data?
	@Relationship(
		deleteRule: .cascade,
		inverse: \Sample.measurement,
	)
	var samples: [Sample]? = []
	init() {}
}

@Model final class Sample { var reading: Double = 0; var measurement: Measurement?; init() {} }
