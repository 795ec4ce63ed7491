#!/usr/bin/env bash
# Builds one libFuzzer target (with AddressSanitizer) and runs it.
#   Tests/Fuzz/fuzz.sh TARGET [SECONDS]      TARGET: ckdb args config models coredata (see the case below)
# Seeds come from the test fixtures; crashes are written to Tests/Fuzz/crashes/TARGET/
# and must be kept as regression tests (copy into the target's Fixtures and add a test).
set -euo pipefail
cd "$(dirname "$0")/../.."
target="${1:?usage: Tests/Fuzz/fuzz.sh TARGET [SECONDS]}"
seconds="${2:-60}"
build="${FUZZ_BUILD_DIR:-.build/fuzz}"
mkdir -p "$build"
flags=(-sanitize=fuzzer,address -parse-as-library -O -package-name CloudKitSchemaGate -I "$build" -L "$build")

# Build a library module (static, instrumented) once per run: name, then its dependencies.
module() {
    local name="$1"; shift
    local links=()
    for dep in "$@"; do links+=(-l"$dep"); done
    swiftc "${flags[@]}" -emit-library -static -emit-module -module-name "$name" \
        -emit-module-path "$build/$name.swiftmodule" "${links[@]}" \
        Sources/"$name"/*.swift $(find Sources/"$name" -mindepth 2 -name '*.swift') -o "$build/lib$name.a" 2>&1 | grep -v "Cannot export local symbol" || true
}

extra=()
case "$target" in
    ckdb)
        module CloudKitSchema
        libs=(CloudKitSchema); source=FuzzSchemaParser.swift
        seeds=(Tests/CloudKitSchemaTests/Fixtures/corpus) ;;
    args)
        module SchemaGateBasics; module CloudKitSchema; module ModelSource SchemaGateBasics
        module SchemaGate CloudKitSchema ModelSource SchemaGateBasics
        module CloudKitSchemaCLI SchemaGate CloudKitSchema ModelSource SchemaGateBasics
        libs=(CloudKitSchemaCLI SchemaGate ModelSource CloudKitSchema SchemaGateBasics); source=FuzzArguments.swift
        seeds=(Tests/Fuzz/seeds/args) ;;
    config)
        module SchemaGateBasics; module CloudKitSchema; module ModelSource SchemaGateBasics
        module SchemaGate CloudKitSchema ModelSource SchemaGateBasics
        libs=(SchemaGate ModelSource CloudKitSchema SchemaGateBasics); source=FuzzConfig.swift
        seeds=(Tests/Fuzz/seeds/config) ;;
    models)
        module SchemaGateBasics; module ModelSource SchemaGateBasics
        libs=(ModelSource SchemaGateBasics); source=FuzzSwiftModels.swift
        seeds=(Tests/ModelSourceTests/Fixtures/Traps Tests/ModelSourceTests/Fixtures/Projects Examples/Stockroom/Models) ;;
    coredata)
        module SchemaGateBasics; module ModelSource SchemaGateBasics
        libs=(ModelSource SchemaGateBasics); source=FuzzCoreData.swift
        # FoundationXML leaks the CFError it builds for every libxml2 error: not ours to fix,
        # and a leak is not a crash, so leak detection is off for this target only.
        extra=(-detect_leaks=0)
        seeds=(Tests/ModelSourceTests/Fixtures/CoreData) ;;
    *) echo "unknown fuzz target '$target'; targets: ckdb args config models coredata" >&2; exit 2 ;;
esac

links=(); for lib in "${libs[@]}"; do links+=(-l"$lib"); done
swiftc "${flags[@]}" "${links[@]}" "Tests/Fuzz/$source" -o "$build/fuzz-$target" 2>&1 | grep -v "Cannot export local symbol" || true

corpus="$build/corpus-$target"; crashes="Tests/Fuzz/crashes/$target"
mkdir -p "$corpus" "$crashes"
for dir in "${seeds[@]}"; do find "$dir" -type f -exec cp {} "$corpus/" \; ; done
echo "fuzzing $target for ${seconds}s"
SWIFT_BACKTRACE=enable=no "$build/fuzz-$target" "${extra[@]}" -max_total_time="$seconds" -max_len=16384 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$crashes/" -print_final_stats=1 "$corpus"
