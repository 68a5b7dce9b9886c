#!/usr/bin/env python3
"""Writes a correct MiniApp with many locales, keys and icons for benchmarks:
LOCALES locale files (default 12) of KEYS keys each (default 1500), ICONS SVG icons (default 120),
and 10 pages whose templates use every key once."""
import json
import os
import sys

TAGS = ["en", "fr", "de", "es", "it", "pt", "nl", "ru", "ja", "ko", "zh-Hans", "ar", "sv", "pl", "tr", "cs"]

def main():
    root = sys.argv[1]
    locales = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    keys = int(sys.argv[3]) if len(sys.argv) > 3 else 1500
    icons = int(sys.argv[4]) if len(sys.argv) > 4 else 120
    pages = [f"pages/p{i}/p{i}" for i in range(10)]
    key_names = [f"section{k // 100}.item{k}" for k in range(keys)]
    manifest = {
        "app_id": "org.example.i18n", "name": "Many locales", "lang": "en",
        "icons": [{"src": "icons/icon0.svg", "sizes": "any"}],
        "version": {"code": 1, "name": "1.0.0"}, "platform_version": {"min_code": 1},
        "pages": pages,
        "tab_bar": {"tabs": [{"page": pages[i], "text": f"tab.t{i}", "icon": f"icons/icon{i}.svg"} for i in range(3)]},
    }
    for folder in ["icons", "i18n"]:
        os.makedirs(os.path.join(root, folder), exist_ok=True)
    with open(os.path.join(root, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)
    with open(os.path.join(root, "app.js"), "w") as f:
        f.write("App({ onLaunch() {} });\n")
    with open(os.path.join(root, "app.css"), "w") as f:
        f.write("body { margin: 0; }\n")
    for i in range(icons):
        radius = 4 + i % 7
        with open(os.path.join(root, f"icons/icon{i}.svg"), "w") as f:
            f.write(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">'
                    f'<circle cx="12" cy="12" r="{radius}" fill="currentColor"/><path d="M4 4h{i % 9 + 3}v2H4z" fill="currentColor"/></svg>\n')
    for tag in TAGS[:locales]:
        with open(os.path.join(root, f"i18n/{tag}.json"), "w") as f:
            texts = {name: f"{tag} text {n} for {{name}}" for n, name in enumerate(key_names)}
            texts.update({f"tab.t{i}": f"{tag} tab {i}" for i in range(3)})
            json.dump(texts, f, indent=2, ensure_ascii=False)
    per_page = (keys + len(pages) - 1) // len(pages)
    for p, page in enumerate(pages):
        os.makedirs(os.path.join(root, os.path.dirname(page)), exist_ok=True)
        lines = [f"    <p x-text=\"$t('{name}', {{ name: store.user }})\"></p>" for name in key_names[p * per_page:(p + 1) * per_page]]
        with open(os.path.join(root, page + ".html"), "w") as f:
            f.write('<!DOCTYPE html>\n<html>\n<body x-data="page">\n  <main>\n' + "\n".join(lines) + "\n  </main>\n</body>\n</html>\n")
        with open(os.path.join(root, page + ".js"), "w") as f:
            f.write("Page({\n  data: { user: 'Ada' },\n});\n")

if __name__ == "__main__":
    main()
