package hexforge.harness;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * hexforge's harness around the real VASSAL engine: {@code java hexforge.harness.Main REQUEST.json RESULT.json}.
 * The request names a command ({@code check}, {@code locate}, {@code script} or {@code decode}), the module and the
 * command's arguments; the result holds what VASSAL reported, the problems it raised and phase times. A run that
 * cannot even load the module still writes a result, with {@code fatal} set. Exit code: 0, or 2 when fatal.
 */
public final class Main {
  private Main() { }

  public static void main(String[] args) {
    Report report = new Report(List.of());
    int rc = 0;
    try {
      final Map<String, Object> request = Json.object(Json.parse(Files.readString(new File(args[0]).toPath())));
      report = new Report((List<?>) request.getOrDefault("ignore", List.of()));
      report.phase("jvm-main");
      final Object seed = request.get("seed");
      final Engine engine = Engine.load(report, String.valueOf(request.get("module")),
        String.valueOf(request.getOrDefault("player", "Tester")), seed == null ? null : ((Number) seed).longValue());
      final String command = String.valueOf(request.get("command"));
      switch (command) {
      case "check":
        Inventory.run(engine);
        break;
      case "locate":
        Locate.run(engine, request);
        break;
      case "script":
        Script.run(engine, request);
        break;
      case "decode":
        Replay.run(engine, request);
        break;
      default:
        throw new IllegalArgumentException("unknown command '" + command + "'");
      }
      engine.settle();
    }
    catch (Throwable t) {
      report.put("fatal", Report.describe(t));
      Report.print("FATAL", Report.describe(t));
      t.printStackTrace();
      rc = 2;
    }
    report.phase("done");
    try {
      final File out = new File(args[1]);
      final File tmp = new File(out.getPath() + ".part");
      Files.writeString(tmp.toPath(), Json.write(report.toJson()), StandardCharsets.UTF_8);
      Files.move(tmp.toPath(), out.toPath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
    catch (Throwable t) {
      t.printStackTrace();
      rc = 3;
    }
    // VASSAL's own quit would ask whether to save; this JVM is ours, so stop it here.
    Runtime.getRuntime().halt(rc);
  }
}
