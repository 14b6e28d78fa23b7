#!/usr/bin/env python3
"""Time to the first tools/list answer of an MCP server over stdio, its CPU time and peak memory.

    python3 bench/cli-start.py cli/bin/quarry mcp
    python3 bench/cli-start.py java -jar cli/target/quarry.jar mcp

Sends initialize, notifications/initialized and tools/list at once, stops the clock at the tools/list answer,
reads the process's CPU time and peak resident size (VmHWM) from /proc, then closes standard input (the
server exits as it does when a client leaves, so a launcher's first run can record its archive). Linux only.
"""
import subprocess, sys, time, json, os
cmd = sys.argv[1:]
reqs = [
 {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}},
 {"jsonrpc":"2.0","method":"notifications/initialized"},
 {"jsonrpc":"2.0","id":2,"method":"tools/list"}]
t0=time.time()
p=subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
for r in reqs: p.stdin.write((json.dumps(r)+"\n").encode())
p.stdin.flush()
while True:
    line=p.stdout.readline()
    if not line: print("EOF"); break
    if b'"id":2' in line: break
t=time.time()-t0
hwm=0
try:
    for l in open(f"/proc/{p.pid}/status"):
        if l.startswith("VmHWM"): hwm=int(l.split()[1])//1024
except Exception: pass
st=open(f"/proc/{p.pid}/stat").read().rsplit(")",1)[1].split()
cpu=(int(st[11])+int(st[12]))/os.sysconf("SC_CLK_TCK")
p.stdin.close(); p.wait(timeout=60)
print(f"{t:.3f} s wall  {cpu:.2f} s cpu  {hwm} MB")
