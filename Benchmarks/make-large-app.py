#!/usr/bin/env python3
"""Writes a large, correct MiniApp for benchmarks: N pages (default 200), each a template of
about 150 elements using every directive mactl checks, and a script with 8 handlers."""
import json
import os
import sys

def page_html(index):
    rows = []
    for row in range(12):
        rows.append(f'''    <section class="card" x-show="store.visible">
      <h2 x-text="$t('page.title')"></h2>
      <p :class="store.highlight ? 'on' : 'off'" x-text="store.items[{row % 3}].name"></p>
      <button @click="onTap{row % 8}" x-text="$t('page.action')"></button>
      <input type="text" x-model="store.query">
      <ul>
        <template x-for="(item, position) in store.items" :key="item.id">
          <li x-text="item.name"></li>
        </template>
      </ul>
      <template x-if="store.visible"><span x-text="store.count"></span></template>
      <a @click.prevent="handler('onTap{(row + 1) % 8}', store.items[0])" x-text="$t('page.more')"></a>
    </section>''')
    body = "\n".join(rows)
    return f'''<!DOCTYPE html>
<html>
<head>
  <meta charset="utf-8">
  <title>Page {index}</title>
</head>
<body x-data="page">
  <header><h1 x-text="store.title" @click="onNext"></h1></header>
  <main>
{body}
  </main>
</body>
</html>
'''

def page_js(index, count):
    handlers = "\n".join(
        f"  onTap{n}(event) {{\n    this.setData({{ count: this.data.count + {n} }});\n  }},"
        for n in range(8))
    target = (index + 1) % count
    return f'''Page({{
  data: {{
    title: 'Page {index}',
    visible: true,
    highlight: false,
    count: 0,
    query: '',
    items: [{{ id: 1, name: 'one' }}, {{ id: 2, name: 'two' }}, {{ id: 3, name: 'three' }}],
  }},
  onLoad(options) {{
    skip.log('loaded ' + options.query);
  }},
{handlers}
  onNext() {{
    skip.nav.navigateTo({{ url: 'pages/p{target}/p{target}' }});
  }},
}});
'''

def main():
    root = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    pages = [f"pages/p{i}/p{i}" for i in range(count)]
    manifest = {
        "app_id": "org.example.large", "name": "Large", "lang": "en",
        "icons": [{"src": "icons/app.svg", "sizes": "any"}],
        "version": {"code": 1, "name": "1.0.0"}, "platform_version": {"min_code": 1},
        "pages": pages,
    }
    os.makedirs(os.path.join(root, "icons"), exist_ok=True)
    os.makedirs(os.path.join(root, "i18n"), exist_ok=True)
    with open(os.path.join(root, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)
    with open(os.path.join(root, "app.js"), "w") as f:
        f.write("App({ onLaunch() {} });\n")
    with open(os.path.join(root, "app.css"), "w") as f:
        f.write("body { margin: 0; }\n")
    with open(os.path.join(root, "icons/app.svg"), "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">'
                '<circle cx="12" cy="12" r="10" fill="currentColor"/></svg>\n')
    with open(os.path.join(root, "i18n/en.json"), "w") as f:
        json.dump({"page.title": "Title", "page.action": "Go", "page.more": "More"}, f, indent=2)
    for i, page in enumerate(pages):
        os.makedirs(os.path.join(root, os.path.dirname(page)), exist_ok=True)
        with open(os.path.join(root, page + ".html"), "w") as f:
            f.write(page_html(i))
        with open(os.path.join(root, page + ".js"), "w") as f:
            f.write(page_js(i, count))

if __name__ == "__main__":
    main()
