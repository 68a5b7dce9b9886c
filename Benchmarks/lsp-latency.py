#!/usr/bin/env python3
"""The latency of `mactl lsp` from a change to its diagnostics: a page of an app is opened,
then edited RUNS times, each edit putting a typo into a handler's name or taking it out again,
and the time from sending `didChange` to receiving that page's `publishDiagnostics` with the
expected result is measured. Raw JSON-RPC over the server's pipes, so the client adds nothing
but a pipe's write and read. Prints the median and the spread in milliseconds.
Usage: Benchmarks/lsp-latency.py MACTL APP_FOLDER PAGE [RUNS]"""
import json
import os
import pathlib
import select
import statistics
import subprocess
import sys
import time


class Server:
    def __init__(self, mactl):
        self.process = subprocess.Popen([mactl, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.buffer = b""
        self.next_id = 1

    def send(self, message):
        body = json.dumps(dict(message, jsonrpc="2.0")).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, method, params):
        self.send({"id": self.next_id, "method": method, "params": params})
        self.next_id += 1
        return self.receive(lambda m: m.get("id") == self.next_id - 1)

    def receive(self, accept, timeout=120):
        deadline = time.monotonic() + timeout
        while True:
            while b"\r\n\r\n" in self.buffer:
                header, rest = self.buffer.split(b"\r\n\r\n", 1)
                length = int(header.split(b":")[1])
                if len(rest) < length:
                    break
                message, self.buffer = json.loads(rest[:length]), rest[length:]
                if accept(message):
                    return message
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.process.stdout], [], [], left)[0]:
                raise SystemExit("lsp-latency: no answer from the server")
            chunk = os.read(self.process.stdout.fileno(), 1 << 20)
            if not chunk:
                raise SystemExit("lsp-latency: the server ended")
            self.buffer += chunk


def main():
    mactl, app, page = sys.argv[1], pathlib.Path(sys.argv[2]).resolve(), sys.argv[3]
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 21
    server = Server(mactl)
    server.request("initialize", {"capabilities": {}, "rootUri": app.as_uri()})
    server.send({"method": "initialized", "params": {}})
    uri = (app / page).as_uri()
    text = (app / page).read_text()
    typo = text.replace("onTap1()", "onTapp1()", 1)
    assert typo != text, "the page has no 'onTap1()' to change"

    def published(expect_errors):
        def accept(message):
            if message.get("method") != "textDocument/publishDiagnostics" or message["params"]["uri"] != uri:
                return False
            return any(d["code"] == "template-unknown-handler" for d in message["params"]["diagnostics"]) == expect_errors
        return accept

    started = time.monotonic()
    server.send({"method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "html", "version": 1, "text": text}}})
    server.receive(published(False))
    first = (time.monotonic() - started) * 1000
    times = []
    for run in range(runs):
        with_typo = run % 2 == 0
        started = time.monotonic()
        server.send({"method": "textDocument/didChange",
                     "params": {"textDocument": {"uri": uri, "version": run + 2},
                                "contentChanges": [{"text": typo if with_typo else text}]}})
        server.receive(published(with_typo))
        times.append((time.monotonic() - started) * 1000)
    server.request("shutdown", None)
    server.send({"method": "exit"})
    server.process.wait(timeout=30)
    times.sort()
    print(f"first lint after didOpen: {first:.0f} ms")
    print(f"change to diagnostics: median {statistics.median(times):.0f} ms, "
          f"min {times[0]:.0f} ms, max {times[-1]:.0f} ms ({runs} changes)")


if __name__ == "__main__":
    main()
