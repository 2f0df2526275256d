import {
  CAMPAIGN_BODY_MAX,
  CAMPAIGN_EXPIRY_DAYS_MAX,
  CAMPAIGN_SCHEDULE_MAX_DAYS,
  CAMPAIGN_TITLE_MAX,
  TIERS,
  type CampaignLink,
  type CampaignSegment,
  type Tier,
} from '@app/contracts';
import { TeamOutlined } from '@ant-design/icons';
import { Alert, App, Checkbox, DatePicker, Form, Input, Radio, Spin, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toInstant, dateTimeFormat } from '../catalogue/datetime.ts';
import { showFieldErrors } from '../catalogue/form-errors.ts';
import { CataloguePicker } from '../catalogue/catalogue-picker.tsx';
import { useCatalogueNames } from '../catalogue/use-catalogue-options.ts';
import { errorText } from '../shared/error-text.ts';
import { FormDrawer } from '../shared/form-drawer.tsx';
import { formatNumber } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { RequiredNote, requiredMark } from '../shared/required-mark.tsx';
import { LINK_LIST } from './campaign-link.ts';
import { CampaignPreview } from './campaign-preview.tsx';
import { segmentText } from './segment-text.ts';
import { useSegmentCount, useSendCampaign } from './use-campaigns.ts';
import styles from './campaigns.module.css';
import { WholeNumberItem } from '../shared/whole-number-item.tsx';

type Values = {
  titleEn: string;
  titleTh: string;
  bodyEn: string;
  bodyTh: string;
  email: boolean;
  linkKind: CampaignLink['kind'] | 'none';
  linkId?: string | null;
  kind: CampaignSegment['kind'];
  tiers?: Tier[];
  storeId?: string;
  days?: number;
  when: 'now' | 'later';
  at?: Dayjs | null;
};

/** The message's four texts, English beside Thai: a one-line title, a body of a few lines. */
const MESSAGE_FIELDS = [
  { name: 'titleEn', lang: 'en', max: CAMPAIGN_TITLE_MAX, rows: 0 },
  { name: 'titleTh', lang: 'th', max: CAMPAIGN_TITLE_MAX, rows: 0 },
  { name: 'bodyEn', lang: 'en', max: CAMPAIGN_BODY_MAX, rows: 4 },
  { name: 'bodyTh', lang: 'th', max: CAMPAIGN_BODY_MAX, rows: 4 },
] as const;

/** The segment the form describes, or null while it is incomplete (no tier ticked, no store picked). */
function segmentOf(v: Partial<Values> | undefined): CampaignSegment | null {
  switch (v?.kind) {
    case 'all':
      return { kind: 'all' };
    case 'tier':
      return v.tiers?.length ? { kind: 'tier', tiers: TIERS.filter((t) => v.tiers!.includes(t)) } : null;
    case 'store':
      return v.storeId ? { kind: 'store', storeId: v.storeId } : null;
    case 'points_expiring':
      return v.days && v.days >= 1 && v.days <= CAMPAIGN_EXPIRY_DAYS_MAX
        ? { kind: 'points_expiring', days: v.days }
        : null;
    default:
      return null;
  }
}

/** The voucher or privilege the notification opens, or null for none (or none picked yet). */
const linkOf = (v: Partial<Values> | undefined): CampaignLink | null =>
  v?.linkKind && v.linkKind !== 'none' && v.linkId ? { kind: v.linkKind, id: v.linkId } : null;

/**
 * Compose a campaign: title and message in English and Thai side by side (each member gets their own
 * language), an optional e-mail, the segment with a live count of who it reaches, then send now or at
 * a Bangkok date and time. A confirmation names the count before anything goes out.
 */
