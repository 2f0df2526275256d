import type { ThemeConfig } from 'antd';

export const NAVY = '#14213d';
export const GOLD = '#fca311';

/** The brand theme: dark navy primary, 48 px controls and buttons, 14 px text, the six breakpoints. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: NAVY,
    colorInfo: NAVY,
    colorLink: '#1f4e9c',
    colorError: '#c4262e',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.5)',
    // antd's default (45% black) reads at 3.4:1 on white; hints under fields need 4.5:1.
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    // The app's font stack, with its metric-matched stand-ins (apps/web/font-stack.ts).
    fontFamily: 'var(--font)',
    fontSize: 14,
    controlHeight: 48,
    borderRadius: 10,
    screenXS: 480,
    screenSM: 576,
    screenMD: 768,
    screenLG: 992,
    screenXL: 1200,
    screenXXL: 1600,
  },
  components: {
    Button: { controlHeight: 48, fontWeight: 600, primaryShadow: 'none' },
    // The 48 px control height would otherwise make calendar cells 54 px wide: wider than a phone.
    DatePicker: { cellWidth: 40, cellHeight: 32 },
    Form: { itemMarginBottom: 20, verticalLabelPadding: '0 0 6px' },
  },
};
