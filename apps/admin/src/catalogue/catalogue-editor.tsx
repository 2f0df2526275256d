import type { CatalogueStatus } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../api/client.ts';
import { errorText } from '../shared/error-text.ts';
import { FormDrawer } from '../shared/form-drawer.tsx';
import { RequiredNote, requiredMark } from '../shared/required-mark.tsx';
import { EDIT_CONFLICT, versionBody, versionOf, type Versioned } from './edit-version.ts';
import { apiFieldErrors } from './form-errors.ts';
import { FORMS } from './forms/index.ts';
import { catalogueApiPath, hasStatus, type CatalogueKind } from './kinds.ts';
import { CatalogueStatusTag } from './status-tag.tsx';
import styles from './catalogue.module.css';

type Row = Versioned & { id: string; status?: CatalogueStatus };

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
  onStatus: (
    row: Row,
    action: 'publish' | 'unpublish',
    onConflict: () => void,
  ) => Promise<Row | null | undefined>;
}) {
  const { kind, target } = props;
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; more: string[] } | null>(null);
  // Which row the form holds and the version it was loaded at: every save and status change sends that
  // version, so a save made after someone else's is refused instead of overwriting theirs.
  const loaded = useRef<{ target: string; version?: number } | null>(null);
  const [conflict, setConflict] = useState(false);
  const def = FORMS[kind];
  const id = target && target !== 'new' ? target : null;
  const one = useQuery({
    queryKey: ['admin', 'catalogue', kind, 'one', id],
    queryFn: () => api.get<Row>(catalogueApiPath(kind, id!)),
    enabled: !!id,
  });
  // A row read before (an earlier opening) may be stale: the form waits for this opening's own read, so
  // it starts from the version stored now.
  const fresh = !!id && one.isFetchedAfterMount && !!one.data;
  const view = id ? (one.data ?? null) : null;
  const urls = useMemo(() => def.urls(view), [def, view]);

  // The form is filled once per opened row: a later read of it (someone else's save, a refetch when the
  // window regains focus) must not replace what staff are typing; reloading is their choice.
  useEffect(() => {
    if (!target) {
      loaded.current = null;
      return;
    }
    if (loaded.current?.target === target) return;
    if (target === 'new') {
      form.resetFields();
      form.setFieldsValue(def.empty());
      loaded.current = { target };
    } else if (view && fresh) {
      form.resetFields();
      form.setFieldsValue(def.fromView(view));
      loaded.current = { target, version: versionOf(view) };
    }
  }, [target, view, fresh, def, form]);

  const close = () => {
    setError(null);
    setConflict(false);
    props.onClose();
  };

  /** Read the row again and show it, dropping the form's edits (after staff confirm). */
  const reload = () =>
    modal.confirm({
      title: t('admin.catalogue.conflict.confirmTitle'),
      content: t('admin.catalogue.conflict.confirmBody'),
      okText: t('admin.catalogue.conflict.confirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('admin.catalogue.conflict.keep'),
      onOk: async () => {
        const latest = await one.refetch();
        if (!latest.data || !id) return;
        form.resetFields();
        form.setFieldsValue(def.fromView(latest.data));
        loaded.current = { target: id, version: versionOf(latest.data) };
        setConflict(false);
        setError(null);
      },
    });

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    setError(null);
    try {
      const body = def.toBody(values) as Record<string, unknown>;
      const saved = id
        ? await api.put<Row>(catalogueApiPath(kind, id), { ...body, ...versionBody(loaded.current) })
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
      if (isApiError(e) && e.code === EDIT_CONFLICT) {
        setConflict(true);
        return;
      }
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
          onClick={() =>
            void props
              .onStatus(
                { ...view, version: loaded.current?.version },
                view.status === 'published' ? 'unpublish' : 'publish',
                () => setConflict(true),
              )
              .then((saved) => {
                // The status change is a save too: later saves from this form follow its version.
                if (saved && id) loaded.current = { target: id, version: versionOf(saved) };
              })
          }
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
      {id && !fresh && !one.error && <Skeleton active />}
      {!id && hasStatus(kind) && (
        <Alert
          type="info"
          showIcon
          title={t('admin.catalogue.startsAsDraft')}
          className={`block-gap-bottom ${styles.note}`}
        />
      )}
      {conflict && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          className="block-gap-bottom"
          title={t('admin.catalogue.conflict.title')}
          description={
            // The button under the text, not beside it: on a phone the text keeps the width.
            <>
              <p className={styles.conflictText}>{t('admin.catalogue.conflict.body')}</p>
              <Button onClick={reload}>{t('admin.catalogue.conflict.reload')}</Button>
            </>
          }
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
        // Ids of its own (catalogue-vouchers_storeId, …): the list's filters beside it have a storeId too,
        // and a label must point to this form's control.
        name={`catalogue-${kind}`}
        layout="vertical"
        requiredMark={requiredMark}
        disabled={!props.canWrite}
        hidden={!!id && !fresh}
        scrollToFirstError
      >
        {props.canWrite && <RequiredNote />}
        {target && <Fields view={view} urls={urls} />}
      </Form>
    </FormDrawer>
  );
}
