#!/usr/bin/env python3
"""Writes the app of issue 16's speed benchmarks (Benchmarks/speed.sh), a correct MiniApp that
lints with no errors under the default runtime:

- PAGES pages (default 200) with make-large-app.py's templates and scripts, each also showing
  its share of the translation keys, two icons and its assets;
- LOCALES locale files (default 12) of KEYS keys each (default 1,500), every key used by a page;
- ICONS SVG icons (default 120) drawn as make-icon-app.py draws them, three of them tab icons;
- ASSET_MB megabytes of assets (default 25, in MiB) that the pages reference, so every one ships:
  PNGs of noise (incompressible, about 60% of the bytes), PNGs of flat panels stored
  without compression (a deflater shrinks them a lot), SVG drawings and JSON data (text).

With --included-data, a third of ASSET_MB is instead JSON data under data/ that no page
references and `.mactl.yml` `include:` ships (issue 43's app: bytes no rule needs), and the
package budget is ASSET_MB, below the files' own size and above the package's, so lint works
out the package's size to tell that it is within it.

Every byte comes from fixed seeds: the same arguments give the same files.
Usage: make-speed-app.py [--included-data] ROOT [PAGES] [LOCALES] [KEYS] [ICONS] [ASSET_MB]"""
import importlib.util
import json
import os
import random
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
# Tags a device's language leads SkipMiniApp to (it never chooses a file named zh-Hans).
TAGS = ["en", "fr", "de", "es", "it", "pt", "nl", "ru", "ja", "ko", "zh", "ar", "sv", "pl", "tr", "cs"]
# The image budget is 200 KB: every image stays under it, so pack reports no large image.
IMAGE_BYTES = 190_000
TEXT_ASSET_BYTES = 100_000
# The first pages are the tabs; the page before each switches to it instead of navigating.
TAB_PAGES = 3


