#!/usr/bin/env python3
"""End to end timings of the Star Wars TCG 20-die attack (Fury 2, Critical Hit 2 against
Parry 2, Evade 1; `benches/swtcg.rs`), issue 30: the CLI's whole process
(`arbiter adjudicate --json`, wall and CPU medians of 41 runs) and `POST /api/adjudicate`
over one keep-alive connection (TCP_NODELAY, 300 requests: median, fastest, tenth
percentile), each with and without `odds`. Start the server first:
`target/release/arbiter serve --db DB --addr 127.0.0.1:PORT`.

Usage: python3 scripts/swtcg_e2e.py ARBITER DB PORT [cli|api|all]
"""
import http.client, json, os, resource, socket, statistics, subprocess, sys, tempfile, time

binary, db, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
mode = sys.argv[4] if len(sys.argv) > 4 else "all"
ATTACK = {"game": "swtcg", "seed": 1, "odds": True,
          "units": [{"id": "A", "side": "dark", "power": 20, "health": 9,
                     "abilities": ["Fury 2", "Critical Hit 2"]},
                    {"id": "D", "side": "light", "power": 1, "health": 12,
                     "abilities": ["Parry 2", "Evade 1"]}],
          "attack": {"attacker": "A", "defender": "D"}}
with_odds = json.dumps(ATTACK)
without = json.dumps({k: v for k, v in ATTACK.items() if k != "odds"})
tmp = tempfile.mkdtemp()
files = {}
for name, text in (("with", with_odds), ("without", without)):
    files[name] = os.path.join(tmp, name + ".json")
    with open(files[name], "w") as f:
        f.write(text)


def cli(path, n=41):
    walls, cpus = [], []
    for _ in range(n):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([binary, "adjudicate", "--json", "--db", db, path], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append(time.perf_counter() - t)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
    return statistics.median(walls) * 1e3, statistics.median(cpus) * 1e3


def api(body, n=300):
    c = http.client.HTTPConnection("127.0.0.1", port)
    c.connect()
    c.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    times = []
    for _ in range(n):
        t = time.perf_counter()
        c.request("POST", "/api/adjudicate", body=body,
                  headers={"Content-Type": "application/json"})
        r = c.getresponse()
        data = r.read()
        times.append(time.perf_counter() - t)
        assert r.status == 200, (r.status, data[:200])
    times.sort()
    return statistics.median(times) * 1e3, times[0] * 1e3, times[n // 10] * 1e3


print("load average before", os.getloadavg())
if mode in ("all", "cli"):
    for name in ("with", "without"):
        wall, cpu = cli(files[name])
        print(f"CLI {name} odds: wall {wall:.2f} ms, CPU {cpu:.2f} ms (medians)")
if mode in ("all", "api"):
    for name, body in (("with", with_odds), ("without", without)):
        median, fastest, p10 = api(body)
        print(f"API {name} odds: median {median:.3f} ms, fastest {fastest:.3f}, p10 {p10:.3f}")
print("load average after", os.getloadavg())
