package hexforge.harness;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import VASSAL.build.GameModule;
import VASSAL.command.Command;

/**
 * Every command the game sends to the other players — which is exactly what it writes to the log — recorded by
 * standing in front of the module's server connection. That way a step of a script reports what it did in VASSAL's
 * own encoding, whichever button or key caused it.
 */
final class Sent {
  private final List<Command> commands = new ArrayList<>();

  private Sent() { }

  static Sent install(GameModule module) throws ReflectiveOperationException {
    final Sent sent = new Sent();
    final Field f = GameModule.class.getDeclaredField("server");
    f.setAccessible(true);
    final Object real = f.get(module);
    final Set<Class<?>> interfaces = new LinkedHashSet<>();
    for (Class<?> c = real.getClass(); c != null; c = c.getSuperclass()) interfaces.addAll(List.of(c.getInterfaces()));
    f.set(module, Proxy.newProxyInstance(Sent.class.getClassLoader(), interfaces.toArray(new Class<?>[0]),
      (proxy, method, args) -> {
        if ("sendToOthers".equals(method.getName()) && args != null && args.length == 1
            && args[0] instanceof Command) {
          synchronized (sent.commands) {
            sent.commands.add((Command) args[0]);
          }
        }
        try {
          return method.invoke(real, args);
        }
        catch (InvocationTargetException e) {
          throw e.getCause();
        }
      }));
    return sent;
  }

  /** The commands sent since the last call, each as VASSAL encodes it. */
  List<String> drain(GameModule module) {
    final List<String> out = new ArrayList<>();
    synchronized (commands) {
      for (final Command c : commands) out.add(module.encode(c));
      commands.clear();
    }
    return out;
  }
}
