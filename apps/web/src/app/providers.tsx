import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import thTH from 'antd/es/locale/th_TH';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../shared/api/query-client.ts';
import { theme } from './theme.ts';

// antd/es/…: the CommonJS antd/locale/* entry points lose their default export in the browser build.
// Toasts (antd's global message holder) render outside the tree: give them the same theme.
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider>,
});

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme} locale={i18n.language === 'th' ? thTH : enUS}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
