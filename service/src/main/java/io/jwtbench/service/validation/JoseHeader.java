package io.jwtbench.service.validation;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;

/**
 * The protected header of a JWS, read with the rules of a validator that trusts nothing it
 * did not configure: only {@code alg}, {@code kid}, {@code typ} and {@code cty} are used;
 * members that would change how the token is processed or where keys come from are refused
 * outright rather than ignored.
 */
record JoseHeader(String alg, String kid, String typ) {

    static JoseHeader parse(byte[] bytes) throws InvalidTokenException {
        String alg = null;
        String kid = null;
        String typ = null;
        String json;
        try {
            json = StrictJson.utf8(bytes);
        } catch (IOException e) {
            throw new InvalidTokenException(Reason.MALFORMED, "header: " + e.getMessage());
        }
        try (JsonParser p = StrictJson.parser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new InvalidTokenException(Reason.MALFORMED, "header is not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = StrictJson.name(p);
                JsonToken value = p.nextToken();
                switch (name) {
                    case "alg" -> alg = string(p, value, name);
                    case "kid" -> kid = string(p, value, name);
                    case "typ" -> typ = string(p, value, name);
                    case "cty" -> {
                        String cty = string(p, value, name);
                        // RFC 7515 §4.1.10: "application/" may be omitted, so both spellings mean a nested JWT.
                        if (Issuer.normaliseType(cty).equals("jwt")) {
                            throw unsupported("nested JWTs (cty JWT) are not accepted");
                        }
                    }
                    // RFC 7515 §4.1.11: every crit member must be understood; this validator
                    // understands none, and an empty crit list is itself invalid.
                    case "crit" -> throw unsupported("crit header: no critical extension is supported");
                    case "zip" -> throw unsupported("compressed payloads (zip) are refused");
                    case "b64" -> throw unsupported("unencoded payloads (b64, RFC 7797) are refused");
                    // Keys come only from the issuer's configured JWKS, never from the token.
                    case "jwk", "jku", "x5u", "x5c" ->
                            throw unsupported("'" + name + "' header: keys are never taken from a token");
                    case "enc" -> throw unsupported("encrypted tokens (JWE) are not accepted");
                    default -> StrictJson.skipChecked(p);
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
                throw new InvalidTokenException(Reason.MALFORMED, "header is not a single JSON object");
            }
        } catch (IOException e) {
            throw new InvalidTokenException(Reason.MALFORMED, "header: " + conciseMessage(e));
        }
        if (alg == null) {
            throw new InvalidTokenException(Reason.MALFORMED, "header has no alg");
        }
        return new JoseHeader(alg, kid, typ);
    }

    private static String string(JsonParser p, JsonToken value, String name) throws IOException, InvalidTokenException {
        if (value != JsonToken.VALUE_STRING) {
            throw new InvalidTokenException(Reason.MALFORMED, "header member '" + name + "' is not a string");
        }
        return StrictJson.text(p);
    }

    private static InvalidTokenException unsupported(String message) {
        return new InvalidTokenException(Reason.UNSUPPORTED_HEADER, message);
    }

    /** Jackson messages carry source excerpts; the first line says what went wrong. */
    static String conciseMessage(IOException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
