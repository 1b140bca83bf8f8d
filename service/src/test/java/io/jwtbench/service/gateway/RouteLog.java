package io.jwtbench.service.gateway;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** The forward-auth route's log lines ({@code jwt.forward-auth}, DEBUG in {@link ForwardAuthProfile}), as the application wrote them. */
final class RouteLog implements AutoCloseable {
    static final String CATEGORY = "jwt.forward-auth";
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Logger logger = Logger.getLogger(CATEGORY);
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            lines.add(record instanceof org.jboss.logmanager.ExtLogRecord ext ? ext.getFormattedMessage() : record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    RouteLog() {
        logger.addHandler(handler);
    }

    /** The lines written so far that contain {@code text}. */
    List<String> containing(String text) {
        return lines.stream().filter(l -> l.contains(text)).toList();
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
    }
}
