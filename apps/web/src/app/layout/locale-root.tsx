import type { Language } from '@app/contracts';
import { useLayoutEffect } from 'react';
import { applyLanguage } from '../../shared/i18n/i18n.ts';
import { RouteGuard } from '../route-guard.tsx';
import { AppLayout } from './app-layout.tsx';

/** The root of `/…` (English) and `/th/…` (Thai): the route's locale decides the language. */
export function LocaleRoot({ lang }: { lang: Language }) {
  useLayoutEffect(() => applyLanguage(lang), [lang]);
  return (
    <RouteGuard>
      <AppLayout />
    </RouteGuard>
  );
}
