package io.jwtbench.service.bench;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.BenchSpecException;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.ExportedRequest;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.stats.Comparability;
import io.jwtbench.service.config.JwtConfig;
import io.jwtbench.service.validation.JwsAlgorithm;
import io.jwtbench.service.validation.JwtValidator;
import io.jwtbench.service.web.BenchRequestPolicy;
import io.jwtbench.service.web.SlowdownInjector;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The {@code jwt} bench target: {@code POST /jwt/validate} with a pool of bearer tokens.
 *
 * <p>Options: {@code tokens} (distinct valid tokens, default 1000: 1 is cache-friendly; the cache is
 * Caffeine's W-TinyLFU, so a pool larger than {@code jwt.cache.max-size} still hits often: the run's
 * {@code jwtCache} section reports the hits and misses it actually measured), {@code cache}
 * ({@code use}, the default, or {@code bypass}: the validator skips its token cache for these requests
 * only, honoured only with the bench's per-process request secret), {@code invalidRatio} (share
 * of requests with a bad signature or an expired token, whose 401 is expected; default 0),
 * {@code algorithm} (RS256, PS256, ES256, EdDSA; default RS256), {@code source} ({@code generated}
 * by the in-memory bench issuer, or {@code file}: the real tokens of {@code jwt.bench.token-file}),
 * {@code model} (the route's execution model: {@code default} = {@code /jwt/validate},
 * {@code event-loop}, {@code worker}, {@code virtual} = {@code /jwt/validate/<model>}), {@code route}
 * ({@code validate}, the default, or {@code forward-auth}: {@code GET /jwt/auth}, the gateways' check, whose
 * models are {@code /jwt/auth-on/<model>}), {@code slowdownUs} (a known CPU cost per request, {@link SlowdownOption}).
 *
 * <p>The tokens of one option set are signed once and reused for {@link #REUSE_TOKENS_FOR}: the
 * models of a compare, prepared together, send the identical requests but for the path
 * ({@code options.tokenPool} is a fingerprint of the tokens, the same in every row).
 */
@Singleton
public class JwtBenchTarget implements BenchTarget {
    static final String PATH = "/jwt/validate";
    static final int MAX_TOKENS = 100_000;
    /** Enough slots that any invalidRatio is met to within 0.1 %. */
    static final int MIN_POOL_WITH_INVALID = 1000;
    /** Execution model → path. */
    static final Map<String, String> MODELS = Map.of("default", PATH, "event-loop", PATH + "/event-loop",
            "worker", PATH + "/worker", "virtual", PATH + "/virtual");
    /**
     * Execution model → path of the gateways' forward-auth route ({@code "route":"forward-auth"}): {@code /jwt/auth}, or
     * the same route on each model (io.jwtbench.service.web.forwardauth.ForwardAuthRoute; named here, not imported, so
     * the bench package does not depend on the web layer's routes).
     */
    static final Map<String, String> FORWARD_AUTH_MODELS = Map.of("default", "/jwt/auth", "event-loop", "/jwt/auth-on/event-loop",
            "worker", "/jwt/auth-on/worker", "virtual", "/jwt/auth-on/virtual");
    static final java.time.Duration REUSE_TOKENS_FOR = java.time.Duration.ofSeconds(60);

    /** The last token set signed, and for which options; reused within REUSE_TOKENS_FOR. */
    private record TokenSet(Options options, List<String> valid, List<String> invalid, String fingerprint,
            long createdNanos) {
    }

    private TokenSet lastTokens;

    private final BenchIssuer issuer;
    private final Optional<Path> tokenFile;
    /** Which libraries verify: a run says what its crypto was. */
    private final JwtValidator validator;
    private final SlowdownInjector slowdown;
    private final PoolSigner signer = new PoolSigner(Runtime.getRuntime().availableProcessors());
    /** The length of one generated token, by algorithm: sizes a pool before it is signed. */
    private final Map<JwsAlgorithm, Integer> sampleLength = new java.util.concurrent.ConcurrentHashMap<>();

    public JwtBenchTarget(BenchIssuer issuer, JwtConfig config, JwtValidator validator, SlowdownInjector slowdown) {
        this.issuer = issuer;
        this.tokenFile = config.bench().tokenFile();
        this.validator = validator;
        this.slowdown = slowdown;
    }

    @jakarta.annotation.PreDestroy
    void stopSigning() {
        signer.close();
    }

    /**
     * Per valid token its String; per pool slot a request holding {@code "Bearer " + token} in its
     * headers and, once sent, its encoded bytes (request line, host, secret header): about
     * {@code 3 × length + 700} bytes a token, with the invalid tokens besides. Charged to
     * {@code tokens} ({@code source} for a file).
     */
    @Override
    public Map<String, Long> footprint(Map<String, Object> options) {
        Options o = checked(options);
        long count;
        long length;
        if (o.fromFile) {
            List<String> file = readTokenFile();
            count = file.size();
            length = (long) file.stream().mapToInt(String::length).average().orElse(0);
        } else {
            count = o.tokens;
            length = sampleLength.computeIfAbsent(o.algorithm, alg -> generate(alg, 1, false).get(0).length());
        }
        long poolSize = o.invalidRatio == 0 ? count : Math.max(count, MIN_POOL_WITH_INVALID);
        long invalid = Math.min((long) Math.floor(poolSize * o.invalidRatio), MIN_POOL_WITH_INVALID);
        long string = length + STRING_OVERHEAD;
        long slot = 2 * length + REQUEST_OVERHEAD;
        return Map.of(o.fromFile ? "source" : "tokens", (count + invalid) * string + poolSize * slot);
    }

    /**
     * Every option read as {@link #prepare} reads it, nothing prepared: the bench asks for the footprint before it
     * asks whether it is free, so a bad option is refused as such even while another run holds the bench.
     */
    private Options checked(Map<String, Object> options) {
        Options o = Options.parse(options);
        Options.bypassCache(options);
        Options.forwardAuth(options);
        SlowdownOption.parse(options, slowdown);
        return o;
    }

    /** A String's header, its array's header and a reference to it. */
    static final int STRING_OVERHEAD = 56;
    /** A request's objects, header map entries and encoded request line, host and secret header. */
    static final int REQUEST_OVERHEAD = 650;

    @Override
    public String name() {
        return "jwt";
    }

    @Override
    public String description() {
        return "POST " + PATH + "[/event-loop|/worker|/virtual] with bearer tokens, or GET /jwt/auth with \"route\":\"forward-auth\""
                + " (options: tokens, cache, invalidRatio, algorithm, source, model, route, slowdownUs)";
    }

    @Override
    public RequestSource prepare(Map<String, Object> options) {
        Options o = Options.parse(options);
        boolean bypassCache = Options.bypassCache(options);
        boolean forwardAuth = Options.forwardAuth(options);
        int slowdownUs = SlowdownOption.parse(options, slowdown);
        String path = (forwardAuth ? FORWARD_AUTH_MODELS : MODELS).get(o.model);
        TokenSet tokens = tokens(o);
        List<String> valid = tokens.valid();
        List<String> invalid = tokens.invalid();
        int poolSize = o.invalidRatio == 0 ? valid.size() : Math.max(valid.size(), MIN_POOL_WITH_INVALID);
        int invalidCount = (int) Math.floor(poolSize * o.invalidRatio);
        BenchRequest[] pool = new BenchRequest[poolSize];
        int nextValid = 0;
        int nextInvalid = 0;
        for (int i = 0; i < poolSize; i++) {
            // Spread the invalid requests evenly (Bresenham) rather than in one block.
            boolean bad = Math.floor((i + 1) * o.invalidRatio) > Math.floor(i * o.invalidRatio);
            String token = bad ? invalid.get(nextInvalid++ % invalid.size()) : valid.get(nextValid++ % valid.size());
            pool[i] = request(forwardAuth ? HttpMethod.GET : HttpMethod.POST, path, token, bad, issuer.requestSecret(), bypassCache,
                    slowdownUs);
        }
        Map<String, Object> description = new LinkedHashMap<>();
        description.put("path", path);
        description.put("route", forwardAuth ? "forward-auth" : "validate");
        description.put("model", o.model);
        description.put("source", o.fromFile ? "file" : "generated");
        description.put("algorithm", o.fromFile ? "as in the file" : o.algorithm.name());
        description.put("tokens", valid.size());
        description.put("invalidRatio", o.invalidRatio);
        description.put("invalidRequestsPerPool", invalidCount);
        description.put("poolSize", poolSize);
        description.put("meanTokenBytes", (int) valid.stream().mapToInt(String::length).average().orElse(0));
        description.put("tokenPool", tokens.fingerprint());
        description.put(Comparability.NOT_COMPARED, List.of("tokenPool")); // re-signed tokens after a minute: the same load
        description.put("cache", bypassCache ? "bypass" : "use");
        description.put("crypto", validator.providers().describe());
        if (slowdownUs > 0) {
            description.put(SlowdownOption.NAME, slowdownUs);
        }
        return new Pool(pool, java.util.Collections.unmodifiableMap(description));
    }

    /**
     * The tokens for these options (the model aside): the last set if it is recent (and, from the token file, if the
     * file still holds those tokens: an operator who rewrites it gets the new ones), else new ones.
     */
    private synchronized TokenSet tokens(Options requested) {
        Options o = requested.withModel("default");
        TokenSet last = lastTokens;
        List<String> fromFile = o.fromFile ? readTokenFile() : null;
        if (last != null && last.options().equals(o) && (fromFile == null || fromFile.equals(last.valid()))
                && System.nanoTime() - last.createdNanos() < REUSE_TOKENS_FOR.toNanos()) {
            return last;
        }
        List<String> valid = fromFile != null ? fromFile : generate(o.algorithm, o.tokens, false);
        int poolSize = o.invalidRatio == 0 ? valid.size() : Math.max(valid.size(), MIN_POOL_WITH_INVALID);
        int invalidCount = (int) Math.floor(poolSize * o.invalidRatio);
        List<String> invalid = invalidTokens(o, valid, Math.min(invalidCount, MIN_POOL_WITH_INVALID));
        lastTokens = new TokenSet(o, valid, invalid, fingerprint(valid, invalid), System.nanoTime());
        return lastTokens;
    }

    private static String fingerprint(List<String> valid, List<String> invalid) {
        try {
            java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
            for (String t : valid) {
                sha.update(t.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                sha.update((byte) '\n');
            }
            for (String t : invalid) {
                sha.update(t.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                sha.update((byte) '\n');
            }
            return java.util.HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The export's tokens: a file of real ones beside it (the bench's own validate only in this process). */
    static final ExportedRequest.HeaderFromFile TOKENS_FROM_FILE = new ExportedRequest.HeaderFromFile(
            HttpHeaders.AUTHORIZATION.toString(), "Bearer ", "tokens.txt", "bearer tokens the service accepts");

    private record Pool(BenchRequest[] requests, Map<String, Object> describe) implements RequestSource {
        @Override
        public BenchRequest next(long sequence) {
            return requests[(int) (sequence % requests.length)];
        }

        /**
         * Bearer tokens from a file whoever runs the export supplies: the bench's own tokens validate
         * only with its per-process secret, which never leaves, and so does the cache-bypass header it
         * alone makes honoured.
         */
        @Override
        public ExportedRequest exported() {
            return new ExportedRequest(requests[0].method().name(), requests[0].path(), Map.of(), TOKENS_FROM_FILE);
        }
    }

    /**
     * {@code secret}: lets /jwt/validate answer valid for the bench issuer's tokens (BenchIssuer), and
     * is what makes {@code bypassCache} honoured: callers without it cannot skip the cache.
     */
    private static BenchRequest request(HttpMethod method, String path, String token, boolean expectRejection, String secret,
            boolean bypassCache, int slowdownUs) {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap().add(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .add(BenchRequestPolicy.SECRET_HEADER, secret);
        if (bypassCache) {
            headers.add(BenchRequestPolicy.CACHE_HEADER, BenchRequestPolicy.BYPASS);
        }
        return new BenchRequest(method, path, SlowdownOption.addTo(headers, slowdownUs), null, expectRejection);
    }

    private List<String> generate(JwsAlgorithm algorithm, int count, boolean expired) {
        if (!issuer.enabled()) {
            throw new BenchSpecException("source", "the bench issuer is disabled (jwt.bench.enabled=false); use \"source\":\"file\"");
        }
        long now = Instant.now().getEpochSecond();
        long iat = expired ? now - 7200 : now;
        long exp = expired ? now - 3600 : now + 86_400;
        // Signing is the slow part of preparing a run (about 1 ms per RSA token): every core, cancelable.
        return signer.sign(count, user -> issuer.sign(algorithm, KeycloakLikeClaims.create(BenchIssuer.ISS, user, iat, exp)));
    }

    /** Half with a corrupted signature, half expired (file tokens: corrupted signatures only). */
    private List<String> invalidTokens(Options o, List<String> valid, int count) {
        if (count == 0) {
            return List.of();
        }
        int expiredCount = o.fromFile ? 0 : count / 2;
        List<String> expired = expiredCount == 0 ? List.of() : generate(o.algorithm, expiredCount, true);
        List<String> tampered = IntStream.range(0, count - expiredCount)
                .mapToObj(i -> corruptSignature(valid.get(i % valid.size()))).toList();
        List<String> mixed = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            mixed.add(i % 2 == 0 && i / 2 < expired.size() ? expired.get(i / 2) : tampered.get(i % tampered.size()));
        }
        return mixed;
    }

    /** Changes one character in the middle of the signature: still canonical base64url, no longer valid. */
    static String corruptSignature(String token) {
        int start = token.lastIndexOf('.') + 1;
        int at = start + (token.length() - start) / 2;
        char replacement = token.charAt(at) == 'A' ? 'B' : 'A';
        return token.substring(0, at) + replacement + token.substring(at + 1);
    }

    private List<String> readTokenFile() {
        Path file = tokenFile.orElseThrow(() -> new BenchSpecException("source",
                "\"file\" needs jwt.bench.token-file to name a file of tokens, one per line"));
        List<String> tokens;
        try {
            tokens = Files.readAllLines(file).stream().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
        } catch (IOException e) {
            throw new BenchSpecException("source", "cannot read jwt.bench.token-file " + file + ": " + e.getMessage());
        }
        if (tokens.isEmpty()) {
            throw new BenchSpecException("source", "jwt.bench.token-file " + file + " holds no tokens");
        }
        return tokens;
    }

    /** The target's options, validated; every problem names its field. */
    record Options(int tokens, double invalidRatio, JwsAlgorithm algorithm, boolean fromFile, String model) {
        static final List<String> KNOWN = List.of("tokens", "invalidRatio", "algorithm", "source", "model", "cache", "route",
                SlowdownOption.NAME);

        /** {@code "cache":"bypass"}: the bench's requests skip the validator's token cache; default {@code "use"}. */
        static boolean bypassCache(Map<String, Object> options) {
            return switch (String.valueOf(options.getOrDefault("cache", "use"))) {
                case "use" -> false;
                case "bypass" -> true;
                default -> throw new BenchSpecException("cache", "must be \"use\" or \"bypass\", got " + got(options.get("cache")));
            };
        }

        /**
         * {@code "route":"forward-auth"}: {@code GET} the gateways' route, {@code /jwt/auth} (its model variants under
         * {@code /jwt/auth-on/}), which answers with headers only; default {@code "validate"}: {@code POST /jwt/validate}.
         */
        static boolean forwardAuth(Map<String, Object> options) {
            return switch (String.valueOf(options.getOrDefault("route", "validate"))) {
                case "validate" -> false;
                case "forward-auth" -> true;
                default -> throw new BenchSpecException("route", "must be \"validate\" or \"forward-auth\", got " + got(options.get("route")));
            };
        }

        /** An option's value as the caller wrote it: a string quoted, anything else as JSON would show it. */
        static String got(Object value) {
            return value instanceof String text ? "\"" + text + "\"" : String.valueOf(value);
        }

        Options withModel(String m) {
            return new Options(tokens, invalidRatio, algorithm, fromFile, m);
        }

        static Options parse(Map<String, Object> options) {
            for (String name : options.keySet()) {
                if (!KNOWN.contains(name)) {
                    throw new BenchSpecException(name, "unknown option; the jwt target takes " + KNOWN);
                }
            }
            boolean fromFile = switch (String.valueOf(options.getOrDefault("source", "generated"))) {
                case "generated" -> false;
                case "file" -> true;
                default -> throw new BenchSpecException("source", "must be \"generated\" or \"file\", got " + got(options.get("source")));
            };
            if (fromFile && (options.containsKey("tokens") || options.containsKey("algorithm"))) {
                throw new BenchSpecException(options.containsKey("tokens") ? "tokens" : "algorithm",
                        "does not apply to \"source\":\"file\" (the file decides)");
            }
            int tokens = 1000;
            if (options.get("tokens") != null) {
                if (!(options.get("tokens") instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())
                        || n.doubleValue() < 1 || n.doubleValue() > MAX_TOKENS) {
                    throw new BenchSpecException("tokens", "must be a whole number from 1 to " + MAX_TOKENS + ", got " + got(options.get("tokens")));
                }
                tokens = n.intValue();
            }
            double invalidRatio = 0;
            if (options.get("invalidRatio") != null) {
                if (!(options.get("invalidRatio") instanceof Number n) || !(n.doubleValue() >= 0 && n.doubleValue() <= 1)) {
                    throw new BenchSpecException("invalidRatio", "must be a number from 0 to 1, got " + got(options.get("invalidRatio")));
                }
                invalidRatio = n.doubleValue();
            }
            JwsAlgorithm algorithm = JwsAlgorithm.RS256;
            if (options.get("algorithm") != null) {
                algorithm = JwsAlgorithm.of(String.valueOf(options.get("algorithm")));
                if (algorithm == null || !BenchIssuer.ALGORITHMS.contains(algorithm)) {
                    throw new BenchSpecException("algorithm", "must be one of " + BenchIssuer.ALGORITHMS + ", got " + got(options.get("algorithm")));
                }
            }
            String model = String.valueOf(options.getOrDefault("model", "default"));
            if (!MODELS.containsKey(model)) {
                throw new BenchSpecException("model", "unknown model \"" + model + "\"; the jwt target knows "
                        + new java.util.TreeSet<>(MODELS.keySet()));
            }
            return new Options(tokens, invalidRatio, algorithm, fromFile, model);
        }
    }
}
