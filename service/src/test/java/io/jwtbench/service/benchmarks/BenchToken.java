package io.jwtbench.service.benchmarks;

import io.jsonwebtoken.security.Jwks;
import io.jsonwebtoken.security.PublicJwk;
import io.jwtbench.service.validation.Issuer;
import io.jwtbench.service.validation.IssuerRegistry;
import io.jwtbench.service.validation.JwsAlgorithm;
import io.jwtbench.service.validation.keys.KeySource;
import io.jwtbench.service.validation.keys.KeySources;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What the benchmarks validate: a fresh key pair for {@code alg}, the Keycloak-shaped token it
 * signed, an issuer trusting the key through an inline JWKS (the production parse), and the token's
 * signing input and signature for the raw-verify baselines. Close {@link #keys} after the trial.
 */
record BenchToken(String token, KeyPair pair, KeySource keys, IssuerRegistry registry, byte[] signingInput,
        byte[] signature) {
    static final String ISS = "https://idp.bench/realms/orders";
    static final String KID = "bench-key";

    static BenchToken create(String alg) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance(switch (alg) {
            case "RS256", "PS256" -> "RSA";
            case "ES256" -> "EC";
            default -> "Ed25519";
        });
        if (alg.equals("ES256")) {
            generator.initialize(new ECGenParameterSpec("secp256r1"));
        } else if (alg.startsWith("RS") || alg.startsWith("PS")) {
            generator.initialize(2048);
        }
        KeyPair pair = generator.generateKeyPair();
        String token = ValidatorBenchmark.KeycloakLikeToken.mint(ISS, KID, alg, pair);
        PublicJwk<?> jwk = Jwks.builder().key(pair.getPublic()).idFromThumbprint().build();
        String jwks = "{\"keys\":[" + Jwks.json(jwk).replaceFirst("\"kid\":\"[^\"]*\"", "\"kid\":\"" + KID + "\"") + "]}";
        KeySource keys = KeySources.inline(jwks);
        keys.start();
        IssuerRegistry registry = new IssuerRegistry(List.of(new Issuer("bench", ISS, keys,
                EnumSet.of(JwsAlgorithm.valueOf(alg)), Set.of("orders-api"), null, null, List.of("sub"), true)));
        int dot = token.lastIndexOf('.');
        return new BenchToken(token, pair, keys, registry, token.substring(0, dot).getBytes(StandardCharsets.US_ASCII),
                Base64.getUrlDecoder().decode(token.substring(dot + 1)));
    }
}
