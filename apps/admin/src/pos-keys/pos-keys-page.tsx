import type { CreatedPosKey, PosKey, StaffMe } from '@app/contracts';
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAllowed } from '../app/placeholders.tsx';
import { staffCan } from '../app/providers.ts';
import { errorText, fieldErrors } from '../shared/error-text.ts';
import { formatDateTime } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { ListTable } from '../shared/list-table.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { useCreatePosKey, usePosKeys, usePosStores, useRevokePosKey } from './use-pos-keys.ts';

/** Stores' point-of-sale API keys (owner): list by store, create (the key shown once), revoke. */
export function PosKeysPage() {
  const { data: me, isLoading } = useGetIdentity<StaffMe>();
  if (isLoading) return null;
  return staffCan(me ?? null, 'stores.apiKeys') ? <PosKeysScreen /> : <NotAllowed />;
}

export function PosKeysScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { message } = App.useApp();
  const [storeId, setStoreId] = useState<string | undefined>();
  const keys = usePosKeys(storeId);
  const stores = usePosStores();
  const revoke = useRevokePosKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedPosKey | null>(null);

  const doRevoke = async (key: PosKey) => {
    try {
      await revoke.mutateAsync(key.id);
      void message.success(t('admin.posKeys.revoked', { name: key.name }));
    } catch (e) {
      void message.error(errorText(t, e));
    }
  };

  const columns: TableColumnsType<PosKey> = [
    {
      title: t('admin.posKeys.name'),
      key: 'name',
      render: (_, k) => (
        <>
          <div>{k.name}</div>
          <div className="muted small">
            <code>{k.prefix}…</code>
          </div>
        </>
      ),
    },
    { title: t('admin.posKeys.store'), dataIndex: 'storeName' },
    {
      title: t('admin.posKeys.status'),
      key: 'status',
      render: (_, k) =>
        k.revokedAt ? (
          <Tag>{t('admin.posKeys.revokedOn', { date: formatDateTime(k.revokedAt, lang) })}</Tag>
        ) : (
          <Tag color="success">{t('admin.posKeys.active')}</Tag>
        ),
    },
    {
      title: t('admin.posKeys.created'),
      key: 'created',
      responsive: ['md'],
      render: (_, k) => (
        <>
          <div>{formatDateTime(k.createdAt, lang)}</div>
          <div className="muted small">{k.createdBy}</div>
        </>
      ),
    },
    {
      title: t('admin.posKeys.lastUsed'),
      dataIndex: 'lastUsedAt',
      responsive: ['lg'],
      render: (v: string | null) => (v ? formatDateTime(v, lang) : t('admin.posKeys.neverUsed')),
    },
    {
      title: <span className="sr-only">{t('admin.common.actions')}</span>,
      key: 'actions',
      fixed: 'right',
      render: (_, k) =>
        k.revokedAt ? null : (
          <Popconfirm
            title={t('admin.posKeys.revokeTitle', { name: k.name })}
            description={t('admin.posKeys.revokeWarning')}
            okText={t('admin.posKeys.revoke')}
            okButtonProps={{ danger: true }}
            cancelText={t('admin.posKeys.cancel')}
            onConfirm={() => doRevoke(k)}
          >
            <Button danger data-testid={`revoke-${k.id}`}>
              {t('admin.posKeys.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.posKeys.title')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="new-pos-key"
          >
            {t('admin.posKeys.create')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('admin.posKeys.intro')}</Typography.Paragraph>
      </PageHeader>
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('admin.posKeys.allStores')}
        aria-label={t('admin.posKeys.store')}
        className="block-gap"
        style={{ minWidth: 240 }}
        value={storeId}
        onChange={(v: string | undefined) => setStoreId(v)}
        options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
      />
      <ListTable<PosKey>
        error={keys.error}
        loading={keys.isLoading}
        dataSource={keys.data ?? []}
        columns={columns}
        pagination={false}
        empty={t('admin.posKeys.empty')}
      />
      <CreateKeyDialog
        open={creating}
        storeId={storeId}
        onClose={() => setCreating(false)}
        onCreated={(k) => {
          setCreating(false);
          setCreated(k);
        }}
      />
      <Modal
        open={created !== null}
        title={t('admin.posKeys.createdTitle')}
        onOk={() => setCreated(null)}
        onCancel={() => setCreated(null)}
        okText={t('admin.posKeys.done')}
        cancelButtonProps={{ style: { display: 'none' } }}
        maskClosable={false}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('admin.posKeys.shownOnce')} className="block-gap" />
        <Typography.Paragraph>
          {t('admin.posKeys.createdFor', { name: created?.name ?? '', store: created?.storeName ?? '' })}
        </Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: created?.key ?? '' }} data-testid="created-pos-key">
          <KeyOutlined aria-hidden /> <code style={{ wordBreak: 'break-all' }}>{created?.key}</code>
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('admin.posKeys.howToUse')}</Typography.Paragraph>
      </Modal>
    </>
  );
}

function CreateKeyDialog({
  open,
  storeId,
  onClose,
  onCreated,
}: {
  open: boolean;
  storeId: string | undefined;
  onClose: () => void;
  onCreated: (k: CreatedPosKey) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ storeId: string; name: string }>();
  const stores = usePosStores();
  const create = useCreatePosKey();
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    try {
      onCreated(await create.mutateAsync(values));
      form.resetFields();
    } catch (e) {
      form.setFields(fieldErrors(e) as Parameters<typeof form.setFields>[0]);
      setError(e);
    }
  };

  return (
    <Modal
      open={open}
      title={t('admin.posKeys.createTitle')}
      onOk={() => void submit()}
      onCancel={onClose}
      okText={t('admin.posKeys.create')}
      cancelText={t('admin.posKeys.cancel')}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={errorText(t, error)} className="block-gap" /> : null}
      <Form form={form} layout="vertical" initialValues={{ storeId }} requiredMark={false}>
        <Form.Item
          name="storeId"
          label={t('admin.posKeys.store')}
          rules={[{ required: true, message: t('admin.posKeys.storeRequired') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('admin.posKeys.name')}
          extra={t('admin.posKeys.nameHint')}
          rules={[
            { required: true, whitespace: true, message: t('admin.posKeys.nameRequired') },
            { max: 80, message: t('admin.posKeys.nameTooLong') },
          ]}
        >
          <Input maxLength={80} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
