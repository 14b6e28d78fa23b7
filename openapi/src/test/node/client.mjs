// Drives Quarry's API tools over MCP with the official TypeScript SDK client.
// Usage: node client.mjs COMMAND [ARGS...]   (the command starts the server on stdio)
// Prints one JSON line with what it saw; exits non-zero when a check fails.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [command, ...args] = process.argv.slice(2);
const transport = new StdioClientTransport({ command, args, stderr: "inherit" });
const client = new Client({ name: "quarry-openapi-typescript-client-test", version: "0.0.0" });
await client.connect(transport);

const json = (result) => JSON.parse(result.content.find((c) => c.type === "text").text);

const { tools } = await client.listTools();
const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
for (const name of ["find_api", "call_api", "context_whoami"]) {
  assert.ok(byName[name], `${name} is listed`);
}
assert.equal(byName.find_api.annotations?.readOnlyHint, true, "find_api only reads");
assert.equal(byName.call_api.annotations?.readOnlyHint, false, "call_api can change data here");

const found = await client.callTool({ name: "find_api", arguments: { query: "create a task", limit: 3 } });
assert.ok(!found.isError, "find_api succeeds");
const top = json(found).endpoints[0].operation_id;

const create = await client.callTool({
  name: "call_api",
  arguments: { method: "POST", path: "/tasks", body: { title: "Write the docs" } },
});
assert.equal(create.isError, true, "a mutation waits for a confirmation MCP cannot give");

const list = await client.callTool({ name: "call_api", arguments: { method: "GET", path: "/tasks" } });
assert.ok(!list.isError, "a read succeeds");

const ssrf = await client.callTool({
  name: "call_api",
  arguments: { method: "GET", path: "http://169.254.169.254/latest/meta-data" },
});
assert.equal(ssrf.isError, true, "a URL is refused");

const me = await client.callTool({ name: "context_whoami", arguments: {} });

await client.close();
console.log(JSON.stringify({
  ok: true,
  top,
  create: json(create).error.code,
  status: json(list).status,
  ssrf: json(ssrf).error.code,
  tenant: json(me).scope.tenant,
}));
