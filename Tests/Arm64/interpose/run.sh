#!/bin/sh
# Builds and runs the GOT interposition test for one target machine.
#
# From the environment:
#   A64_CC   compiles a C file for the target, e.g.
#            "clang --target=aarch64-linux-gnu -isystem /usr/include/aarch64-linux-gnu"
#   A64_LD   links for the target, e.g. "aarch64-linux-gnu-gcc"
#   A64_RUN  runs a target program, e.g. "qemu-aarch64-static -cpu max -L /";
#            empty to run natively
#   A64_OUT  a scratch folder for the build
#   A64_LIB  a static archive of the package's C targets CImpostor and CImpostorInterpose,
#            compiled for the target with -fPIC (below)
#   A64_LIBFFI  libffi's link flags (default -lffi)
#   A64_CAPSTONE  capstone's link flags, where the archive's entry patching uses it (x86-64:
#            the dispatchers name entry patches' landings, which pulls entry_relocate.c in)
#   IMPOSTOR_EXPECT_BTI  set to 1 to guard the dispatchers' pages (PROT_BTI) and require that to
#            work: only when everything, A64_LIB included, was compiled with
#            -mbranch-protection=standard, since the guarded pages hold other functions too
# Then, from the package's root: sh Tests/Arm64/interpose/run.sh. .ci/arm64 does all of this.
# Natively on x86-64: A64_CC=clang A64_LD=cc A64_RUN= (libffi from the system), with A64_OUT
# and A64_LIB as above.
#
# A64_LIB by hand, from the package's root (file names do not clash between the two targets):
#   mkdir -p "$A64_OUT/lib"
#   for f in CSupport/CImpostor/*.c CSupport/CImpostorInterpose/*.c; do
#       $A64_CC -std=gnu11 -O2 -fPIC -I CSupport/CImpostor/include \
#           -I CSupport/CImpostorInterpose/include -c "$f" -o "$A64_OUT/lib/$(basename "$f" .c).o"
#   done
#   ar rcs "$A64_OUT/libimpostor-c.a" "$A64_OUT"/lib/*.o
#
# Prints one line per check; exits non-zero if anything fails to build or any check fails.
set -eu

: "${A64_CC:?a C compiler command for the target}"
: "${A64_LD:?a linking driver for the target}"
: "${A64_OUT:?a scratch folder}"
: "${A64_LIB:?a static archive of CImpostor and CImpostorInterpose}"
A64_RUN="${A64_RUN-}"

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
mkdir -p "$A64_OUT"
out=$(cd "$A64_OUT" && pwd)

# -fno-optimize-sibling-calls: the wrappers must call, not jump, so that the dispatcher sees
# a return address inside the caller library (see caller.c).
cflags="-std=gnu11 -O2 -fPIC -Wall -Wextra -Werror -fno-optimize-sibling-calls"

$A64_CC $cflags -c "$here/real.c" -o "$out/real.o"
$A64_LD -shared "$out/real.o" -o "$out/libgotreal.so"

# The same caller code twice: lazy binding (JUMP_SLOTs writable, filled on first call), and
# RELRO with immediate binding (every slot on a page made read-only after loading).
$A64_CC $cflags -c "$here/caller.c" -o "$out/caller.o"
$A64_LD -shared "$out/caller.o" -o "$out/libgotlazy.so" -L"$out" -lgotreal \
    -Wl,-z,relro,-z,lazy -Wl,-rpath,'$ORIGIN'
$A64_LD -shared "$out/caller.o" -o "$out/libgotnow.so" -L"$out" -lgotreal \
    -Wl,-z,relro,-z,now -Wl,-rpath,'$ORIGIN'

$A64_CC $cflags -I "$root/CSupport/CImpostorInterpose/include" -c "$here/main.c" -o "$out/main.o"
$A64_LD "$out/main.o" "$A64_LIB" -o "$out/gottest" ${A64_LIBFFI:--lffi} ${A64_CAPSTONE-} -lpthread -ldl

# Lazy binding is part of what is tested: the environment must not turn it off.
env -u LD_BIND_NOW $A64_RUN "$out/gottest" "$out"
