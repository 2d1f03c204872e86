package hexforge.plugin;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The installed {@code hexforge}, asked to check a log: {@code hexforge validate LOG --format json --module VMOD}.
 * Whatever goes wrong (not installed, not executable, too old, a log it cannot read, no answer in time) becomes one
 * {@link CheckError} line saying what to do.
 */
final class Hexforge {
  static final String DEFAULT = "hexforge";
  static final long TIMEOUT_SECONDS = 600;
  static final String INSTALL = "install hexforge (in its checkout, `make build` makes .venv/bin/hexforge) and give "
    + "its path in File > Preferences > " + CheckRules.PREFS_TAB;

  private Hexforge() { }

  /** The program a preference names: a path, or a name looked up on the PATH ({@value #DEFAULT} when blank). */
  static String program(String preference) {
    return preference == null || preference.isBlank() ? DEFAULT : preference.strip();
  }

  static Verdict validate(String program, File log, String module) throws CheckError {
    final File dir = log.getParentFile();
    File out = null;
    File err = null;
    try {
      out = File.createTempFile("hexforge-check-", ".json", dir);
      err = File.createTempFile("hexforge-check-", ".err", dir);
      final Process p;
      try {
        p = new ProcessBuilder(List.of(program, "validate", log.getPath(), "--format", "json", "--module", module))
          .redirectOutput(out).redirectError(err).redirectInput(ProcessBuilder.Redirect.from(nullFile()))
          .start();
      }
      catch (IOException e) {
        throw new CheckError(notFound(program, e));
      }
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new CheckError("hexforge gave no answer within " + TIMEOUT_SECONDS + " s");
      }
      final int code = p.exitValue();
      if (code == 0 || code == 1) {
        try {
          return Verdict.of(Files.readString(out.toPath(), StandardCharsets.UTF_8));
        }
        catch (IllegalArgumentException | IOException e) {
          throw new CheckError("'" + program + "' gave no report the check can read (" + e.getMessage()
            + "): is it hexforge, and recent enough?");
        }
      }
      final String why = lastLine(err);
      throw new CheckError(code == 2 ? "hexforge could not check the game: " + why
        : "hexforge failed (exit code " + code + "): " + why);
    }
    catch (IOException e) {
      throw new CheckError("cannot write the game for hexforge in " + dir + ": " + e.getMessage());
    }
    catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CheckError("the check was interrupted");
    }
    finally {
      if (out != null) out.delete();
      if (err != null) err.delete();
    }
  }

  private static File nullFile() {
    return new File(File.separatorChar == '\\' ? "NUL" : "/dev/null");
  }

  static String notFound(String program, IOException e) {
    final String where = program.contains(File.separator) ? "'" + program + "'" : "'" + program + "' on the PATH";
    final String cause = e.getMessage() == null ? "" : e.getMessage().replaceFirst("^.*error=\\d+, ", "");
    return "hexforge cannot be run (" + where + ": " + cause + "): " + INSTALL;
  }

  private static String lastLine(File err) {
    try {
      final List<String> lines = Files.readAllLines(err.toPath(), StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (!lines.get(i).isBlank()) return lines.get(i).strip();
      }
    }
    catch (IOException e) {
      // fall through: nothing was said
    }
    return "it said nothing";
  }
}
