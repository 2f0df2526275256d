// First: may move an unprefixed first visit to /th before i18n reads the address.
import './app/initial-language.ts';
import 'virtual:font-stack.css';
import 'antd/dist/reset.css';
import './app/app.css';
import { holdInput } from './app/boot/held-input.ts';
import { nextTask } from './shared/next-task.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/**
 * The app starts in steps, each a module of src/app/boot/ evaluated and run in a task of its own.
 * Evaluated and run as one, the shell's code held a mid-range phone's main thread for ~200 ms before
 * the page could paint or answer a tap; between steps it can. index.html links every step's code, so
 * it all downloads at once, beside this module (vite.config.ts: bootStepPreloads).
 */
async function start(root: HTMLElement) {
  // The server's screen, unless index.html's gate put the boot screen in its place (a stored session,
  // another language). Until the app has taken it over, what the member does on it is held.
  const serverMarkup =
    document.getElementById('first-view') !== null && root.querySelector(':scope > .boot') === null;
  const held = serverMarkup ? holdInput(root) : undefined;
  const { textsArrived } = await import('./app/boot/texts.ts');
  await nextTask();
  const { beginSession } = await import('./app/boot/session.ts');
  // Downloads at once rather than one after another: the session refresh, then the screen's code and,
  // for a visitor, its data (none when the server sent it with the page).
  beginSession(serverMarkup);
  await nextTask();
  const { preloadScreens, startApp } = await import('./app/boot/start.tsx');
  await nextTask();
  preloadScreens();
  // The app is drawn once the shell's texts in the page's language are here (downloading beside the
  // app's code: the page links them). A failed download is asked for once more, then the app starts
  // anyway. Preact renders in one piece (startTransition would not slice it): the first screen is
  // sliced by its `Later` pieces instead.
  await textsArrived()
    .catch(() => textsArrived())
    .catch((error: unknown) => console.warn('texts could not be downloaded', error));
  await nextTask();
  await startApp(root, serverMarkup);
  await held?.release();
}
void start(root);
