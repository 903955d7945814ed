#!/usr/bin/env python3
"""Run a command and account for the CPU of every process it starts (daemons included: this process is
their subreaper), by kind (Chromium's processes, vitest's main and workers, the game servers, the
databases, the type check) and, for the big kinds, by thread: where a test run's CPU goes
(docs/suite-time.md). On a shared machine the CPU a run takes says more than its wall time.

    python3 test/run/run-cpu.py OUT.json -- npm test

Prints the wall time, the exit code, the CPU in all and by kind; OUT.json has the threads too. The total
is exact (getrusage of the reaped children); the kinds are sampled from /proc every 0.2 s, so what a
process does in its last fraction of a sample before it exits is counted in the total only. Linux only.

It also gives each sample's CPU of a process (Chromium's, a server's) to the test file that the vitest
worker it descends from was running then (test-results/cpu/, test/run/file-cpu.ts), and prints each
file's CPU: its worker's own, and Chromium's and the other processes' it started."""
import ctypes, os, sys, time, json, re, resource, signal, collections

PR_SET_CHILD_SUBREAPER = 36
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
HZ = os.sysconf('SC_CLK_TCK')
out_path = sys.argv[1]
cmd = sys.argv[sys.argv.index('--') + 1:]
me = os.getpid()

def stat(path):
    s = open(path).read()
    comm = s[s.index('(') + 1:s.rindex(')')]
    f = s.rsplit(')', 1)[1].split()
    # f[0]=state f[1]=ppid ; utime=f[11] stime=f[12]
    return comm, int(f[1]), (int(f[11]) + int(f[12])) / HZ

def kind_of(pid, comm):
    try:
        c = open(f'/proc/{pid}/cmdline', 'rb').read().replace(b'\0', b' ').decode(errors='replace')
    except OSError:
        return None
    if 'chrom' in c or 'headless' in c:
        m = re.search(r'--type=(\S+)', c)
        if not m: return 'chromium browser'
        t = m.group(1)
        if t == 'utility':
            u = re.search(r'--utility-sub-type=(\S+)', c)
            t += ' ' + (u.group(1).split('.')[-1] if u else '')
        return 'chromium ' + t
    if comm.startswith('postgres') or 'postgres' in c or 'initdb' in c or 'pg_ctl' in c: return 'postgresql (' + comm + ')'
    if 'redis' in c: return 'redis'
    if '/tsc' in c or '/tsgo' in c or 'typescript' in c: return 'type check (tsc, tsgo)'
    if 'esbuild' in c: return 'esbuild'
    if 'workers/forks' in c or 'forks.js' in c: return 'node vitest worker'
    if 'vitest' in c and 'node' in c: return 'node vitest main'
    if 'main.mjs' in c or 'gu-server' in c: return 'node game server'
    if 'scripts/test.mjs' in c: return 'node test.mjs'
    if c.startswith('npm') or 'npm-cli' in c: return 'npm'
    if 'node' in comm or c.startswith('node'): return 'node other: ' + c[:80]
    return 'other: ' + comm

procs = {}     # pid -> dict(kind, comm, cpu, start)
parents = {}   # pid -> its parent's pid, as of the last sample
timeline = []  # (time, the vitest worker a process descends from, 'worker' | 'chromium' | 'children', CPU since the last sample)
threads = {}   # (pid, tid) -> [comm, cpu]
first_cmd = {}

child = os.fork()
if child == 0:
    os.execvp(cmd[0], cmd)

t0 = time.time()
done = False
status = None
def descendants():
    par = {}
    for p in os.listdir('/proc'):
        if not p.isdigit(): continue
        try:
            s = open(f'/proc/{p}/stat').read()
            par[int(p)] = int(s.rsplit(')', 1)[1].split()[1])
        except OSError:
            pass
    parents.clear()
    parents.update(par)
    kids = collections.defaultdict(list)
    for p, pp in par.items(): kids[pp].append(p)
    out, stack = [], [me]
    while stack:
        p = stack.pop()
        for k in kids.get(p, []):
            out.append(k); stack.append(k)
    return out

