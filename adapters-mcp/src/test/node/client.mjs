// Drives a Quarry MCP server with the official TypeScript SDK client.
// Usage: node client.mjs COMMAND [ARGS...]   (the command starts the server on stdio)
// Prints one JSON line with what it saw; exits non-zero when a check fails.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [command, ...args] = process.argv.slice(2);
const transport = new StdioClientTransport({ command, args, stderr: "inherit" });
const client = new Client({ name: "quarry-typescript-client-test", version: "0.0.0" });
await client.connect(transport);

const json = (result) => JSON.parse(result.content.find((c) => c.type === "text").text);

const { tools } = await client.listTools();
const names = tools.map((t) => t.name);
assert.ok(names.includes("get_database_schema") && names.includes("query_graph_objects"), names.join());
for (const tool of tools) {
  assert.equal(tool.annotations?.readOnlyHint, true, `${tool.name} is read-only`);
  assert.equal(tool.inputSchema.type, "object");
  assert.equal(tool.outputSchema?.type, "object", `${tool.name} declares an output schema`);
}

const schema = await client.callTool({ name: "get_database_schema", arguments: { detail: "names" } });
assert.ok(!schema.isError, "get_database_schema succeeds");
assert.match(JSON.stringify(json(schema)), /Task/);

const good = await client.callTool({ name: "query_graph_objects", arguments: { type: "Project", limit: 2 } });
assert.ok(!good.isError, "a good call succeeds");
assert.equal(json(good).returned, 2);
// the SDK has already validated structuredContent against the tool's outputSchema (it throws if not)
assert.deepEqual(good.structuredContent, json(good), "structuredContent is the text's object");

const misspelled = await client.callTool({
  name: "query_graph_objects",
  arguments: { type: "Task", properties: { stauts: "Done" } },
});
assert.equal(misspelled.isError, true, "a misspelled field is an isError result");
assert.equal(json(misspelled).error.code, "UNKNOWN_FIELD");
assert.equal(misspelled.structuredContent, undefined, "an error result is text only");

const hidden = await client.callTool({
  name: "query_graph_objects",
  arguments: { type: "Person", properties: { salary_band: "B" } },
});
assert.equal(hidden.isError, true, "a hidden field is an isError result");
assert.equal(json(hidden).error.code, "UNKNOWN_FIELD");

await client.close();
console.log(JSON.stringify({
  ok: true,
  tools: tools.map((t) => t.name),
  returned: json(good).returned,
  errors: [json(misspelled).error.code, json(hidden).error.code],
}));
