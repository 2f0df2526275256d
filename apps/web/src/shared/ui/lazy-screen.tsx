import { lazy, useCallback, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { withTexts } from '../i18n/add-texts.ts';
import { inTurn } from './later.tsx';

type Module<P> = { default: ComponentType<P> };

/** A lazily loaded screen (or part of one) that can also be fetched ahead of time, on idle or on intent. */
export type LazyScreen<P> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<Module<P>>;
  /** `preload` for a hint (idle, intent): a failed download is not an error, the real render retries it. */
  prefetch: () => void;
  /** The part's own module, without the theme around it. */
  load: () => Promise<Module<P>>;
  /** Whether antd's theme (and so the kit's code, KIT_MODULE) comes with the part. */
  kit: boolean;
};

/** The kit's module as the build's manifest names it: a page that starts on a kit screen links it too. */
export const KIT_MODULE = 'src/shared/ui/antd-theme.tsx';

const loadKit = () => import('./antd-theme.tsx');

/**
 * `lazy` with a `preload`, ready once the part's texts are here too (shared/i18n/add-texts.ts), and by
 * default with antd's theme around it: the kit's runtime (about 60 kB
 * gzip) downloads beside the part's own code, in parallel, and only for parts that use antd. A part
 * that uses no antd component (the home screen) passes `{ kit: false }` and starts without it.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<Module<P>>,
  { kit = true } = {},
): LazyScreen<P> {
  let loading: Promise<Module<P>> | undefined;
  const preload = () => {
    loading ??= (
      kit
        ? Promise.all([withTexts(load()), loadKit()]).then(([{ default: Part }, { AntdTheme }]) => ({
            default: function Themed(props: P) {
              return (
                <AntdTheme>
                  <Part {...props} />
                </AntdTheme>
              );
            },
          }))
        : withTexts(load())
    ).catch((err: unknown) => {
      // A failed download (a flaky network) is tried again next time rather than remembered.
      loading = undefined;
      throw err;
    });
    return loading;
  };
  const prefetch = () => void preload().catch(() => {});
  return Object.assign(
    lazy(() => inTurn(preload())),
    { preload, prefetch, load, kit },
  );
}

/** True from the first render where `value` is true on: a lazily loaded dialog stays mounted once it
 * has opened, so closing plays its own animation. */
export function useOnceTrue(value: boolean): boolean {
  const [was, setWas] = useState(value);
  if (value && !was) setWas(true);
  return was || value;
}

/**
 * Resolves once the browser has painted the current frame. A tap's own answer (a busy button, a row
 * marked read) is drawn first; the heavy part it leads to — running a lazily loaded part's code (antd
 * among it: 150–280 ms on Lighthouse's phone) and drawing it — comes in tasks of their own. The phone
 * shows at once that the tap was taken, and that work is not the tap's delay (INP). So such parts are
 * loaded on the tap, after its frame, not as the finger lands: code run between the finger landing and
 * the click delays the click's own handler, inside the tap.
 */
export const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') setTimeout(resolve, 0);
    // The frame after the tap's, not only its rendering: work started straight after that frame's
    // rendering could still hold back its presentation on a slow phone (measured: 390 ms of 408).
    else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });

/**
 * Opens a lazily loaded dialog only once its code is here, loading it after the tap's frame
 * (afterNextPaint): meanwhile `opening` (the button shows it is busy); if the download fails (no
 * network), `failed` (the screen says so beside the button) instead of an empty tap or the screen's
 * error boundary replacing the whole screen. `shown`: the dialog has opened once, so it stays mounted
 * and plays its own closing animation.
 */
export function useLazyOpen(part: { preload: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  const show = () => {
    setFailed(false);
    setOpening(true);
    afterNextPaint()
      .then(() => part.preload())
      .then(
        () => {
          setOpening(false);
          setOpen(true);
        },
        () => {
          setOpening(false);
          setFailed(true);
        },
      );
  };
  const close = useCallback(() => setOpen(false), []);
  const shown = useOnceTrue(open);
  return { open, shown, opening, failed, show, close };
}
