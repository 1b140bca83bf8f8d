package io.jwtbench.service.validation;

import io.jwtbench.service.testing.Jws;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static io.jwtbench.service.validation.AttackTokensTest.ISS;
import static io.jwtbench.service.validation.AttackTokensTest.NOW;
import static io.jwtbench.service.validation.AttackTokensTest.RSA;
import static io.jwtbench.service.validation.AttackTokensTest.VALIDATOR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A JSON escape that decodes to a lone surrogate is refused wherever the validator
 * decodes a string, as raw ill-formed UTF-8 already is. Every token is correctly signed by a trusted
 * key, so the refusal is the surrogate's. (Backslashes are doubled: the token holds the six-character
 * escape {@code \ud800}, not the char.)
 */
class LoneSurrogatesTest {

    /** Lone surrogates, each as JSON escape text. */
    static final String[] LONE = {
            "\\ud800",              // a high surrogate alone
            "\\udc00",              // a low surrogate alone
            "\\udbff",              // the last high surrogate
            "\\ud83dz",             // a high surrogate followed by a letter
            "\\ud83d\\u0041",       // ... by an escaped non-surrogate
            "\\ude00\\ud83d",       // a valid pair reversed
            "\\ud83d\\ud83d\\ude00" // two highs, one low
    };

    static String payload(String sub, String aud, String extraMember) {
        return "{\"iss\":\"" + ISS + "\",\"sub\":\"" + sub + "\",\"aud\":" + aud + ",\"exp\":" + (NOW + 600)
                + (extraMember == null ? "" : "," + extraMember) + "}";
    }

    static void assertMalformed(String where, String token) {
        InvalidTokenException e = assertThrows(InvalidTokenException.class, () -> VALIDATOR.validate(token), where);
        assertEquals(Reason.MALFORMED, e.reason(), where + ": " + e.getMessage());
        assertTrue(e.getMessage().contains("surrogate"), where + ": " + e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6})
    void loneSurrogatesAreRefusedInEveryPlace(int which) {
        String lone = LONE[which];
        String header = "{\"alg\":\"RS256\",\"kid\":\"rsa-1\"}";
        assertMalformed("sub " + lone, Jws.sign(header, payload("u" + lone, "\"orders-api\"", null), RSA));
        assertMalformed("a claim's member name " + lone,
                Jws.sign(header, payload("u", "\"orders-api\"", "\"n" + lone + "\":1"), RSA));
        assertMalformed("a nested member name " + lone,
                Jws.sign(header, payload("u", "\"orders-api\"", "\"realm_access\":{\"r" + lone + "\":[]}"), RSA));
        assertMalformed("an aud element " + lone,
                Jws.sign(header, payload("u", "[\"orders-api\",\"x" + lone + "\"]", null), RSA));
        assertMalformed("iss (the bounded read before the signature) " + lone,
                Jws.sign(header, "{\"iss\":\"" + ISS + lone + "\",\"sub\":\"u\",\"exp\":" + (NOW + 600) + "}", RSA));
        assertMalformed("a member name before iss " + lone,
                Jws.sign(header, "{\"x" + lone + "\":0,\"iss\":\"" + ISS + "\",\"sub\":\"u\",\"aud\":\"orders-api\",\"exp\":"
                        + (NOW + 600) + "}", RSA));
        assertMalformed("header typ " + lone,
                Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"typ\":\"JWT" + lone + "\"}", payload("u", "\"orders-api\"", null), RSA));
        assertMalformed("header member name " + lone,
                Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"t" + lone + "\":\"JWT\"}", payload("u", "\"orders-api\"", null), RSA));
        assertMalformed("an unused header member's value " + lone,
                Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"x-note\":[\"" + lone + "\"]}", payload("u", "\"orders-api\"", null), RSA));
    }

    @Test
    void validSurrogatePairsAreStillAccepted() throws Exception {
        String grin = "\\ud83d\\ude00";  // U+1F600 as an escaped pair
        ValidatedToken t = VALIDATOR.validate(Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"typ\":\"JWT" + grin + "\"}",
                payload("u" + grin, "[\"orders-api\",\"x" + grin + "\"]", "\"n" + grin + "\":\"\\udbff\\udfff\""), RSA));
        assertEquals("u\ud83d\ude00", t.subject());
        assertEquals(List.of("orders-api", "x\ud83d\ude00"), t.audience());
        assertEquals("\udbff\udfff", t.claims().get("n\ud83d\ude00"));
        assertEquals("JWT\ud83d\ude00", t.type());
    }
}
