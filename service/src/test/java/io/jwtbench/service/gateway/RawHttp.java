package io.jwtbench.service.gateway;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, from a chosen local address: the exact bytes a gateway sends (its headers, a
 * {@code Content-Length} without the body), and whether the server closed the connection after answering.
 */
final class RawHttp {
    /** How long an answer may take: far beyond any answer, well below a hang. */
    static final Duration ANSWER_WITHIN = Duration.ofSeconds(20);

    /**
     * @param headers lower-case names, values in order
     * @param closed  the server closed the connection after the answer (false when not probed)
     */
    record Response(int status, Map<String, List<String>> headers, byte[] body, boolean closed) {
        String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? null : values.get(0);
        }

        List<String> all(String name) {
            return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** A request line and headers, as one string; {@code Host} added when absent. */
    static String request(String method, String target, Map<String, String> headers) {
        StringBuilder out = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
        if (headers.keySet().stream().noneMatch(h -> h.equalsIgnoreCase("host"))) {
            out.append("Host: gateway.test\r\n");
        }
        headers.forEach((name, value) -> out.append(name).append(": ").append(value).append("\r\n"));
        return out.append("\r\n").toString();
    }

    /** Sends {@code head} then {@code body} (null: none) from {@code localAddress} and reads one answer. */
    static Response exchange(String localAddress, int port, String head, byte[] body) throws IOException {
        return exchange(localAddress, port, head, body, null);
    }

    /**
     * As {@link #exchange(String, int, String, byte[])}, then waits up to {@code closeProbe} (null: not at all) for
     * the server to close the connection.
     */
    static Response exchange(String localAddress, int port, String head, byte[] body, Duration closeProbe) throws IOException {
        try (Socket socket = new Socket()) {
            try {
                socket.bind(new InetSocketAddress(localAddress, 0));
            } catch (java.net.BindException e) {
                // Linux answers on all of 127.0.0.0/8; elsewhere only 127.0.0.1 may exist
                org.junit.jupiter.api.Assumptions.abort(localAddress + " is not a local address here (" + e.getMessage()
                        + "): the tests that play a trusted proxy from it are skipped");
            }
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            socket.setSoTimeout((int) ANSWER_WITHIN.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            if (body != null) {
                out.write(body);
            }
            out.flush();
            return read(socket, closeProbe);
        }
    }

    private static Response read(Socket socket, Duration closeProbe) throws IOException {
        InputStream in = socket.getInputStream();
        String statusLine = line(in);
        if (statusLine == null) {
            throw new IOException("the server closed the connection without an answer");
        }
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String line = line(in); line != null && !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            headers.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(line.substring(colon + 1).trim());
        }
        List<String> length = headers.get("content-length");
        byte[] body = in.readNBytes(length == null ? 0 : Integer.parseInt(length.get(0)));
        boolean closed = false;
        try {
            if (closeProbe != null) {
                socket.setSoTimeout((int) closeProbe.toMillis());
                closed = in.read() < 0;
            }
        } catch (SocketTimeoutException stillOpen) {
            closed = false;
        } catch (IOException reset) {
            closed = true;
        }
        return new Response(status, headers, body, closed);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                String s = line.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }
}
