#!/usr/bin/env python3
"""The end-to-end tests' tiny stdio MCP server (newline-delimited JSON-RPC, stdlib only):
`initialize`, `tools/list` with two tools (`echo`, read-only, and `add`), `tools/call`, empty
resources. Logs every request to $MCP_LOG if set. Configured in a test's CODEX_HOME as
`[mcp_servers.tiny] command = "<python3>" args = ["<this file>"]` (e2e/mcp_skills.rs)."""
import json, os, sys

LOG = os.environ.get("MCP_LOG")
TOOLS = [
    {"name": "echo", "title": "Echo", "description": "Echo the given text back",
     "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
     "annotations": {"readOnlyHint": True}},
    {"name": "add", "description": "Add two numbers",
     "inputSchema": {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["a", "b"]}},
]

def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()

for line in sys.stdin:
    try:
        msg = json.loads(line)
    except Exception:
        continue
    if LOG:
        with open(LOG, "a") as f:
            f.write(json.dumps(msg) + "\n")
    mid, meth = msg.get("id"), msg.get("method")
    if mid is None:
        continue
    if meth == "initialize":
        send({"jsonrpc": "2.0", "id": mid, "result": {
            "protocolVersion": msg["params"].get("protocolVersion", "2025-06-18"),
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": "tiny", "title": "Tiny MCP", "version": "0.1.0"}}})
    elif meth == "tools/list":
        send({"jsonrpc": "2.0", "id": mid, "result": {"tools": TOOLS}})
    elif meth == "tools/call":
        name = msg["params"]["name"]; args = msg["params"].get("arguments") or {}
        if name == "echo":
            res = {"content": [{"type": "text", "text": args.get("text", "")}], "isError": False}
        elif name == "add":
            res = {"content": [{"type": "text", "text": str(args.get("a", 0) + args.get("b", 0))}],
                   "structuredContent": {"sum": args.get("a", 0) + args.get("b", 0)}, "isError": False}
        else:
            res = {"content": [{"type": "text", "text": "unknown tool"}], "isError": True}
        send({"jsonrpc": "2.0", "id": mid, "result": res})
    elif meth in ("resources/list",):
        send({"jsonrpc": "2.0", "id": mid, "result": {"resources": []}})
    elif meth in ("resources/templates/list",):
        send({"jsonrpc": "2.0", "id": mid, "result": {"resourceTemplates": []}})
    elif meth == "ping":
        send({"jsonrpc": "2.0", "id": mid, "result": {}})
    else:
        send({"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": "method not found"}})
