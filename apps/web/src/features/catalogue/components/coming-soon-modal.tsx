import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import comingSoon from '../../../shared/ui/coming-soon.module.css';
import styles from '../catalogue.module.css';

/** Says plainly that an action opens in a later release (buying, redeeming) — it never pretends. */
export function ComingSoonModal({
  open,
  title,
  children,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      centered
      width={380}
      onCancel={onClose}
      footer={
        <Button type="primary" block onClick={onClose} data-testid="coming-soon-ok">
          {t('catalogue.comingSoon.ok')}
        </Button>
      }
    >
      <div className={styles.comingSoonBody} data-testid="coming-soon-modal">
        <ClockCircleOutlined aria-hidden className={comingSoon.icon} />
        {children}
      </div>
    </Modal>
  );
}
