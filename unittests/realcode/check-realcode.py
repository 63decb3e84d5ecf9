#!/usr/bin/env python3
"""tools/sublane-realcode on a checkout made up here: programs are shell
scripts that their Makefiles copy into place, each standing for one way a
real program ends, so that every classification, the steps of a run target,
the progress of a timeout and --scale-timeouts are checked without a SYCL
compiler."""
import json
import os
import subprocess
import sys
import tempfile
import time

RUNNER = os.path.join(os.path.dirname(__file__), "..", "..", "tools",
                      "sublane-realcode")

MAKEFILE = """program = main
main: main.sh
\tcp main.sh main && chmod +x main
clean:
\trm -f main
run: main
{run}
"""

# name -> (run recipe lines, script, extra files)
PROGRAMS = {
    "passes": (["\t./main 5"], 'echo "PASS"', {}),
    "fails": (["\t./main"], 'echo "verification: FAIL"', {}),
    "counts-no-failures": (["\t./main"], 'echo "0 Failures"', {}),
    "counts-no-incorrect": (["\t./main"],
                            'echo "Number of incorrect matches: 0"', {}),
    # Two steps in order: the second reads what the first wrote; the diff
    # is not a program step.
    "two-steps": (["\t./main write", "\t./main check",
                   "\tdiff out.txt out.txt"],
                  '[ "$1" = write ] && { echo data > out.txt; exit 0; }\n'
                  '[ -f out.txt ] && echo PASS || echo FAIL', {}),
    # Sized for a GPU: 1600 is 16 s here, 160 is 1.6 s.
    "slow": (["\t./main 1600 3"],
             'echo "check 1: PASS"; sleep $(($1 / 100))', {}),
    # Its size is in its source: nothing to scale; --long-timeout lets it end.
    "long-fixed": (["\t./main"], 'sleep 6; echo "PASS"', {}),
    "crashes": (["\t./main"], 'kill -SEGV $$', {}),
    "exits-255": (["\t./main"], 'echo "error: exit"; exit 255', {}),
    "no-input": (["\t./main"], 'echo "File in.dat cannot be opened"; exit 1',
                 {}),
    "load-fails": (["\t./main in.bmp"],
                   'echo "Failed to load input image!"; exit 255', {}),
    # The input is kept in git as an archive, unpacked before the run.
    "archived-input": (["\t./main in.mtx"],
                       '[ -f in.mtx ] && echo PASS || echo "no in.mtx: FAIL"',
                       {}),
    # Its recorded command sets a variable, as a shell would.
    "asks-for-gpu": (["\t./main"],
                     '[ "$SUBLANE_DEVICE_TYPE" = gpu ] && echo PASS || '
                     'echo "no GPU: FAIL"', {}),
    "uses-mpi": (["\t./main"], "echo PASS", {"main.cpp": "#include <mpi.h>\n"}),
}


def make_checkout(root):
    for name, (run, script, extra) in PROGRAMS.items():
        folder = os.path.join(root, "src", name + "-sycl")
        os.makedirs(folder)
        with open(os.path.join(folder, "Makefile"), "w") as out:
            out.write(MAKEFILE.format(run="\n".join(run)))
        with open(os.path.join(folder, "main.sh"), "w") as out:
            out.write("#!/bin/sh\n" + script + "\n")
        for file, text in extra.items():
            with open(os.path.join(folder, file), "w") as out:
                out.write(text)
    archived = os.path.join(root, "src", "archived-input-sycl")
    with open(os.path.join(archived, "in.mtx"), "w") as out:
        out.write("%%MatrixMarket\n")
    subprocess.run(["tar", "czf", "in.mtx.tgz", "in.mtx"], cwd=archived,
                   check=True)
    os.remove(os.path.join(archived, "in.mtx"))


def process_runs(pid):
    """Whether `pid` is a live process (a killed one may stay a zombie until
    its new parent reaps it)."""
    for _ in range(20):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return False
        except FileNotFoundError:
            return False
        time.sleep(0.1)
    return True


