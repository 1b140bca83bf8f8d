package io.jwtbench.service.web.forwardauth;

import io.jwtbench.service.validation.ValidatedToken;
import io.vertx.core.http.HttpHeaders;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which claims a 200 carries in which response headers, and how a value is written.
 *
 * <p>Every header any issuer maps is sent on every 200 (the {@link #absent} marker where this token's issuer
 * does not map it or its claim is absent, null or empty): a gateway that copies a header only when the answer
 * has it would otherwise let a client's own header of that name through. A value is visible ASCII only: a
 * string claim's UTF-8 bytes outside {@code %x21-7E}, and {@code %} and {@code ,}, are percent-encoded, so a
 * raw comma only ever separates the elements of an array claim; a value equal to the marker has its first
 * character encoded. A value longer than {@code maxBytes} is not cut: the token gets {@link TooLarge}.
 */
final class IdentityHeaders {
    /** The presets: header → claim, in the order the headers are sent. */
    static final Map<String, Map<String, String>> PRESETS = Map.of(
            "oauth2-proxy", ordered("X-Auth-Request-User", "sub", "X-Auth-Request-Email", "email", "X-Auth-Request-Groups", "groups"),
            "authelia", ordered("Remote-User", "sub", "Remote-Email", "email", "Remote-Groups", "groups"));

    /** Headers a mapping may not use: HTTP framing, caching, the challenge, and this route's own. */
    private static final Set<String> RESERVED = Set.of("connection", "content-length", "content-type", "transfer-encoding",
            "keep-alive", "te", "trailer", "upgrade", "host", "date", "cache-control", "expires", "pragma", "set-cookie",
            "www-authenticate", "location", "retry-after", "authorization", "cookie", "x-accel-expires",
            ForwardAuthAnswers.REASON.toString().toLowerCase(Locale.ROOT));

    /** One issuer's mapping, aligned with {@link #names}: the claim path of each header, null where it maps none. */
    private record Claims(String[] paths) {
    }

    /** What a valid token's 200 carries: one value per name of {@link #names()}. */
    sealed interface Rendering permits Values, TooLarge {
    }

    record Values(CharSequence[] values) implements Rendering {
    }

    /** A mapped value above the cap: the token is refused rather than its identity cut. */
    record TooLarge(String description) implements Rendering {
    }

    private final CharSequence[] names;
    private final Claims preset;
    private final Map<String, Claims> byIssuer;
    private final int maxBytes;
    private final String absent;
    private final CharSequence absentValue;

    /**
     * @param preset   the preset's name ({@link #PRESETS})
     * @param issuers  issuer name → its own header → claim mapping (replacing the preset for its tokens)
     * @throws IllegalArgumentException naming the property at fault
     */
    IdentityHeaders(String preset, Map<String, Map<String, String>> issuers, int maxBytes, String absent) {
        Map<String, String> presetMapping = PRESETS.get(preset.trim().toLowerCase(Locale.ROOT));
        if (presetMapping == null) {
            throw new IllegalArgumentException(ForwardAuthSettings.PREFIX + "preset: '" + preset + "' is not a preset; use "
                    + String.join(" or ", PRESETS.keySet().stream().sorted().toList()));
        }
        if (absent.isEmpty() || !visibleAscii(absent)) {
            throw new IllegalArgumentException(ForwardAuthSettings.PREFIX + "absent-value: must be visible ASCII (%x21-7E), at least"
                    + " one character: an empty header is dropped by some gateways, which then pass a client's own");
        }
        if (maxBytes < 64) {
            throw new IllegalArgumentException(ForwardAuthSettings.PREFIX + "max-header-bytes: " + maxBytes + " is below 64 bytes");
        }
        // every name, case-insensitively once, in the order they are first mapped: the preset's, then each issuer's
        Map<String, String> all = new LinkedHashMap<>();
        presetMapping.keySet().forEach(name -> all.put(name.toLowerCase(Locale.ROOT), name));
        for (Map.Entry<String, Map<String, String>> issuer : issuers.entrySet()) {
            Set<String> seen = new java.util.HashSet<>();
            for (Map.Entry<String, String> header : issuer.getValue().entrySet()) {
                String property = ForwardAuthSettings.PREFIX + "issuers." + issuer.getKey() + ".headers." + header.getKey();
                String problem = headerNameProblem(header.getKey());
                if (problem != null) {
                    throw new IllegalArgumentException(property + ": " + problem);
                }
                if (!seen.add(header.getKey().toLowerCase(Locale.ROOT))) {
                    throw new IllegalArgumentException(property + ": the header is mapped twice (names are case-insensitive)");
                }
                if (header.getValue() == null || header.getValue().isBlank()) {
                    throw new IllegalArgumentException(property + ": names no claim");
                }
                all.putIfAbsent(header.getKey().toLowerCase(Locale.ROOT), header.getKey());
            }
        }
        List<String> ordered = new ArrayList<>(all.values());
        this.names = ordered.stream().map(HttpHeaders::createOptimized).toArray(CharSequence[]::new);
        this.preset = claims(ordered, presetMapping);
        Map<String, Claims> mapped = new java.util.HashMap<>();
        issuers.forEach((issuer, mapping) -> mapped.put(issuer, claims(ordered, mapping)));
        this.byIssuer = Map.copyOf(mapped);
        this.maxBytes = maxBytes;
        this.absent = absent;
        this.absentValue = HttpHeaders.createOptimized(absent);
    }

    /** Every header a 200 carries, in order. */
    CharSequence[] names() {
        return names;
    }

    /** The token's headers, computed on its first 200 and kept with it (a cache hit of the token reuses them). */
    Rendering of(ValidatedToken token) {
        if (token.rendered().headers() instanceof Rendering kept) {
            return kept;
        }
        Rendering rendering = render(token);
        token.rendered().setHeaders(rendering);
        return rendering;
    }

    Rendering render(ValidatedToken token) {
        Claims claims = byIssuer.getOrDefault(token.issuerName(), preset);
        CharSequence[] values = new CharSequence[names.length];
        for (int i = 0; i < names.length; i++) {
            String path = claims.paths()[i];
            String value = path == null ? null : ClaimText.of(claim(token.claims(), path));
            if (value == null) {
                values[i] = absentValue;
                continue;
            }
            if (value.equals(absent)) {
                value = ClaimText.percent(value.getBytes(StandardCharsets.US_ASCII)[0]) + value.substring(1);
            }
            if (value.length() > maxBytes) {
                return new TooLarge(names[i] + " (claim " + path + ") would be " + value.length() + " bytes, the limit is " + maxBytes
                        + " (" + ForwardAuthSettings.PREFIX + "max-header-bytes)");
            }
            values[i] = HttpHeaders.createOptimized(value);
        }
        return new Values(values);
    }

    /** A top-level claim by its whole name, else a dotted path into nested objects ({@code realm_access.roles}). */
    static Object claim(Map<String, Object> claims, String path) {
        Object value = claims.get(path);
        if (value != null || path.indexOf('.') < 0) {
            return value;
        }
        Object at = claims;
        for (String part : path.split("\\.", -1)) {
            if (!(at instanceof Map<?, ?> object)) {
                return null;
            }
            at = object.get(part);
        }
        return at;
    }

    /** Null if {@code name} may carry an identity: an RFC 9110 token, not one of the {@link #RESERVED} headers. */
    static String headerNameProblem(String name) {
        if (!isToken(name)) {
            return "'" + name + "' is not a header name (RFC 9110 token characters only)";
        }
        String lower = name.toLowerCase(Locale.ROOT);
        if (RESERVED.contains(lower) || lower.startsWith("x-envoy-") || lower.startsWith("proxy-")) {
            return "'" + name + "' is reserved (HTTP framing, caching, credentials or this route's own headers)";
        }
        return null;
    }

    /** An RFC 9110 token: what a header name may be. */
    static boolean isToken(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean tchar = c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!tchar) {
                return false;
            }
        }
        return true;
    }

    static boolean visibleAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x21 || c > 0x7e) {
                return false;
            }
        }
        return true;
    }

    private static Claims claims(List<String> names, Map<String, String> mapping) {
        Map<String, String> byLowerName = new java.util.HashMap<>();
        mapping.forEach((header, claim) -> byLowerName.put(header.toLowerCase(Locale.ROOT), claim.trim()));
        String[] paths = new String[names.size()];
        for (int i = 0; i < paths.length; i++) {
            paths[i] = byLowerName.get(names.get(i).toLowerCase(Locale.ROOT));
        }
        return new Claims(paths);
    }

    private static Map<String, String> ordered(String... headerThenClaim) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < headerThenClaim.length; i += 2) {
            m.put(headerThenClaim[i], headerThenClaim[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }
}
