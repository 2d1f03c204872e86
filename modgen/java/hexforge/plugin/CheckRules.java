package hexforge.plugin;

import java.io.File;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import javax.swing.SwingUtilities;
import javax.swing.SwingWorker;

import VASSAL.build.Buildable;
import VASSAL.build.AbstractToolbarItem;
import VASSAL.build.GameModule;
import VASSAL.build.module.GameComponent;
import VASSAL.build.module.Map;
import VASSAL.build.module.documentation.HelpFile;
import VASSAL.build.module.properties.MutablePropertiesContainer;
import VASSAL.build.module.properties.MutableProperty;
import VASSAL.build.module.turn.TurnTracker;
import VASSAL.command.Command;
import VASSAL.configure.BooleanConfigurer;
import VASSAL.configure.StringConfigurer;

/**
 * The <b>Check rules</b> toolbar button (and hotkey) of every module hexforge builds (issue 17). It hands the game so
 * far ({@link History}: the log being recorded, else the game since it was started or loaded) to the installed
 * {@code hexforge validate} and shows what comes back: one chat line per violation (turn, side, phase, rule, message),
 * a window listing them ({@link ResultsDialog}), or "no violations". With the preference on, it checks again each
 * time a turn tracker is moved on to the next phase, and then reports only violations it had not reported yet.
 *
 * <p>The check only reads. It sends, logs and saves nothing (its chat lines are local, like VASSAL's own notices),
 * so a game saved with it loads in a module without it and the other way round. hexforge runs in the background;
 * when it is missing or fails, one chat line says what to do and the game goes on.
 */
public final class CheckRules extends AbstractToolbarItem implements GameComponent {
  static final String PREFS_TAB = "Check rules";
  static final String PROGRAM_PREF = "hexforgeProgram";
  static final String EACH_PHASE_PREF = "hexforgeCheckEachPhase";
  static final String CHAT = "Check rules: ";
  static final String NEXT = "Next";   // TurnTracker's "_command" property after its next button or key

  private final History history = new History();
  private final Set<Verdict.Violation> reported = new HashSet<>();
  private StringConfigurer program;
  private BooleanConfigurer eachPhase;
  private ResultsDialog dialog;
  private boolean running;
  private boolean again;           // asked while running: check once more when it ends
  private boolean againAtPhaseEnd; // ... and only phase ends asked (report what is new)
  private boolean trackersFollowed;

  public CheckRules() {
    makeLaunchButton("Check the game so far against the rules (hexforge)", "Check rules", "", e -> check(false));
    launch.setEnabled(false);
  }

  public static String getConfigureTypeName() {
    return "Check rules (hexforge)";
  }

  @Override
  public void addTo(Buildable parent) {
    super.addTo(parent);
    final GameModule mod = GameModule.getGameModule();
    mod.getGameState().addGameComponent(this);
    program = new StringConfigurer(PROGRAM_PREF, "hexforge program (a path, or a name found on the PATH)",
      Hexforge.DEFAULT);
    mod.getPrefs().addOption(PREFS_TAB, program);
    eachPhase = new BooleanConfigurer(EACH_PHASE_PREF, "Check the rules at the end of each phase", Boolean.FALSE);
    mod.getPrefs().addOption(PREFS_TAB, eachPhase);
    try {
      history.followLogfiles();
    }
    catch (CheckError e) {
      // the check itself will say so
    }
  }

  @Override
  public void removeFrom(Buildable parent) {
    super.removeFrom(parent);
    GameModule.getGameModule().getGameState().removeGameComponent(this);
  }

  @Override
  public Class<?>[] getAllowableConfigureComponents() {
    return new Class<?>[0];
  }

  @Override
  public HelpFile getHelpFile() {
    return null;
  }

  // ---------------------------------------------------------------- GameComponent: nothing saved, history followed

  @Override
  public void setup(boolean gameStarting) {
    launch.setEnabled(gameStarting);
    history.clear();
    reported.clear();
    if (gameStarting) {
      followTrackers();
      SwingUtilities.invokeLater(history::restart);   // once every component has set the game up
    }
  }

