package io.jwtbench.service.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;

/**
 * Where the service listens, by profile, as its built-in configuration and the operator's file say together:
 * every interface in prod (a pod's), loopback in dev mode, whose bench is open to whoever reaches it (the README's
 * Dev UI command used to open an unauthenticated load generator to the network: quarkus.http.host=0.0.0.0 had no
 * profile), and in tests.
 */
class ListenAddressTest {

    static SmallRyeConfig config(String profile) throws IOException {
        URL builtIn = ListenAddressTest.class.getClassLoader().getResource("application.properties");
        URL operators = Path.of("..", "application.properties").toUri().toURL();
        return new SmallRyeConfigBuilder().withProfile(profile)
                .withSources(new PropertiesConfigSource(builtIn, 250), new PropertiesConfigSource(operators, 260)).build();
    }

    @ParameterizedTest
    @CsvSource({ "prod, 0.0.0.0", "dev, 127.0.0.1", "test, 127.0.0.1" })
    void theProfileDecidesWhereItListens(String profile, String host) throws IOException {
        assertEquals(host, config(profile).getValue("quarkus.http.host", String.class), profile);
    }
}
