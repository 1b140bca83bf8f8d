package io.jwtbench.bench.runtime.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The kernel's TCP counters, read as Linux writes them, and checked against a listen queue really overflowed. */
class KernelNetTest {

    @Test
    void parsesBothFilesHeaderThenValues() {
        Map<String, Long> into = new HashMap<>();
        KernelNet.parse(List.of("TcpExt: SyncookiesSent ListenOverflows ListenDrops TCPSynRetrans",
                "TcpExt: 0 7 9 3", "IpExt: InNoRoutes", "IpExt: 0",
                "Tcp: RtoAlgorithm RtoMin RetransSegs OutRsts", "Tcp: 1 200 56 12333"), into);
        assertEquals(7L, into.get("TcpExt:ListenOverflows"));
        assertEquals(9L, into.get("TcpExt:ListenDrops"));
        assertEquals(3L, into.get("TcpExt:TCPSynRetrans"));
        assertEquals(12333L, into.get("Tcp:OutRsts"));
        assertEquals(0L, into.get("IpExt:InNoRoutes"));
    }

    @Test
    void aListenQueueThatOverflowsShowsAsOverflows() throws Exception {
        Optional<KernelNet> before = KernelNet.read();
        assumeTrue(before.isPresent(), "no /proc/net/netstat here: not Linux");
        List<SocketChannel> clients = new ArrayList<>();
        // a server that never accepts: once its queue (backlog 1) is full the kernel drops further handshakes
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            for (int i = 0; i < 16; i++) {
                SocketChannel c = SocketChannel.open();
                c.configureBlocking(false);
                c.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()));
                clients.add(c);
            }
            Map<String, Long> delta = Map.of();
            for (int wait = 0; wait < 50; wait++) { // the drops happen as the handshakes arrive: at once, or within a retransmit
                Thread.sleep(100);
                delta = KernelNet.read().orElseThrow().since(before.get());
                if (delta.getOrDefault("listenOverflows", 0L) > 0) {
                    break;
                }
            }
            assertTrue(delta.get("listenOverflows") > 0, "16 handshakes on a queue of 2: " + delta);
            assertTrue(delta.get("listenDrops") >= delta.get("listenOverflows"), "every overflow is a drop: " + delta);
        } finally {
            for (SocketChannel c : clients) {
                c.close();
            }
        }
    }
}
