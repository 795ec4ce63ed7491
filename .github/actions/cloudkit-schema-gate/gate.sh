#!/usr/bin/env bash
# The Action's gate step: `cloudkit-schema gate` with the Action's inputs, in the step's
# working directory. The token arrives in CLOUDKIT_MANAGEMENT_TOKEN from the step's env
# (never an argument, never printed: no `set -x` here). The tool itself appends the job
# summary to GITHUB_STEP_SUMMARY and, with --format github, prints the annotations; its
# exit status (1 findings, 2 setup problem) fails the job.
set -euo pipefail
tool=${CLOUDKIT_SCHEMA_GATE_TOOL:?the tool was not built: the Build step of the Action sets it}

arguments=(gate --format "${CLOUDKIT_SCHEMA_GATE_FORMAT:-github}")
if [ -n "${CLOUDKIT_SCHEMA_GATE_TEAM_ID:-}" ]; then arguments+=(--team-id "$CLOUDKIT_SCHEMA_GATE_TEAM_ID"); fi
if [ -n "${CLOUDKIT_SCHEMA_GATE_CONTAINER_ID:-}" ]; then arguments+=(--container-id "$CLOUDKIT_SCHEMA_GATE_CONTAINER_ID"); fi
# Split at spaces, without glob expansion.
set -f
# shellcheck disable=SC2206
arguments+=(${CLOUDKIT_SCHEMA_GATE_ARGUMENTS:-})
set +f
exec "$tool" "${arguments[@]}"
