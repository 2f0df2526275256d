import type { ThemeConfig } from 'antd';

/** The member app's navy and gold, at desk density: 36 px controls instead of the phone's 48 px. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#14213d',
    colorInfo: '#14213d',
    colorLink: '#1f4e9c',
    colorError: '#c4262e',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    fontFamily: 'var(--admin-font)',
    fontSize: 14,
    borderRadius: 8,
  },
  components: {
    Layout: { headerBg: '#14213d', siderBg: '#14213d', headerPadding: '0 16px' },
    Menu: {
      darkItemBg: '#14213d',
      darkSubMenuItemBg: '#0e1830',
      darkItemSelectedBg: '#fca311',
      darkItemSelectedColor: '#14213d',
    },
  },
};
