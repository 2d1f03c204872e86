package hexforge.harness;

import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipFile;
import javax.swing.Action;

import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.metadata.SaveMetaData;
import VASSAL.command.Command;

/**
 * The {@code decode} command: VASSAL's own reading of a saved game or log — the decoded command tree, then (when
 * asked) the game loaded and every logged step played to the end, with where every piece ends up. This is the
 * reference a pure-Python reader is compared against.
 */
final class Replay {
  private Replay() { }

  static void run(Engine engine, Map<String, Object> request) throws Exception {
    final GameModule mod = engine.module;
    final Report r = engine.report;
    final File file = new File(String.valueOf(request.get("file")));
    final boolean replay = Boolean.TRUE.equals(request.get("replay"));
    try (ZipFile z = new ZipFile(file)) {
      final SaveMetaData md = new SaveMetaData(z);
      final Map<String, Object> meta = new LinkedHashMap<>();
      meta.put("vassal_version", md.getVassalVersion());
      meta.put("module_name", md.getModuleName());
      meta.put("module_version", md.getModuleVersion());
      r.put("metadata", meta);
    }
    // Loading decodes the file again, so a replay without the tree times exactly what File › Load does.
    if (!Boolean.FALSE.equals(request.get("commands")) || !replay) {
      final Command root = Engine.edt(() -> mod.getGameState().decodeSavedGame(file));
      r.phase("decoded");
      if (root == null) {
        r.problem("DECODE", "VASSAL cannot decode " + file);
        return;
      }
      final Method enc = GameModule.class.getDeclaredMethod("encodeSubCommand", Command.class);
      enc.setAccessible(true);
      final List<Object> tree = new ArrayList<>();
      Engine.edt(() -> flatten(mod, enc, root, 0, tree));
      r.put("commands", tree);
    }
    if (!replay) return;

    Engine.edt(() -> mod.getGameState().loadGameInForeground(file));
    engine.settle();
    r.phase("loaded");
    final BasicLogger logger = (BasicLogger) mod.getLogger();
    final Field f = BasicLogger.class.getDeclaredField("stepAction");
    f.setAccessible(true);
    final Action step = (Action) f.get(logger);
    final int steps = Engine.edt(() -> {
      int n = 0;
      for (; logger.hasMoreCommands(); n++) step.actionPerformed(null);   // the "step forward" button, to the end
      return n;
    });
    engine.settle();
    r.phase("replayed");
    r.put("steps", steps);
    r.put("game_started", mod.getGameState().isGameStarted());
    Engine.edt(() -> {
      r.put("pieces", engine.dump());
      r.put("chat", Capture.chat());
    });
  }

  /** The command tree depth first: each command's class and its own encoding (without its sub-commands). */
  private static void flatten(GameModule mod, Method enc, Command c, int depth, List<Object> into) throws Exception {
    final Map<String, Object> d = new LinkedHashMap<>();
    d.put("depth", depth);
    d.put("class", c.getClass().getName());
    final Object text = enc.invoke(mod, c);
    d.put("text", text == null ? "" : text);
    into.add(d);
    if (c instanceof BasicLogger.LogCommand) flatten(mod, enc, ((BasicLogger.LogCommand) c).getLoggedCommand(), depth + 1, into);
    for (final Command s : c.getSubCommands()) flatten(mod, enc, s, depth + 1, into);
  }
}
