package io.jwtbench.service.gateway;

import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real NGINX ({@code auth_request}) with the configuration of docs/gateways.md, less its optional
 * {@code Content-Length} line (the harder case: NGINX then forwards the client's length without the body). Its
 * connections to the check come from {@value ForwardAuthProfile#TRUSTED_PROXY} ({@code proxy_bind}, the one
 * line added), the service's trusted proxy.
 */
@QuarkusTest
@TestProfile(ForwardAuthProfile.class)
@QuarkusTestResource(LocalIdp.class)
class NginxGatewayTest extends RealGatewayTest {

    @Override
    GatewayProcess start(Path dir, int servicePort, int upstreamPort) throws IOException {
        Path nginx = GatewayProcess.binary("nginx", "apt-get install nginx", "/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx");
        try (java.net.Socket probe = new java.net.Socket()) {
            probe.bind(new java.net.InetSocketAddress(ForwardAuthProfile.TRUSTED_PROXY, 0));
        } catch (java.net.BindException e) {
            org.junit.jupiter.api.Assumptions.abort(ForwardAuthProfile.TRUSTED_PROXY + " is not a local address here: NGINX cannot"
                    + " play the trusted proxy from it, the NGINX gateway tests are skipped");
        }
        List<String> blocks = GatewayDocs.blocks("NGINX", "nginx");
        int port = GatewayProcess.freePort();
        String server = replaced(blocks.get(0), Map.of(GatewayDocs.SERVICE, "127.0.0.1:" + servicePort,
                GatewayDocs.APP, "127.0.0.1:" + upstreamPort, "listen 80;", "listen 127.0.0.1:" + port + ";",
                "/var/cache/nginx/jwt-auth", dir.resolve("cache").toString()));
        String check = replaced(blocks.get(1), Map.of("proxy_set_header Content-Length \"\";", "# (the optional Content-Length line, left out)",
                "proxy_http_version 1.1;", "proxy_http_version 1.1;\nproxy_bind " + ForwardAuthProfile.TRUSTED_PROXY + ";"));
        Files.writeString(dir.resolve("jwt-auth-check.conf"), check);
        for (String temp : List.of("body", "proxy", "fastcgi", "uwsgi", "scgi")) {
            Files.createDirectories(dir.resolve(temp));
        }
        String main = "daemon off;\nmaster_process off;\nworker_processes 1;\npid " + dir.resolve("nginx.pid") + ";\n"
                + "error_log " + dir.resolve("error.log") + " info;\nevents { worker_connections 512; }\nhttp {\n"
                + "access_log " + dir.resolve("access.log") + ";\n"
                + "client_body_temp_path " + dir.resolve("body") + ";\nproxy_temp_path " + dir.resolve("proxy") + ";\n"
                + "fastcgi_temp_path " + dir.resolve("fastcgi") + ";\nuwsgi_temp_path " + dir.resolve("uwsgi") + ";\n"
                + "scgi_temp_path " + dir.resolve("scgi") + ";\n" + server + "}\n";
        Files.writeString(dir.resolve("nginx.conf"), main);
        return GatewayProcess.start(List.of(nginx.toString(), "-p", dir + "/", "-c", dir.resolve("nginx.conf").toString(), "-e",
                dir.resolve("error.log").toString()), dir, Map.of(), port);
    }

    /** {@code text} with each key replaced; a key the page no longer has fails the test. */
    static String replaced(String text, Map<String, String> replacements) {
        String out = text;
        for (Map.Entry<String, String> r : replacements.entrySet()) {
            assertTrue(out.contains(r.getKey()), "docs/gateways.md's NGINX config no longer has " + r.getKey());
            out = out.replace(r.getKey(), r.getValue());
        }
        return out;
    }

    @Override
    int clientStatusFor(int checkStatus) {
        return checkStatus / 100 == 2 || checkStatus == 401 || checkStatus == 403 ? checkStatus : 500;
    }

    @Test
    void aControlCharacterInTheTokenIsA401NotA500() throws IOException {
        String path = newPath("/api/");
        RawHttp.Response r = get(path, "abc\u0001def");
        assertEquals(401, r.status(), "the recipe's guard answers before the check's HTTP decoder would refuse it");
        assertNull(reached(path));
    }

    @Test
    void aSpoofedForwardedUriIsBelievedFromNoOne() throws IOException {
        try (RouteLog log = new RouteLog()) {
            String spoof = newPath("/spoofed-");
            // through NGINX, a trusted proxy: its own X-Forwarded-Uri replaces the client's
            String path = newPath("/api/");
            assertEquals(200, send("GET", path, Tokens.valid("ada"), Map.of("X-Forwarded-Uri", spoof), null).status());
            List<String> lines = log.containing(path);
            assertEquals(1, lines.size(), "the check's log line names the real path: " + lines);
            assertTrue(lines.get(0).contains("(trusted proxy)"), lines.get(0));
            // straight to the service from an untrusted address: its forwarding headers are not read at all
            RawHttp.Response direct = RawHttp.exchange("127.0.0.1", io.restassured.RestAssured.port, RawHttp.request("GET", "/jwt/auth",
                    Map.of("Authorization", "Bearer " + Tokens.valid("ada"), "X-Forwarded-Uri", spoof, "X-Forwarded-Method", "DELETE")),
                    null);
            assertEquals(200, direct.status());
            assertEquals(List.of(), log.containing(spoof), "a spoofed X-Forwarded-Uri is never logged");
        }
    }

    @Test
    void theCacheRecipeAnswersRepeatsFromTheCacheUntilExpAndNeverAcrossUsers() throws Exception {
        try (RouteLog log = new RouteLog()) {
            long exp = Instant.now().getEpochSecond() + 4;
            Map<String, Object> shortLived = Tokens.claims("ada");
            shortLived.put("exp", exp);
            String ada = Tokens.sign(shortLived);
            String first = newPath("/api/");
            assertEquals(200, get(first, ada).status());
            String repeat = newPath("/api/");
            assertEquals(200, get(repeat, ada).status());
            assertEquals(1, log.containing(first).size(), "the first request asked the check");
            assertEquals(List.of(), log.containing(repeat), "the repeat was answered from NGINX's cache");
            assertEquals(List.of("ada"), reached(repeat).all("X-Auth-Request-User"), "a cached answer carries its identity");

            String bob = newPath("/api/");
            assertEquals(200, get(bob, Tokens.valid("bob")).status());
            assertEquals(List.of("bob"), reached(bob).all("X-Auth-Request-User"), "another token is another entry");
            assertEquals(1, log.containing(bob).size());

            // once exp (and the test profile's 1 s of clock skew) has passed, the entry has expired with the token
            long wait = (exp + 2) * 1000 - System.currentTimeMillis();
            Thread.sleep(Math.max(0, wait));
            String late = newPath("/api/");
            RawHttp.Response expired = get(late, ada);
            assertEquals(401, expired.status(), "an expired token is not answered from the cache");
            assertTrue(expired.header("WWW-Authenticate").contains("TOKEN_EXPIRED"));
            assertNull(reached(late));
        }
    }
}