export function CampaignComposer(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const segment = useDeferredValue(segmentOf(values));
  const count = useSegmentCount(segment);
  const stores = useCatalogueNames('stores', [values?.storeId]);
  const send = useSendCampaign();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    props.onClose();
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    const seg = segmentOf(v ?? undefined);
    if (!v || !seg) return;
    const at = v.when === 'later' ? toInstant(v.at) : null;
    const recipients = count.data?.recipients;
    const target = segmentText(t, seg, (id) => stores.nameOf(id) ?? t('admin.catalogue.picker.gone'));
    modal.confirm({
      title: t(at ? 'admin.campaigns.confirmScheduleTitle' : 'admin.campaigns.confirmSendTitle'),
      content: (
        <>
          <Typography.Paragraph>
            {t(at ? 'admin.campaigns.confirmScheduleBody' : 'admin.campaigns.confirmSendBody', {
              segment: target,
              count: recipients ?? 0,
              n: formatNumber(recipients ?? 0),
              at: v.at?.format(dateTimeFormat(lang)),
            })}
          </Typography.Paragraph>
          {v.email && <Typography.Paragraph>{t('admin.campaigns.confirmEmail')}</Typography.Paragraph>}
        </>
      ),
      okText: t(at ? 'admin.campaigns.schedule' : 'admin.campaigns.sendNow'),
      cancelText: t('admin.common.cancel'),
      onOk: async () => {
        setError(null);
        try {
          await send.mutateAsync({
            body: {
              title: { en: v.titleEn.trim(), th: v.titleTh.trim() },
              body: { en: v.bodyEn.trim(), th: v.bodyTh.trim() },
              email: v.email,
              link: linkOf(v),
              segment: seg,
            },
            at,
          });
          void message.success(t(at ? 'admin.campaigns.scheduled' : 'admin.campaigns.sending'));
          form.resetFields();
          close();
        } catch (e) {
          // Field paths are title.en, body.th, segment.days, at: the form's names differ, so map them.
          const fields = (e as { fields?: Array<{ path: string; message: string }> }).fields ?? [];
          const rename: Record<string, string> = {
            'title.en': 'titleEn',
            'title.th': 'titleTh',
            'body.en': 'bodyEn',
            'body.th': 'bodyTh',
            'segment.days': 'days',
            'segment.tiers': 'tiers',
            'segment.storeId': 'storeId',
            'link.id': 'linkId',
          };
          fields.forEach((f) => (f.path = rename[f.path] ?? f.path));
          showFieldErrors(t, form, e);
          setError(errorText(t, e));
        }
      },
    });
  };

  const required = (max: number) => [
    { required: true, whitespace: true, message: t('admin.campaigns.required') },
    { max, message: t('admin.catalogue.fieldErrors.maxChars', { n: max }) },
  ];
  const kind = values?.kind;
  const linkKind = values?.linkKind ?? 'none';

  return (
    <FormDrawer
      open={props.open}
      onClose={close}
      title={t('admin.campaigns.newTitle')}
      width={900}
      submit={{
        label: `${values?.when === 'later' ? t('admin.campaigns.schedule') : t('admin.campaigns.sendNow')}…`,
        loading: send.isPending,
        onClick: () => void submit(),
      }}
    >
      {error && <Alert type="error" showIcon role="alert" title={error} className="block-gap-bottom" />}
      <Form
        form={form}
        // Ids of its own (campaign_titleEn, …), apart from any other form on the page.
        name="campaign"
        layout="vertical"
        requiredMark={requiredMark}
        initialValues={{ kind: 'all', when: 'now', email: false, days: 30, tiers: [], linkKind: 'none' }}
      >
        <RequiredNote />
        <Typography.Title level={5} className={styles.section}>
          {t('admin.campaigns.message')}
        </Typography.Title>
        <div className={styles.pair}>
          {MESSAGE_FIELDS.map(({ name, lang, max, rows }) => (
            <Form.Item key={name} name={name} label={t(`admin.campaigns.${name}`)} rules={required(max)}>
              {rows ? (
                <Input.TextArea
                  lang={lang}
                  autoSize={{ minRows: rows, maxRows: 12 }}
                  maxLength={max}
                  showCount
                />
              ) : (
                <Input lang={lang} maxLength={max} showCount />
              )}
            </Form.Item>
          ))}
        </div>
        <Form.Item
          name="linkKind"
          label={t('admin.campaigns.link.label')}
          extra={t('admin.campaigns.link.hint')}
        >
          <Radio.Group
            optionType="button"
            onChange={() => form.setFieldValue('linkId', null)}
            options={[
              { value: 'none', label: t('admin.campaigns.link.none') },
              { value: 'voucher', label: t('admin.campaigns.link.voucher') },
              { value: 'privilege', label: t('admin.campaigns.link.privilege') },
            ]}
          />
        </Form.Item>
        {linkKind !== 'none' && (
          <Form.Item
            // A key per kind: the picker starts empty and searches the other list.
            key={linkKind}
            name="linkId"
            label={t(
              linkKind === 'voucher'
                ? 'admin.campaigns.link.pickVoucher'
                : 'admin.campaigns.link.pickPrivilege',
            )}
            rules={[
              {
                required: true,
                message: t(
                  linkKind === 'voucher'
                    ? 'admin.campaigns.link.pickVoucherRequired'
                    : 'admin.campaigns.link.pickPrivilegeRequired',
                ),
              },
            ]}
          >
            {/* Members can open published ones only. */}
            <CataloguePicker kind={LINK_LIST[linkKind]} publishedOnly className={styles.linkPicker} />
          </Form.Item>
        )}
        <CampaignPreview
          title={{ en: values?.titleEn, th: values?.titleTh }}
          body={{ en: values?.bodyEn, th: values?.bodyTh }}
          link={linkOf(values)}
        />
        <Form.Item
          name="email"
          valuePropName="checked"
          label={t('admin.campaigns.email')}
          extra={t('admin.campaigns.emailHint')}
        >
          <Switch />
        </Form.Item>

        <Typography.Title level={5} className={styles.section}>
          {t('admin.campaigns.who')}
        </Typography.Title>
        <Form.Item name="kind">
          <Radio.Group className={styles.segments} aria-label={t('admin.campaigns.who')}>
            <Radio value="all">{t('admin.campaigns.segment.all')}</Radio>
            <Radio value="tier">{t('admin.campaigns.segment.tier')}</Radio>
            <Radio value="store">{t('admin.campaigns.segment.store')}</Radio>
            <Radio value="points_expiring">{t('admin.campaigns.segment.expiring')}</Radio>
          </Radio.Group>
        </Form.Item>
        {kind === 'tier' && (
          <Form.Item
            name="tiers"
            label={t('admin.campaigns.segment.tiers')}
            rules={[
              { required: true, type: 'array', min: 1, message: t('admin.campaigns.segment.tiersRequired') },
            ]}
          >
            <Checkbox.Group
              options={TIERS.map((tier) => ({ value: tier, label: t(`admin.tiers.${tier}`) }))}
            />
          </Form.Item>
        )}
        {kind === 'store' && (
          <Form.Item
            name="storeId"
            label={t('admin.campaigns.segment.storeLabel')}
            extra={t('admin.campaigns.segment.storeHint')}
            rules={[{ required: true, message: t('admin.catalogue.pickStore') }]}
          >
            <CataloguePicker kind="stores" className={styles.storeSelect} />
          </Form.Item>
        )}
        {kind === 'points_expiring' && (
          <WholeNumberItem
            name="days"
            label={t('admin.campaigns.segment.days')}
            min={1}
            max={CAMPAIGN_EXPIRY_DAYS_MAX}
            message={t('admin.catalogue.wholeBetween', { min: 1, max: CAMPAIGN_EXPIRY_DAYS_MAX })}
            // As wide as the days need, not the whole form.
            input={{ suffix: t('admin.catalogue.days'), style: undefined }}
          />
        )}
        <div className={styles.count} aria-live="polite">
          <TeamOutlined aria-hidden="true" />
          {!segment ? (
            <span className="muted">{t('admin.campaigns.countIncomplete')}</span>
          ) : count.error ? (
            <span>{errorText(t, count.error)}</span>
          ) : count.data ? (
            <span>
              {t('admin.campaigns.countNow', {
                count: count.data.recipients,
                n: formatNumber(count.data.recipients),
              })}
              {count.isFetching && <Spin size="small" className={styles.spin} />}
            </span>
          ) : (
            <Spin size="small" />
          )}
        </div>

        <Typography.Title level={5} className={styles.section}>
          {t('admin.campaigns.when')}
        </Typography.Title>
        <Form.Item name="when">
          <Radio.Group
            aria-label={t('admin.campaigns.when')}
            optionType="button"
            options={[
              { value: 'now', label: t('admin.campaigns.now') },
              { value: 'later', label: t('admin.campaigns.later') },
            ]}
          />
        </Form.Item>
        {values?.when === 'later' && (
          <Form.Item
            name="at"
            label={t('admin.campaigns.at')}
            extra={t('admin.campaigns.atHint')}
            rules={[
              { required: true, message: t('admin.catalogue.dateRequired') },
              {
                // The picker shows Bangkok time: compare the instant it stands for, not the desk's clock.
                validator: (_, v: Dayjs | null) => {
                  const at = v ? Date.parse(toInstant(v)!) : null;
                  const ok =
                    at === null ||
                    (at > Date.now() && at < Date.now() + CAMPAIGN_SCHEDULE_MAX_DAYS * 86_400_000);
                  return ok ? Promise.resolve() : Promise.reject(new Error(t('admin.campaigns.atInvalid')));
                },
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format={dateTimeFormat(lang)}
              className={styles.picker}
            />
          </Form.Item>
        )}
      </Form>
    </FormDrawer>
  );
}
