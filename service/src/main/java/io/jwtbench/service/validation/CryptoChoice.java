package io.jwtbench.service.validation;

import java.util.Optional;

import org.jboss.logging.Logger;

import io.jwtbench.service.config.JwtConfig;

/**
 * {@code jwt.crypto.*} resolved to a library per family, said once at start-up. {@code auto} falls back with one
 * log line where the Amazon Corretto Crypto Provider does not load; asking for {@code accp} by name there stops
 * the start with the property and the reason.
 */
final class CryptoChoice {
    private static final Logger LOG = Logger.getLogger(CryptoChoice.class);

    private CryptoChoice() {
    }

    static SignatureProviders resolve(JwtConfig.CryptoConfig c) {
        SignatureProviders auto = SignatureProviders.auto();
        SignatureProviders chosen = new SignatureProviders(
                family("jwt.crypto.rsa", c.rsa(), c.provider(), auto.rsa()),
                family("jwt.crypto.ecdsa", c.ecdsa(), c.provider(), auto.ecdsa()),
                family("jwt.crypto.eddsa", c.eddsa(), c.provider(), auto.eddsa()));
        String accpError = SignatureProviders.accpLoadingError();
        if (accpError != null && isAuto(c)) {
            LOG.infof("Amazon Corretto Crypto Provider does not load on this platform (%s): signatures verified by %s",
                    accpError, chosen.describe());
        } else {
            LOG.infof("Signatures verified by %s", chosen.describe());
        }
        return chosen;
    }

    private static boolean isAuto(JwtConfig.CryptoConfig c) {
        return c.provider().trim().equalsIgnoreCase("auto") && c.rsa().isEmpty() && c.ecdsa().isEmpty()
                && c.eddsa().isEmpty();
    }

    private static SignatureProvider family(String property, Optional<String> own, String all, SignatureProvider auto) {
        String name = own.isPresent() ? property : "jwt.crypto.provider";
        String value = own.orElse(all);
        if (value.trim().equalsIgnoreCase("auto")) {
            return auto;
        }
        SignatureProvider p;
        try {
            p = SignatureProvider.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(name + ": " + e.getMessage());
        }
        if (!p.loads()) {
            throw new IllegalStateException(name + "=" + value + ": the Amazon Corretto Crypto Provider does not load on"
                    + " this platform (" + SignatureProviders.accpLoadingError() + "); use auto to fall back");
        }
        return p;
    }
}
