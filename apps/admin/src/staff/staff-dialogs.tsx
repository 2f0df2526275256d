import { STAFF_ROLES, type MerchantRef, type Staff } from '@app/contracts';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { useSubmit } from '../shared/use-submit.ts';

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
  const { busy, error, clearError, run } = useSubmit(form);
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
    const staff = props.staff;
    if (!v || !staff) return;
    const storeIds = v.role === 'store_staff' ? (v.storeIds ?? []) : [];
    await run(async () => {
      const saved =
        staff === 'new'
          ? await api.post<Staff>('/staff', { ...v, email: v.email?.trim(), name: v.name.trim(), storeIds })
          : await api.patch<Staff>(`/staff/${staff.id}`, {
              name: v.name.trim(),
              role: v.role,
              storeIds,
              language: v.language,
            });
      props.onClose();
      await props.onSaved(saved, creating);
    });
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
        clearError();
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
  const { busy, error, clearError, run } = useSubmit();
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
        clearError();
        props.onClose();
      }}
      onOk={async () => {
        const value = props.value;
        if (!value) return;
        await run(async () => {
          await props.run(action, value.staff);
          props.onClose();
          await props.onDone(t(`admin.staff.confirm.${action}.done`, { name }));
        });
      }}
    >
      <Typography.Paragraph>{t(`admin.staff.confirm.${action}.what`, { name, count })}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
