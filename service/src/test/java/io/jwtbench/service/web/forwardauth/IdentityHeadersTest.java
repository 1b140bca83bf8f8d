package io.jwtbench.service.web.forwardauth;

import io.jwtbench.service.validation.Issuer;
import io.jwtbench.service.validation.ValidatedToken;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdentityHeadersTest {
    static final int CAP = 100;

    static IdentityHeaders headers(Map<String, Map<String, String>> issuers) {
        return new IdentityHeaders("oauth2-proxy", issuers, CAP, "-");
    }

    static ValidatedToken token(String issuer, Map<String, Object> claims) {
        return new ValidatedToken(issuer, "https://" + issuer, (String) claims.get("sub"), List.of(), 2_000_000_000L, Long.MIN_VALUE,
                List.of(), List.of(), List.of(), claims, null, Issuer.Callers.NONE, new ValidatedToken.Rendered());
    }

    static List<String> values(IdentityHeaders h, ValidatedToken t) {
        IdentityHeaders.Rendering r = h.of(t);
        assertInstanceOf(IdentityHeaders.Values.class, r, r.toString());
        return Arrays.stream(((IdentityHeaders.Values) r).values()).map(CharSequence::toString).toList();
    }

    static Map<String, String> byName(IdentityHeaders h, ValidatedToken t) {
        List<String> values = values(h, t);
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < values.size(); i++) {
            out.put(h.names()[i].toString(), values.get(i));
        }
        return out;
    }

    static String text(Object claim) {
        return ClaimText.of(claim);
    }

    @Test
    void claimsBecomeVisibleAsciiAndARawCommaOnlySeparatesElements() {
        assertEquals("ada", text("ada"));
        assertEquals("Jos%C3%A9", text("José"));
        assertEquals("a%0D%0Ab%09c%20d", text("a\r\nb\tc d"));
        assertEquals("100%25%2Cok", text("100%,ok"));
        assertEquals("%00%7F", text("\u0000\u007f"));
        assertEquals("42", text(42L));
        assertEquals("1.5", text(1.5));
        assertEquals("true", text(true));
        assertEquals("/a,/b%2Cc,3", text(List.of("/a", "/b,c", 3)));
        assertEquals("[1%2C2],x", text(List.of(List.of(1, 2), "x")));
        assertEquals(null, text(null));
        assertEquals(null, text(""));
        assertEquals(null, text(List.of()));
        assertEquals(null, text(java.util.Arrays.asList(null, "")));
    }

    @Test
    void anObjectIsCompactJsonEncodedLikeAString() {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("x", List.of(1, 2));
        object.put("y", "a b\"");
        assertEquals("{\"x\":[1%2C2]%2C\"y\":\"a%20b\\\"\"}", text(object));
    }

    @Test
    void everyNameIsSentTheMarkerWhereAnIssuerMapsNoneOrTheClaimIsAbsent() {
        IdentityHeaders h = headers(Map.of("kc", Map.of("X-Auth-Request-User", "preferred_username", "X-Roles", "realm_access.roles",
                "X-Tenant", "https://example.com/tenant")));
        List<String> names = Arrays.stream(h.names()).map(CharSequence::toString).toList();
        assertEquals(List.of("X-Auth-Request-User", "X-Auth-Request-Email", "X-Auth-Request-Groups"), names.subList(0, 3), "the preset's first");
        assertEquals(java.util.Set.of("X-Roles", "X-Tenant"), java.util.Set.copyOf(names.subList(3, 5)));
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("sub", "u1");
        claims.put("preferred_username", "ada");
        claims.put("email", "ada@example.test");
        claims.put("realm_access", Map.of("roles", List.of("user", "admin")));
        claims.put("https://example.com/tenant", "acme");
        assertEquals(Map.of("X-Auth-Request-User", "ada", "X-Auth-Request-Email", "-", "X-Auth-Request-Groups", "-", "X-Roles", "user,admin",
                "X-Tenant", "acme"), byName(h, token("kc", claims)), "kc's own mapping only");
        assertEquals(Map.of("X-Auth-Request-User", "u1", "X-Auth-Request-Email", "ada@example.test", "X-Auth-Request-Groups", "-", "X-Roles",
                "-", "X-Tenant", "-"), byName(h, token("other", claims)), "the preset");
    }

    @Test
    void aValueEqualToTheMarkerIsEncodedAndAValueAboveTheCapIsRefused() {
        IdentityHeaders h = headers(Map.of());
        assertEquals(List.of("%2D", "-", "-"), values(h, token("any", Map.of("sub", "-"))));
        assertEquals(List.of("x".repeat(CAP), "-", "-"), values(h, token("any", Map.of("sub", "x".repeat(CAP)))));
        IdentityHeaders.Rendering tooLarge = h.of(token("any", Map.of("sub", "u", "groups", List.of("g".repeat(CAP / 2), "h".repeat(CAP / 2)))));
        assertInstanceOf(IdentityHeaders.TooLarge.class, tooLarge);
        assertTrue(((IdentityHeaders.TooLarge) tooLarge).description().startsWith("X-Auth-Request-Groups (claim groups) would be 101 bytes"));
        // encoding counts: 34 characters of é are 102 bytes once encoded three each
        assertInstanceOf(IdentityHeaders.TooLarge.class, h.of(token("any", Map.of("sub", "é".repeat(34)))));
    }

    @Test
    void aTokensHeadersAreComputedOnceAndKeptWithIt() {
        IdentityHeaders h = headers(Map.of());
        ValidatedToken t = token("any", Map.of("sub", "ada"));
        assertSame(h.of(t), h.of(t));
    }
}
