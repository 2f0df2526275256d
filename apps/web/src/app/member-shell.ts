import { createContext, useContext } from 'react';

/**
 * Set by the server when it renders a page for a browser that says a member is signed in on it (the
 * `member` hint cookie): the member's layout with the screen's outline, as the app itself draws it while
 * it restores the session. The browser's first render (hydrating that page) draws the same.
 */
export const MemberShellContext = createContext(false);

/** Whether this render is the server's member layout. */
export const useServerMemberShell = () => useContext(MemberShellContext);

/** The guard held the screen: the layout shows the screen's outline in its place. */
export const ScreenHeldContext = createContext(false);
