/// A stand-in for `xcrun` (the gate finds it first on PATH): serves
/// `$FAKE_CKTOOL_EXPORTS/<environment>.ckdb` for `xcrun cktool export-schema`, to stdout or
/// `--output-file`, and logs every call (argv only; the token travels in the environment)
/// to `$FAKE_CKTOOL_EXPORTS/calls`. A missing export fails like cktool does.
enum FakeXcrun {
    static let exportsVariable = "FAKE_CKTOOL_EXPORTS"

    static let script = """
        #!/bin/sh
        printf '%s\\n' "$*" >>"$FAKE_CKTOOL_EXPORTS/calls"
        [ "$1" = cktool ] || { echo "xcrun: error: unable to find utility \\"$1\\", not a developer tool or in PATH" >&2; exit 72; }
        shift
        command=$1
        shift
        environment="" output=""
        while [ $# -gt 0 ]; do
            case $1 in
            --environment) environment=$2; shift ;;
            --output-file) output=$2; shift ;;
            esac
            shift
        done
        case $command in
        export-schema) ;;
        *) echo "fake cktool: '$command' is not served" >&2; exit 64 ;;
        esac
        file=$FAKE_CKTOOL_EXPORTS/$environment.ckdb
        [ -f "$file" ] || { echo "fake cktool: no export for environment '$environment'" >&2; exit 1; }
        if [ -n "$output" ]; then cp "$file" "$output"; else cat "$file"; fi

        """
}
