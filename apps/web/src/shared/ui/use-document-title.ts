import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "Page · Privileges" (translated), or the app name alone without a page title. */
export function useDocumentTitle(title?: string | null): void {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}
