package io.jwtbench.service.validation.keys;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

import static io.jwtbench.service.validation.keys.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StaticKeySourceTest {

    @TempDir
    Path dir;

    @Test
    void fileLoadsAtStart() throws Exception {
        Path file = dir.resolve("jwks.json");
        Files.writeString(file, setA());
        try (KeySource source = KeySources.file(file)) {
            assertTrue(source.current().isEmpty(), "nothing loaded before start()");
            source.start();
            source.start(); // idempotent
            KeySourceStatus status = source.status();
            assertTrue(status.usable());
            assertEquals(2, status.keyCount());
            assertEquals("file:" + file.toAbsolutePath(), status.origin());
            assertNull(status.lastError());
            assertNotNull(status.lastSuccess());
            assertNotNull(source.current().byKid("a1"));
            KeySet before = source.current();
            CompletableFuture<KeySet> f = source.refreshForUnknownKid("zzz").toCompletableFuture();
            assertTrue(f.isDone(), "static sources answer at once");
            assertSame(before, f.join());
        }
    }

    @Test
    void missingFileIsNotUsableAndSaysWhy() {
        Path file = dir.resolve("absent.json");
        try (KeySource source = KeySources.file(file)) {
            source.start();
            KeySourceStatus status = source.status();
            assertFalse(status.usable());
            assertEquals(0, status.keyCount());
            assertTrue(status.lastError().contains(file.toAbsolutePath().toString()), status.lastError());
            assertTrue(status.lastError().contains("does not exist"), status.lastError());
            assertNotNull(status.lastAttempt());
            assertNull(status.lastSuccess());
        }
    }

    @Test
    void badFilesAreNotUsable() throws Exception {
        Path garbage = dir.resolve("garbage.json");
        Files.writeString(garbage, "{\"keys\": [");
        Path dupMember = dir.resolve("dup.json");
        Files.writeString(dupMember, "{\"keys\":[],\"keys\":[]}");
        Path onlyPrivate = dir.resolve("private.json");
        Files.writeString(onlyPrivate, jwks(handWrittenRsa(RSA_A, "p", "\"d\":\"AAAA\"")));
        Path notUtf8 = dir.resolve("latin1.json");
        Files.write(notUtf8, new byte[] {'{', '"', (byte) 0xE9, '"', ':', '1', '}'});
        for (Path p : new Path[] {garbage, dupMember, onlyPrivate, notUtf8, dir}) {
            try (KeySource source = KeySources.file(p)) {
                source.start();
                assertFalse(source.status().usable(), p.toString());
                assertTrue(source.status().lastError().contains(p.toAbsolutePath().toString()),
                        source.status().lastError());
            }
        }
    }

    @Test
    void inlineLoadsAndReportsErrors() {
        try (KeySource source = KeySources.inline(jwks(okpJwk(ED25519, "ed")))) {
            source.start();
            assertEquals("inline", source.status().origin());
            assertTrue(source.status().usable());
            assertTrue(source.current().byKid("ed").permits("EdDSA"));
        }
        try (KeySource source = KeySources.inline("not json")) {
            source.start();
            assertFalse(source.status().usable());
            assertTrue(source.status().lastError().startsWith("inline: "), source.status().lastError());
        }
        try (KeySource source = KeySources.inline(null)) {
            source.start();
            assertFalse(source.status().usable());
        }
    }
}
