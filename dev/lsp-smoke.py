#!/usr/bin/env python3
"""Smoke test of `tessera lsp` (run by .ci/run): starts the server over stdio like an LSP editor would, opens a file
of every language that has an example, and checks the server answers initialize, publishes diagnostics for a broken
file and none for a correct one, and shuts down cleanly. Usage: dev/lsp-smoke.py FILE [FILE...]"""
import json, os, subprocess, sys, threading, time, pathlib

def main(files):
    root = pathlib.Path(__file__).resolve().parent.parent
    env = dict(os.environ, TESSERA_NO_BUILD="1")
    p = subprocess.Popen([str(root / "tessera"), "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, env=env)
    msgs = []
    def reader():
        while True:
            hdr = b""
            while not hdr.endswith(b"\r\n\r\n"):
                c = p.stdout.read(1)
                if not c:
                    return
                hdr += c
            n = int(hdr.split(b"Content-Length:")[1].split(b"\r\n")[0])
            msgs.append(json.loads(p.stdout.read(n)))
    threading.Thread(target=reader, daemon=True).start()
    def send(o):
        b = json.dumps(o).encode()
        p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b)
        p.stdin.flush()
    def wait(pred, secs=60):
        end = time.time() + secs
        while time.time() < end:
            for m in msgs:
                if pred(m):
                    return m
            time.sleep(0.1)
        raise SystemExit("lsp-smoke: timed out; messages so far: %s" % json.dumps(msgs)[:2000])
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
          "params": {"processId": None, "rootUri": root.as_uri(), "capabilities": {}}})
    init = wait(lambda m: m.get("id") == 1)
    if "error" in init:
        raise SystemExit("lsp-smoke: initialize failed: %s" % init["error"].get("message"))
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    for i, f in enumerate(files):
        path = pathlib.Path(f).resolve()
        text = path.read_text()
        for variant, broken in ((text, False), (text + "\n@@ this is not valid @@\n", True)):
            uri = path.with_name("smoke%d%s%s" % (i, "-broken" if broken else "", path.suffix)).as_uri()
            send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                  "params": {"textDocument": {"uri": uri, "languageId": path.suffix[1:], "version": 1, "text": variant}}})
            d = wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
            errors = [x for x in d["params"]["diagnostics"] if x.get("severity", 1) == 1]
            if broken and not errors:
                raise SystemExit("lsp-smoke: no diagnostics for a broken %s" % path.name)
            if not broken and errors:
                raise SystemExit("lsp-smoke: %s reported errors: %s" % (path.name, errors[:3]))
        print("lsp-smoke: %s ok (diagnostics published for the broken copy)" % path.name)
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None})
    wait(lambda m: m.get("id") == 2)
    send({"jsonrpc": "2.0", "method": "exit", "params": None})
    p.stdin.close()
    p.wait(timeout=20)
    print("lsp-smoke: server exited with %d" % p.returncode)

if __name__ == "__main__":
    main(sys.argv[1:])
