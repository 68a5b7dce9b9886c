"""An editor's session with `mactl lsp`, driven by pygls's LanguageClient (a real LSP client
from PyPI, installed by scripts/fetch-lsp-client.sh). It does what an author does in an
editor and prints, as one JSON object, what the server answered at each step; the Swift test
(LanguageServerClientTests) compares it with what it expects, exactly.

Usage: python3 editor_session.py MACTL APP_FOLDER
The app is a fresh `mactl new` scaffold (the tabs template).
"""

import asyncio
import json
import pathlib
import sys

from lsprotocol import types as t
from pygls.lsp.client import LanguageClient

STEP_TIMEOUT = 60


def summary(diagnostic):
    return {
        "code": diagnostic.code,
        "severity": int(diagnostic.severity),
        "message": diagnostic.message,
        "range": [diagnostic.range.start.line, diagnostic.range.start.character,
                  diagnostic.range.end.line, diagnostic.range.end.character],
        "href": diagnostic.code_description.href if diagnostic.code_description else None,
    }


def apply_edits(text, edits):
    """Applies LSP text edits to text (UTF-16 positions; the scaffold is ASCII)."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start = offsets[edit.range.start.line] + edit.range.start.character
        end = offsets[edit.range.end.line] + edit.range.end.character
        text = text[:start] + edit.new_text + text[end:]
    return text


async def main(mactl, app):
    app = pathlib.Path(app).resolve()
    client = LanguageClient("mactl-editor-session", "1")
    published = {}
    updated = asyncio.Condition()
    transcript = {}

    @client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    async def on_diagnostics(params):
        async with updated:
            published[params.uri] = [summary(d) for d in params.diagnostics]
            updated.notify_all()

    async def diagnostics_of(uri, predicate):
        async def wait():
            async with updated:
                await updated.wait_for(lambda: uri in published and predicate(published[uri]))
                return published[uri]
        return await asyncio.wait_for(wait(), STEP_TIMEOUT)

    def uri(path):
        return (app / path).as_uri()

    await client.start_io(mactl, "lsp", "--no-cache")
    result = await client.initialize_async(
        t.InitializeParams(capabilities=t.ClientCapabilities(), root_uri=app.as_uri(),
                           workspace_folders=[t.WorkspaceFolder(uri=app.as_uri(), name="app")]))
    capabilities = result.capabilities
    transcript["capabilities"] = {
        "positionEncoding": capabilities.position_encoding,
        "sync": int(capabilities.text_document_sync.change),
        "codeAction": capabilities.code_action_provider.code_action_kinds,
        "definition": capabilities.definition_provider,
        "hover": capabilities.hover_provider,
        "completion": capabilities.completion_provider is not None,
        "server": result.server_info.name,
    }
    client.initialized(t.InitializedParams())

    # 1. The home page opened with a typo in a handler's name.
    home = uri("pages/home/home.html")
    text = (app / "pages/home/home.html").read_text().replace("onTapIncrement()", "onTapIncremnt()")
    client.text_document_did_open(t.DidOpenTextDocumentParams(
        text_document=t.TextDocumentItem(uri=home, language_id="html", version=1, text=text)))
    diagnostics = await diagnostics_of(home, lambda found: len(found) > 0)
    transcript["typo"] = diagnostics

    # 2. Its quick fix, applied; the diagnostic is cleared.
    first = diagnostics[0]
    actions = await client.text_document_code_action_async(t.CodeActionParams(
        text_document=t.TextDocumentIdentifier(uri=home),
        range=t.Range(start=t.Position(line=first["range"][0], character=first["range"][1]),
                      end=t.Position(line=first["range"][2], character=first["range"][3])),
        context=t.CodeActionContext(diagnostics=[])))
    transcript["actions"] = [[action.title, action.kind, bool(action.is_preferred)] for action in actions]
    fix = actions[0]
    text = apply_edits(text, fix.edit.changes[home])
    client.text_document_did_change(t.DidChangeTextDocumentParams(
        text_document=t.VersionedTextDocumentIdentifier(uri=home, version=2),
        content_changes=[t.TextDocumentContentChangeWholeDocument(text=text)]))
    transcript["fixed"] = await diagnostics_of(home, lambda found: len(found) == 0)

    # 3. Go to the handler's definition from the template.
    line = text.split("\n").index(next(l for l in text.split("\n") if "onTapIncrement()" in l))
    character = text.split("\n")[line].index("onTapIncrement") + 3
    locations = await client.text_document_definition_async(t.DefinitionParams(
        text_document=t.TextDocumentIdentifier(uri=home), position=t.Position(line=line, character=character)))
    transcript["definition"] = [[pathlib.Path(l.uri.removeprefix("file://")).relative_to(app).as_posix(),
                                 l.range.start.line, l.range.start.character, l.range.end.line, l.range.end.character]
                                for l in locations]

    # 4. Complete an i18n key: `$t('home.` typed in a new paragraph.
    lines = text.split("\n")
    section = next(i for i, l in enumerate(lines) if "</section>" in l)
    lines.insert(section, "    <p x-text=\"$t('home.\"></p>")
    text = "\n".join(lines)
    client.text_document_did_change(t.DidChangeTextDocumentParams(
        text_document=t.VersionedTextDocumentIdentifier(uri=home, version=3),
        content_changes=[t.TextDocumentContentChangeWholeDocument(text=text)]))
    completion = await client.text_document_completion_async(t.CompletionParams(
        text_document=t.TextDocumentIdentifier(uri=home),
        position=t.Position(line=section, character=lines[section].index("home.") + len("home."))))
    transcript["completion"] = [[item.label, item.detail] for item in completion.items]

    # 5. Hover on a key shows its text in each locale.
    title = next(i for i, l in enumerate(lines) if "home.title" in l)
    hover = await client.text_document_hover_async(t.HoverParams(
        text_document=t.TextDocumentIdentifier(uri=home),
        position=t.Position(line=title, character=lines[title].index("home.title") + 2)))
    transcript["hover"] = hover.contents.value

    # 6. The handler renamed in the script: the template, which calls the old name, is
    #    reported without being touched.
    script = uri("pages/home/home.js")
    script_text = (app / "pages/home/home.js").read_text().replace("onTapIncrement()", "onTapPlus()")
    client.text_document_did_open(t.DidOpenTextDocumentParams(
        text_document=t.TextDocumentItem(uri=script, language_id="javascript", version=1, text=script_text)))
    renamed = await diagnostics_of(home, lambda found: any(d["code"] == "template-unknown-handler" for d in found))
    transcript["renamed"] = [d for d in renamed if d["code"] == "template-unknown-handler"]

    # 7. A manifest that does not parse: its diagnostic, and the server still answers.
    manifest = uri("manifest.json")
    client.text_document_did_open(t.DidOpenTextDocumentParams(
        text_document=t.TextDocumentItem(uri=manifest, language_id="json", version=1, text="{\"name\": ")))
    broken = await diagnostics_of(manifest, lambda found: any(d["code"].startswith("json-") for d in found))
    transcript["brokenManifest"] = [[d["code"], d["range"]] for d in broken]
    again = await client.text_document_hover_async(t.HoverParams(
        text_document=t.TextDocumentIdentifier(uri=home),
        position=t.Position(line=title, character=lines[title].index("home.title") + 2)))
    transcript["answersAfterBrokenManifest"] = again is not None

    await client.shutdown_async(None)
    client.exit(None)
    await asyncio.wait_for(client._server.wait(), STEP_TIMEOUT)
    transcript["exitStatus"] = client._server.returncode
    print(json.dumps(transcript, indent=2, sort_keys=True))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
