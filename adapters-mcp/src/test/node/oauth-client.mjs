// Drives a Quarry MCP server that is an OAuth 2.1 resource server with the official TypeScript SDK
// client and its client-credentials provider: the 401 leads the SDK to the RFC 9728 metadata, from it to
// the authorization server's metadata and token endpoint, and back with a JWT. acme-agent asks for
// quarry.read only, so the tool that needs quarry.aggregate answers 403 insufficient_scope; the SDK
// authorizes once more (its client-credentials flow asks for the provider's scope again, not the
// challenge's) and gives up on the second 403. globex-agent asks for no scope and gets its default,
// both scopes, and the tool runs.
// Usage: node oauth-client.mjs MCP_URL ISSUER
// Prints one JSON line with what it saw; exits non-zero when a check fails.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ClientCredentialsProvider } from "@modelcontextprotocol/sdk/client/auth-extensions.js";

const [url, issuer] = process.argv.slice(2);
const json = (result) => JSON.parse(result.content.find((c) => c.type === "text").text);

async function connect(clientId, scope) {
  const provider = new ClientCredentialsProvider({
    clientId,
    clientSecret: `${clientId}-secret`,
    expectedIssuer: issuer,
    ...(scope ? { scope } : {}),
  });
  const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  const client = new Client({ name: "quarry-typescript-oauth-client-test", version: "0.0.0" });
  await client.connect(transport);
  return { client, provider };
}

const aggregate = {
  name: "aggregate_graph_objects",
  arguments: { type: "Project", group_by: "status", metrics: [{ op: "count" }] },
};
const ids = {};
const scopes = {};
const aggregated = {};
for (const [tenant, scope] of [["acme", "quarry.read"], ["globex", undefined]]) {
  const { client, provider } = await connect(`${tenant}-agent`, scope);
  const { tools } = await client.listTools();
  assert.ok(tools.some((t) => t.name === "aggregate_graph_objects"), "lists aggregate_graph_objects");
  const page = await client.callTool({ name: "query_graph_objects", arguments: { type: "Project", limit: 5 } });
  assert.ok(!page.isError, JSON.stringify(page));
  assert.deepEqual(page.structuredContent, json(page));
  ids[tenant] = json(page).objects.map((o) => o.id);
  scopes[tenant] = provider.tokens().scope;
  try {
    const counted = await client.callTool(aggregate);
    assert.ok(!counted.isError, JSON.stringify(counted));
    assert.ok(json(counted).groups.length > 0, JSON.stringify(counted));
    aggregated[tenant] = "ok";
  } catch (e) {
    aggregated[tenant] = e?.code === 403 ? "403" : String(e?.message ?? e);
  }
  await client.close();
}
assert.equal(ids.acme.filter((id) => ids.globex.includes(id)).length, 0, "no project in both tenants");
console.log(JSON.stringify({ ok: true, tenants: Object.keys(ids), scopes, aggregated }));
