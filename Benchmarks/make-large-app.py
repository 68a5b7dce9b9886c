#!/usr/bin/env python3
"""Writes a large, correct MiniApp for benchmarks: N pages (default 200), each a template of
about 150 elements using every directive mactl checks, and a script with 8 handlers.
It lints with no warnings under the default runtime (skip): handlers are called with
parentheses and given numbers, only the launch page binds 'x-model' (the others set their
query through a handler), the launch page's data keys are its own ('homeTitle'), so
the other pages' 'setData' does not show their values on it, and only the launch page opens
another page: once a page has opened another, its own 'setData' reaches no view, while the
launch page's still does through the runtime's second channel."""
import json
import os
import sys

DATA_KEYS = ["title", "visible", "highlight", "count", "query", "items"]


def key(index, name):
    """The data key `name` of page `index`: the launch page (index 0) has keys of its own."""
    return name if index else "home" + name[0].upper() + name[1:]


def page_html(index):
    k = {name: key(index, name) for name in DATA_KEYS}
    # SkipMiniApp binds x-model to the launch page's data only; other pages set it themselves.
    query = (f'x-model="store.{k["query"]}"' if index == 0 else
             f':value="store.{k["query"]}" @input="handler(\'onQuery\', $event.target.value)"')
    rows = []
    for row in range(12):
        rows.append(f'''    <section class="card" x-show="store.{k["visible"]}">
      <h2 x-text="$t('page.title')"></h2>
      <p :class="store.{k["highlight"]} ? 'on' : 'off'" x-text="store.{k["items"]}[{row % 3}].name"></p>
      <button @click="onTap{row % 8}()" x-text="$t('page.action')"></button>
      <input type="text" {query}>
      <ul>
        <template x-for="(item, position) in store.{k["items"]}" :key="item.id">
          <li x-text="item.name"></li>
        </template>
      </ul>
      <template x-if="store.{k["visible"]}"><span x-text="store.{k["count"]}"></span></template>
      <a @click.prevent="handler('onTap{(row + 1) % 8}', store.{k["items"]}[0].id)" x-text="$t('page.more')"></a>
    </section>''')
    body = "\n".join(rows)
    next_binding = ' @click="onNext()"' if index == 0 else ""
    return f'''<!DOCTYPE html>
<html>
<head>
  <meta charset="utf-8">
  <title>Page {index}</title>
  <link rel="stylesheet" href="../../app.css">
</head>
<body x-data="page">
  <header><h1 x-text="store.{k["title"]}"{next_binding}></h1></header>
  <main>
{body}
  </main>
</body>
</html>
'''

def page_js(index, count):
    k = {name: key(index, name) for name in DATA_KEYS}
    handlers = "\n".join(
        f"  onTap{n}(event) {{\n    this.setData({{ {k['count']}: this.data.{k['count']} + {n} }});\n  }},"
        for n in range(8))
    if index:
        handlers += f"\n  onQuery(event) {{\n    this.setData({{ {k['query']}: event.detail }});\n  }},"
    target = (index + 1) % count
    next_handler = f"\n  onNext() {{\n    skip.nav.navigateTo({{ url: 'pages/p{target}/p{target}' }});\n  }}," if index == 0 else ""
    return f'''Page({{
  data: {{
    {k['title']}: 'Page {index}',
    {k['visible']}: true,
    {k['highlight']}: false,
    {k['count']}: 0,
    {k['query']}: '',
    {k['items']}: [{{ id: 1, name: 'one' }}, {{ id: 2, name: 'two' }}, {{ id: 3, name: 'three' }}],
  }},
  onLoad(options) {{
    skip.log('loaded ' + options.query);
  }},
{handlers}{next_handler}
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
