import { ConfigProvider, message } from 'antd';
import { createElement, type ReactNode } from 'react';
import { theme } from './theme.ts';

// A toast must outlive the screen that raised it (Save → /profile), so it uses antd's global holder,
// which renders outside the tree: it gets the app's theme here. Only screens that toast load this code.
ConfigProvider.config({
  holderRender: (children) => createElement(ConfigProvider, { theme }, children),
});

export const toast = {
  success: (text: string) => void message.success(text),
  error: (text: string) => void message.error(text),
  /** A success toast holding more than text (Add to Cart's "View cart"); `key` lets it be closed early. */
  successContent: (content: ReactNode, key: string) => void message.success({ content, key }),
  dismiss: (key: string) => message.destroy(key),
};
