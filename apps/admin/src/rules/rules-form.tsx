import { TIERS, type ProgrammeRulesView, type UpdateRulesBody } from '@app/contracts';
import { Alert, App, Button, Form, Grid, Input, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../catalogue/form-errors.ts';
import { TierTag } from '../shared/labels.tsx';
import { errorText } from '../shared/error-text.ts';
import { FormDrawer } from '../shared/form-drawer.tsx';
import { RuleChanges } from './rule-changes.tsx';
import { diffRules } from './rules-diff.ts';
import { useUpdateRules } from './use-rules.ts';
import styles from './rules.module.css';

type Values = Omit<UpdateRulesBody, 'tiers'> & { tiers: UpdateRulesBody['tiers'] };

/**
 * The owner's edit of the rules: every value at once, a required reason, then a confirmation that
 * lists what changes and says it applies to new activity only. The API's per-field messages land
 * under their fields (a tier threshold not above the one below it, say).
 */
export function RulesForm(props: { open: boolean; current: ProgrammeRulesView; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdateRules();
  const [error, setError] = useState<string | null>(null);
  const narrow = !Grid.useBreakpoint().md;

  const { open, current, onClose } = props;
  useEffect(() => {
    if (!open) return;
    const { bahtPerPoint, pointsLifetimeMonths, tiers } = current;
    form.setFieldsValue({ bahtPerPoint, pointsLifetimeMonths, tiers, reason: '' });
  }, [open, current, form]);
  const close = () => {
    setError(null);
    onClose();
  };

  const save = async (values: Values) => {
    setError(null);
    try {
      await update.mutateAsync({ ...values, reason: values.reason.trim() });
      void message.success(t('admin.rules.saved'));
      close();
    } catch (e) {
      showFieldErrors(t, form, e);
      setError(errorText(t, e));
    }
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const tiers = TIERS.map((code, i) => ({ ...values.tiers[i]!, code }));
    const next = { ...values, tiers };
    const changes = diffRules(props.current, next);
    if (!changes.length) {
      setError(t('admin.rules.nothingChanged'));
      return;
    }
    modal.confirm({
      title: t('admin.rules.confirmTitle'),
      width: 560,
      content: (
        <>
          <Typography.Paragraph>{t('admin.rules.confirmBody')}</Typography.Paragraph>
          <RuleChanges changes={changes} />
        </>
      ),
      okText: t('admin.rules.confirmOk'),
      cancelText: t('admin.common.cancel'),
      onOk: () => save(next),
    });
  };

  const actions = (
    <Space>
      <Button onClick={close}>{t('admin.common.cancel')}</Button>
      <Button type="primary" loading={update.isPending} onClick={() => void submit()}>
        {t('admin.rules.review')}
      </Button>
    </Space>
  );

  return (
    <FormDrawer
      open={props.open}
      onClose={close}
      title={t('admin.rules.editTitle')}
      width={880}
      destroyOnHidden={false}
      actions={actions}
    >
      <Alert
        type="info"
        showIcon
        title={t('admin.rules.newActivityOnly')}
        className={`block-gap-bottom ${styles.note}`}
      />
      {error && <Alert type="error" showIcon title={error} role="alert" className="block-gap-bottom" />}
      <Form form={form} layout="vertical" requiredMark="optional">
        <div className={styles.figures}>
          <Form.Item
            name="bahtPerPoint"
            label={t('admin.rules.bahtPerPoint')}
            extra={t('admin.rules.bahtPerPointHint')}
            rules={[
              {
                required: true,
                type: 'integer',
                min: 1,
                max: 100_000,
                message: t('admin.rules.bahtPerPointInvalid'),
              },
            ]}
          >
            <InputNumber min={1} max={100_000} precision={0} prefix="฿" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="pointsLifetimeMonths"
            label={t('admin.rules.lifetime')}
            extra={t('admin.rules.lifetimeHint')}
            rules={[
              {
                required: true,
                type: 'integer',
                min: 1,
                max: 120,
                message: t('admin.rules.lifetimeInvalid'),
              },
            ]}
          >
            <InputNumber
              min={1}
              max={120}
              precision={0}
              suffix={t('admin.rules.months')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </div>
        <Typography.Title level={5}>{t('admin.rules.tiers')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('admin.rules.tiersHint')}</Typography.Paragraph>
        <div className={styles.tierGrid}>
          <div className={styles.tierHead}>{t('admin.rules.tier')}</div>
          <div className={styles.tierHead}>{t('admin.rules.pointsRequired')}</div>
          <div className={styles.tierHead}>{t('admin.rules.unlocksEn')}</div>
          <div className={styles.tierHead}>{t('admin.rules.unlocksTh')}</div>
          {TIERS.map((tier, i) => (
            <TierRow key={tier} tier={tier} index={i} narrow={narrow} />
          ))}
        </div>
        <Form.Item
          name="reason"
          label={t('admin.common.reason')}
          extra={t('admin.common.reasonHint')}
          className="block-gap"
          rules={[
            { required: true, whitespace: true, message: t('admin.common.reasonRequired') },
            { min: 3, message: t('admin.common.reasonShort') },
            { max: 500, message: t('admin.common.reasonLong') },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder={t('admin.rules.reasonPlaceholder')}
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}

function TierRow({ tier, index, narrow }: { tier: (typeof TIERS)[number]; index: number; narrow: boolean }) {
  const { t } = useTranslation();
  const tierName = t(`admin.tiers.${tier}`);
  // On a phone the column headings are hidden: each field then carries its own label.
  const label = (key: string) => (narrow ? t(key) : undefined);
  const text = (lang: 'en' | 'th') => (
    <Form.Item
      name={['tiers', index, 'unlocks', lang]}
      label={label(lang === 'en' ? 'admin.rules.unlocksEn' : 'admin.rules.unlocksTh')}
      rules={[{ required: true, whitespace: true, max: 200, message: t('admin.rules.unlocksRequired') }]}
    >
      <Input.TextArea
        autoSize={{ minRows: 2, maxRows: 5 }}
        maxLength={200}
        lang={lang}
        aria-label={`${tierName}: ${t(lang === 'en' ? 'admin.rules.unlocksEn' : 'admin.rules.unlocksTh')}`}
      />
    </Form.Item>
  );
  return (
    <>
      <div className={styles.tierName}>
        <TierTag tier={tier} />
      </div>
      <Form.Item
        name={['tiers', index, 'pointsRequired']}
        label={label('admin.rules.pointsRequired')}
        extra={index === 0 ? t('admin.rules.firstTierZero') : undefined}
        rules={[
          {
            required: true,
            type: 'integer',
            min: 0,
            max: 100_000_000,
            message: t('admin.rules.pointsInvalid'),
          },
        ]}
      >
        <InputNumber
          min={0}
          max={100_000_000}
          precision={0}
          disabled={index === 0}
          style={{ width: '100%' }}
          aria-label={`${tierName}: ${t('admin.rules.pointsRequired')}`}
        />
      </Form.Item>
      {text('en')}
      {text('th')}
    </>
  );
}
