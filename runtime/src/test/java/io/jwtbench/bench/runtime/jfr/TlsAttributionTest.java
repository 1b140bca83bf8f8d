package io.jwtbench.bench.runtime.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Where TLS's share of a stack ends, on stacks sampled from real TLS runs (innermost frame first, cut to what
 * decides): Netty's plumbing TLS calls for its records and the pipeline walk from TLS to its neighbour are TLS's;
 * the next handler's work beyond that walk (the socket's write, the HTTP codec) is not. On the generator, the
 * pipeline that TLS or HTTP/2 needs is theirs, the socket's own calls are not.
 * {@code TlsRunTest.tlsComponentsAccountForTheExtraCpuOfTls} measures the outcome on real runs.
 */
class TlsAttributionTest {
    final ComponentRules rules = new ComponentRules(List.of());

    @Test
    void theBuffersTlsAllocatesForItsRecordsAreTls() {
        assertEquals(ComponentRules.TLS_RECORDS, rules.component(List.of("io.netty.buffer.PoolArena.allocate",
                "io.netty.buffer.PooledByteBufAllocator.newDirectBuffer", "io.netty.buffer.AbstractByteBufAllocator.directBuffer",
                "io.netty.handler.ssl.SslHandler$SslEngineType$1.allocateWrapBuffer", "io.netty.handler.ssl.SslHandler.wrap",
                "io.netty.handler.ssl.SslHandler.flush")));
    }

    @Test
    void thePipelineWalkFromTlsToItsNeighbourIsTls() {
        assertEquals(ComponentRules.TLS_RECORDS, rules.component(List.of(
                "io.netty.channel.AbstractChannelHandlerContext.findContextOutbound",
                "io.netty.channel.AbstractChannelHandlerContext.write", "io.netty.handler.ssl.SslHandler.wrap")));
    }

    @Test
    void theSocketWriteBeyondTheHandOffIsNetworkIo() {
        assertEquals(ComponentRules.NETWORK, rules.component(List.of("sun.nio.ch.SocketDispatcher.write0",
                "sun.nio.ch.IOUtil.write", "io.netty.channel.socket.nio.NioSocketChannel.doWrite",
                "io.netty.channel.AbstractChannel$AbstractUnsafe.flush0", "io.netty.channel.DefaultChannelPipeline$HeadContext.flush",
                "io.netty.channel.AbstractChannelHandlerContext.invokeFlush", "io.netty.handler.ssl.SslHandler.forceFlush")));
    }

    @Test
    void theHttpCodecFedByTlsIsNetworkIo() {
        assertEquals(ComponentRules.NETWORK, rules.component(List.of("io.netty.handler.codec.http.HttpObjectDecoder.decode",
                "io.netty.handler.codec.ByteToMessageDecoder.callDecode", "io.netty.handler.codec.ByteToMessageDecoder.channelRead",
                "io.netty.channel.AbstractChannelHandlerContext.invokeChannelRead",
                "io.netty.channel.AbstractChannelHandlerContext.fireChannelRead", "io.netty.handler.ssl.SslHandler.unwrap")));
    }

    @Test
    void theGeneratorsPipelineIsItsTransportsAndItsSocketIsItsOwn() {
        List<String> read = List.of("io.netty.buffer.PoolArena.allocate",
                "io.netty.channel.DefaultMaxMessagesRecvByteBufAllocator$MaxMessageHandle.allocate",
                "io.netty.channel.nio.AbstractNioByteChannel$NioByteUnsafe.read", "io.netty.channel.nio.NioEventLoop.processSelectedKey");
        assertEquals("load generator: TLS records", rules.forRun(true, "http/1.1").generatorComponent(ComponentRules.NETWORK, read));
        assertEquals("load generator: HTTP/2", rules.forRun(false, "h2").generatorComponent(ComponentRules.NETWORK, read));
        assertNull(rules.forRun(false, "http/1.1").generatorComponent(ComponentRules.NETWORK, read), "a plain HTTP/1.1 run has no pipeline");
        List<String> socket = List.of("sun.nio.ch.SocketDispatcher.read0", "sun.nio.ch.IOUtil.read",
                "io.netty.channel.socket.nio.NioSocketChannel.doReadBytes", "io.netty.channel.nio.AbstractNioByteChannel$NioByteUnsafe.read");
        assertNull(rules.forRun(true, "http/1.1").generatorComponent(ComponentRules.NETWORK, socket), "the read itself, as a plain run's");
    }

    /**
     * A generator's sample names only the protocols its run speaks: this stack (an HTTP/1.1 session's completion
     * calling into an HTTP/2 session, which no run can do) was sampled in a TLS HTTP/1.1 run beside a CPU hog, after
     * HTTP/2 runs had compiled the pool's call site with both sessions inlined.
     */
    @Test
    void aGeneratorFrameOfAProtocolTheRunDoesNotSpeakIsTheGenerators() {
        List<String> impossible = List.of("io.netty.handler.codec.http2.Http2ConnectionHandler.connection",
                "io.jwtbench.bench.runtime.engine.transport.Http2Session.open",
                "io.jwtbench.bench.runtime.engine.transport.H2Stream.send",
                "io.jwtbench.bench.runtime.engine.transport.ConnectionPool.idle",
                "io.jwtbench.bench.runtime.engine.transport.Http1Session.complete",
                "io.jwtbench.bench.runtime.engine.transport.Http1Session.received",
                "io.jwtbench.bench.runtime.engine.transport.Connection.channelRead", "io.netty.handler.ssl.SslHandler.unwrap");
        String component = rules.component(impossible);
        assertEquals(ComponentRules.HTTP2, component);
        assertNull(rules.forRun(true, "http/1.1").generatorComponent(component, impossible), "an HTTP/1.1 run");
        assertEquals("load generator: HTTP/2", rules.forRun(true, "h2").generatorComponent(component, impossible));
        List<String> tls = List.of("sun.security.ssl.SSLEngineImpl.wrap", "io.netty.handler.ssl.SslHandler.wrap");
        assertNull(rules.forRun(false, "h2").generatorComponent(ComponentRules.TLS_RECORDS, tls), "an h2c run has no TLS");
        assertEquals("load generator: TLS records", rules.forRun(true, "h2").generatorComponent(ComponentRules.TLS_RECORDS, tls));
    }
}
