"""Drives `skillworld mcp` over stdio with the official Python MCP SDK.

Usage: stdio_client.py SKILLWORLD_BINARY

Builds a world in a temporary directory (two agents, a skill with FMT-6
parameters and a reference file, another agent's private skill), then
checks what an MCP client sees: tools, resources, prompts, tool calls,
list_changed after a write, privacy between agents, unknown tools as error
results, and a clean exit when stdin closes. Exits non-zero on the first
failed check.
"""

import asyncio
import json
import pathlib
import subprocess
import sys
import tempfile

import mcp.types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError as McpError

BINARY = sys.argv[1]
WAIT = 20  # seconds: an upper bound for one answer, never a synchronisation

GREET = """---
name: greet-person
description: Greets a person by name.
parameters:
  - name: who
    type: string
    required: true
    description: Whom to greet
  - name: times
    type: number
    default: 1
---
Say hello to {{who}} {{times}} time(s).
"""

SECRET = """---
name: bob-secret
description: Bob's private recipe.
---
Only Bob may read this.
"""


def run(db, *args):
    subprocess.run([BINARY, "--db", str(db), *args], check=True, capture_output=True)


def build_world(root):
    db = root / "world.redb"
    run(db, "agent", "add", "ada")
    run(db, "agent", "add", "bob")
    greet = root / "skills" / "greet-person"
    (greet / "references").mkdir(parents=True)
    (greet / "SKILL.md").write_text(GREET)
    (greet / "references" / "phrases.md").write_text("Hello! Hi! Good day!\n")
    run(db, "import", str(greet), "--agent", "ada")
    secret = root / "secret" / "bob-secret"
    secret.mkdir(parents=True)
    (secret / "SKILL.md").write_text(SECRET)
    run(db, "import", str(secret), "--agent", "bob")
    return db


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print(f"ok - {what}")


def text_of(result):
    return "".join(block.text for block in result.content if getattr(block, "text", None))


async def session_checks(db):
    changed = asyncio.Event()

    async def on_message(message):
        if isinstance(message, types.ResourceListChangedNotification):
            changed.set()

    params = StdioServerParameters(command=BINARY, args=["--db", str(db), "mcp", "--agent", "ada"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, read_timeout_seconds=WAIT, message_handler=on_message) as session:
            init = await session.initialize()
            check("greet-person" in (init.instructions or ""), "instructions carry the agent's catalog")

            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            check({"skill_search", "skill_create", "skill_load"} <= tools.keys(), "skill tools are listed")
            check(tools["skill_search"].input_schema["required"] == ["query"], "tools carry their JSON Schemas")

            uris = {str(r.uri) for r in (await session.list_resources()).resources}
            check("skill://greet-person/SKILL.md" in uris, "a skill's SKILL.md is a resource")
            check("skill://greet-person/references/phrases.md" in uris, "bundle files are resources")
            check(not any("bob-secret" in uri for uri in uris), "another agent's private skill is not listed")

            searched = await session.call_tool("skill_search", {"query": "greet"})
            check(not searched.is_error and "greet-person" in text_of(searched), "skill_search finds the skill")

            read = await session.read_resource("skill://greet-person/SKILL.md")
            skill_md = read.contents[0].text
            check(skill_md.startswith("---\n") and "name: greet-person" in skill_md, "SKILL.md is exported")
            check("Say hello to {{who}}" in skill_md, "the resource is the skill as written")
            phrases = await session.read_resource("skill://greet-person/references/phrases.md")
            check(phrases.contents[0].text == "Hello! Hi! Good day!\n", "a bundle file reads back")

            prompts = {p.name: p for p in (await session.list_prompts()).prompts}
            arguments = {a.name: a.required for a in prompts["greet-person"].arguments}
            check(arguments == {"who": True, "times": False}, "FMT-6 parameters are prompt arguments")
            prompt = await session.get_prompt("greet-person", {"who": "Ada", "times": "2"})
            check(prompt.messages[0].content.text == "Say hello to Ada 2 time(s).\n", "a prompt renders its arguments")
            try:
                await session.get_prompt("greet-person", {})
                check(False, "a missing required argument fails")
            except McpError as error:
                check("who" in str(error), "a missing required argument is an error naming it")

            created = await session.call_tool(
                "skill_create",
                {"name": "fresh-skill", "description": "Made over MCP.", "content": "Do the fresh thing.\n"},
            )
            check(not created.is_error, "skill_create writes a skill")
            await asyncio.wait_for(changed.wait(), WAIT)
            check(changed.is_set(), "notifications/resources/list_changed arrives after the write")
            uris = {str(r.uri) for r in (await session.list_resources()).resources}
            check("skill://fresh-skill/SKILL.md" in uris, "the new skill is in the resource list")

            try:
                await session.read_resource("skill://bob-secret/SKILL.md")
                check(False, "another agent's private skill cannot be read")
            except McpError:
                check(True, "another agent's private skill cannot be read")
            viewed = await session.call_tool("skill_view", {"name": "bob-secret"})
            check(viewed.is_error, "skill_view of another agent's private skill is an error result")

            unknown = await session.call_tool("no_such_tool", {})
            check(unknown.is_error and "Unknown tool" in text_of(unknown), "an unknown tool is an error result")
            again = await session.list_tools()
            check(len(again.tools) == len(tools), "the session goes on after the unknown tool")


def exits_when_stdin_closes(db):
    process = subprocess.Popen(
        [BINARY, "--db", str(db), "mcp", "--agent", "ada"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    hello = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"},
        },
    }
    process.stdin.write((json.dumps(hello) + "\n").encode())
    process.stdin.flush()
    answer = json.loads(process.stdout.readline())
    check(answer["result"]["serverInfo"]["name"] == "skillworld", "a raw client is answered")
    process.stdin.write(b"this is not json\n")
    process.stdin.flush()
    parse_error = json.loads(process.stdout.readline())
    check(
        parse_error.get("error", {}).get("code") == -32700 and "id" in parse_error and parse_error["id"] is None,
        "a line that is not JSON gets -32700 with id null",
    )
    malformed = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": 5}}
    process.stdin.write((json.dumps(malformed) + "\n").encode())
    process.stdin.flush()
    answer = json.loads(process.stdout.readline())
    check(answer.get("error", {}).get("code") == -32602 and answer.get("id") == 2, "malformed params get -32602")
    process.stdin.close()
    code = process.wait(timeout=WAIT)
    check(code == 0, f"the server exits cleanly when stdin closes (exit code {code})")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        db = build_world(pathlib.Path(tmp))
        asyncio.run(session_checks(db))
        exits_when_stdin_closes(db)
    print("mcp stdio: all checks passed")


if __name__ == "__main__":
    main()
