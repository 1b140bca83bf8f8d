package io.jwtbench.service.web;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;

import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;

import org.jboss.resteasy.reactive.server.jackson.JacksonMessageBodyWriterUtil;
import org.jboss.resteasy.reactive.server.spi.ResteasyReactiveResourceInfo;
import org.jboss.resteasy.reactive.server.spi.ServerMessageBodyWriter;
import org.jboss.resteasy.reactive.server.spi.ServerRequestContext;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;

import io.jwtbench.bench.probe.Phases;

/**
 * Writes the service's {@link JsonBody} responses exactly as Quarkus REST's own Jackson writer
 * ({@code BasicServerJacksonMessageBodyWriter}) does: the application's {@link ObjectMapper} bean, an
 * {@code ObjectWriter} built by the same {@code JacksonMessageBodyWriterUtil.createDefaultWriter}, straight
 * into the response's output stream, on the same {@link ServerMessageBodyWriter#writeResponse} fast path.
 * The only difference is that it times {@code writeValue} as the breakdown's {@value #PHASE} phase. (A
 * global WriterInterceptor would time it too, but would move every response to the slower
 * interceptor path.) Closing the stream, which hands the bytes to Vert.x, stays outside the phase.
 *
 * <p>A valid token's body ({@link ValidationResponses.ValidBody}) is serialized once per validated token
 * and its bytes kept with the token ({@link io.jwtbench.service.validation.ValidatedToken#rendered()}):
 * every cache hit of that token ends the response with those bytes, Jackson not involved.
 */
@Provider
@Produces(MediaType.APPLICATION_JSON)
public class TimedJsonWriter implements ServerMessageBodyWriter<JsonBody> {
    /** Breakdown phase: Jackson serialization of the response body into the response buffer. */
    public static final String PHASE = "json";

    private final ObjectWriter writer;

    public TimedJsonWriter(ObjectMapper mapper) {
        this.writer = JacksonMessageBodyWriterUtil.createDefaultWriter(mapper);
    }

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, ResteasyReactiveResourceInfo target,
            MediaType mediaType) {
        return JsonBody.class.isAssignableFrom(type);
    }

    @Override
    public void writeResponse(JsonBody body, Type genericType, ServerRequestContext context)
            throws WebApplicationException, IOException {
        if (body instanceof ValidationResponses.ValidBody valid) {
            long t = Phases.start();
            byte[] bytes = serialized(valid);
            Phases.end(PHASE, t);
            context.serverResponse().end(bytes);
            return;
        }
        OutputStream stream = context.getOrCreateOutputStream();
        long t = Phases.start();
        writer.writeValue(stream, body);
        Phases.end(PHASE, t);
        // not try-with-resources: an exception must reach exception mapping before anything is written
        stream.close();
    }

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return JsonBody.class.isAssignableFrom(type);
    }

    @Override
    public void writeTo(JsonBody body, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType,
            MultivaluedMap<String, Object> httpHeaders, OutputStream entityStream) throws IOException {
        long t = Phases.start();
        if (body instanceof ValidationResponses.ValidBody valid) {
            entityStream.write(serialized(valid));
        } else {
            writer.writeValue(entityStream, body);
        }
        Phases.end(PHASE, t);
    }

    /** The body's JSON bytes, serialized on the token's first answer; never modified once kept. */
    private byte[] serialized(ValidationResponses.ValidBody valid) throws IOException {
        if (valid.token().rendered().get() instanceof byte[] kept) {
            return kept;
        }
        byte[] bytes = writer.writeValueAsBytes(valid.json());
        valid.token().rendered().set(bytes);
        return bytes;
    }
}
