#!/usr/bin/env python3
"""Where a command's CPU goes, by process and thread name, from /proc (no agent, nothing in the JVMs).

    scripts/thread-cpu.py REPORT -- COMMAND...     e.g. scripts/thread-cpu.py cpu.txt -- bash .ci/run

Runs COMMAND and, every 2 s until it ends, reads every thread's CPU time (utime + stime) of every process on the
machine; then writes REPORT: CPU seconds by kind of process (the Maven JVM, each module's test JVM, packaged
pods, Keycloak, Chromium, ...) and by kind and thread name (digits folded: "C2 CompilerThread0" and
"C1 CompilerThread1" are "CN CompilerThreadN"). A thread that lives less than 2 s is missed; CPU spent before the
command started is not counted. Exits with COMMAND's exit code. docs/decisions.md ("Where the suite's time goes")
has what it found in the test suite.
"""
import collections
import os
import re
import subprocess
import sys
import time

HZ = os.sysconf('SC_CLK_TCK')


def kind(pid):
    """A process's kind, from its command line."""
    try:
        args = open(f'/proc/{pid}/cmdline', 'rb').read().replace(b'\0', b' ').decode(errors='replace')
    except OSError:
        return '?'
    if 'surefire' in args:  # failsafe's JVM too: it runs surefire's booter
        module = re.search(r'(\w[\w-]*)/target/', args)
        return 'test JVM: ' + (module.group(1) if module else '?')
    if 'plexus-classworlds' in args:
        return 'maven'
    for name, marker in (('keycloak', 'keycloak'), ('packaged service', 'quarkus-run.jar'), ('chromium', 'chrom'),
                         ('nginx', 'nginx'), ('caddy', 'caddy')):
        if marker in args:
            return name
    return 'other: ' + os.path.basename(args.split(' ')[0])


def sample(seen, base, kinds, first):
    for pid in filter(str.isdigit, os.listdir('/proc')):
        if pid not in kinds:
            kinds[pid] = kind(pid)
        try:
            tids = os.listdir(f'/proc/{pid}/task')
        except OSError:
            continue
        for tid in tids:
            try:
                stat = open(f'/proc/{pid}/task/{tid}/stat').read()
            except OSError:
                continue
            name = stat[stat.index('(') + 1:stat.rindex(')')]
            fields = stat[stat.rindex(')') + 2:].split()
            ticks = int(fields[11]) + int(fields[12])
            if first:
                base[(pid, tid)] = ticks
            seen[(pid, tid)] = (kinds[pid], re.sub(r'[0-9#]+', 'N', name), ticks - base.get((pid, tid), 0))


def report(path, seen):
    by_kind, by_thread = collections.Counter(), collections.Counter()
    for process, thread, ticks in seen.values():
        by_kind[process] += ticks / HZ
        by_thread[(process, thread)] += ticks / HZ
    with open(path, 'w') as out:
        out.write(f'CPU seconds, {sum(by_kind.values()):.0f} in all\n== by process\n')
        out.writelines(f'{s:9.1f}  {k}\n' for k, s in by_kind.most_common() if s >= 0.1)
        out.write('== by process | thread\n')
        out.writelines(f'{s:9.1f}  {k[0]} | {k[1]}\n' for k, s in by_thread.most_common(80) if s >= 0.1)


def main():
    if len(sys.argv) < 4 or sys.argv[2] != '--':
        sys.exit(__doc__)
    seen, base, kinds = {}, {}, {}
    sample(seen, base, kinds, True)
    command = subprocess.Popen(sys.argv[3:])
    while command.poll() is None:
        time.sleep(2)
        sample(seen, base, kinds, False)
    report(sys.argv[1], seen)
    sys.exit(command.returncode)


if __name__ == '__main__':
    main()
