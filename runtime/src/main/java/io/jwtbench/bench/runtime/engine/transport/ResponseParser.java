package io.jwtbench.bench.runtime.engine.transport;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * An incremental HTTP/1.1 response parser for one connection, one response at a time (the generator
 * never pipelines). It reads the received buffers in place: lines are found with
 * {@link ByteBuf#indexOf} and only the few headers that frame the message are looked at
 * ({@code Content-Length}, {@code Transfer-Encoding}, {@code Connection}); a body is skipped, only
 * counted. The only copy is of a line split across two reads, into a small per-connection carry.
 *
 * <p>
 * Strict enough for a load generator: a malformed status line, header line, length or chunk
 * framing, obsolete line folding, a 101 nobody asked for, or a head over {@link #MAX_HEAD_BYTES}
 * make {@link #feed} answer {@link #MALFORMED}. Interim 1xx answers are skipped. Without a length
 * the body runs to the end of the connection ({@link #endOfInput}).
 */
final class ResponseParser {
    static final int NEED_MORE = 0;
    static final int COMPLETE = 1;
    static final int MALFORMED = -1;
    /** Status line + headers, and separately the trailers, may not exceed this. */
    static final int MAX_HEAD_BYTES = 64 * 1024;
    /** A chunk-size line (with its extensions) may not exceed this. */
    static final int MAX_CHUNK_LINE = 4096;

    private static final byte CR = '\r';
    private static final byte LF = '\n';
    private static final byte[] HTTP_1 = "HTTP/1.".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONNECTION = "connection".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONTENT_LENGTH = "content-length".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRANSFER_ENCODING = "transfer-encoding".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CHUNKED = "chunked".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLOSE = "close".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEEP_ALIVE = "keep-alive".getBytes(StandardCharsets.US_ASCII);

    private static final int STATUS_LINE = 0;
    private static final int HEADERS = 1;
    private static final int BODY_LENGTH = 2;
    private static final int CHUNK_SIZE = 3;
    private static final int CHUNK_DATA = 4;
    private static final int CHUNK_END = 5;
    private static final int TRAILERS = 6;
    private static final int BODY_UNTIL_CLOSE = 7;
    private static final int DONE = 8;

    private int state = DONE;
    private boolean noBody;
    private int status;
    private boolean http10;
    private long contentLength;
    private boolean transferEncoding;
    private boolean chunked;
    private boolean closeToken;
    private boolean keepAliveToken;
    private boolean closeAfter;
    private long remaining;
    private long bodyBytes;
    private int headBytes;

    // a line split across reads is gathered here
    private byte[] carry = new byte[256];
    private ByteBuf carryBuf = Unpooled.wrappedBuffer(carry);
    private int carryLength;
    // the current line, CR LF excluded: in the received buffer or in carryBuf
    private ByteBuf line;
    private int lineStart;
    private int lineEnd;
    /** Raw length of the current line, terminator included. */
    private int lineBytes;

    /** Before each request: expect a new response. @param headRequest its response has no body */
    void reset(boolean headRequest) {
        state = STATUS_LINE;
        noBody = headRequest;
        bodyBytes = 0;
        closeAfter = false;
        carryLength = 0;
        startMessage();
    }

    private void startMessage() {
        status = 0;
        http10 = false;
        contentLength = -1;
        transferEncoding = false;
        chunked = false;
        closeToken = false;
        keepAliveToken = false;
        headBytes = 0;
    }

    /** Nothing of the response has arrived yet. */
    boolean awaitingStatus() {
        return state == STATUS_LINE && carryLength == 0;
    }

    /** The head is complete, the body (if any) is being read. */
    boolean readingBody() {
        return state >= BODY_LENGTH && state < DONE;
    }

    int status() {
        return status;
    }

    /** Body bytes (chunk payloads, without framing) of the response so far. */
    long bodyBytes() {
        return bodyBytes;
    }

    /** The connection cannot carry another request after this response. */
    boolean closeAfter() {
        return closeAfter;
    }

    /**
     * Consumes bytes of {@code in} from its reader index. On {@link #COMPLETE} the reader index is
     * just after the response (anything left is not part of it); on {@link #NEED_MORE} everything
     * was consumed.
     */
    int feed(ByteBuf in) {
        while (true) {
            switch (state) {
                case STATUS_LINE -> {
                    int r = nextLine(in, MAX_HEAD_BYTES - headBytes);
                    if (r <= 0) {
                        return r;
                    }
                    headBytes += lineBytes;
                    if (!statusLine()) {
                        return MALFORMED;
                    }
                    state = HEADERS;
                }
                case HEADERS -> {
                    int r = nextLine(in, MAX_HEAD_BYTES - headBytes);
                    if (r <= 0) {
                        return r;
                    }
                    headBytes += lineBytes;
                    if (lineEnd == lineStart) {
                        if (!endOfHead()) {
                            return MALFORMED;
                        }
                    } else if (!headerLine()) {
                        return MALFORMED;
                    }
                }
                case BODY_LENGTH, CHUNK_DATA -> {
                    int n = (int) Math.min(remaining, in.readableBytes());
                    in.skipBytes(n);
                    bodyBytes += n;
                    remaining -= n;
                    if (remaining > 0) {
                        return NEED_MORE;
                    }
                    state = state == BODY_LENGTH ? DONE : CHUNK_END;
                }
                case CHUNK_SIZE -> {
                    int r = nextLine(in, MAX_CHUNK_LINE);
                    if (r <= 0) {
                        return r;
                    }
                    long size = chunkSize();
                    if (size < 0) {
                        return MALFORMED;
                    }
                    if (size == 0) {
                        headBytes = 0;
                        state = TRAILERS;
                    } else {
                        remaining = size;
                        state = CHUNK_DATA;
                    }
                }
                case CHUNK_END -> {
                    int r = nextLine(in, 2);
                    if (r <= 0) {
                        return r;
                    }
                    if (lineEnd != lineStart) {
                        return MALFORMED;
                    }
                    state = CHUNK_SIZE;
                }
                case TRAILERS -> {
                    int r = nextLine(in, MAX_HEAD_BYTES - headBytes);
                    if (r <= 0) {
                        return r;
                    }
                    headBytes += lineBytes;
                    if (lineEnd == lineStart) {
                        state = DONE;
                    } else if (colon() < 0) {
                        return MALFORMED;
                    }
                }
                case BODY_UNTIL_CLOSE -> {
                    int n = in.readableBytes();
                    in.skipBytes(n);
                    bodyBytes += n;
                    return NEED_MORE;
                }
                default -> {
                    return COMPLETE;
                }
            }
        }
    }

    /** The peer closed the connection: true when that completes the response (a body to the end). */
    boolean endOfInput() {
        if (state == BODY_UNTIL_CLOSE) {
            state = DONE;
            return true;
        }
        return state == DONE;
    }

    /**
     * Finds the next line of {@code in}: 1 with {@link #line}, {@link #lineStart}, {@link #lineEnd}
     * set (CR LF or a bare LF stripped), {@link #NEED_MORE} with the partial line carried over, or
     * {@link #MALFORMED} when the line would exceed {@code limit} bytes.
     */
    private int nextLine(ByteBuf in, int limit) {
        int from = in.readerIndex();
        int to = in.writerIndex();
        int lf = in.indexOf(from, to, LF);
        int taken = (lf < 0 ? to : lf + 1) - from;
        if (carryLength + taken > limit) {
            return MALFORMED;
        }
        lineBytes = carryLength + taken;
        if (lf < 0) {
            stash(in, from, to - from);
            in.readerIndex(to);
            return NEED_MORE;
        }
        in.readerIndex(lf + 1);
        if (carryLength == 0) {
            line = in;
            lineStart = from;
            lineEnd = lf;
        } else {
            stash(in, from, lf - from);
            line = carryBuf;
            lineStart = 0;
            lineEnd = carryLength;
            carryLength = 0; // the bytes stay readable until the next stash
        }
        if (lineEnd > lineStart && line.getByte(lineEnd - 1) == CR) {
            lineEnd--;
        }
        return 1;
    }

    private void stash(ByteBuf in, int from, int length) {
        if (carryLength + length > carry.length) {
            byte[] bigger = new byte[Math.max(carry.length * 2, carryLength + length)];
            System.arraycopy(carry, 0, bigger, 0, carryLength);
            carry = bigger;
            carryBuf = Unpooled.wrappedBuffer(carry);
        }
        in.getBytes(from, carry, carryLength, length);
        carryLength += length;
    }

    /** {@code HTTP/1.x SSS[ reason]} */
    private boolean statusLine() {
        int s = lineStart;
        if (lineEnd - s < 12 || !startsWith(s, HTTP_1)) {
            return false;
        }
        byte minor = line.getByte(s + 7);
        if ((minor != '0' && minor != '1') || line.getByte(s + 8) != ' ') {
            return false;
        }
        int code = 0;
        for (int i = s + 9; i < s + 12; i++) {
            int d = line.getByte(i) - '0';
            if (d < 0 || d > 9) {
                return false;
            }
            code = code * 10 + d;
        }
        if (code < 100 || (lineEnd > s + 12 && line.getByte(s + 12) != ' ')) {
            return false;
        }
        status = code;
        http10 = minor == '0';
        return true;
    }

    private boolean headerLine() {
        int colon = colon();
        if (colon < 0) {
            return false;
        }
        int nameLength = colon - lineStart;
        if (nameLength == CONTENT_LENGTH.length && equalsIgnoreCase(lineStart, colon, CONTENT_LENGTH)) {
            long length = contentLengthValue(colon + 1);
            if (length < 0 || (contentLength >= 0 && length != contentLength)) {
                return false;
            }
            contentLength = length;
        } else if (nameLength == TRANSFER_ENCODING.length && equalsIgnoreCase(lineStart, colon, TRANSFER_ENCODING)) {
            // the final coding decides: chunked, or else the body runs to the close
            int end = trimEnd(colon + 1, lineEnd);
            int comma = line.indexOf(colon + 1, end, (byte) ',');
            int last = comma < 0 ? colon + 1 : comma + 1;
            while (comma >= 0) {
                last = comma + 1;
                comma = line.indexOf(last, end, (byte) ',');
            }
            int start = trimStart(last, end);
            transferEncoding = true;
            chunked = equalsIgnoreCase(start, end, CHUNKED);
        } else if (nameLength == CONNECTION.length && equalsIgnoreCase(lineStart, colon, CONNECTION)) {
            int from = colon + 1;
            while (from <= lineEnd) {
                int comma = line.indexOf(from, lineEnd, (byte) ',');
                int to = comma < 0 ? lineEnd : comma;
                int start = trimStart(from, to);
                int end = trimEnd(start, to);
                if (equalsIgnoreCase(start, end, CLOSE)) {
                    closeToken = true;
                } else if (equalsIgnoreCase(start, end, KEEP_ALIVE)) {
                    keepAliveToken = true;
                }
                from = to + 1;
            }
        }
        return true;
    }

    /** Index of the colon of a well-formed field line, or -1. */
    private int colon() {
        byte first = line.getByte(lineStart);
        if (first == ' ' || first == '\t') {
            return -1; // obsolete line folding (or whitespace before a name)
        }
        int colon = line.indexOf(lineStart, lineEnd, (byte) ':');
        if (colon <= lineStart) {
            return -1;
        }
        byte beforeColon = line.getByte(colon - 1);
        return beforeColon == ' ' || beforeColon == '\t' ? -1 : colon;
    }

    /** The decimal value, or -1 when it is not one (empty, a list, a sign, over 18 digits). */
    private long contentLengthValue(int from) {
        int end = trimEnd(from, lineEnd);
        int start = trimStart(from, end);
        if (start == end || end - start > 18) {
            return -1;
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            int d = line.getByte(i) - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            value = value * 10 + d;
        }
        return value;
    }

    /** {@code 1*HEXDIG [BWS ; ext...]}: the size, or -1. */
    private long chunkSize() {
        long size = 0;
        int i = lineStart;
        int digits = 0;
        for (; i < lineEnd; i++) {
            int b = line.getByte(i);
            int d = b >= '0' && b <= '9' ? b - '0' : (b | 0x20) >= 'a' && (b | 0x20) <= 'f' ? (b | 0x20) - 'a' + 10 : -1;
            if (d < 0) {
                break;
            }
            if (++digits > 15) {
                return -1;
            }
            size = size << 4 | d;
        }
        if (digits == 0) {
            return -1;
        }
        i = trimStart(i, lineEnd);
        return i == lineEnd || line.getByte(i) == ';' ? size : -1;
    }

    private boolean endOfHead() {
        if (status < 200) {
            if (status == 101) {
                return false; // the generator never asks to switch protocols
            }
            startMessage(); // interim answer: the real one follows
            state = STATUS_LINE;
            return true;
        }
        closeAfter = closeToken || (http10 && !keepAliveToken);
        if (noBody || status == 204 || status == 304) {
            state = DONE;
        } else if (transferEncoding) {
            if (chunked) {
                closeAfter |= contentLength >= 0; // both framings: smells like smuggling, do not reuse
                state = CHUNK_SIZE;
            } else {
                closeAfter = true;
                state = BODY_UNTIL_CLOSE;
            }
        } else if (contentLength >= 0) {
            remaining = contentLength;
            state = contentLength == 0 ? DONE : BODY_LENGTH;
        } else {
            closeAfter = true;
            state = BODY_UNTIL_CLOSE;
        }
        return true;
    }

    private boolean startsWith(int at, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (line.getByte(at + i) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** {@code line[start, end)} equals the lower-case ASCII {@code lower}, ignoring case. */
    private boolean equalsIgnoreCase(int start, int end, byte[] lower) {
        if (end - start != lower.length) {
            return false;
        }
        for (int i = 0; i < lower.length; i++) {
            byte b = line.getByte(start + i);
            byte l = lower[i];
            if (b != l && (l < 'a' || l > 'z' || (b | 0x20) != l)) {
                return false;
            }
        }
        return true;
    }

    private int trimStart(int from, int to) {
        while (from < to && isSpace(line.getByte(from))) {
            from++;
        }
        return from;
    }

    private int trimEnd(int from, int to) {
        while (to > from && isSpace(line.getByte(to - 1))) {
            to--;
        }
        return to;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t';
    }
}
