package io.jwtbench.service.validation;

import static io.jwtbench.service.validation.AttackTokensTest.ISS;
import static io.jwtbench.service.validation.AttackTokensTest.KEYS;
import static io.jwtbench.service.validation.AttackTokensTest.RSA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.jwtbench.service.testing.Jws;

/**
 * NumericDates with a fraction of a second (RFC 7519 §2 allows them) are compared with the clock exactly: a
 * token is not valid before {@code nbf} minus the skew, nor issued more than the skew ahead, to the millisecond.
 * Before, they were rounded down to whole seconds first, so {@code nbf} and {@code iat} of now + 30.5 s passed a
 * 30 s skew. {@code exp} still drops its fraction: it then ends no later than the token says.
 */
class FractionalDatesTest {
    static final long T = 1_800_000_000L;

    static JwtValidator at(long millis) {
        return new JwtValidator(new IssuerRegistry(List.of(new Issuer("a", ISS, KEYS, EnumSet.of(JwsAlgorithm.RS256),
                Set.of(), null, null, List.of(), true))), Duration.ofSeconds(30), 8192,
                Clock.fixed(Instant.ofEpochMilli(millis), ZoneOffset.UTC), null);
    }

    static String token(String dates) {
        return Jws.sign(Jws.header(RSA), "{\"iss\":\"" + ISS + "\",\"sub\":\"u\"," + dates + "}", RSA);
    }

    static Reason refused(JwtValidator validator, String dates) {
        return assertThrows(InvalidTokenException.class, () -> validator.validate(token(dates)), dates).reason();
    }

    @Test
    void nbfAndIatBeyondTheSkewByHalfASecondAreRefused() {
        JwtValidator v = at(T * 1000);
        String exp = "\"exp\":" + (T + 600);
        assertEquals(Reason.TOKEN_NOT_YET_VALID, refused(v, exp + ",\"nbf\":" + (T + 30) + ".5"));
        assertEquals(Reason.ISSUED_IN_FUTURE, refused(v, exp + ",\"iat\":" + (T + 30) + ".5"));
        assertEquals(Reason.TOKEN_NOT_YET_VALID, refused(v, exp + ",\"nbf\":" + (T + 30) + ".001"));
        assertEquals(Reason.ISSUED_IN_FUTURE, refused(v, exp + ",\"iat\":" + (T + 30) + ".0004"));
    }

    @Test
    void withinTheSkewTheyPassToTheMillisecond() throws Exception {
        String exp = "\"exp\":" + (T + 600);
        at(T * 1000).validate(token(exp + ",\"nbf\":" + (T + 30) + ",\"iat\":" + (T + 30) + ".0"));
        at(T * 1000 + 500).validate(token(exp + ",\"nbf\":" + (T + 30) + ".5,\"iat\":" + (T + 30) + ".5"));
        at(T * 1000 + 499).validate(token(exp + ",\"nbf\":" + (T + 30) + ".499"));
        assertEquals(Reason.TOKEN_NOT_YET_VALID, refused(at(T * 1000 + 499), exp + ",\"nbf\":" + (T + 30) + ".5"));
    }

    /** exp's fraction is dropped: the token ends at the whole second before, never after. */
    @Test
    void expEndsNoLaterThanItSays() throws Exception {
        JwtValidator v = at(T * 1000);
        assertEquals(Reason.TOKEN_EXPIRED, refused(v, "\"exp\":" + (T - 31) + ".9"));
        assertEquals(Reason.TOKEN_EXPIRED, refused(v, "\"exp\":" + (T - 30)));
        // T - 29.5 + 30 s of skew is still half a second ahead, but the fraction is dropped: it ends at T - 30 + 30
        assertEquals(Reason.TOKEN_EXPIRED, refused(v, "\"exp\":" + (T - 30) + ".5"));
        v.validate(token("\"exp\":" + (T - 29) + ".0"));
    }
}
