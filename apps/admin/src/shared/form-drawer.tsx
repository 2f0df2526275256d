import { Drawer, Grid, type DrawerProps } from 'antd';
import type { ReactNode } from 'react';

/**
 * An edit form in a side drawer, `width` wide; the whole screen on a phone, where its buttons sit under
 * the form so the title keeps the width.
 */
export function FormDrawer({
  width,
  actions,
  ...drawer
}: DrawerProps & { width: number; actions: ReactNode }) {
  const narrow = !Grid.useBreakpoint().md;
  return (
    <Drawer
      size={narrow ? '100%' : width}
      forceRender
      {...drawer}
      extra={narrow ? undefined : actions}
      footer={narrow ? actions : undefined}
    />
  );
}