def load(name):
    """A sibling generator as a module (its file name has dashes, so `import` cannot name it)."""
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), os.path.join(HERE, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def png(width, rows, compress_level):
    """A valid RGB PNG of these rows (each `3 * width` bytes), filter type 0 on every row."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, compress_level)) + chunk(b"IEND", b""))


def noise_png(seed, size):
    """Random pixels: already as dense as deflate can make them, as photos are."""
    generator = random.Random(seed)
    width = 256
    height = size // (3 * width + 1)
    return png(width, [generator.randbytes(3 * width) for _ in range(height)], 1)


def screen_png(seed, size):
    """Flat panels of a few colours, like a screenshot, in stored (uncompressed) deflate
    blocks: large on disk, and a deflater shrinks it to a few percent."""
    generator = random.Random(seed)
    width = 256
    height = size // (3 * width + 1)
    palette = [bytes(generator.randbytes(3)) for _ in range(6)]
    bands = [palette[(x // 32 + seed) % len(palette)] for x in range(width)]
    rows = []
    for y in range(height):
        if y % 24 == 0:
            bands = [palette[(x // 32 + y // 24 + seed) % len(palette)] for x in range(width)]
        rows.append(b"".join(bands))
    return png(width, rows, 0)


def svg_drawing(seed, size):
    generator = random.Random(seed)
    shapes = []
    length = 0
    while length < size - 200:
        x, y, r = generator.randint(0, 800), generator.randint(0, 600), generator.randint(2, 40)
        colour = "#%06x" % generator.randint(0, 0xFFFFFF)
        shape = (f'  <circle cx="{x}" cy="{y}" r="{r}" fill="{colour}"/>\n' if generator.random() < 0.5 else
                 f'  <path d="M{x} {y}l{r} {r // 2}h{-r}z" fill="{colour}" stroke="#333" stroke-width="1"/>\n')
        shapes.append(shape)
        length += len(shape)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600">\n'
            + "".join(shapes) + "</svg>\n")


def json_data(seed, size):
    generator = random.Random(seed)
    words = ["apple", "river", "stone", "cloud", "maple", "ember", "frost", "harbor", "meadow", "quartz"]
    records = []
    length = 0
    while length < size - 100:
        record = {"id": len(records), "name": " ".join(generator.choice(words) for _ in range(3)),
                  "price": round(generator.uniform(1, 500), 2), "stock": generator.randint(0, 900),
                  "tags": [generator.choice(words) for _ in range(2)]}
        records.append(record)
        length += len(json.dumps(record, indent=2)) + 4
    return json.dumps({"seed": seed, "records": records}, indent=2) + "\n"


def assets(total_bytes):
    """(path, bytes) of every asset: 60% noise PNGs, 24% screenshot-like PNGs, the rest SVG and JSON."""
    files = []
    budget = {"noise": total_bytes * 60 // 100, "screen": total_bytes * 24 // 100}
    budget["text"] = total_bytes - budget["noise"] - budget["screen"]
    used = 0
    index = 0
    while used < budget["noise"]:
        data = noise_png(1000 + index, min(IMAGE_BYTES, budget["noise"] - used + 800))
        files.append((f"assets/photos/photo{index:03}.png", data))
        used += len(data)
        index += 1
    used = 0
    index = 0
    while used < budget["screen"]:
        data = screen_png(2000 + index, min(IMAGE_BYTES, budget["screen"] - used + 800))
        files.append((f"assets/screens/screen{index:03}.png", data))
        used += len(data)
        index += 1
    used = 0
    index = 0
    while used < budget["text"]:
        size = min(TEXT_ASSET_BYTES, budget["text"] - used)
        if index % 2 == 0:
            files.append((f"assets/drawings/drawing{index // 2:03}.svg", svg_drawing(3000 + index, size).encode()))
        else:
            files.append((f"assets/data/data{index // 2:03}.json", json_data(3000 + index, size).encode()))
        used += len(files[-1][1])
        index += 1
    return files


def included_json_data(total_bytes):
    """(path, bytes) of the JSON data files under data/ that only `include:` ships."""
    files = []
    used = 0
    while used < total_bytes:
        data = json_data(5000 + len(files), min(TEXT_ASSET_BYTES, total_bytes - used)).encode()
        files.append((f"data/catalog{len(files):03}.json", data))
        used += len(data)
    return files


def reference(path):
    """The element a page loads the asset at `path` with (from pages/pN/, two folders down)."""
    if path.endswith(".json"):
        return f'<object data="../../{path}" type="application/json"></object>'
    return f'<img src="../../{path}" alt="">'


def write(root, path, data):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as file:
        file.write(data if isinstance(data, bytes) else data.encode())


def main():
    arguments = sys.argv[1:]
    included_data = bool(arguments) and arguments[0] == "--included-data"
    if included_data:
        arguments = arguments[1:]
    if not arguments:
        sys.exit(__doc__)
    root = arguments[0]
    page_count, locales, keys, icon_count, asset_mb = (
        [int(value) for value in arguments[1:6]] + [200, 12, 1500, 120, 25][len(arguments) - 1:])
    large, icons = load("make-large-app"), load("make-icon-app")

    pages = [f"pages/p{i}/p{i}" for i in range(page_count)]
    tabs = pages[:TAB_PAGES]
    # make-large-app.py's templates use these three keys; the rest are spread over the pages.
    shared_keys = ["page.title", "page.action", "page.more"]
    tab_keys = [f"tab.t{i}" for i in range(len(tabs))]
    own_keys = [f"section{k // 100}.item{k}" for k in range(keys - len(shared_keys) - len(tab_keys))]
    per_page = -(-len(own_keys) // page_count)
    # Tab icons are make-icon-app.py's filled stars (kind 0), which SkipMiniApp's iOS reader draws.
    tab_icons = [f"icons/icon{i * 4:03}.svg" for i in range(len(tabs))]
    asset_bytes = asset_mb * 1024 * 1024
    data_files = included_json_data(asset_bytes // 3) if included_data else []
    asset_files = assets(asset_bytes - sum(len(data) for _, data in data_files))

    manifest = {
        "app_id": "org.example.speed", "name": "Speed", "lang": "en",
        "icons": [{"src": "icons/icon000.svg", "sizes": "any"}],
        "version": {"code": 1, "name": "1.0.0"}, "platform_version": {"min_code": 1},
        "pages": pages,
        "tab_bar": {"tabs": [{"page": page, "text": key, "icon": icon} for page, key, icon in zip(tabs, tab_keys, tab_icons)]},
    }
    write(root, "manifest.json", json.dumps(manifest, indent=2) + "\n")
    write(root, "app.js", "App({ onLaunch() {} });\n")
    write(root, "app.css", "body { margin: 0; }\nimg { max-width: 100%; }\n")
    # A 25 MB app sets its own package budget (the image budget stays the default), and one that
    # ships only as a .ma has no use for the note on each asset a folder copy would miss.
    if included_data:
        write(root, ".mactl.yml", f"budgets:\n  package: {asset_mb}MB\ninclude:\n  - data/**\n"
              "rules:\n  project-asset-missing-from-folder: off\n")
    else:
        write(root, ".mactl.yml", f"budgets:\n  package: {asset_mb * 2}MB\nrules:\n  project-asset-missing-from-folder: off\n")
    for path, data in data_files:
        write(root, path, data)
    for i in range(icon_count):
        write(root, f"icons/icon{i:03}.svg", icons.icon(i))
    for n, tag in enumerate(TAGS[:locales]):
        texts = {key: f"{tag} {key}" for key in shared_keys + tab_keys}
        texts.update({key: f"{tag} text {k} for {{name}}" for k, key in enumerate(own_keys)})
        write(root, f"i18n/{tag}.json", json.dumps(texts, indent=2, ensure_ascii=False) + "\n")
    for path, data in asset_files:
        write(root, path, data)

    for i, page in enumerate(pages):
        user = large.key(i, "user")
        lines = [f"    <p x-text=\"$t('{key}', {{ name: store.{user} }})\"></p>" for key in own_keys[i * per_page:(i + 1) * per_page]]
        lines += [f'    <img src="../../icons/icon{(i + k * page_count) % icon_count:03}.svg" alt="">' for k in range(2)]
        lines += ["    " + reference(path) for path, _ in asset_files[i::page_count]]
        html = large.page_html(i).replace("  </main>\n", "\n".join(lines) + "\n  </main>\n", 1)
        script = large.page_js(i, page_count).replace("  data: {\n", f"  data: {{\n    {user}: 'Ada',\n", 1)
        following = pages[(i + 1) % page_count]
        if following in tabs:
            script = script.replace(f"skip.nav.navigateTo({{ url: '{following}' }})", f"skip.nav.switchTab({{ url: '{following}' }})")
        write(root, page + ".html", html)
        write(root, page + ".js", script)

    total = sum(len(data) for _, data in asset_files)
    data_total = sum(len(data) for _, data in data_files)
    included = f", {len(data_files)} included JSON data files of {data_total / 1048576:.1f} MB" if data_files else ""
    print(f"{root}: {page_count} pages, {locales} locales x {keys} keys, {icon_count} icons, "
          f"{len(asset_files)} assets of {total / 1048576:.1f} MB{included}")


if __name__ == "__main__":
    main()
