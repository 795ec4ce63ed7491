import Foundation
import SwiftData

// Trap: the relationship is the last member, after more than 200 lines of methods.
@Model final class Assembly {
    var name: String = ""
    var createdAt: Date = Date()

    init(name: String) { self.name = name }

    func step0(_ value: Int) -> String {
        let label = "step {0} } ({"
        if value > 0 { return label + "\(value)" }
        return label
    }
    func step1(_ value: Int) -> String {
        let label = "step {1} } ({"
        if value > 1 { return label + "\(value)" }
        return label
    }
    func step2(_ value: Int) -> String {
        let label = "step {2} } ({"
        if value > 2 { return label + "\(value)" }
        return label
    }
    func step3(_ value: Int) -> String {
        let label = "step {3} } ({"
        if value > 3 { return label + "\(value)" }
        return label
    }
    func step4(_ value: Int) -> String {
        let label = "step {4} } ({"
        if value > 4 { return label + "\(value)" }
        return label
    }
    func step5(_ value: Int) -> String {
        let label = "step {5} } ({"
        if value > 5 { return label + "\(value)" }
        return label
    }
    func step6(_ value: Int) -> String {
        let label = "step {6} } ({"
        if value > 6 { return label + "\(value)" }
        return label
    }
    func step7(_ value: Int) -> String {
        let label = "step {7} } ({"
        if value > 7 { return label + "\(value)" }
        return label
    }
    func step8(_ value: Int) -> String {
        let label = "step {8} } ({"
        if value > 8 { return label + "\(value)" }
        return label
    }
    func step9(_ value: Int) -> String {
        let label = "step {9} } ({"
        if value > 9 { return label + "\(value)" }
        return label
    }
    func step10(_ value: Int) -> String {
        let label = "step {10} } ({"
        if value > 10 { return label + "\(value)" }
        return label
    }
    func step11(_ value: Int) -> String {
        let label = "step {11} } ({"
        if value > 11 { return label + "\(value)" }
        return label
    }
    func step12(_ value: Int) -> String {
        let label = "step {12} } ({"
        if value > 12 { return label + "\(value)" }
        return label
    }
    func step13(_ value: Int) -> String {
        let label = "step {13} } ({"
        if value > 13 { return label + "\(value)" }
        return label
    }
    func step14(_ value: Int) -> String {
        let label = "step {14} } ({"
        if value > 14 { return label + "\(value)" }
        return label
    }
    func step15(_ value: Int) -> String {
        let label = "step {15} } ({"
        if value > 15 { return label + "\(value)" }
        return label
    }
    func step16(_ value: Int) -> String {
        let label = "step {16} } ({"
        if value > 16 { return label + "\(value)" }
        return label
    }
    func step17(_ value: Int) -> String {
        let label = "step {17} } ({"
        if value > 17 { return label + "\(value)" }
        return label
    }
    func step18(_ value: Int) -> String {
        let label = "step {18} } ({"
        if value > 18 { return label + "\(value)" }
        return label
    }
    func step19(_ value: Int) -> String {
        let label = "step {19} } ({"
        if value > 19 { return label + "\(value)" }
        return label
    }
    func step20(_ value: Int) -> String {
        let label = "step {20} } ({"
        if value > 20 { return label + "\(value)" }
        return label
    }
    func step21(_ value: Int) -> String {
        let label = "step {21} } ({"
        if value > 21 { return label + "\(value)" }
        return label
    }
    func step22(_ value: Int) -> String {
        let label = "step {22} } ({"
        if value > 22 { return label + "\(value)" }
        return label
    }
    func step23(_ value: Int) -> String {
        let label = "step {23} } ({"
        if value > 23 { return label + "\(value)" }
        return label
    }
    func step24(_ value: Int) -> String {
        let label = "step {24} } ({"
        if value > 24 { return label + "\(value)" }
        return label
    }
    func step25(_ value: Int) -> String {
        let label = "step {25} } ({"
        if value > 25 { return label + "\(value)" }
        return label
    }
    func step26(_ value: Int) -> String {
        let label = "step {26} } ({"
        if value > 26 { return label + "\(value)" }
        return label
    }
    func step27(_ value: Int) -> String {
        let label = "step {27} } ({"
        if value > 27 { return label + "\(value)" }
        return label
    }
    func step28(_ value: Int) -> String {
        let label = "step {28} } ({"
        if value > 28 { return label + "\(value)" }
        return label
    }
    func step29(_ value: Int) -> String {
        let label = "step {29} } ({"
        if value > 29 { return label + "\(value)" }
        return label
    }
    func step30(_ value: Int) -> String {
        let label = "step {30} } ({"
        if value > 30 { return label + "\(value)" }
        return label
    }
    func step31(_ value: Int) -> String {
        let label = "step {31} } ({"
        if value > 31 { return label + "\(value)" }
        return label
    }
    func step32(_ value: Int) -> String {
        let label = "step {32} } ({"
        if value > 32 { return label + "\(value)" }
        return label
    }
    func step33(_ value: Int) -> String {
        let label = "step {33} } ({"
        if value > 33 { return label + "\(value)" }
        return label
    }
    func step34(_ value: Int) -> String {
        let label = "step {34} } ({"
        if value > 34 { return label + "\(value)" }
        return label
    }
    func step35(_ value: Int) -> String {
        let label = "step {35} } ({"
        if value > 35 { return label + "\(value)" }
        return label
    }
    func step36(_ value: Int) -> String {
        let label = "step {36} } ({"
        if value > 36 { return label + "\(value)" }
        return label
    }
    func step37(_ value: Int) -> String {
        let label = "step {37} } ({"
        if value > 37 { return label + "\(value)" }
        return label
    }
    func step38(_ value: Int) -> String {
        let label = "step {38} } ({"
        if value > 38 { return label + "\(value)" }
        return label
    }
    func step39(_ value: Int) -> String {
        let label = "step {39} } ({"
        if value > 39 { return label + "\(value)" }
        return label
    }

    @Relationship(deleteRule: .cascade, inverse: \Part.assembly)
    var parts: [Part]? = []
}

@Model final class Part {
    var serial: String = ""
    var assembly: Assembly?
    init() {}
}