def main():
    failures = []

    def expect(row, key, value):
        if row.get(key) != value:
            failures.append(f"{row['program']}: {key} is {row.get(key)!r}, "
                            f"expected {value!r}")

    with tempfile.TemporaryDirectory() as root:
        make_checkout(root)
        table = os.path.join(root, "rows.json")
        args_file = os.path.join(root, "args.json")
        with open(args_file, "w") as out:
            json.dump({"passes-sycl": "./main 1",
                       "asks-for-gpu-sycl": "SUBLANE_DEVICE_TYPE=gpu ./main"},
                      out)
        out = subprocess.run(
            [sys.executable, RUNNER, "--hecbench", root, "--wrapper",
             "/bin/true", "--jobs", "2", "--run-timeout", "4",
             "--args-file", args_file, "--scale-timeouts", "--record-scaled",
             "--long-timeout", "12", "--json", table],
            capture_output=True, text=True)
        print(out.stdout + out.stderr)
        rows = {r["program"][:-len("-sycl")]: r for r in json.load(open(table))}
        expect(rows["passes"], "result", "pass")
        expect(rows["passes"], "command", "./main 1")
        expect(rows["passes"], "scaled", True)
        expect(rows["fails"], "result", "wrong-result")
        expect(rows["counts-no-failures"], "result", "pass")
        expect(rows["counts-no-incorrect"], "result", "pass")
        expect(rows["two-steps"], "result", "pass")
        expect(rows["two-steps"], "command",
               "./main write && ./main check")
        expect(rows["slow"], "result", "pass")
        expect(rows["slow"], "command", "./main 160 3")
        expect(rows["slow"], "scaled_from", "./main 1600 3")
        expect(rows["long-fixed"], "result", "pass")
        expect(rows["long-fixed"], "long", True)
        expect(rows["crashes"], "result", "run-crash")
        expect(rows["crashes"], "reason", "signal 11")
        expect(rows["exits-255"], "result", "run-error")
        expect(rows["no-input"], "result", "excluded")
        expect(rows["load-fails"], "result", "excluded")
        expect(rows["archived-input"], "result", "pass")
        expect(rows["asks-for-gpu"], "result", "pass")
        expect(rows["uses-mpi"], "result", "excluded")
        recorded = json.load(open(args_file))
        if recorded.get("slow-sycl") != "./main 160 3":
            failures.append(f"--record-scaled wrote {recorded}")
        if "8 passed, 3 failed (73% of 11)" not in out.stdout:
            failures.append("summary line: " + out.stdout.splitlines()[-1])

        # A build past --build-timeout is stopped with its compilers: the
        # recipe's process (standing for clang under make) must be gone.
        slow_build = os.path.join(root, "src", "slow-build-sycl")
        os.makedirs(slow_build)
        with open(os.path.join(slow_build, "Makefile"), "w") as out:
            out.write("main:\n\techo $$$$ > compiler.pid; exec sleep 30\n"
                      "clean:\n\trm -f main\nrun: main\n\t./main\n")
        out = subprocess.run(
            [sys.executable, RUNNER, "--hecbench", root, "--wrapper",
             "/bin/true", "--only", "slow-build", "--build-timeout", "2",
             "--json", table], capture_output=True, text=True)
        row = json.load(open(table))[0]
        expect(row, "result", "compile-timeout")
        pid = int(open(os.path.join(slow_build, "compiler.pid")).read())
        if process_runs(pid):
            failures.append("slow-build: its compiler still runs")
            os.kill(pid, 9)

        # A timeout without --scale-timeouts says how far the program got.
        out = subprocess.run(
            [sys.executable, RUNNER, "--hecbench", root, "--wrapper",
             "/bin/true", "--only", "slow", "--run-timeout", "2",
             "--args-file", os.path.join(root, "none.json"), "--json", table],
            capture_output=True, text=True)
        row = json.load(open(table))[0]
        expect(row, "result", "timeout")
        if "1 checks passed and none failed" not in row["reason"]:
            failures.append(f"slow: timeout reason {row['reason']!r}")

    for failure in failures:
        print("FAILED:", failure)
    print("realcode: ok" if not failures else "realcode: failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
