/// The rules each entry of a strictly laid-out package must keep, and its exact bytes. Every
/// problem found is reported (an author fixing a package wants them all), and an entry with a
/// problem is not read further.
package enum PackageEntries {
    /// General-purpose flags a package may carry: the deflate options (bits 1 and 2) and the
    /// UTF-8 name flag (bit 11). Encryption (0, 6, 13), data descriptors (3) and the rest change
    /// how an entry is read, and mactl never writes them.
    static let allowedFlags: UInt16 = 0x0806

    static func read(_ bytes: [UInt8], layout: ZipLayout, into failures: inout [VerificationFailure]) -> [SourceFile] {
        // The declared sizes, judged before anything is inflated: a zip bomb declares sizes
        // that are true. Each is under 2^32 and there are at most 65,535 entries, so the sum
        // cannot overflow.
        let before = failures.count
        for entry in layout.entries {
            if entry.size > Limits.fileSize {
                failures.append(
                    VerificationFailure(
                        VerifyDiagnostic.zipBomb.id,
                        "entry '\(entry.name)' declares \(entry.size) bytes, over the limit of \(Limits.fileSize) bytes for one file (a zip bomb?)"
                    ))
            } else if entry.size > Limits.compressionRatioFloor, entry.size / max(1, entry.compressedSize) > Limits.compressionRatio {
                failures.append(
                    VerificationFailure(
                        VerifyDiagnostic.zipBomb.id,
                        "entry '\(entry.name)' inflates to \(entry.size) bytes from \(entry.compressedSize), a ratio over the limit of \(Limits.compressionRatio):1 (a zip bomb)"
                    ))
            }
        }
        let total = layout.entries.reduce(0) { $0 + $1.size }
        if failures.count == before, total > Limits.packageUncompressedSize {
            failures.append(
                VerificationFailure(
                    VerifyDiagnostic.zipBomb.id,
                    "the entries declare \(total) bytes in all, over the limit of \(Limits.packageUncompressedSize) bytes for a whole package (a zip bomb?)"
                ))
        }
        guard failures.count == before else { return [] }
        var files: [SourceFile] = []
        var names = PackageNameSet()
        for entry in layout.entries {
            let name = entry.name
            if let problem = PackageEntryName.problem(rawName: entry.rawName, flags: entry.flags) {
                failures.append(
                    VerificationFailure(VerifyDiagnostic.name.id, "entry '\(name)' at offset \(entry.localHeaderOffset) \(problem)"))
                continue
            }
            if let conflict = names.insert(name) {
                let id =
                    if case .fileAndFolder = conflict { VerifyDiagnostic.fileFolderConflict.id } else {
                        VerifyDiagnostic.duplicateName.id
                    }
                failures.append(VerificationFailure(id, "entry '\(name)' at offset \(entry.localHeaderOffset) \(conflict.explanation)"))
                continue
            }
            if let problem = fieldProblem(bytes, entry) {
                failures.append(problem)
                continue
            }
            do throws(VerificationFailure) {
                let contents = try data(bytes, entry)
                if PackageEntryName.isDirectory(name) {
                    // The runtime's reader does not know directories: it would try to write
                    // these bytes to a file named like the folder.
                    if !contents.isEmpty {
                        failures.append(
                            VerificationFailure(
                                VerifyDiagnostic.name.id, "entry '\(name)' is named as a directory but holds \(contents.count) bytes"))
                    }
                    continue
                }
                if let problem = NestedArchives.problem(with: contents) {
                    failures.append(VerificationFailure(VerifyDiagnostic.nestedArchive.id, "entry '\(name)' \(problem)"))
                    continue
                }
                files.append(SourceFile(path: name, bytes: contents))
            } catch {
                failures.append(error)
            }
        }
        if !names.containsFile(ProjectModel.manifestPath) {
            failures.append(VerificationFailure(VerifyDiagnostic.noManifest.id, "the package has no 'manifest.json' at its root"))
        }
        return files
    }

    /// The header fields of one entry: flags, extra fields, file type, method.
    static func fieldProblem(_ bytes: [UInt8], _ entry: ZipLayout.Entry) -> VerificationFailure? {
        let name = entry.name
        if entry.flags & 0x0001 != 0 || entry.flags & 0x0040 != 0 || entry.flags & 0x2000 != 0 {
            return VerificationFailure(
                VerifyDiagnostic.flags.id, "entry '\(name)' is encrypted; MiniApp packages must not use ZIP encryption")
        }
        if entry.flags & ~allowedFlags != 0 {
            return VerificationFailure(
                VerifyDiagnostic.flags.id,
                "entry '\(name)' sets general-purpose flags 0x\(String(entry.flags & ~allowedFlags, radix: 16)) that packages do not use")
        }
        for (header, range) in [("central", entry.centralExtra), ("local", entry.localExtra)] {
            if let problem = ZipExtraFields.problem(bytes, range) {
                return VerificationFailure(VerifyDiagnostic.extraField.id, "the \(header) header of entry '\(name)' \(problem)")
            }
        }
        if let problem = entry.hostNameProblem {
            return VerificationFailure(VerifyDiagnostic.name.id, "entry '\(name)' \(problem)")
        }
        if let problem = entry.fileTypeProblem {
            return VerificationFailure(VerifyDiagnostic.fileType.id, "entry '\(name)' \(problem)")
        }
        if entry.method != 0 && entry.method != 8 {
            return VerificationFailure(
                VerifyDiagnostic.method.id,
                "entry '\(name)' uses compression method \(entry.method); only store (0) and deflate (8) are allowed")
        }
        // W3C MiniApp Packaging fixes 2.0; Python's zipfile refuses an entry needing more than
        // 6.3 and unzip more than 4.6, while the runtime's reader does not look.
        let needed = max(entry.versionNeeded, entry.localVersionNeeded)
        if needed > 20 {
            return VerificationFailure(
                VerifyDiagnostic.flags.id,
                "entry '\(name)' needs version \(needed / 10).\(needed % 10) of the ZIP format to extract; packages need 2.0 at most, and readers that lack a version refuse the entry"
            )
        }
        if entry.method == 0 && entry.compressedSize != entry.size {
            return VerificationFailure(
                VerifyDiagnostic.data.id,
                "entry '\(name)' is stored but its compressed size \(entry.compressedSize) is not its size \(entry.size)")
        }
        return nil
    }

    /// The entry's bytes from exactly its data range, inflated exactly, with the CRC checked
    /// (the runtime's reader discards its CRC check, so a mismatch would go unnoticed there).
    package static func data(_ bytes: [UInt8], _ entry: ZipLayout.Entry) throws(VerificationFailure) -> [UInt8] {
        let raw = bytes[entry.dataRange]
        let contents =
            entry.method == 0
            ? Array(raw)
            : try ExactInflate.inflate(raw, declaredSize: entry.size, name: entry.name, offset: entry.dataOffset)
        let crc = ExactInflate.crc32(contents)
        guard crc == entry.crc32 else {
            throw VerificationFailure(
                VerifyDiagnostic.data.id,
                "entry '\(entry.name)' has CRC-32 \(Hex.crc(crc)) but its headers say \(Hex.crc(entry.crc32))")
        }
        return contents
    }
}