def sample():
    for pid in descendants():
        try:
            comm, ppid, cpu = stat(f'/proc/{pid}/stat')
        except OSError:
            continue
        rec = procs.get(pid)
        if rec is None or rec['comm'] != comm:
            k = kind_of(pid, comm)
            if k is None: continue
            if rec is None:
                rec = procs[pid] = {'kind': k, 'comm': comm, 'cpu': 0.0, 'base': 0.0}
            else:  # exec'd: keep what it used before under its old kind
                procs[f'{pid}-{len(procs)}'] = dict(rec)
                rec.update(kind=k, comm=comm, base=rec['cpu'])
        delta = cpu - rec['cpu']
        rec['cpu'] = cpu
        k = rec['kind']
        if delta > 0:
            # the vitest worker this process descends from (itself, if it is one)
            w = pid
            while w in parents and w != me and procs.get(w, {}).get('kind') != 'node vitest worker':
                w = parents[w]
            if procs.get(w, {}).get('kind') == 'node vitest worker':
                timeline.append((time.time(), w, 'worker' if w == pid else 'chromium' if k.startswith('chromium') else 'children', delta))
        if k.startswith('chromium') or k.startswith('node vitest main') or k.startswith('node game server') or k.startswith('node vitest worker'):
            try:
                for tid in os.listdir(f'/proc/{pid}/task'):
                    try:
                        tcomm, _, tcpu = stat(f'/proc/{pid}/task/{tid}/stat')
                    except OSError:
                        continue
                    threads[(pid, int(tid))] = [k, tcomm, tcpu]
            except OSError:
                pass

while True:
    sample()
    # reap whatever ended (our command, or orphans handed to us)
    while True:
        try:
            pid, st = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            pid = -1
        if pid <= 0: break
        if pid == child: status = st; end = time.time()
    if status is not None:
        try:
            os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if not descendants(): break
        if time.time() - end > 30: break
    time.sleep(0.2)

ru = resource.getrusage(resource.RUSAGE_CHILDREN)
total = ru.ru_utime + ru.ru_stime
by_kind = collections.Counter()
for rec in procs.values():
    k = rec['kind']
    k = re.sub(r'\(postgres: .*\)', '(postgres backend)', k)
    by_kind[k] += rec['cpu'] - rec.get('base', 0.0)
by_thread = collections.Counter()
for (pid, tid), (k, tcomm, tcpu) in threads.items():
    by_thread[(k.split(' ')[0] + ' ' + k.split(' ')[1] if k.startswith('chromium') else k) + ' / ' + re.sub(r'\d+', '#', tcomm)] += tcpu
sampled = sum(by_kind.values())
res = {'wall': end - t0, 'exit': os.waitstatus_to_exitcode(status), 'total_cpu': total, 'sampled': sampled,
       'by_kind': by_kind.most_common(), 'by_thread': by_thread.most_common(80),
       'processes': collections.Counter(r['kind'] for r in procs.values()).most_common()}
# each file's CPU: what its worker, and the processes the worker started, did while it ran the file
cpu_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'test-results', 'cpu')
ran = []
for name in (os.listdir(cpu_dir) if os.path.isdir(cpu_dir) else []):
    try:
        f = json.load(open(os.path.join(cpu_dir, name)))
    except (OSError, ValueError):
        continue
    if f.get('worker') and f.get('startedAt', 0) / 1000 >= t0 - 1: ran.append(f)
by_file = collections.defaultdict(collections.Counter)
for t, w, group, delta in timeline:
    at = [f for f in ran if f['worker'] == w and f['startedAt'] / 1000 - 0.3 <= t <= f['endedAt'] / 1000 + 0.3]
    by_file[at[0]['file'] if at else '(between files)'][group] += delta
res['by_file'] = {f: dict(c) for f, c in by_file.items()}
json.dump(res, open(out_path, 'w'), indent=1)
print(f"wall {res['wall']:.1f} s, exit {res['exit']}, CPU {total:.1f} s (sampled {sampled:.1f})")
for k, v in by_kind.most_common(): print(f'{v:8.1f}  {k}')
if by_file:
    print('By test file (CPU in all: its worker, Chromium, the other processes it started), the costliest first:')
    for f, c in sorted(by_file.items(), key=lambda fc: -sum(fc[1].values()))[:40]:
        print(f"{sum(c.values()):8.1f}  {c['worker']:6.1f} {c['chromium']:6.1f} {c['children']:6.1f}  {f}")
