package io.jwtbench.service.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;

/**
 * A client that gets the header slightly wrong gets the service's own RFC 6750 answer, whatever layer finds the
 * fault, and is counted: white space in the token, a tab where "Bearer" and the token are separated by spaces
 * ({@code "Bearer" 1*SP token}, the same rule for every route and for HTTP security), a control character in
 * a header, headers over {@code quarkus.http.limits.max-header-size}. Before, the first was a 400 without a
 * reason code and uncounted, the tab after a space was a token, and the last two were the HTTP layer's bare
 * 400 and 431: no JSON, no challenge, nothing in the metrics. Raw sockets: an HTTP client would not send these.
 */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
class RequestEdgesTest {
    static final ObjectMapper JSON = new ObjectMapper();

    record Answer(int status, Map<String, String> headers, String body) {
        JsonNode json() throws IOException {
            return JSON.readTree(body);
        }
    }

    /** One request as written, the answer as read (the server closes the connection after these). */
    static Answer raw(String path, byte[] headerBytes) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(headerBytes);
            out.write("Content-Length: 0\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            String text = all.toString(StandardCharsets.UTF_8);
            int end = text.indexOf("\r\n\r\n");
            String[] lines = text.substring(0, end).split("\r\n");
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                headers.put(lines[i].substring(0, colon).toLowerCase(), lines[i].substring(colon + 1).trim());
            }
            return new Answer(Integer.parseInt(lines[0].split(" ")[1]), headers, text.substring(end + 4));
        }
    }

    static Answer authorization(String value) throws IOException {
        return raw("/jwt/validate", ("Authorization: " + value + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
    }

    /** {@code jwt_validations_total{result="invalid_request",reason=..,traffic="live"}} (any reason: null), 0 while absent. */
    static double refused(String reason) {
        Pattern sample = Pattern.compile("^jwt_validations_total\\{(.*)\\} (\\S+)$", Pattern.MULTILINE);
        Matcher m = sample.matcher(given().accept("text/plain").get("/q/metrics").then().statusCode(200).extract().asString());
        double sum = 0;
        while (m.find()) {
            String labels = m.group(1);
            if (labels.contains("result=\"invalid_request\"") && (reason == null || labels.contains("reason=\"" + reason + "\""))
                    && labels.contains("traffic=\"live\"")) {
                sum += Double.parseDouble(m.group(2));
            }
        }
        return sum;
    }

    /** The RFC 6750 answer: status, the challenge naming invalid_request, JSON with the reason code; counted once. */
    static void answeredAndCounted(int status, String reason, String description, Answer a, double before) throws IOException {
        assertEquals(status, a.status(), a.toString());
        assertEquals("application/json", a.headers().get("content-type"), a.toString());
        assertTrue(a.headers().get("www-authenticate").startsWith("Bearer error=\"invalid_request\", error_description=\""),
                a.toString());
        assertEquals("no-store", a.headers().get("cache-control"));
        JsonNode body = a.json();
        assertEquals(false, body.path("valid").asBoolean(true));
        assertEquals("invalid_request", body.path("error").asText());
        assertEquals(reason, body.path("reason").asText(), a.body());
        assertTrue(body.path("message").asText().contains(description), a.body());
        assertEquals(before + 1, refused(reason), "counted as " + reason);
    }

    @Test
    void whiteSpaceInTheTokenHasAReasonAndIsCounted() throws IOException {
        double before = refused("TOKEN_CHARACTERS");
        answeredAndCounted(400, "TOKEN_CHARACTERS", "white space", authorization("Bearer a.b c"), before);
    }

    @Test
    void onlySpacesSeparateBearerFromTheToken() throws IOException {
        double before = refused("MALFORMED_AUTHORIZATION");
        answeredAndCounted(400, "MALFORMED_AUTHORIZATION", "spaces", authorization("Bearer\ta.b.c"), before);
        answeredAndCounted(400, "MALFORMED_AUTHORIZATION", "only spaces", authorization("Bearer \ta.b.c"), before + 1);
        // several spaces are 1*SP; the scheme's case is free: a token, refused as one
        assertEquals(401, authorization("Bearer   a.b.c").status());
        assertEquals(401, authorization("bEARER a.b.c").status());
    }

    @Test
    void anotherSchemesCredentialsAreNoBearerTokenNotAMalformedOne() throws IOException {
        // RFC 6750 §3.1: a client that "attempted using an unsupported authentication method" gets no error code
        double before = refused(null);
        for (String other : new String[] { "Basic dXNlcjpwYXNz", "DPoP eyJhbGciOiJFUzI1NiJ9.e30.c2ln", "Negotiate",
                "basic\tdXNlcjpwYXNz" }) {
            Answer a = authorization(other);
            assertEquals(401, a.status(), other + ": " + a);
            assertEquals("Bearer", a.headers().get("www-authenticate"), other);
            JsonNode body = a.json();
            assertTrue(body.path("message").asText().contains("another scheme"), a.body());
            assertTrue(!body.has("error") && !body.has("reason"), a.body());
        }
        assertEquals(before, refused(null), "no bearer token is not counted as a malformed request");
        // what was meant as a bearer token stays malformed: the scheme run on into the token, or no scheme at all
        for (String meant : new String[] { "Bearereyhdr.payload.sig", "eyhdr.payload.sig" }) {
            Answer a = authorization(meant);
            assertEquals(400, a.status(), meant + ": " + a);
            assertEquals("MALFORMED_AUTHORIZATION", a.json().path("reason").asText(), meant);
        }
    }

    @Test
    void aControlCharacterInAHeaderGetsTheServicesAnswer() throws IOException {
        double before = refused("MALFORMED_HEADERS");
        Answer a = raw("/jwt/validate", "Authorization: Bearer a\u0001b\r\n".getBytes(StandardCharsets.ISO_8859_1));
        answeredAndCounted(400, "MALFORMED_HEADERS", "control character", a, before);
        Answer other = raw("/jwt/validate/worker", "X-Trace: a\u0007b\r\n".getBytes(StandardCharsets.ISO_8859_1));
        answeredAndCounted(400, "MALFORMED_HEADERS", "control character", other, before + 1);
        // other paths keep the HTTP layer's own answer
        Answer health = raw("/q/health/live", "X-Trace: a\u0001b\r\n".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(400, health.status());
        assertTrue(health.body().isEmpty(), health.body());
    }

    @Test
    void headersOverTheLimitGetTheServicesAnswer() throws IOException {
        double before = refused("HEADERS_TOO_LARGE");
        Answer a = authorization("Bearer " + "a".repeat(25_000));
        answeredAndCounted(431, "HEADERS_TOO_LARGE", "20480 bytes (quarkus.http.limits.max-header-size)", a, before);
    }
}
