package hexforge.plugin;

import java.awt.event.KeyEvent;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.swing.Action;

import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.command.Command;
import VASSAL.command.Logger;
import VASSAL.tools.SequenceEncoder;
import VASSAL.tools.io.ObfuscatingOutputStream;

/**
 * The game so far as a VASSAL log: what the check hands to {@code hexforge validate}.
 *
 * <p>While a logfile is being recorded it is exactly the text VASSAL's File › End Logfile would write at this moment:
 * the game as it stood when the log began, then one {@code LOG} step per command logged since. Otherwise it is the
 * game as it stood when it was started or loaded (or when the last logfile ended), then every command played since.
 * Both come from VASSAL's own logger, which keeps every command it logs (for Undo) whether or not a file is being
 * written; they are read, never changed: a step's text is built without wrapping the command, since wrapping it in
 * VASSAL's {@code LogCommand} would strip its sub-commands.
 */
final class History {
  static final char SEPARATOR = (char) KeyEvent.VK_ESCAPE;   // GameModule's command separator
  static final String LOG = "LOG\t";                          // BasicLogger.LOG
  static final String SAVED_GAME = "savedGame";               // GameState.SAVEFILE_ZIP_ENTRY
  static final String MODULE_DATA = "moduledata";

  private String start;   // the game at the start of the history, encoded; null before a game starts
  private int from;       // where the history's commands begin in the logger's list

  /** The game as it stands now is where the history begins: a game started or loaded, or a logfile ended. */
  void restart() {
    final GameModule mod = GameModule.getGameModule();
    final Command now = mod.getGameState().getRestoreCommand();
    start = now == null ? null : mod.encode(now);
    try {
      from = logged(logger()).size();
    }
    catch (CheckError e) {
      from = 0;   // text() says what is wrong
    }
  }

  void clear() {
    start = null;
    from = 0;
  }

  /**
   * Restart the history whenever a logfile ends: VASSAL then writes the file by wrapping the commands it kept, which
   * takes their sub-commands away, so from that moment only the commands after it are whole.
   */
  void followLogfiles() throws CheckError {
    final BasicLogger logger = logger();
    if (logger == null) return;
    final Action end = (Action) field(logger, "endLogAction");
    end.addPropertyChangeListener(e -> {
      if ("enabled".equals(e.getPropertyName()) && Boolean.FALSE.equals(e.getNewValue())
          && GameModule.getGameModule().getGameState().isGameStarted()) {
        restart();
      }
    });
  }

  /** The savedGame text of the game so far (call on Swing's event thread, where VASSAL changes it). */
  String text() throws CheckError {
    final GameModule mod = GameModule.getGameModule();
    final BasicLogger logger = logger();
    final List<Command> logged = logged(logger);
    String begin = start;
    int first = Math.min(from, logged.size());
    final Command beginning = (Command) field(logger, "beginningState");
    if (logger.isLogging() && beginning != null) {
      begin = mod.encode(beginning);
      first = 0;
    }
    if (begin == null) throw new CheckError("no game has been started or loaded yet");
    final StringBuilder text = new StringBuilder(begin);
    for (final Command c : logged.subList(first, logged.size())) {
      text.append(SEPARATOR).append(escaped(step(mod, c)));
    }
    return text.toString();
  }

  /** A {@code .vlog} holding {@code text} and the module's own metadata, as VASSAL writes a log. */
  static File write(String text, File dir) throws IOException {
    final File file = File.createTempFile("hexforge-check-", ".vlog", dir);
    file.deleteOnExit();
    final ByteArrayOutputStream saved = new ByteArrayOutputStream();
    try (OutputStream out = new ObfuscatingOutputStream(saved)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file.toPath()))) {
      zip.putNextEntry(new ZipEntry(SAVED_GAME));
      zip.write(saved.toByteArray());
      zip.closeEntry();
      final byte[] data = moduleData();
      if (data != null) {
        zip.putNextEntry(new ZipEntry(MODULE_DATA));
        zip.write(data);
        zip.closeEntry();
      }
    }
    return file;
  }

  /** The module's {@code moduledata} (its name, which tells hexforge the game), as VASSAL copies it into saves. */
  private static byte[] moduleData() {
    try (InputStream in = GameModule.getGameModule().getDataArchive().getInputStream(MODULE_DATA)) {
      return in.readAllBytes();
    }
    catch (IOException e) {
      return null;
    }
  }

  /**
   * The encoding of {@code c} wrapped in VASSAL's {@code LogCommand}: {@code LOG\t} + the command's own text, then
   * one such step per sub-command, joined by the separator.
   */
  private static String step(GameModule mod, Command c) {
    final StringBuilder s = new StringBuilder(LOG).append(own(mod, c));
    for (final Command sub : c.getSubCommands()) s.append(SEPARATOR).append(escaped(step(mod, sub)));
    return s.toString();
  }

  /** A command's own text without its sub-commands: the first field of its whole encoding ("null" when none). */
  private static String own(GameModule mod, Command c) {
    final String whole = mod.encode(c);
    if (c.getSubCommands().length == 0) return String.valueOf(whole);
    final String first = new SequenceEncoder.Decoder(whole, SEPARATOR).nextToken("");
    return first.isEmpty() ? "null" : first;
  }

  /** One field as the separator-joined encoding holds it. */
  private static String escaped(String field) {
    return new SequenceEncoder(field, SEPARATOR).getValue();
  }

  private static BasicLogger logger() {
    final Logger l = GameModule.getGameModule().getLogger();
    return l instanceof BasicLogger ? (BasicLogger) l : null;
  }

  /** Every command VASSAL's logger kept since the game began or the last logfile began. */
  @SuppressWarnings("unchecked")
  private static List<Command> logged(BasicLogger logger) throws CheckError {
    if (logger == null) throw new CheckError("this VASSAL keeps no game history the check can read");
    return (List<Command>) field(logger, "logOutput");
  }

  /** A field of VASSAL's BasicLogger (protected, the same in VASSAL 3.6 to 3.8). */
  private static Object field(BasicLogger logger, String name) throws CheckError {
    try {
      final Field f = BasicLogger.class.getDeclaredField(name);
      f.setAccessible(true);
      return f.get(logger);
    }
    catch (ReflectiveOperationException | RuntimeException e) {
      throw new CheckError("this VASSAL keeps its game history where the check cannot read it (" + name + ")");
    }
  }
}
