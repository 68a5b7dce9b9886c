import Foundation

// The packed MiniApp is a resource of this target.
let url = Bundle.module.url(forResource: "miniapp", withExtension: "ma")
print(url.map { "embedded \($0.lastPathComponent), \((try? Data(contentsOf: $0))?.count ?? 0) bytes" } ?? "no miniapp.ma")
