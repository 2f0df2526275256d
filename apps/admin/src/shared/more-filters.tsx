import { FilterOutlined } from '@ant-design/icons';
import { Button, Grid } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * On a phone, a screen's filters beyond the first fold away behind "More filters" (they filled the
 * whole first screen); from md up they all show.
 */
export function useMoreFilters() {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md ?? true;
  const [open, setOpen] = useState(false);
  const shown = wide || open;
  const toggle = wide ? null : (
    <Button type="link" icon={<FilterOutlined />} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
      {open ? t('admin.common.fewerFilters') : t('admin.common.moreFilters')}
    </Button>
  );
  return { shown, toggle };
}
