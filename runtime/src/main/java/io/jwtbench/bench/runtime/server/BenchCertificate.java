package io.jwtbench.bench.runtime.server;

import java.io.ByteArrayOutputStream;
import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;

import io.jwtbench.bench.runtime.plan.ServerCertificate;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.PemKeyCertOptions;

/**
 * A fresh key pair of the asked type and a self-signed X.509 v3 certificate for {@code localhost} and
 * {@code 127.0.0.1}, valid for a day: what a bench listener presents to learn what a key type costs per handshake.
 * The JDK has no public API to write a certificate, so this writes its DER (RFC 5280: version, serial, signature
 * algorithm, names, validity, the key, a subjectAltName) and signs it with the JDK's own providers. The key never
 * leaves this process.
 */
record BenchCertificate(X509Certificate certificate, PemKeyCertOptions pem) {
    private static final int[] SHA256_WITH_RSA = {1, 2, 840, 113549, 1, 1, 11};
    private static final int[] ECDSA_WITH_SHA256 = {1, 2, 840, 10045, 4, 3, 2};
    private static final int[] COMMON_NAME = {2, 5, 4, 3};
    private static final int[] SUBJECT_ALT_NAME = {2, 5, 29, 17};

    static BenchCertificate of(ServerCertificate type) {
        try {
            boolean rsa = type == ServerCertificate.RSA_2048;
            KeyPairGenerator generator = KeyPairGenerator.getInstance(rsa ? "RSA" : "EC");
            if (rsa) {
                generator.initialize(2048);
            } else {
                generator.initialize(new ECGenParameterSpec("secp256r1"));
            }
            KeyPair keys = generator.generateKeyPair();
            // RSA's algorithm identifier has NULL parameters, ECDSA's none (RFC 4055, RFC 5758)
            byte[] algorithm = rsa ? seq(oid(SHA256_WITH_RSA), new byte[] {0x05, 0x00}) : seq(oid(ECDSA_WITH_SHA256));
            byte[] name = seq(set(seq(oid(COMMON_NAME), tlv(0x0c, "localhost".getBytes(StandardCharsets.UTF_8)))));
            ZonedDateTime now = ZonedDateTime.now(ZoneOffset.UTC);
            byte[] validity = seq(time(now.minusHours(1)), time(now.plusDays(1)));
            byte[] altNames = seq(tlv(0x82, "localhost".getBytes(StandardCharsets.US_ASCII)), tlv(0x87, new byte[] {127, 0, 0, 1}));
            byte[] extensions = tlv(0xa3, seq(seq(oid(SUBJECT_ALT_NAME), tlv(0x04, altNames))));
            byte[] serial = tlv(0x02, new BigInteger(63, new SecureRandom()).add(BigInteger.ONE).toByteArray());
            byte[] tbs = seq(tlv(0xa0, tlv(0x02, new byte[] {2})), serial, algorithm, name, validity, name,
                    keys.getPublic().getEncoded(), extensions);
            Signature signer = Signature.getInstance(rsa ? "SHA256withRSA" : "SHA256withECDSA");
            signer.initSign(keys.getPrivate());
            signer.update(tbs);
            byte[] signature = signer.sign();
            byte[] bitString = new byte[signature.length + 1]; // no unused bits
            System.arraycopy(signature, 0, bitString, 1, signature.length);
            byte[] der = seq(tbs, algorithm, tlv(0x03, bitString));
            X509Certificate certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der));
            PemKeyCertOptions pem = new PemKeyCertOptions().setCertValue(Buffer.buffer(pem("CERTIFICATE", der)))
                    .setKeyValue(Buffer.buffer(pem("PRIVATE KEY", keys.getPrivate().getEncoded())));
            return new BenchCertificate(certificate, pem);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a " + type.jsonName + " certificate cannot be made here: " + e.getMessage(), e);
        }
    }

    private static String pem(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + label + "-----\n";
    }

    private static byte[] time(ZonedDateTime t) {
        return tlv(0x17, t.format(DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'")).getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] oid(int[] arcs) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(arcs[0] * 40 + arcs[1]);
        for (int i = 2; i < arcs.length; i++) {
            int v = arcs[i];
            int shift = 28;
            while (shift > 0 && (v >>> shift) == 0) {
                shift -= 7;
            }
            for (; shift > 0; shift -= 7) {
                out.write(0x80 | ((v >>> shift) & 0x7f));
            }
            out.write(v & 0x7f);
        }
        return tlv(0x06, out.toByteArray());
    }

    private static byte[] seq(byte[]... parts) {
        return tlv(0x30, concat(parts));
    }

    private static byte[] set(byte[]... parts) {
        return tlv(0x31, concat(parts));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** One DER element: tag, definite length (short or long form), content. */
    private static byte[] tlv(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        int n = content.length;
        if (n < 0x80) {
            out.write(n);
        } else {
            int bytes = n > 0xffff ? 3 : n > 0xff ? 2 : 1;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(n >>> (8 * i));
            }
        }
        out.writeBytes(content);
        return out.toByteArray();
    }
}
