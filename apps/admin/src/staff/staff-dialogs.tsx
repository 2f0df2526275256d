import { STAFF_ROLES, type MerchantRef, type Staff } from '@app/contracts';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { errorText, fieldErrors } from '../shared/error-text.ts';

type StaffFormValues = {
  email?: string;
  name: string;
  role: Staff['role'];
  storeIds?: string[];
  language: 'en' | 'th';
};

/** Create a staff account (they enrol their authenticator at first sign-in) or change one. */
export function StaffForm(props: {
  staff: Staff | 'new' | null;
  stores: MerchantRef[];
  onClose: () => void;
  onSaved: (staff: Staff, created: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StaffFormValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const creating = props.staff === 'new';
  const role = Form.useWatch('role', form);

  useEffect(() => {
    if (!props.staff) return;
    form.resetFields();
    if (props.staff !== 'new') {
      const { name, role, storeIds, language } = props.staff;
      form.setFieldsValue({ name, role, storeIds, language });
    } else form.setFieldsValue({ role: 'support', language: 'th', storeIds: [] });
  }, [props.staff, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !props.staff) return;
    setBusy(true);
    setError(null);
    const storeIds = v.role === 'store_staff' ? (v.storeIds ?? []) : [];
    try {
      const saved =
        props.staff === 'new'
          ? await api.post<Staff>('/staff', { ...v, email: v.email?.trim(), name: v.name.trim(), storeIds })
          : await api.patch<Staff>(`/staff/${props.staff.id}`, {
              name: v.name.trim(),
              role: v.role,
              storeIds,
              language: v.language,
            });
      props.onClose();
      await props.onSaved(saved, creating);
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields.length) form.setFields(fields as never);
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.staff !== null}
      title={creating ? t('admin.staff.createTitle') : t('admin.staff.editTitle')}
      okText={creating ? t('admin.staff.createOk') : t('admin.common.save')}
      cancelText={t('admin.common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={() => {
        setError(null);
        props.onClose();
      }}
      forceRender
    >
      {creating && <Typography.Paragraph>{t('admin.staff.createWhat')}</Typography.Paragraph>}
      {!creating && <Typography.Paragraph>{t('admin.staff.editWhat')}</Typography.Paragraph>}
      {error && <Alert type="error" showIcon title={error} role="alert" className="dialog-alert" />}
      <Form form={form} layout="vertical" requiredMark={false}>
        {creating && (
          <Form.Item
            name="email"
            label={t('admin.staff.email')}
            rules={[{ required: true, type: 'email', message: t('admin.auth.emailInvalid') }]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('admin.staff.name')}
          rules={[{ required: true, whitespace: true, max: 100, message: t('admin.staff.nameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="role" label={t('admin.staff.role')} rules={[{ required: true }]}>
          <Select options={STAFF_ROLES.map((r) => ({ value: r, label: t(`admin.roles.${r}`) }))} />
        </Form.Item>
        {role === 'store_staff' && (
          <Form.Item
            name="storeIds"
            label={t('admin.staff.stores')}
            rules={[{ required: true, type: 'array', min: 1, message: t('admin.staff.storesRequired') }]}
          >
            <Select
              mode="multiple"
              optionFilterProp="label"
              options={props.stores.map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="language" label={t('admin.staff.language')} extra={t('admin.staff.languageHint')}>
          <Select
            options={[
              { value: 'th', label: t('admin.languages.th') },
              { value: 'en', label: t('admin.languages.en') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export type StaffAction = 'disable' | 'enable' | 'sessions' | 'reset';

/** The account-wide actions, each confirmed with a sentence that says what it does. */
export function StaffConfirm(props: {
  value: { action: StaffAction; staff: Staff } | null;
  onClose: () => void;
  onDone: (text: string) => Promise<void>;
  run: (action: StaffAction, staff: Staff) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = props.value?.action ?? 'disable';
  const name = props.value?.staff.name ?? '';
  const count = props.value?.staff.activeSessions ?? 0;
  return (
    <Modal
      open={props.value !== null}
      title={t(`admin.staff.confirm.${action}.title`, { name })}
      okText={t(`admin.staff.confirm.${action}.ok`)}
      cancelText={t('admin.common.cancel')}
      okButtonProps={{ danger: action !== 'enable', loading: busy }}
      onCancel={() => {
        setError(null);
        props.onClose();
      }}
      onOk={async () => {
        if (!props.value) return;
        setBusy(true);
        setError(null);
        try {
          await props.run(action, props.value.staff);
          props.onClose();
          await props.onDone(t(`admin.staff.confirm.${action}.done`, { name }));
        } catch (e) {
          setError(errorText(t, e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography.Paragraph>{t(`admin.staff.confirm.${action}.what`, { name, count })}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
