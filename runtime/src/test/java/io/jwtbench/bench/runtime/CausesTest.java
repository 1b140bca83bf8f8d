package io.jwtbench.bench.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;

import org.junit.jupiter.api.Test;

class CausesTest {

    @Test
    void aRefusedConnectIsNamedOnceWithoutTheFuturesWrapper() throws IOException {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        CompletionException refused;
        try (HttpClient client = HttpClient.newHttpClient()) {
            refused = assertThrows(CompletionException.class, () -> client.sendAsync(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + closedPort + "/")).build(),
                    HttpResponse.BodyHandlers.discarding()).join());
        }
        String words = Causes.inWords(refused);
        assertTrue(words.startsWith("ConnectException"), words);
        assertEquals(1, words.split("ConnectException", -1).length - 1, "the client's copy of the exception is said once: " + words);
        assertTrue(!words.contains("CompletionException"), words);
    }

    @Test
    void eachCauseSaysWhatItAddsAndAWrapperThatOnlyRepeatsItsCauseSaysNothing() {
        NoSuchFileException missing = assertThrows(NoSuchFileException.class,
                () -> Files.readAllBytes(Path.of("/no/such/dir/jwks.json")));
        Exception wrapped = new IllegalStateException("reading the JWKS", new UncheckedIOException(missing));
        assertEquals("IllegalStateException: reading the JWKS, caused by UncheckedIOException, caused by NoSuchFileException: "
                + "/no/such/dir/jwks.json", Causes.inWords(wrapped));
    }

    @Test
    void aLoopingChainEnds() {
        Exception a = new Exception("a");
        Exception b = new Exception("b", a);
        a.initCause(b);
        assertTrue(Causes.inWords(b).length() < 400, Causes.inWords(b));
    }
}
