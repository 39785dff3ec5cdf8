import type { FormValue } from '@lobby/contract';
import { createContext } from 'react';

/** The published page a form block sends its answers to. */
export interface PageFormTarget {
  eventId: number;
  slug: string;
  /** Sends one form block's answers (submitPageForm); rejects with the API's error. */
  submit: (blockId: string, values: Record<string, FormValue>) => Promise<{ replaced: boolean }>;
}

/**
 * Given by the reading pages (stub, partyspace). Without it (the editor's preview) a form block
 * shows its fields with the submit button disabled.
 */
export const PageFormContext = createContext<PageFormTarget | null>(null);
