import { createContext } from 'react';

/**
 * Where the dialogs inside send the focus when they close, instead of where it was when they opened (a file list: back
 * to the item a dialog was opened from, which a menu's entry was not). Returns whether it focused something; when it
 * did not (the item is gone), the dialog does as it would.
 */
export const DialogFocusReturn = createContext<(() => boolean) | null>(null);