  @Override
  public Command getRestoreCommand() {
    return null;
  }

  /** Check after every "next phase" of a turn tracker, when the player wants it (its value changes after the
   *  command property says how). Turns set by a loaded game, a replayed log or another player are not checked. */
  private void followTrackers() {
    if (trackersFollowed) return;
    trackersFollowed = true;
    final GameModule mod = GameModule.getGameModule();
    final List<MutablePropertiesContainer> containers = new ArrayList<>();
    containers.add(mod);
    containers.addAll(mod.getAllDescendantComponentsOf(Map.class));
    for (final TurnTracker t : mod.getAllDescendantComponentsOf(TurnTracker.class)) {
      final String name = t.getConfigureName();
      final MutableProperty value = MutableProperty.Util.findMutableProperty(name + "_value", containers);
      final MutableProperty how = MutableProperty.Util.findMutableProperty(name + "_command", containers);
      if (value == null || how == null) continue;
      value.addMutablePropertyChangeListener(e -> {
        if (eachPhase.getValueBoolean() && NEXT.equals(how.getPropertyValue())) {
          SwingUtilities.invokeLater(() -> check(true));   // after the tracker has logged its move
        }
      });
    }
  }

  // ---------------------------------------------------------------- the check

  /** Check the game so far; {@code phaseEnd}: the automatic check, which reports only what is new. */
  void check(boolean phaseEnd) {
    final GameModule mod = GameModule.getGameModule();
    if (running) {
      againAtPhaseEnd = again ? againAtPhaseEnd && phaseEnd : phaseEnd;
      again = true;
      return;
    }
    final String text;
    try {
      if (!mod.getGameState().isGameStarted()) throw new CheckError("no game is open");
      text = history.text();
    }
    catch (CheckError e) {
      mod.warn(CHAT + e.getMessage());
      return;
    }
    running = true;
    final String prog = Hexforge.program(program.getValueString());
    final String module = mod.getDataArchive().getName();
    new SwingWorker<Verdict, Void>() {
      @Override
      protected Verdict doInBackground() throws Exception {
        File log = null;
        try {
          log = History.write(text, null);
          return Hexforge.validate(prog, log, module);
        }
        catch (java.io.IOException e) {
          throw new CheckError("cannot write the game for hexforge: " + e.getMessage());
        }
        finally {
          if (log != null) log.delete();
        }
      }

      @Override
      protected void done() {
        running = false;
        if (!mod.getGameState().isGameStarted()) return;   // closed meanwhile: nothing left to report on
        try {
          report(get(), phaseEnd);
        }
        catch (ExecutionException e) {
          final Throwable why = e.getCause();
          mod.warn(CHAT + (why instanceof CheckError ? why.getMessage() : "the check failed: " + why));
        }
        catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        if (again) {
          again = false;
          check(againAtPhaseEnd);
        }
      }
    }.execute();
  }

  /** The chat lines and the window; at a phase end only violations not reported before, and the window only then. */
  private void report(Verdict verdict, boolean phaseEnd) {
    final GameModule mod = GameModule.getGameModule();
    int fresh = 0;
    for (final Verdict.Violation v : verdict.violations) {
      if (phaseEnd && reported.contains(v)) continue;
      mod.warn(CHAT + v);
      fresh++;
    }
    reported.clear();
    reported.addAll(verdict.violations);
    final String actions = verdict.actions + (verdict.actions == 1 ? " action" : " actions");
    final String heading = verdict.clean() ? "no violations (" + actions + " checked)"
      : verdict.violations.size() + " violation(s) in " + actions + (phaseEnd ? ", " + fresh + " new" : "");
    mod.warn(CHAT + (phaseEnd ? "end of phase: " : "") + heading);
    if (dialog == null) dialog = new ResultsDialog(mod.getPlayerWindow());
    if (!phaseEnd || fresh > 0) dialog.show(verdict, heading);
  }
}
