import Foundation
import SwiftData

@Model
final class ItemPhoto {
    /// Photos are megabytes: CloudKit stores them in CD_imageData_ckAsset, a field that
    /// only appears once a large value is saved (debug builds used tiny test images).
    @Attribute(.externalStorage)
    var imageData: Data?
    var caption: String?
    var takenAt: Date = Date()
    var item: Item?

    init(imageData: Data?) {
        self.imageData = imageData
    }
}
