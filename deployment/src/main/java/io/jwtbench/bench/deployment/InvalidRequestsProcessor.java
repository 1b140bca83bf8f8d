package io.jwtbench.bench.deployment;

import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import io.jwtbench.bench.runtime.http.InvalidRequests;
import io.jwtbench.bench.runtime.spi.InvalidRequestAnswer;
import io.quarkus.arc.deployment.UnremovableBeanBuildItem;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.builditem.BytecodeTransformerBuildItem;
import io.quarkus.gizmo.Gizmo;

/**
 * Requests the HTTP layer cannot read (a header over {@code quarkus.http.limits.max-header-size}, a control
 * character in a header) get the application's own answer ({@link InvalidRequestAnswer} beans) instead of
 * Vert.x' bare 400/431. Quarkus 3.37 sets up its HTTP servers without Vert.x' invalid-request handler and has
 * no option for it, so each place where Quarkus' HTTP verticle gives a server its request handler is followed
 * by {@link InvalidRequests#install}, which takes the server and returns it: the stack is as before, and nothing
 * else in the verticle changes.
 */
class InvalidRequestsProcessor {
    static final String VERTICLE = "io.quarkus.vertx.http.runtime.VertxHttpRecorder$WebDeploymentVerticle";
    static final String HTTP_SERVER = "io/vertx/core/http/HttpServer";
    static final String SERVER_DESCRIPTOR = "(Lio/vertx/core/Handler;)Lio/vertx/core/http/HttpServer;";

    @BuildStep
    void invalidRequests(BuildProducer<BytecodeTransformerBuildItem> transformers,
            BuildProducer<UnremovableBeanBuildItem> unremovable) {
        transformers.produce(new BytecodeTransformerBuildItem.Builder().setClassToTransform(VERTICLE).setCacheable(true)
                .setVisitorFunction((name, visitor) -> new ClassVisitor(Gizmo.ASM_API_VERSION, visitor) {
                    @Override
                    public MethodVisitor visitMethod(int access, String method, String descriptor, String signature,
                            String[] exceptions) {
                        return new AfterRequestHandler(super.visitMethod(access, method, descriptor, signature, exceptions));
                    }
                }).build());
        unremovable.produce(UnremovableBeanBuildItem.beanTypes(InvalidRequestAnswer.class));
    }

    /** After {@code HttpServer.requestHandler(handler)}, whose result (the server) is on the stack: {@code InvalidRequests.install(server)}. */
    static final class AfterRequestHandler extends MethodVisitor {
        AfterRequestHandler(MethodVisitor next) {
            super(Gizmo.ASM_API_VERSION, next);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            if (opcode == Opcodes.INVOKEINTERFACE && owner.equals(HTTP_SERVER) && name.equals("requestHandler")
                    && descriptor.equals(SERVER_DESCRIPTOR)) {
                super.visitMethodInsn(Opcodes.INVOKESTATIC, InvalidRequests.class.getName().replace('.', '/'), "install",
                        "(L" + HTTP_SERVER + ";)L" + HTTP_SERVER + ";", false);
            }
        }
    }
}
