import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * DynamoDB Local on 127.0.0.1 only. The jar has no bind-address option: its server is a Jetty
 * Server built with just a port, so it listens on every interface. This builds the server from
 * the same command-line arguments as the jar's own main (ServerRunner), sets the host of its
 * Jetty connector to the loopback address, then starts it. Run as a single-file source program
 * (`java -cp DynamoDBLocal.jar LoopbackDynamoDbLocal.java <args>`); see local/services/dynamodb.ts.
 */
public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local built no connector");
    for (Connector connector : connectors) ((ServerConnector) connector).setHost("127.0.0.1");
    proxy.start();
  }
}
