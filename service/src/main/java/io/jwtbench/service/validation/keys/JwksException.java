package io.jwtbench.service.validation.keys;

/** A JWKS (or discovery) document could not be used as a whole. */
public class JwksException extends Exception {

    public JwksException(String message) {
        super(message);
    }

    public JwksException(String message, Throwable cause) {
        super(message, cause);
    }
}
