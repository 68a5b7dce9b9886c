/// Compares two JSON trees by value, ignoring where their parts sit in their files.
enum JSONValueComparison {
    static func same(_ first: JSONNode, _ second: JSONNode) -> Bool {
        switch (first.value, second.value) {
        case (.object(let firstMembers), .object(let secondMembers)):
            guard firstMembers.count == secondMembers.count else { return false }
            return zip(firstMembers, secondMembers).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
        case (.array(let firstElements), .array(let secondElements)):
            guard firstElements.count == secondElements.count else { return false }
            return zip(firstElements, secondElements).allSatisfy { same($0, $1) }
        case (.string(let firstString), .string(let secondString)):
            // Compared by scalars: `String ==` would call "é" and "e\u{301}" equal.
            return firstString.unicodeScalars.elementsEqual(secondString.unicodeScalars)
        case (.number(let firstText), .number(let secondText)):
            return firstText == secondText
        case (.bool(let firstBool), .bool(let secondBool)):
            return firstBool == secondBool
        case (.null, .null):
            return true
        default:
            return false
        }
    }
}
