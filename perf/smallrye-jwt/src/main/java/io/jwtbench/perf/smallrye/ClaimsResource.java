package io.jwtbench.perf.smallrye;

import io.quarkus.security.Authenticated;
import io.smallrye.jwt.JsonUtils;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * What a Quarkus user would write with quarkus-smallrye-jwt: an {@code @Authenticated} endpoint that answers with the
 * caller's claims ({@code /claims}, against {@code /jwt/validate}) and one that answers with no body, the caller in a
 * header ({@code /auth}, against the forward-auth route). Every request verifies the token: smallrye-jwt has no cache.
 */
@Path("/")
@Authenticated
public class ClaimsResource {
    @Inject
    JsonWebToken jwt;

    @GET
    @Path("claims")
    @Produces(MediaType.APPLICATION_JSON)
    public String claims() {
        JsonObjectBuilder claims = Json.createObjectBuilder();
        for (String name : jwt.getClaimNames()) {
            if (!name.equals("raw_token")) {
                claims.add(name, JsonUtils.wrapValue(jwt.getClaim(name)));
            }
        }
        return claims.build().toString();
    }

    @GET
    @Path("auth")
    public Response auth() {
        return Response.ok().header("X-Auth-Request-User", jwt.getSubject()).build();
    }
}
