#!/usr/bin/env bash
# Builds the generated ABI suite's C files with Tests/Arm64/abi_cases.c and abi_cases_selftest.c
# for AArch64 and runs the self-test: every signature's libffi description, checked against
# compiled C through a libffi closure (see abi_cases_selftest.c). From a Linux x86-64 host:
#
#   A64_CC="clang --target=aarch64-linux-gnu -isystem /usr/include/aarch64-linux-gnu" \
#   A64_LD=aarch64-linux-gnu-gcc \
#   A64_RUN="qemu-aarch64-static -cpu max -L /" \
#   A64_LIBFFI="-L/usr/lib/aarch64-linux-gnu -lffi" \
#   A64_OUT=/tmp/abi-arm64 Tests/Arm64/abi/run.sh [N ...]
#
# With A64_LIB, a static archive of the package's C targets built for the target (how:
# Tests/Arm64/interpose/run.sh), the same cases run a second time through Impostor's static
# trampolines, which is the part that tests Impostor. .ci/arm64 does all of this.
#
# Debian packages: clang (or the Swift toolchain's), gcc-aarch64-linux-gnu,
# libc6-dev-arm64-cross, libffi-dev:arm64 (multiarch), qemu-user-static. On an AArch64 machine
# A64_CC=cc A64_LD=cc A64_RUN= A64_LIBFFI=-lffi will do. Arguments select case numbers.
set -euo pipefail

# The descriptions are exact for AArch64 only: x86-64 classifies structs per eightbyte.
if [ "${A64_PLATFORM:-aarch64}" != aarch64 ]; then
    echo "skipped on $A64_PLATFORM: the descriptions are exact for AArch64 only"
    exit 0
fi

: "${A64_CC:?the compile command for the target, e.g. clang --target=aarch64-linux-gnu -isystem /usr/include/aarch64-linux-gnu}"
: "${A64_LD:?the linking driver, e.g. aarch64-linux-gnu-gcc}"
: "${A64_RUN=}"
: "${A64_OUT:?a scratch folder}"
: "${A64_LIBFFI:?libffi link flags, e.g. -L/usr/lib/aarch64-linux-gnu -lffi}"

root="$(cd "$(dirname "$0")/../../.." && pwd)"
suite="$root/Tests/CImpostorABISuite"
mkdir -p "$A64_OUT"

# Word splitting of the A64_* commands is wanted: each holds a command and its flags.
# Warnings are errors in this folder's files only: the suite's files are the generator's, held
# to SwiftPM's settings, and GCC (a fine A64_CC too) warns about their clang pragmas and their
# deliberately truncating snprintf calls.
# shellcheck disable=SC2086
compile() {
    local warnings=()
    [[ "$1" == "$root/Tests/Arm64/"* ]] && warnings=(-Wall -Wextra -Werror -Wno-unknown-pragmas)
    $A64_CC -std=gnu11 -O1 "${warnings[@]}" -I "$suite/include" -I "$suite" -c "$1" -o "$A64_OUT/$(basename "$1" .c).o"
}

# Two compiles at a time (the suite's files are large, the machines small), each waited for by
# its own id so that any failure stops the run.
objects=() pending=()
for source in "$suite"/*.c "$root/Tests/Arm64/abi_cases.c" "$root/Tests/Arm64/abi_cases_selftest.c"; do
    if (( ${#pending[@]} == 2 )); then
        wait "${pending[0]}"
        pending=("${pending[1]}")
    fi
    compile "$source" &
    pending+=($!)
    objects+=("$A64_OUT/$(basename "$source" .c).o")
done
for id in "${pending[@]}"; do wait "$id"; done

# shellcheck disable=SC2086
$A64_LD -o "$A64_OUT/abi_cases_selftest" "${objects[@]}" $A64_LIBFFI
# shellcheck disable=SC2086
echo "through libffi closures (the descriptions themselves):"
$A64_RUN "$A64_OUT/abi_cases_selftest" "$@" | grep -v '^ok \|^skip '

# The same cases through Impostor's static trampolines (A64_LIB: the package's C targets built
# for the target, as .ci/arm64 makes it).
if [ -n "${A64_LIB:-}" ]; then
    # shellcheck disable=SC2086
    $A64_CC -std=gnu11 -O1 -Wall -Wextra -Werror -Wno-unknown-pragmas -DABI_THROUGH_TRAMPOLINES \
        -I "$suite/include" -I "$root/CSupport/CImpostor/include" \
        -c "$root/Tests/Arm64/abi_cases_selftest.c" -o "$A64_OUT/abi_trampolines.o"
    through=("${objects[@]/%abi_cases_selftest.o/abi_trampolines.o}")
    # shellcheck disable=SC2086
    $A64_LD -o "$A64_OUT/abi_trampolines_test" "${through[@]}" "$A64_LIB" $A64_LIBFFI -lpthread
    # shellcheck disable=SC2086
    echo "through Impostor's static trampolines:"
    $A64_RUN "$A64_OUT/abi_trampolines_test" "$@" | grep -v '^ok \|^skip '
fi
