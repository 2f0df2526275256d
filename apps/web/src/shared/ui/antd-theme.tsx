import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import thTH from 'antd/es/locale/th_TH';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from './theme.ts';

// antd/es/…: the CommonJS antd/locale/* entry points lose their default export in the browser build.
/** antd's theme and locale around a screen that uses antd; loaded with that screen, never up front. */
export function AntdTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider theme={theme} locale={i18n.language === 'th' ? thTH : enUS}>
      {children}
    </ConfigProvider>
  );
}
