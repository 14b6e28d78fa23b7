// Drives a Quarry MCP server over Streamable HTTP with the official TypeScript SDK client.
// Usage: node http-client.mjs BASE_URL   (BASE_URL ends in /mcp; tokens acme-token and globex-token)
// Prints one JSON line with what it saw; exits non-zero when a check fails.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [base] = process.argv.slice(2);
const json = (result) => JSON.parse(result.content.find((c) => c.type === "text").text);

async function connect(url, headers) {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const client = new Client({ name: "quarry-typescript-http-client-test", version: "0.0.0" });
  await client.connect(transport);
  return client;
}

async function refused(url, headers) {
  try {
    const client = await connect(url, headers);
    await client.close();
    return "connected";
  } catch (e) {
    const m = /\b(401|403)\b/.exec(String(e?.code ?? "") + " " + String(e?.message ?? e));
    return m ? m[1] : String(e?.message ?? e);
  }
}

const ids = {};
const seen = {};
for (const tenant of ["acme", "globex"]) {
  const client = await connect(base, { Authorization: `Bearer ${tenant}-token` });
  const { tools } = await client.listTools();
  assert.ok(tools.some((t) => t.name === "query_graph_objects"), "lists query_graph_objects");
  const page = await client.callTool({ name: "query_graph_objects", arguments: { type: "Project", limit: 5 } });
  assert.ok(!page.isError, JSON.stringify(page));
  ids[tenant] = json(page).objects.map((o) => o.id);
  assert.ok(ids[tenant].length > 0, `${tenant} sees projects`);
  seen[tenant] = client;
}
assert.equal(ids.acme.filter((id) => ids.globex.includes(id)).length, 0, "no project in both tenants");

let crossed = 0;
for (const [tenant, other] of [["acme", "globex"], ["globex", "acme"]]) {
  for (const id of ids[other]) {
    const got = await seen[tenant].callTool({ name: "get_graph_object", arguments: { id } });
    assert.equal(got.isError, true, `${tenant} cannot read ${other}'s ${id}`);
    assert.equal(json(got).error.code, "NOT_FOUND");
    crossed++;
  }
  for (const id of ids[tenant]) {
    const got = await seen[tenant].callTool({ name: "get_graph_object", arguments: { id } });
    assert.ok(!got.isError, `${tenant} reads its own ${id}`);
  }
}
for (const client of Object.values(seen)) {
  await client.close();
}

const statuses = [
  await refused(base, {}),
  await refused(base, { Authorization: "Bearer not-a-token" }),
  await refused(`${base}/globex`, { Authorization: "Bearer acme-token" }),
];
console.log(JSON.stringify({ ok: true, tenants: Object.keys(ids), crossed, refused: statuses }));
