package io.jwtbench.service.validation;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jwtbench.service.bench.KeycloakLikeClaims;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The non-crypto steps of {@link JwtValidator} one by one, on the bench's ~1.2 KB RS256-sized
 * token, to see where validation overhead goes. Run: {@code ./scripts/jmh.sh ValidatorPartsBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ValidatorPartsBenchmark {
    String token;
    byte[] ascii;
    byte[] header;
    byte[] payload;
    CompactToken jws;

    @Setup
    public void setUp() throws Exception {
        long now = Instant.now().getEpochSecond();
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String h = "{\"alg\":\"RS256\",\"typ\":\"JWT\",\"kid\":\"bench-rsa\"}";
        String p = new ObjectMapper().writeValueAsString(KeycloakLikeClaims.create("urn:jwt-bench:bench-issuer", 7, now, now + 3600));
        byte[] fakeSignature = new byte[256];
        token = b64.encodeToString(h.getBytes(StandardCharsets.UTF_8)) + "." + b64.encodeToString(p.getBytes(StandardCharsets.UTF_8))
                + "." + b64.encodeToString(fakeSignature);
        ascii = token.getBytes(StandardCharsets.US_ASCII);
        jws = CompactToken.split(token, ascii);
        header = jws.header();
        payload = jws.payload();
    }

    @Benchmark
    public CompactToken split() throws Exception {
        return CompactToken.split(token, token.getBytes(StandardCharsets.US_ASCII));
    }

    @Benchmark
    public int decodeSegments() throws Exception {
        return jws.header().length + jws.payload().length + jws.signature().length;
    }

    @Benchmark
    public JoseHeader parseHeader() throws Exception {
        return JoseHeader.parse(header);
    }

    @Benchmark
    public String readIss() throws Exception {
        return StrictJson.readTopLevelString(StrictJson.utf8(payload), "iss");
    }

    @Benchmark
    public Map<String, Object> parseClaims() throws Exception {
        return StrictJson.readObject(StrictJson.utf8(payload));
    }

    @Benchmark
    public TokenCache.Key cacheKey() {
        return TokenCache.keyOf(token, ascii);
    }
}
