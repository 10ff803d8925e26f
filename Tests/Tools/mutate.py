#!/usr/bin/env python3
"""Mutation testing by hand, one planted bug at a time.

Usage (from the package root):

    Tests/Tools/mutate.py MUTATIONS.json [--filter REGEX] [--only ID,ID] [--log DIR] [--timeout SECONDS]

MUTATIONS.json is a list of objects:

    {"id": "m1", "file": "Sources/Impostor/Stubbing/FaultSchedule.swift",
     "original": "case .after(let n): n < 0 ?", "replacement": "case .after(let n): n < 1 ?",
     "filter": "FaultScheduleTests"}

`original` must occur exactly once in `file` (a line or part of one); `filter` (optional, or
--filter for all) narrows `swift test` to some suites, else the whole suite runs. For each
mutation the script applies it, builds the tests (`swift build --build-tests`), runs them
(`swift test --skip-build`), records `caught` (the tests failed), `missed` (they passed) or
`no-build` (the mutant does not compile), and puts the file back byte for byte, also when it
is interrupted. A summary is printed and written to DIR/summary.tsv, each run's output to DIR.
Tests/Tools/issue51-mutations.json holds the planted bugs of issue #51 (row1-row9, then the
mutation pass x01-x25), each with the filter it was run with. At the end the untouched sources are built again, so that .build holds no mutant (unless the
script was interrupted: then build before running the tests).
"""
import argparse, json, os, signal, subprocess, sys, time

restore = {}


def put_back():
    for path, text in list(restore.items()):
        with open(path, "w") as f:
            f.write(text)
        del restore[path]


def on_signal(number, _frame):
    put_back()
    sys.exit(128 + number)


def run(command, log, timeout):
    with open(log, "w") as out:
        try:
            return subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            out.write(f"\n[mutate.py: killed after {timeout} s]\n")
            return -1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mutations")
    parser.add_argument("--filter")
    parser.add_argument("--only")
    parser.add_argument("--log", default="/tmp/impostor-mutations")
    parser.add_argument("--timeout", type=int, default=1800)
    args = parser.parse_args()
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    os.makedirs(args.log, exist_ok=True)
    mutations = json.load(open(args.mutations))
    if args.only:
        wanted = set(args.only.split(","))
        mutations = [m for m in mutations if m["id"] in wanted]
    results = []
    try:
        for m in mutations:
            path = m["file"]
            text = open(path).read()
            if text.count(m["original"]) != 1:
                results.append((m["id"], "bad-mutation", 0, path, f"original found {text.count(m['original'])} times"))
                print(results[-1], flush=True)
                continue
            restore[path] = text
            with open(path, "w") as f:
                f.write(text.replace(m["original"], m["replacement"], 1))
            started = time.time()
            built = run(["swift", "build", "--build-tests"], f"{args.log}/{m['id']}.build.log", args.timeout)
            if built != 0:
                verdict = "no-build"
            else:
                test = ["swift", "test", "--skip-build"]
                selected = m.get("filter") or args.filter
                if selected:
                    test += ["--filter", selected]
                status = run(test, f"{args.log}/{m['id']}.test.log", args.timeout)
                verdict = "missed" if status == 0 else "caught"
            put_back()
            results.append((m["id"], verdict, int(time.time() - started), path, m.get("filter") or args.filter or "whole suite"))
            print(results[-1], flush=True)
    finally:
        put_back()
    if results:
        run(["swift", "build", "--build-tests"], f"{args.log}/rebuild.log", args.timeout)
    with open(f"{args.log}/summary.tsv", "w") as f:
        for row in results:
            f.write("\t".join(str(x) for x in row) + "\n")
    counts = {}
    for row in results:
        counts[row[1]] = counts.get(row[1], 0) + 1
    print("summary:", counts)


if __name__ == "__main__":
    main()
