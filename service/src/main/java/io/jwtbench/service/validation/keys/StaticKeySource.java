package io.jwtbench.service.validation.keys;

import org.jboss.logging.Logger;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** A key set loaded once at {@link #start()}: from a file or inline JSON. Never throws from start(). */
final class StaticKeySource implements KeySource {

    private static final Logger LOG = Logger.getLogger(StaticKeySource.class);

    /** Same bound as the remote default. */
    static final long MAX_FILE_BYTES = RemoteSettings.DEFAULT_MAX_BYTES;

    @FunctionalInterface
    interface Loader {
        String load() throws IOException, JwksException;
    }

    private final String origin;
    private final Loader loader;
    private final Clock clock;
    private final Object lock = new Object();
    private boolean started;

    private volatile KeySet current = KeySet.empty();
    private volatile KeySourceStatus status;

    StaticKeySource(String origin, Loader loader, Clock clock) {
        this.origin = origin;
        this.loader = loader;
        this.clock = clock;
        this.status = new KeySourceStatus(origin, false, 0, null, null, null);
    }

    static StaticKeySource file(Path path, Clock clock) {
        Path p = path.toAbsolutePath();
        return new StaticKeySource("file:" + p, () -> readFile(p), clock);
    }

    static StaticKeySource inline(String json, Clock clock) {
        return new StaticKeySource("inline", () -> json, clock);
    }

    private static String readFile(Path p) throws IOException, JwksException {
        long size;
        try {
            size = Files.size(p);
        } catch (NoSuchFileException e) {
            throw new JwksException("file " + p + " does not exist");
        }
        if (!Files.isRegularFile(p)) {
            throw new JwksException(p + " is not a regular file");
        }
        if (size > MAX_FILE_BYTES) {
            throw new JwksException("file " + p + " is " + size + " bytes, larger than " + MAX_FILE_BYTES);
        }
        return decodeUtf8(Files.readAllBytes(p), "file " + p);
    }

    static String decodeUtf8(byte[] bytes, String what) throws JwksException {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new JwksException(what + " is not valid UTF-8");
        }
    }

    @Override
    public KeySet current() {
        return current;
    }

    @Override
    public CompletionStage<KeySet> refreshForUnknownKid(String kid) {
        return CompletableFuture.completedFuture(current);
    }

    @Override
    public KeySourceStatus status() {
        return status;
    }

    @Override
    public void start() {
        synchronized (lock) {
            if (started) {
                return;
            }
            started = true;
        }
        var attempt = clock.instant();
        try {
            KeySet set = JwksParser.parse(loader.load(), origin, attempt);
            current = set;
            if (set.isEmpty()) {
                status = new KeySourceStatus(origin, false, 0, null, origin + ": no usable keys in JWKS", attempt);
                LOG.warnf("JWKS %s contains no usable keys", origin);
            } else {
                status = new KeySourceStatus(origin, true, set.size(), attempt, null, attempt);
                LOG.infof("Loaded %d key(s) from %s", set.size(), origin);
            }
        } catch (IOException | JwksException | RuntimeException e) {
            String msg = origin + ": " + (e instanceof JwksException ? e.getMessage() : e.toString());
            status = new KeySourceStatus(origin, false, 0, null, msg, attempt);
            LOG.errorf("Could not load JWKS: %s", msg);
        }
    }

    @Override
    public void close() {
        // nothing to release
    }
}
