package io.jwtbench.bench.runtime.plan;

import java.util.Arrays;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the server presents in a TLS run: the application's own certificate, or a self-signed one the bench
 * makes of a given key type, to learn what each costs per handshake on this pod.
 */
public enum ServerCertificate {
    APPLICATION("application"), RSA_2048("rsa-2048"), ECDSA_P256("ecdsa-p256");

    public final String jsonName;

    ServerCertificate(String jsonName) {
        this.jsonName = jsonName;
    }

    static ServerCertificate parse(JsonNode node) {
        for (ServerCertificate c : values()) {
            if (node.isTextual() && c.jsonName.equals(node.asText())) {
                return c;
            }
        }
        throw new SpecException("certificate", "must be one of " + Arrays.stream(values()).map(c -> c.jsonName).toList()
                + ", got " + node);
    }

    static ServerCertificate of(Object echoed) {
        for (ServerCertificate c : values()) {
            if (c.jsonName.equals(echoed)) {
                return c;
            }
        }
        return APPLICATION;
    }
}
