"""Drives the server with the official MCP Python SDK, as a foreign client would.

Usage: client.py stdio <examples.json> -- <command> [args...]
       client.py http  <examples.json> <url>

examples.json is a list of {"name": tool, "arguments": {...}} (the README's examples). Prints one
JSON report on stdout: the server's name, the tools listed, for each example whether the call
succeeded and whether its structuredContent validates against the tool's outputSchema (checked by
the SDK itself and again here with jsonschema's Draft 2020-12 validator), a resource read, the
prompt, and a clean end of the session. Exits 1 when anything failed.
"""

import asyncio
import json
import os
import sys

from jsonschema import Draft202012Validator
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client


async def exercise(session: ClientSession, examples: list) -> dict:
    report: dict = {"problems": []}
    init = await session.initialize()
    report["server"] = init.server_info.name
    report["protocol"] = init.protocol_version
    listed = await session.list_tools()
    schemas = {t.name: t.output_schema for t in listed.tools}
    report["tools"] = sorted(schemas)
    calls = []
    for example in examples:
        name = example["name"]
        entry = {"name": name}
        try:
            result = await session.call_tool(name, example["arguments"])
            entry["is_error"] = bool(result.is_error)
            structured = result.structured_content
            schema = schemas.get(name)
            if schema is None or structured is None:
                entry["validated"] = False
                report["problems"].append(f"{name}: no outputSchema or no structuredContent")
            else:
                Draft202012Validator.check_schema(schema)
                errors = sorted(Draft202012Validator(schema).iter_errors(structured), key=lambda e: list(e.path))
                entry["validated"] = not errors
                for e in errors[:5]:
                    report["problems"].append(f"{name}: {'/'.join(map(str, e.path))}: {e.message[:200]}")
            if result.is_error:
                report["problems"].append(f"{name}: isError: {result.content[0].text[:200] if result.content else ''}")
        except Exception as e:  # the SDK's own output validation raises here
            entry["exception"] = f"{type(e).__name__}: {e}"[:500]
            report["problems"].append(f"{name}: {entry['exception']}")
        calls.append(entry)
    report["calls"] = calls
    resource = await session.read_resource("gundam://docs/scenario-format")
    report["resource_chars"] = len(resource.contents[0].text)
    prompt = await session.get_prompt("answer_ruling", {"question": "Can a rested unit block?"})
    report["prompt_messages"] = len(prompt.messages)
    return report


async def main() -> int:
    mode, examples_path = sys.argv[1], sys.argv[2]
    with open(examples_path, encoding="utf-8") as f:
        examples = json.load(f)
    if mode == "stdio":
        command = sys.argv[sys.argv.index("--") + 1 :]
        params = StdioServerParameters(command=command[0], args=command[1:], env={**os.environ, "LOG_LEVEL": "silent"})
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                report = await exercise(session, examples)
    elif mode == "http":
        async with streamable_http_client(sys.argv[3]) as streams:
            read, write = streams[0], streams[1]
            async with ClientSession(read, write) as session:
                report = await exercise(session, examples)
    else:
        raise SystemExit(f"unknown mode {mode}")
    report["closed"] = True
    print(json.dumps(report))
    return 1 if report["problems"] else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
