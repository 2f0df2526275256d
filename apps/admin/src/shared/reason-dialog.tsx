import { Alert, Form, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonItem } from './reason-item.tsx';
import { useSubmit } from './use-submit.ts';

export interface ReasonDialogProps<V extends { reason: string }> {
  open: boolean;
  title: string;
  /** What pressing the button does, said plainly before it is pressed. */
  consequence: ReactNode;
  okText: string;
  danger?: boolean;
  /** Fields above the reason (the points to add or take). */
  children?: ReactNode;
  initialValues?: Partial<V>;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  /** Called with the form's live values: a summary that follows what is typed. */
  summary?: (values: Partial<V>) => ReactNode;
}

/**
 * Every change to a member or staff account goes through this: a reason (kept in the audit log) and a
 * button that names the change. The server's per-field messages show under their fields.
 */
export function ReasonDialog<V extends { reason: string }>(props: ReasonDialogProps<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const { busy, error, clearError, run } = useSubmit(form);
  const values = Form.useWatch([], form) as Partial<V> | undefined;

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await run(async () => {
      await props.onSubmit(v);
      form.resetFields();
      props.onClose();
    });
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={t('admin.common.cancel')}
      okButtonProps={{ danger: props.danger, loading: busy }}
      onOk={() => void submit()}
      onCancel={() => {
        clearError();
        props.onClose();
      }}
      destroyOnHidden
      forceRender
    >
      <Typography.Paragraph>{props.consequence}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} role="alert" className="dialog-alert" />}
      <Form form={form} layout="vertical" initialValues={props.initialValues} requiredMark={false}>
        {props.children}
        <ReasonItem />
      </Form>
      {props.summary && values && <div className="dialog-summary">{props.summary(values)}</div>}
    </Modal>
  );
}
