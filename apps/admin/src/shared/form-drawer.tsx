import { Button, Drawer, Grid, Space, type DrawerProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The drawer's one button beside Cancel: what it says, whether its call is on the way, what it does. */
interface SubmitButton {
  label: ReactNode;
  loading: boolean;
  onClick: () => void;
}

/**
 * An edit form in a side drawer, `width` wide; the whole screen on a phone, where its buttons sit under
 * the form so the title keeps the width. Its buttons: `actions` of its own, or Cancel (closes) and `submit`.
 */
export function FormDrawer({
  width,
  actions,
  submit,
  ...drawer
}: DrawerProps & { width: number } & (
    { actions: ReactNode; submit?: never } | { submit: SubmitButton; actions?: never }
  )) {
  const { t } = useTranslation();
  const narrow = !Grid.useBreakpoint().md;
  const buttons = submit ? (
    <Space>
      <Button onClick={drawer.onClose}>{t('admin.common.cancel')}</Button>
      <Button type="primary" loading={submit.loading} onClick={submit.onClick}>
        {submit.label}
      </Button>
    </Space>
  ) : (
    actions
  );
  return (
    <Drawer
      size={narrow ? '100%' : width}
      forceRender
      {...drawer}
      extra={narrow ? undefined : buttons}
      footer={narrow ? buttons : undefined}
    />
  );
}
