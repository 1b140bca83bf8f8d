package io.jwtbench.service.gateway;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Map;

/**
 * The service as the gateway tests run it: NGINX's connections to the check come from 127.0.0.2 (its
 * {@code proxy_bind}), the only trusted proxy, so a test's own connections from 127.0.0.1 are a stranger's;
 * the local IdP's file issuer has a mapping of its own; an issuer whose JWKS endpoint is down; a clock skew of
 * one second, so that an expired token is refused soon after its exp; a 2 KB cap on a header value; the
 * route's log at DEBUG, where the tests read it.
 */
public class ForwardAuthProfile implements QuarkusTestProfile {
    public static final String TRUSTED_PROXY = "127.0.0.2";
    public static final String DOWN_ISSUER = "https://idp.test/realms/down";
    public static final int MAX_HEADER_BYTES = 2048;

    @Override
    public Map<String, String> getConfigOverrides() {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort(); // nothing listens there once it is closed
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of(
                "jwt.forward-auth.trusted-proxies", TRUSTED_PROXY + ", fd00::/8",
                "jwt.forward-auth.issuers.file.headers.X-Auth-Request-User", "preferred_username",
                "jwt.forward-auth.issuers.file.headers.X-Auth-Request-Roles", "realm_access.roles",
                "jwt.forward-auth.max-header-bytes", String.valueOf(MAX_HEADER_BYTES),
                "jwt.issuers.down.issuer", DOWN_ISSUER,
                "jwt.issuers.down.jwks.url", "http://127.0.0.1:" + closed + "/certs",
                "jwt.clock-skew", "1s",
                "quarkus.log.category.\"jwt.forward-auth\".level", "DEBUG");
    }
}
