package io.quarry.openapi;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.tool.Limits;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolExtension;
import io.quarry.tool.ToolSupport;
import java.util.Map;

/** {@code context_whoami}: the scope, user and host-supplied claims the calls run as. */
final class WhoamiTool implements ToolExtension {
    static final String NAME = "context_whoami";

    private final OpenApiTools api;

    WhoamiTool(OpenApiTools api) {
        this.api = api;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Who the API calls run as: the user, the scope (tenant, organization, project) and the claims the host "
                + "shares. The host sets them; no call can change them. Example: {}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = ToolSupport.object();
        schema.put("type", "object");
        schema.putObject("properties");
        schema.put("additionalProperties", false);
        return schema;
    }

    @Override
    public ObjectNode handle(ObjectNode arguments, ToolContext context, Limits limits) {
        ObjectNode result = ToolSupport.object();
        if (context.user() != null) {
            result.put("user", context.user());
        } else {
            result.putNull("user");
        }
        ObjectNode scope = result.putObject("scope");
        context.scope().values().forEach(scope::put);
        Map<String, ?> claims = api.claims.apply(context);
        result.set("claims", ToolSupport.tree(claims == null ? Map.of() : claims));
        return result;
    }
}
