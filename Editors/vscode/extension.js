// Starts `mactl lsp` for the workspace's MiniApp files; everything else is the server's.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("mactl").get("path", "mactl");
  client = new LanguageClient(
    "mactl",
    "mactl",
    { command, args: ["lsp"] },
    {
      // The server lints only files inside a MiniApp (a folder with a manifest.json above them).
      documentSelector: ["html", "javascript", "css", "json", "xml"].map((language) => ({ scheme: "file", language })),
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.{html,js,css,json,svg,yml}") },
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
