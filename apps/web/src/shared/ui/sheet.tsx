import { Drawer, type DrawerProps } from 'antd';
import dialog from './dialog.module.css';

/**
 * A sheet up from the bottom of the phone (antd's Drawer): its title, a close cross named for screen
 * readers with a 44 px tap target, and what it holds. Other props go to the Drawer (`size`, `footer`,
 * `rootClassName`, `aria-labelledby`, `data-testid`).
 */
export function Sheet({
  closeLabel,
  size = 'auto',
  ...drawer
}: Omit<DrawerProps, 'placement' | 'closable'> & { closeLabel: string; 'data-testid'?: string }) {
  return (
    <Drawer
      placement="bottom"
      size={size}
      closable={{ 'aria-label': closeLabel }}
      classNames={{ close: dialog.closeTarget }}
      {...drawer}
    />
  );
}
