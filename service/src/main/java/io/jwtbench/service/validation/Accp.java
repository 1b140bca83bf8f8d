package io.jwtbench.service.validation;

import java.security.Provider;

import com.amazon.corretto.crypto.provider.AmazonCorrettoCryptoProvider;

/**
 * The Amazon Corretto Crypto Provider (AWS-LC through JNI) when its bundled native library loads on this
 * platform (Linux x86-64, the classifier the service depends on), else why not. Used through this instance
 * only: it is never registered as a JVM-wide provider, so TLS and everything else keep the JDK's crypto.
 */
final class Accp {
    /** Null when it does not load. */
    static final Provider PROVIDER;
    /** Why it does not load; null when it does. */
    static final String LOADING_ERROR;

    static {
        Provider loaded = null;
        String error;
        try {
            AmazonCorrettoCryptoProvider accp = AmazonCorrettoCryptoProvider.INSTANCE;
            accp.assertHealthy(); // throws when the native library did not load or failed its self-test
            loaded = accp;
            error = null;
        } catch (Throwable e) { // UnsatisfiedLinkError, NoClassDefFoundError on another platform, a failed self-test
            Throwable cause = e;
            if (e instanceof RuntimeException && AmazonCorrettoCryptoProvider.INSTANCE.getLoadingError() != null) {
                cause = AmazonCorrettoCryptoProvider.INSTANCE.getLoadingError();
            }
            error = cause.toString();
        }
        PROVIDER = loaded;
        LOADING_ERROR = error;
    }

    private Accp() {
    }

    static boolean available() {
        return PROVIDER != null;
    }

    /** "Amazon Corretto Crypto Provider 2.5.0 (AWS-LC ...)". */
    static String describe() {
        return PROVIDER == null ? "not loaded" : "Amazon Corretto Crypto Provider " + PROVIDER.getVersionStr();
    }
}
