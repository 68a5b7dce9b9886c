#!/usr/bin/env python3
"""Writes the hostile-input corpus in this folder: archives mactl would never write, and
MiniApp projects built to hurt a linter. Deterministic (fixed timestamps, no randomness):
running it again gives the same bytes. Standard library only.

    python3 Tests/Fixtures/hostile/make-corpus.py

The valid parts come from the blank scaffold's package in Fuzz/Seeds, so each fixture is a
correct MiniApp except for the one thing it attacks. Inputs too big to commit (a 50 MB
script, a file over the 64 MB read limit, 3,000 misspelt handlers) are made by
HostileCorpusTests in a temporary folder instead.
"""
import io
import os
import shutil
import struct
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
ARCHIVES = os.path.join(HERE, "archives")
PROJECTS = os.path.join(HERE, "projects")
STAMP = (1980, 1, 1, 0, 0, 0)


def blank_files():
    """The blank scaffold's files, in archive order."""
    with zipfile.ZipFile(os.path.join(ROOT, "Fuzz/Seeds/verify/blank.ma")) as archive:
        return [(info.filename, archive.read(info)) for info in archive.infolist()]


def package(extra=(), method=zipfile.ZIP_DEFLATED, files=None):
    """A zip of the blank app plus `extra` entries: (name, bytes) or ZipInfo-ready tuples."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in (files if files is not None else blank_files()):
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = method
            info.external_attr = 0o100644 << 16
            archive.writestr(info, data)
        for entry in extra:
            name, data = entry[0], entry[1]
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = entry[2] if len(entry) > 2 else method
            info.external_attr = (entry[3] if len(entry) > 3 else 0o100644) << 16
            archive.writestr(info, data)
    return bytearray(buffer.getvalue())


def eocd(data):
    return data.rfind(b"PK\x05\x06")


def central_entries(data):
    """(offset of the central header, its name, offset of its local header), in order."""
    end = eocd(data)
    count, _, cd_offset = struct.unpack_from("<HII", data, end + 10)
    entries, at = [], cd_offset
    for _ in range(count):
        name_length, extra_length, comment_length = struct.unpack_from("<HHH", data, at + 28)
        local = struct.unpack_from("<I", data, at + 42)[0]
        entries.append((at, bytes(data[at + 46:at + 46 + name_length]), local))
        at += 46 + name_length + extra_length + comment_length
    return entries


def entry_named(data, name):
    return next(entry for entry in central_entries(data) if entry[1] == name)


def write(name, data):
    os.makedirs(ARCHIVES, exist_ok=True)
    with open(os.path.join(ARCHIVES, name), "wb") as file:
        file.write(bytes(data))


def archives():
    # Zip slip: one name each way out of the extraction folder.
    write("slip-dotdot.ma", package([("../evil.txt", b"x")]))
    write("slip-absolute.ma", package([("/etc/evil.txt", b"x")]))
    write("slip-backslash.ma", package([("pages\\..\\..\\evil.txt", b"x")]))
    write("slip-drive-letter.ma", package([("C:/evil.txt", b"x")]))

    # A bomb by declaration: the central directory claims 4 GB for a one-byte entry.
    data = package([("assets/big.bin", b"x", zipfile.ZIP_STORED)])
    at, _, local = entry_named(data, b"assets/big.bin")
    struct.pack_into("<I", data, at + 24, 0xFFFF_FFF0)
    struct.pack_into("<I", data, local + 22, 0xFFFF_FFF0)
    write("bomb-declared-size.ma", data)

    # A bomb for real, under the size limit: 50 MB of zeros deflate to about 50 KB (a ratio near 1,000:1).
    write("bomb-ratio.ma", package([("assets/zeros.bin", bytes(50 * 1024 * 1024))]))

    # A bomb that lies low: it declares 10 bytes and inflates to 10 MB.
    data = package([("assets/liar.bin", bytes(10 * 1024 * 1024))])
    at, _, local = entry_named(data, b"assets/liar.bin")
    struct.pack_into("<I", data, at + 24, 10)
    struct.pack_into("<I", data, local + 22, 10)
    write("bomb-lying-size.ma", data)

    # Ten archives, each inside the next, 1 MB of zeros at the bottom.
    inner = bytes(1024 * 1024)
    for level in range(10):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            info = zipfile.ZipInfo("level%d.zip" % level if level else "zeros.bin", STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, inner)
        inner = buffer.getvalue()
    write("bomb-nested.ma", package([("assets/nested.zip", inner, zipfile.ZIP_STORED)]))

    # Two entries with one name.
    files = blank_files()
    write("duplicate-entry.ma", package(files=files + [files[1]]))

    # The local header names another file than the central directory does.
    data = package()
    _, name, local = entry_named(data, b"app.js")
    data[local + 30:local + 30 + len(name)] = b"evl.js"
    write("local-header-mismatch.ma", data)

    # Encryption flag set on app.js in both headers.
    data = package()
    at, _, local = entry_named(data, b"app.js")
    for flags in (at + 8, local + 6):
        data[flags] |= 0x01
    write("encrypted-entry.ma", data)

    # A name that is not UTF-8, with the UTF-8 flag set and without it.
    for flagged in (True, False):
        data = package([("assets/XX.txt", b"x")])
        at, _, local = entry_named(data, b"assets/XX.txt")
        for name_at in (at + 46, local + 30):
            data[name_at + 7:name_at + 9] = b"\xff\xfe"
        for flags in (at + 8, local + 6):
            if flagged:
                data[flags + 1] |= 0x08
            else:
                data[flags + 1] &= ~0x08 & 0xFF
        write("non-utf8-name%s.ma" % ("" if flagged else "-no-flag"), data)

    # A symbolic link entry pointing out of the package.
    write("symlink-entry.ma", package([("assets/passwd", b"../../../../etc/passwd", zipfile.ZIP_STORED, 0o120777)]))

    # Signing blocks whose sizes point outside the file, or overflow.
    with open(os.path.join(ROOT, "Fuzz/Seeds/verify/blank-signed.ma"), "rb") as file:
        signed = bytearray(file.read())
    cd_offset = struct.unpack_from("<I", signed, eocd(signed) + 16)[0]
    magic_at = cd_offset - 16
    assert signed[magic_at:cd_offset] == b"RPK Sig Block 42"
    for name, size in (("block-size-past-start.ma", len(signed) * 4), ("block-size-overflow.ma", 0xFFFF_FFFF_FFFF_FFFF)):
        data = bytearray(signed)
        struct.pack_into("<Q", data, magic_at - 8, size)
        write(name, data)
    data = bytearray(signed)
    block_size = struct.unpack_from("<Q", data, magic_at - 8)[0]
    block_start = cd_offset - block_size - 8
    pair_length_at = block_start + 8
    struct.pack_into("<Q", data, pair_length_at, 0x7FFF_FFFF_FFFF_FFFF)
    write("block-pair-length-past-end.ma", data)

    # Broken framing: cut in half, no end record, a central directory offset past the end.
    plain = package()
    write("truncated.ma", plain[: len(plain) // 2])
    write("no-end-record.ma", plain[: eocd(plain)])
    data = bytearray(plain)
    struct.pack_into("<I", data, eocd(data) + 16, len(data) + 1000)
    write("directory-offset-past-end.ma", data)


def project(name, replacements, base=None):
    """A copy of the blank app with some files replaced (bytes) or removed (None)."""
    folder = os.path.join(PROJECTS, name)
    shutil.rmtree(folder, ignore_errors=True)
    files = dict(base or blank_files())
    files.update(replacements)
    for path, data in sorted(files.items()):
        if data is None:
            continue
        target = os.path.join(folder, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as file:
            file.write(data)


def projects():
    files = dict(blank_files())
    page = "pages/index/index"
    # The blank app's manifest names icons/app.svg as its icon: the icon fixtures replace it.
    assert b'"src":"icons/app.svg"' in files["manifest.json"]

    laughs = ['<!ENTITY lol "lol">'] + ['<!ENTITY lol%d "%s">' % (i, ("&lol%s;" % (i - 1 if i > 1 else "")) * 10) for i in range(1, 10)]
    project("billion-laughs-icon", {"icons/app.svg": (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [\n' + "\n".join(laughs) + ']>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><text>&lol9;</text></svg>\n').encode()})
    project("xxe-icon", {"icons/app.svg": (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><text>&xxe;</text></svg>\n').encode()})
    project("xxe-parameter-entity-icon", {"icons/app.svg": (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [ <!ENTITY % remote SYSTEM "http://127.0.0.1:9/x.dtd"> %remote; ]>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"/>\n').encode()})

    project("deep-json-manifest", {"manifest.json": b"[" * 100_000 + b"]" * 100_000})
    project("deep-json-locale", {"i18n/fr.json": b'{"a":' * 100_000 + b"1" + b"}" * 100_000})
    html = files[page + ".html"].decode()
    project("deep-html-page", {page + ".html": html.replace("</body>", "<div>" * 100_000 + "</body>").encode()})

    bad = b"\xff\xfe\xc3\x28"
    project("invalid-utf8-manifest", {"manifest.json": files["manifest.json"].replace(b'"1.0.0"', b'"1.0.0' + bad + b'"', 1)})
    project("invalid-utf8-page", {page + ".html": files[page + ".html"].replace(b"</body>", b"<p>" + bad + b"</p></body>")})
    project("invalid-utf8-script", {page + ".js": b"// " + bad + b"\n" + files[page + ".js"]})
    project("invalid-utf8-locale", {"i18n/en.json": b'{ "hello": "' + bad + b'" }\n'})
    project("invalid-utf8-icon", {"icons/app.svg": (
        b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>' + bad + b'</title></svg>\n')})

    project("endless-script", {page + ".js": b"while (true) {}\n"})
    project("endless-script-in-page", {page + ".js": b"Page({\n  data: (() => { for (;;) {} })(),\n  onLoad() {},\n})\n"})


if __name__ == "__main__":
    shutil.rmtree(ARCHIVES, ignore_errors=True)
    shutil.rmtree(PROJECTS, ignore_errors=True)
    archives()
    projects()
