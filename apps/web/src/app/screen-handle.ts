import { createContext, useContext } from 'react';
import type { ScreenHandle } from './routes.tsx';

/** The handle of the screen route at the current address (app/router.tsx matches it once per address). */
export const ScreenHandleContext = createContext<ScreenHandle | undefined>(undefined);

/** What the layout needs to know of the current screen: its outline, whether it hides the tabs, … */
export const useScreenHandle = () => useContext(ScreenHandleContext);
