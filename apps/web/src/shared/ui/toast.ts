import { message } from 'antd';

// A toast must outlive the screen that raised it (Save → /profile), so it uses antd's global holder
// (themed in app/providers.tsx). Only screens that toast load antd's message code.
export const toast = {
  success: (text: string) => void message.success(text),
  error: (text: string) => void message.error(text),
};
