package io.jwtbench.bench.runtime.stats;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;

import org.HdrHistogram.Histogram;

/**
 * Histograms travel as base64 of HdrHistogram's compressed encoding: lossless, so reports of several
 * pods merge into exactly the histogram one big run would have produced.
 */
public final class HistogramCodec {
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

    /** @throws IllegalArgumentException if the text is not an encoded histogram */
    public static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
        }
    }
}
