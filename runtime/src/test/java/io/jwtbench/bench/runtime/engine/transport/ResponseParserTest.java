package io.jwtbench.bench.runtime.engine.transport;

import static io.jwtbench.bench.runtime.engine.transport.ResponseParser.COMPLETE;
import static io.jwtbench.bench.runtime.engine.transport.ResponseParser.MALFORMED;
import static io.jwtbench.bench.runtime.engine.transport.ResponseParser.NEED_MORE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

class ResponseParserTest {
    static final String LENGTH = "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nContent-Length: 5\r\n\r\nhello";
    static final String CHUNKED = "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\nX-Other: 1\r\n\r\n"
            + "5;name=val\r\nhello\r\nA ; x=\"y\"\r\n0123456789\r\n0\r\nX-Trailer: t\r\nOther: u\r\n\r\n";

    private static ByteBuf buf(String s, boolean direct) {
        byte[] bytes = s.getBytes(StandardCharsets.ISO_8859_1);
        ByteBuf b = direct ? Unpooled.directBuffer(bytes.length) : Unpooled.buffer(bytes.length);
        return b.writeBytes(bytes);
    }

    /** Feeds {@code parts} in order; returns the last result. */
    private static int feed(ResponseParser p, String... parts) {
        int r = NEED_MORE;
        for (int i = 0; i < parts.length; i++) {
            ByteBuf b = buf(parts[i], i % 2 == 0);
            r = p.feed(b);
            if (r == MALFORMED) {
                return r;
            }
            if (r != NEED_MORE) {
                assertEquals(i, parts.length - 1, "done before the last part");
                assertFalse(b.isReadable(), "bytes left after the answer");
                return r;
            }
            assertFalse(b.isReadable(), "NEED_MORE consumes everything");
        }
        return r;
    }

    private static ResponseParser parser() {
        ResponseParser p = new ResponseParser();
        p.reset(false);
        return p;
    }

    @Test
    void contentLength() {
        ResponseParser p = parser();
        assertEquals(COMPLETE, feed(p, LENGTH));
        assertEquals(200, p.status());
        assertEquals(5, p.bodyBytes());
        assertFalse(p.closeAfter());
    }

    @Test
    void chunkedWithExtensionsAndTrailers() {
        ResponseParser p = parser();
        assertEquals(COMPLETE, feed(p, CHUNKED));
        assertEquals(201, p.status());
        assertEquals(15, p.bodyBytes());
        assertFalse(p.closeAfter());
    }

    @ParameterizedTest
    @ValueSource(strings = { LENGTH, CHUNKED })
    void anySplitGivesTheSameAnswer(String response) {
        ResponseParser whole = parser();
        assertEquals(COMPLETE, feed(whole, response));
        for (int cut = 1; cut < response.length(); cut++) {
            ResponseParser p = parser(); // also: one parser reused below
            assertEquals(COMPLETE, feed(p, response.substring(0, cut), response.substring(cut)), "cut at " + cut);
            assertEquals(whole.status(), p.status());
            assertEquals(whole.bodyBytes(), p.bodyBytes());
        }
        ResponseParser reused = parser();
        for (int round = 0; round < 3; round++) {
            reused.reset(false);
            String[] bytes = response.split("");
            assertEquals(COMPLETE, feed(reused, bytes), "byte by byte");
            assertEquals(whole.bodyBytes(), reused.bodyBytes());
        }
    }

    @Test
    void connectionClose() {
        ResponseParser p = parser();
        assertEquals(COMPLETE, feed(p, "HTTP/1.1 200 OK\r\nConnection: keep-alive, Close\r\nContent-Length: 0\r\n\r\n"));
        assertTrue(p.closeAfter());

        p.reset(false);
        assertEquals(COMPLETE, feed(p, "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok"));
        assertTrue(p.closeAfter(), "HTTP/1.0 closes unless keep-alive");

        p.reset(false);
        assertEquals(COMPLETE, feed(p, "HTTP/1.0 200 OK\r\nconnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nok"));
        assertFalse(p.closeAfter());
    }

    @Test
    void bodyUntilClose() {
        ResponseParser p = parser();
        assertEquals(NEED_MORE, feed(p, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nsome", " more"));
        assertTrue(p.readingBody());
        assertTrue(p.endOfInput());
        assertEquals(9, p.bodyBytes());
        assertTrue(p.closeAfter());

        ResponseParser cut = parser();
        assertEquals(NEED_MORE, feed(cut, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhel"));
        assertFalse(cut.endOfInput(), "a close inside a length-delimited body is a failure");
    }

    @Test
    void noBodyAnswers() {
        ResponseParser p = parser();
        assertEquals(COMPLETE, feed(p, "HTTP/1.1 204 No Content\r\nServer: x\r\n\r\n"));
        assertEquals(204, p.status());
        p.reset(true);
        assertEquals(COMPLETE, feed(p, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n"), "HEAD");
        assertEquals(0, p.bodyBytes());
        p.reset(false);
        assertEquals(COMPLETE, feed(p, "HTTP/1.1 304 Not Modified\r\nContent-Length: 100\r\n\r\n"));
    }

    @Test
    void interimAnswerIsSkipped() {
        ResponseParser p = parser();
        assertEquals(COMPLETE, feed(p, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n"));
        assertEquals(401, p.status());
    }

    @Test
    void bareLineFeedsAndNoReasonPhrase() {
        ResponseParser p = parser();
        assertEquals(COMPLETE, feed(p, "HTTP/1.1 503\ncontent-length:  2 \n\nno"));
        assertEquals(503, p.status());
        assertEquals(2, p.bodyBytes());
    }

    @Test
    void stopsAtTheEndOfTheAnswer() {
        ResponseParser p = parser();
        ByteBuf two = buf(LENGTH + LENGTH, true);
        assertEquals(COMPLETE, p.feed(two));
        assertEquals(LENGTH.length(), two.readerIndex());
        p.reset(false);
        assertEquals(COMPLETE, p.feed(two));
        assertFalse(two.isReadable());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "HTTP/2 200 OK\r\n\r\n",
            "HTTP/1.1 2x0 OK\r\n\r\n",
            "HTTP/1.1 200OK\r\n\r\n",
            "http/1.1 200 OK\r\n\r\n",
            "\r\nHTTP/1.1 200 OK\r\n\r\n",
            "garbage\r\n\r\n",
            "HTTP/1.1 101 Switching Protocols\r\n\r\n",
            "HTTP/1.1 200 OK\r\nno colon\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length : 1\r\n\r\nx",
            "HTTP/1.1 200 OK\r\nX: a\r\n folded\r\n\r\n",
            "HTTP/1.1 200 OK\r\n: empty name\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: \r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: 1234567890123456789\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nxx",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5 x\r\nhello\r\n0\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloX\r\n0\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1000000000000000\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nbad trailer\r\n\r\n" })
    void malformed(String response) {
        assertEquals(MALFORMED, feed(parser(), response), response);
    }

    @Test
    void headTooLarge() {
        ResponseParser p = parser();
        String big = "X-Big: " + "a".repeat(ResponseParser.MAX_HEAD_BYTES) + "\r\n";
        assertEquals(MALFORMED, feed(p, "HTTP/1.1 200 OK\r\n", big.substring(0, 40_000), big.substring(40_000)));
    }

    @Test
    void chunkedWinsOverLengthButTheConnectionIsNotReused() {
        ResponseParser p = parser();
        assertEquals(COMPLETE,
                feed(p, "HTTP/1.1 200 OK\r\nContent-Length: 99\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n"));
        assertEquals(2, p.bodyBytes());
        assertTrue(p.closeAfter());
    }
}
