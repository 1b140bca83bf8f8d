package io.jwtbench.bench.runtime.jfr;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.text.ParseException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import jdk.jfr.Configuration;
import jdk.jfr.consumer.RecordingFile;
import jdk.jfr.consumer.RecordingStream;

/**
 * A run's raw recording without the process' secrets. JFR's {@code default} profile records the
 * environment, system and security properties, the JVM's and program's arguments, the process list
 * and the container's configuration: in a pod, where secrets live. The bench's profile is
 * {@code default} with those events off, and the dumped file is filtered again (another recording in
 * the same JVM, e.g. {@code -XX:StartFlightRecording}, may have turned them on) into a file only the
 * process' user can read (0600, in a 0700 directory).
 */
final class PrivateRecording {
    /** Events that carry the process' configuration or other processes' command lines. */
    static final Set<String> WITHHELD = Set.of(
            "jdk.InitialEnvironmentVariable", "jdk.InitialSystemProperty", "jdk.InitialSecurityProperty",
            "jdk.SecurityPropertyModification", "jdk.JVMInformation", "jdk.SystemProcess", "jdk.ProcessStart",
            "jdk.ContainerConfiguration", "jdk.OSInformation", "jdk.StringFlag", "jdk.JavaAgent", "jdk.NativeAgent");

    static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");
    static final Set<PosixFilePermission> OWNER_ONLY_DIR = PosixFilePermissions.fromString("rwx------");

    private PrivateRecording() {
    }

    /** JFR's {@code default} settings with every {@link #WITHHELD} event off. */
    static Map<String, String> settings() {
        Map<String, String> settings;
        try {
            settings = new HashMap<>(Configuration.getConfiguration("default").getSettings());
        } catch (IOException | ParseException e) {
            throw new IllegalStateException("JFR's default configuration is not available", e);
        }
        for (String event : WITHHELD) {
            settings.keySet().removeIf(key -> key.startsWith(event + "#"));
            settings.put(event + "#enabled", "false");
        }
        return settings;
    }

    /** Dumps {@code stream} to {@code file} (owner-only), without the withheld events. */
    static void dump(RecordingStream stream, Path file) throws IOException {
        Path raw = file.resolveSibling(file.getFileName() + ".raw");
        createOwnerOnly(raw);
        try {
            stream.dump(raw);
            createOwnerOnly(file);
            try (RecordingFile recording = new RecordingFile(raw)) {
                recording.write(file, event -> !WITHHELD.contains(event.getEventType().getName()));
            }
            ownerOnly(file); // whatever the writer did to the mode
        } finally {
            Files.deleteIfExists(raw);
        }
    }

    /**
     * {@code dir}, created 0700 if it does not exist (an existing one is the operator's and keeps its
     * mode: the files in it are 0600 anyway), or, without one, a new 0700 directory of this process
     * in {@code java.io.tmpdir} (never a fixed name another user could have created first).
     */
    static Path directory(java.util.Optional<String> configured) throws IOException {
        if (configured.isEmpty()) {
            return Files.createTempDirectory("jwt-bench-jfr-"); // 0700 on POSIX
        }
        Path dir = Path.of(configured.get());
        if (!Files.isDirectory(dir)) {
            Path parent = dir.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (posix(parent)) {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIR));
            } else {
                Files.createDirectory(dir);
            }
        }
        return dir;
    }

    /** A new, empty, owner-only file (replacing a stale one), so the recording is never readable by others. */
    private static void createOwnerOnly(Path file) throws IOException {
        Files.deleteIfExists(file);
        try {
            if (posix(file.getParent())) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY_FILE));
            } else {
                Files.createFile(file);
            }
        } catch (FileAlreadyExistsException e) {
            throw new IOException("someone else created " + file + " meanwhile", e);
        }
    }

    private static void ownerOnly(Path file) throws IOException {
        if (posix(file.getParent())) {
            Files.setPosixFilePermissions(file, OWNER_ONLY_FILE);
        }
    }

    private static boolean posix(Path path) {
        return path != null && path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
