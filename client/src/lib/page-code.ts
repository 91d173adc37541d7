// What signing in waits for before it shows the first signed-in page: that page's code, when the app
// knows how to load it ahead (pages/home-pages.ts). The app provides it (app/providers.tsx); sign-in
// (features/auth) reads it here, so that a feature does not import the pages that compose it.
import { createContext } from 'react';
import type { User } from '../../../shared/auth';

/** Settles once the code of the page at `path`, as `user` sees it, is loaded (or failed to load). */
export type LoadPageCode = (path: string, user: User) => Promise<void>;

export const PageCodeContext = createContext<LoadPageCode>(() => Promise.resolve());
