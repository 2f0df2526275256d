import type { CatalogueStatus } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { errorText } from '../shared/error-text.ts';
import { FormDrawer } from '../shared/form-drawer.tsx';
import { apiFieldErrors } from './form-errors.ts';
import { FORMS } from './forms/index.ts';
import { catalogueApiPath, hasStatus, type CatalogueKind } from './kinds.ts';
import { CatalogueStatusTag } from './status-tag.tsx';
import styles from './catalogue.module.css';

type Row = { id: string; status?: CatalogueStatus };

/**
 * Create or edit one catalogue row in a drawer: the whole form is saved at once (PUT), so nothing is
 * half-saved; the API's per-field messages land under their fields, others in the alert at the top.
 * New vouchers, privileges, coupons and banners start as drafts: members see them once published.
 */
export function CatalogueEditor(props: {
  kind: CatalogueKind;
  target: 'new' | string | null;
  canWrite: boolean;
  onClose: () => void;
  onStatus: (row: Row, action: 'publish' | 'unpublish') => Promise<void>;
}) {
  const { kind, target } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; more: string[] } | null>(null);
  const def = FORMS[kind];
  const id = target && target !== 'new' ? target : null;
  const one = useQuery({
    queryKey: ['admin', 'catalogue', kind, 'one', id],
    queryFn: () => api.get<Row>(catalogueApiPath(kind, id!)),
    enabled: !!id,
  });
  const view = id ? (one.data ?? null) : null;
  const urls = useMemo(() => def.urls(view), [def, view]);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target === 'new') form.setFieldsValue(def.empty());
    else if (view) form.setFieldsValue(def.fromView(view));
  }, [target, view, def, form]);

  const close = () => {
    setError(null);
    props.onClose();
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    setError(null);
    try {
      const body = def.toBody(values);
      const saved = id
        ? await api.put<Row>(catalogueApiPath(kind, id), body)
        : await api.post<Row>(catalogueApiPath(kind), body);
      queryClient.setQueryData(['admin', 'catalogue', kind, 'one', saved.id], saved);
      // The lists (Refine's keys) and the pickers' options both follow.
      await queryClient.invalidateQueries();
      void message.success(
        t(
          id
            ? 'admin.catalogue.saved'
            : hasStatus(kind)
              ? 'admin.catalogue.createdDraft'
              : 'admin.catalogue.created',
        ),
      );
      close();
    } catch (e) {
      const known = new Set(Object.keys(form.getFieldsValue()));
      const more: string[] = [];
      const fields = apiFieldErrors(t, e).flatMap((f) => {
        const first = String(f.name[0]);
        if (!known.has(first)) {
          more.push(`${first}: ${f.errors[0]}`);
          return [];
        }
        return [{ ...f, name: def.collapse.includes(first) ? [first] : f.name }];
      });
      form.setFields(fields as never);
      setError({ text: errorText(t, e), more });
    } finally {
      setBusy(false);
    }
  };

  const Fields = def.Fields;
  const actions = (
    <Space wrap>
      {view?.status && props.canWrite && view.status !== 'archived' && (
        <Button
          onClick={() => void props.onStatus(view, view.status === 'published' ? 'unpublish' : 'publish')}
        >
          {t(view.status === 'published' ? 'admin.catalogue.unpublish' : 'admin.catalogue.publish')}
        </Button>
      )}
      {props.canWrite && (
        <Button type="primary" loading={busy} onClick={() => void save()}>
          {id ? t('admin.common.save') : t(`admin.catalogue.create`)}
        </Button>
      )}
    </Space>
  );
  const title = t(`admin.catalogue.${id ? 'editTitle' : 'newTitle'}.${kind}`);
  return (
    <FormDrawer
      open={target !== null}
      onClose={close}
      width={960}
      title={
        <Space wrap>
          {title}
          {view?.status && <CatalogueStatusTag status={view.status} />}
        </Space>
      }
      actions={actions}
    >
      {id && one.error && <Alert type="error" showIcon title={errorText(t, one.error)} />}
      {id && one.isLoading && <Skeleton active />}
      {!id && hasStatus(kind) && (
        <Alert
          type="info"
          showIcon
          title={t('admin.catalogue.startsAsDraft')}
          className={`block-gap-bottom ${styles.note}`}
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="block-gap-bottom"
          title={error.text}
          description={error.more.length ? error.more.join(' · ') : undefined}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        disabled={!props.canWrite}
        hidden={!!id && !view}
        scrollToFirstError
      >
        {target && <Fields view={view} urls={urls} />}
      </Form>
    </FormDrawer>
  );
}
