/**
 * The upgrade dialog's medium of the widget settings' locked controls. The gates
 * themselves (useWidgetGates) are in shared/widgetLook.
 */
export const MEDIUM = 'settings-widget';
