package io.jwtbench.bench.runtime.stats;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import org.HdrHistogram.Histogram;

/**
 * Histograms travel as base64 of HdrHistogram's compressed encoding: lossless, so reports of several
 * pods merge into exactly the histogram one big run would have produced.
 * <p>
 * A decoded histogram comes from another pod (a fleet run), which the coordinator does not trust: the
 * text, the inflated encoding and the ranges its header asks for are bounded before anything of that
 * size is allocated (HdrHistogram itself sizes its counts array from the header).
 */
public final class HistogramCodec {
    /** The longest base64 text decoded (a run's histogram encodes in a few KB). */
    public static final int MAX_TEXT = 256 * 1024;
    /** The most bytes the compressed encoding may inflate to. */
    public static final int MAX_DECODED = 1024 * 1024;
    /** The widest range a decoded histogram may track: 1 µs to about 2.8 h in µs (the bench records up to 60 s). */
    public static final long MAX_HIGHEST = 10_000_000_000L;
    /** The most significant digits a decoded histogram may keep (the bench keeps {@value LatencyRecording#SIGNIFICANT_DIGITS}). */
    public static final int MAX_DIGITS = LatencyRecording.SIGNIFICANT_DIGITS;
    /** cookie, payload length, normalizing offset, digits, lowest, highest, conversion ratio. */
    private static final int HEADER = 40;

    private HistogramCodec() {
    }

    public static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** @throws IllegalArgumentException if the text is not an encoded histogram, or one outside the bounds above */
    public static Histogram decode(String base64) {
        if (base64.length() > MAX_TEXT) {
            throw new IllegalArgumentException("encoded histogram of " + base64.length() + " characters; at most " + MAX_TEXT);
        }
        try {
            ByteBuffer compressed = ByteBuffer.wrap(Base64.getDecoder().decode(base64));
            compressed.getInt(); // the compressed encoding's cookie; the inflated one is checked by HdrHistogram
            int length = compressed.getInt();
            if (length < 0 || length > compressed.remaining()) {
                throw new IllegalArgumentException("compressed length " + length + " but " + compressed.remaining() + " bytes follow");
            }
            ByteBuffer plain = ByteBuffer.wrap(inflate(compressed.array(), compressed.position(), length));
            if (plain.remaining() < HEADER) {
                throw new IllegalArgumentException("header cut short");
            }
            int payload = plain.getInt(4);
            int digits = plain.getInt(12);
            long lowest = plain.getLong(16);
            long highest = plain.getLong(24);
            if (payload < 0 || payload > plain.remaining() - HEADER) {
                throw new IllegalArgumentException("payload of " + payload + " bytes but " + (plain.remaining() - HEADER) + " follow");
            }
            if (digits < 0 || digits > MAX_DIGITS) {
                throw new IllegalArgumentException(digits + " significant digits; at most " + MAX_DIGITS);
            }
            if (lowest < 1 || highest < 2 * lowest || highest > MAX_HIGHEST) {
                throw new IllegalArgumentException("range " + lowest + ".." + highest + "; at most 1.." + MAX_HIGHEST);
            }
            return Histogram.decodeFromByteBuffer(plain, 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
        }
    }

    private static byte[] inflate(byte[] bytes, int offset, int length) throws DataFormatException {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(bytes, offset, length);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] chunk = new byte[8192];
            while (!inflater.finished()) {
                int n = inflater.inflate(chunk);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new DataFormatException("truncated deflate stream");
                }
                if (out.size() + n > MAX_DECODED) {
                    throw new DataFormatException("inflates to more than " + MAX_DECODED + " bytes");
                }
                out.write(chunk, 0, n);
            }
            return out.toByteArray();
        } finally {
            inflater.end();
        }
    }
}
