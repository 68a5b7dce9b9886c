#!/usr/bin/env bash
# The SwiftPM plugins, used for real by Tests/Fixtures/plugin-package: the build tool plugin
# packs the embedded MiniApp into a resource of the host app, and the command plugin lints it.
set -euo pipefail
cd "$(dirname "$0")/../Tests/Fixtures/plugin-package"
swift build
output="$(swift run --skip-build HostApp)"
echo "$output"
case "$output" in
  "embedded miniapp.ma, "*" bytes") ;;
  *) echo "plugin-test: the host app did not find its packed MiniApp" >&2; exit 1 ;;
esac
swift package mactl lint
swift package plugin --list | grep -q "‘mactl’ (plugin ‘MactlPlugin’"
echo "plugin-test: the build tool plugin packed the MiniApp and the command plugin linted it"
