#!/usr/bin/env python3
"""Writes a MiniApp with N SVG icons (default 120) for the icon benchmarks: filled path icons,
outline icons with circles and rectangles, icons with arcs, and SVGO-style compact numbers,
in equal parts. `--all-tabs` lists every icon as a tab icon (more tabs than a tab bar holds,
so lint reports that), which runs the iOS tab icon reader on all of them."""
import json
import math
import os
import sys


def number(value):
    text = ("%.2f" % value).rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def circle_path(cx, cy, r):
    k = 0.5523 * r
    return (f"M{number(cx)} {number(cy - r)}C{number(cx + k)} {number(cy - r)} {number(cx + r)} {number(cy - k)} {number(cx + r)} {number(cy)}"
            f"S{number(cx + k)} {number(cy + r)} {number(cx)} {number(cy + r)} {number(cx - r)} {number(cy + k)} {number(cx - r)} {number(cy)} "
            f"{number(cx - k)} {number(cy - r)} {number(cx)} {number(cy - r)}Z")


def star(index, points):
    coordinates = []
    for step in range(points * 2):
        radius = 10 if step % 2 == 0 else 4 + index % 3
        angle = math.pi * step / points - math.pi / 2
        coordinates.append(f"{number(12 + radius * math.cos(angle))} {number(12 + radius * math.sin(angle))}")
    return "M" + " L".join(coordinates) + "Z"


def icon(index):
    kind = index % 4
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">\n'
    if kind == 0:
        svg += f'  <path d="{star(index, 5 + index % 4)}{circle_path(12, 12, 2)}" fill="currentColor"/>\n'
    elif kind == 1:
        svg += ('  <g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">\n'
                f'    <circle cx="12" cy="12" r="{3 + index % 6}"/>\n'
                f'    <rect x="3" y="3" width="{10 + index % 8}" height="8" rx="2"/>\n'
                f'    <path d="M4 {12 + index % 8}h16"/>\n  </g>\n')
    elif kind == 2:
        svg += f'  <path d="M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20zm0 {4 + index % 5}a4 4 0 1 1 0 8a4 4 0 1 1 0-8z" fill="currentColor"/>\n'
    else:
        svg += f'  <path d="M3.5.5h17l3.5 3.5v{12 + index % 4}.5.5l-3.5 3.5h-17L.5 20V4z" fill="currentColor"/>\n'
    return svg + "</svg>\n"


def main():
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    all_tabs = "--all-tabs" in sys.argv
    root = arguments[0]
    count = int(arguments[1]) if len(arguments) > 1 else 120
    os.makedirs(os.path.join(root, "pages/index"), exist_ok=True)
    os.makedirs(os.path.join(root, "icons"), exist_ok=True)
    with open(os.path.join(root, "pages/index/index.html"), "w") as page:
        page.write('<!DOCTYPE html>\n<html>\n<head><meta charset="utf-8"><title>Icons</title></head>\n<body x-data="page"></body>\n</html>\n')
    for index in range(count):
        with open(os.path.join(root, f"icons/i{index:03}.svg"), "w") as file:
            file.write(icon(index))
    tabs = [{"page": "pages/index/index", "text": f"Tab {index}", "icon": f"icons/i{index:03}.svg"}
            for index in range(count if all_tabs else 5)]
    manifest = {
        "app_id": "com.example.icons", "name": "Icons", "icons": [{"src": "icons/i000.svg", "sizes": "any"}],
        "version": {"code": 1, "name": "1.0.0"}, "platform_version": {"min_code": 1},
        "pages": ["pages/index/index"], "tab_bar": {"tabs": tabs},
    }
    with open(os.path.join(root, "manifest.json"), "w") as file:
        json.dump(manifest, file, indent=2)


if __name__ == "__main__":
    main()
