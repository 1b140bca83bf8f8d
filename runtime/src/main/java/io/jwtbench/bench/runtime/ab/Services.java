package io.jwtbench.bench.runtime.ab;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Every build a check starts, so that all are stopped however it ends: by the check, at its end, or by the
 * shutdown hook when the check itself is stopped (TERM, INT).
 */
final class Services implements AutoCloseable {
    private final Path workDir;
    private final List<ServiceProcess> running = new ArrayList<>();
    private final Thread hook = new Thread(this::close, "ab-stop-services");
    private boolean startedAny;

    Services(Path workDir) {
        this.workDir = workDir;
        Runtime.getRuntime().addShutdownHook(hook);
    }

    synchronized ServiceProcess start(String label, Path jar, List<String> javaOptions) {
        ServiceProcess p = ServiceProcess.start(label, jar, workDir, javaOptions);
        running.add(p);
        startedAny = true;
        return p;
    }

    /** Whether any build was started: then its log is worth keeping. */
    synchronized boolean startedAny() {
        return startedAny;
    }

    synchronized void stop(ServiceProcess p) {
        p.close();
        running.remove(p);
    }

    @Override
    public synchronized void close() {
        running.forEach(ServiceProcess::close);
        running.clear();
    }

    /** After a normal end: nothing left to stop, and the hook can go. */
    void release() {
        close();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
    }
}
