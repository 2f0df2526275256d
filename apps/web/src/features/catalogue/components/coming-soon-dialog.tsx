import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import comingSoon from '../../../shared/ui/coming-soon.module.css';
import styles from '../catalogue.module.css';
import type { ComingSoonProps } from './coming-soon-modal.tsx';

/** The dialog of ComingSoonModal (coming-soon-modal.tsx), loaded when it first opens. */
export default function ComingSoonDialog({ open, title, children, onClose }: ComingSoonProps) {
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
