package io.jwtbench.bench.runtime.fleet;

import java.net.InetAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;

import io.jwtbench.bench.runtime.FleetConfig;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.quarkus.tls.TlsConfiguration;
import io.quarkus.tls.TlsConfigurationRegistry;

/**
 * How a coordinator trusts its pods over HTTPS: the trust store of a TLS registry configuration
 * ({@code quarkus.bench.fleet.tls-configuration-name}, as an issuer's JWKS fetches name theirs), and the name
 * every pod's certificate must carry ({@code quarkus.bench.fleet.tls-server-name}): pods found through a
 * headless Service are IP addresses, which a pod's certificate rarely names, so the certificate is checked
 * against that name instead of the address. The chain is checked by the JDK's trust manager for the
 * configuration's trust store; the name here, as the JDK checks a host name (RFC 6125: a DNS name, a wildcard
 * for the left-most label only; an IP address against the IP addresses the certificate names).
 */
final class FleetTls {
    static final String CONFIGURATION = "quarkus.bench.fleet.tls-configuration-name";
    static final String SERVER_NAME = "quarkus.bench.fleet.tls-server-name";

    private FleetTls() {
    }

    /**
     * The SSL context of a fleet's client; empty without {@value #CONFIGURATION} (the JVM's default trust store
     * then, with the usual host-name check).
     *
     * @throws SpecException on {@code fleet}: an unknown configuration, one without a trust store, or one that trusts all
     */
    static Optional<SSLContext> context(FleetConfig config, Optional<TlsConfigurationRegistry> registry) {
        if (config.tlsConfigurationName().isEmpty()) {
            if (config.tlsServerName().isPresent()) {
                throw new SpecException("fleet", SERVER_NAME + " is checked against the certificates a TLS configuration"
                        + " trusts: set " + CONFIGURATION + " too");
            }
            return Optional.empty();
        }
        String name = config.tlsConfigurationName().get().trim();
        TlsConfiguration tls = registry.flatMap(r -> r.get(name)).orElseThrow(() -> new SpecException("fleet", CONFIGURATION
                + ": no TLS configuration named '" + name + "' (quarkus.tls." + name + ".trust-store.pem.certs, or .p12/.jks,"
                + " with the CA that signed the pods' certificates)"));
        if (tls.isTrustAll()) { // the pods get the fleet's credentials: whoever answers must prove it is one
            throw new SpecException("fleet", CONFIGURATION + ": TLS configuration '" + name + "' trusts all certificates"
                    + " (quarkus.tls." + name + ".trust-all); refused for a fleet, which sends its pods credentials");
        }
        if (tls.getTrustStore() == null) {
            throw new SpecException("fleet", CONFIGURATION + ": TLS configuration '" + name + "' has no trust store (quarkus.tls."
                    + name + ".trust-store.*)");
        }
        try {
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(tls.getTrustStore());
            X509TrustManager chain = null;
            for (TrustManager tm : factory.getTrustManagers()) {
                if (tm instanceof X509TrustManager x) {
                    chain = x;
                }
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] { new Named(chain, config.tlsServerName().map(String::trim)) }, null);
            return Optional.of(context);
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new SpecException("fleet", CONFIGURATION + ": TLS configuration '" + name + "' cannot make an SSL context: "
                    + e.getMessage());
        }
    }

    /**
     * The configuration's chain check, then the name: {@code serverName}, else the host the pod was reached at. An
     * {@link X509ExtendedTrustManager}, so that the JDK leaves the name to it rather than check the address.
     */
    static final class Named extends X509ExtendedTrustManager {
        private final X509TrustManager chain;
        private final Optional<String> serverName;

        Named(X509TrustManager chain, Optional<String> serverName) {
            this.chain = chain;
            this.serverName = serverName;
        }

        @Override
        public void checkServerTrusted(X509Certificate[] certificates, String authType, SSLEngine engine)
                throws CertificateException {
            check(certificates, authType, engine == null ? null : engine.getPeerHost());
        }

        @Override
        public void checkServerTrusted(X509Certificate[] certificates, String authType, Socket socket)
                throws CertificateException {
            check(certificates, authType, socket == null || socket.getInetAddress() == null ? null
                    : socket.getInetAddress().getHostAddress());
        }

        @Override
        public void checkServerTrusted(X509Certificate[] certificates, String authType) throws CertificateException {
            check(certificates, authType, null);
        }

        private void check(X509Certificate[] certificates, String authType, String peerHost) throws CertificateException {
            chain.checkServerTrusted(certificates, authType);
            String expected = serverName.orElse(peerHost);
            if (expected == null || !names(certificates[0], expected)) {
                throw new CertificateException("the pod's certificate does not name " + expected + " (it names "
                        + subjectNames(certificates[0]) + ")" + (serverName.isPresent() ? " (" + SERVER_NAME + ")" : ""));
            }
        }

        @Override
        public void checkClientTrusted(X509Certificate[] certificates, String authType, SSLEngine engine)
                throws CertificateException {
            throw new CertificateException("a fleet's client trusts servers only");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] certificates, String authType, Socket socket)
                throws CertificateException {
            throw new CertificateException("a fleet's client trusts servers only");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] certificates, String authType) throws CertificateException {
            throw new CertificateException("a fleet's client trusts servers only");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return chain.getAcceptedIssuers();
        }
    }

    /** Whether {@code certificate}'s subject alternative names include {@code name}: an IP address or a DNS name. */
    static boolean names(X509Certificate certificate, String name) throws CertificateParsingException {
        Collection<List<?>> alternatives = certificate.getSubjectAlternativeNames();
        if (alternatives == null) {
            return false;
        }
        InetAddress ip = ipLiteral(name);
        for (List<?> alternative : alternatives) {
            int type = (Integer) alternative.get(0);
            String value = String.valueOf(alternative.get(1));
            if (ip != null ? type == 7 && ip.equals(ipLiteral(value)) : type == 2 && dnsMatches(value, name)) {
                return true;
            }
        }
        return false;
    }

    /** A DNS name against a certificate's: equal ignoring case, or {@code *.rest} for one left-most label. */
    static boolean dnsMatches(String pattern, String name) {
        String p = pattern.toLowerCase(Locale.ROOT);
        String n = name.toLowerCase(Locale.ROOT);
        if (!p.startsWith("*.")) {
            return p.equals(n);
        }
        int dot = n.indexOf('.');
        return dot > 0 && n.substring(dot).equals(p.substring(1)) && p.indexOf('.', 2) > 0;
    }

    private static InetAddress ipLiteral(String s) {
        if (s == null || !(s.indexOf(':') >= 0 || s.chars().allMatch(c -> c == '.' || Character.isDigit(c)))) {
            return null;
        }
        try { // a literal: parsed, never looked up
            return InetAddress.getByName(s.startsWith("[") ? s.substring(1, s.length() - 1) : s);
        } catch (UnknownHostException e) {
            return null;
        }
    }

    private static List<String> subjectNames(X509Certificate certificate) {
        List<String> out = new ArrayList<>();
        try {
            if (certificate.getSubjectAlternativeNames() != null) {
                certificate.getSubjectAlternativeNames().forEach(a -> out.add(String.valueOf(a.get(1))));
            }
        } catch (CertificateParsingException e) {
            out.add("unreadable alternative names");
        }
        return out;
    }
}
