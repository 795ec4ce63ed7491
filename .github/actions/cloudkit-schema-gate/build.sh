#!/usr/bin/env bash
# The Action's build steps, run from the action's own checkout (three levels up).
#   build.sh key    writes the cache key and the .build directory to GITHUB_OUTPUT
#   build.sh build  builds cloudkit-schema in release and writes its path as `tool`
# The key covers the Swift version (a cache from another compiler is useless), the
# manifest and every source file (a new ref of the action must not reuse an old binary).
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd -P)
output=${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set: run this as a step of the Action}

checksum() {
    if command -v sha256sum >/dev/null 2>&1; then sha256sum; else shasum -a 256; fi | cut -c1-32
}

case "${1:-}" in
key)
    hash=$(
        swift --version 2>&1
        cd "$root"
        { ls Package.swift Package.resolved 2>/dev/null || true; find Sources -type f; } | LC_ALL=C sort | while IFS= read -r file; do
            printf '%s\n' "$file"
            cat "$file"
        done
    )
    hash=$(printf '%s' "$hash" | checksum)
    echo "key=cloudkit-schema-${RUNNER_OS:-local}-${RUNNER_ARCH:-local}-$hash" >> "$output"
    echo "build-directory=$root/.build" >> "$output"
    ;;
build)
    swift build -c release --package-path "$root" --product cloudkit-schema
    echo "tool=$(swift build -c release --package-path "$root" --show-bin-path)/cloudkit-schema" >> "$output"
    ;;
*)
    echo "usage: build.sh key|build" >&2
    exit 2
    ;;
esac
