#!/usr/bin/env python3
"""mactl serve's reload latency: from a saved change to what the browser shows.

Scaffolds an app, starts `mactl serve` on a free port and headless Chromium through
chromedriver (Debian's chromium and chromium-driver), then RUNS times (default 10) saves a
template with a misspelt handler and waits for the lint overlay to show it, then saves it back
and waits for the overlay to go. Prints the median, min and max of each, in milliseconds.
The polling of the page through WebDriver adds a few milliseconds to each figure.

Usage: Benchmarks/serve-reload.py [RUNS]   (MACTL=path to time another build; default .build/debug/mactl)
"""
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MACTL = os.environ.get("MACTL", os.path.join(ROOT, ".build/debug/mactl"))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def webdriver(port, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)["value"]


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    work = tempfile.mkdtemp(prefix="mactl-reload-")
    subprocess.run([MACTL, "new", "app"], cwd=work, check=True, stdout=subprocess.DEVNULL)
    template = os.path.join(work, "app/pages/home/home.html")
    with open(template) as file:
        good = file.read()
    bad = good.replace("onTapIncrement()", "onTapIncrment()")

    serve = subprocess.Popen([MACTL, "serve", "app", "--port", "0", "--no-open"], cwd=work,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = serve.stdout.readline().split(" at ")[1].split(" ")[0]
    driver_port = free_port()
    driver = subprocess.Popen(["chromedriver", f"--port={driver_port}", "--allowed-ips=127.0.0.1"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    session = None
    try:
        for _ in range(100):
            try:
                webdriver(driver_port, "GET", "/status")
                break
            except OSError:
                time.sleep(0.1)
        arguments = ["--headless=new", "--disable-gpu", "--disable-dev-shm-usage"]
        if os.geteuid() == 0:
            arguments.append("--no-sandbox")
        created = webdriver(driver_port, "POST", "/session",
                            {"capabilities": {"alwaysMatch": {"goog:chromeOptions": {"args": arguments}}}})
        session = f"/session/{created['sessionId']}"
        webdriver(driver_port, "POST", session + "/url", {"url": url})
        overlay = "return document.getElementById('overlay').style.display"

        def wait_for(display):
            start = time.monotonic()
            while webdriver(driver_port, "POST", session + "/execute/sync", {"script": overlay, "args": []}) != display:
                if time.monotonic() - start > 10:
                    raise SystemExit(f"serve-reload: the overlay did not become '{display}' in 10 s")
                time.sleep(0.005)

        wait_for("none")
        time.sleep(1)
        shown, hidden = [], []
        for _ in range(runs):
            for text, display, figures in ((bad, "block", shown), (good, "none", hidden)):
                with open(template, "w") as file:
                    file.write(text)
                start = time.monotonic()
                wait_for(display)
                figures.append((time.monotonic() - start) * 1000)
                time.sleep(0.5)
        for name, figures in (("save a mistake -> overlay shown", shown), ("save the fix -> overlay gone", hidden)):
            print(f"{name}: median {statistics.median(figures):.0f} ms, "
                  f"min {min(figures):.0f} ms, max {max(figures):.0f} ms ({runs} runs)")
    finally:
        if session:
            try:
                webdriver(driver_port, "DELETE", session)
            except OSError:
                pass
        driver.send_signal(signal.SIGTERM)
        serve.send_signal(signal.SIGTERM)
        driver.wait()
        serve.wait()


if __name__ == "__main__":
    main()
