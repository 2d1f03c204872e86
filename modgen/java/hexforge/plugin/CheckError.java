package hexforge.plugin;

/** Why a check could not be done, in one line for the chat window (never a stack trace). */
final class CheckError extends Exception {
  private static final long serialVersionUID = 1L;

  CheckError(String message) {
    super(message);
  }
}
