package org.netbeans.spi.wizard;

/** hexforge link-time stand-in: the navigation calls VASSAL's panels make; nothing is navigated. */
public final class WizardController {
  public static final int MODE_CAN_CONTINUE = 1;
  public static final int MODE_CAN_FINISH = 2;
  public static final int MODE_CAN_CONTINUE_OR_FINISH = 3;

  WizardController() { }

  public void setForwardNavigationMode(int mode) { }

  public void setProblem(String problem) { }
}
