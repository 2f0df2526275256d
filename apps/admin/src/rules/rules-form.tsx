import { TIERS, type ProgrammeRulesView, type UpdateRulesBody } from '@app/contracts';
import { Alert, App, Form, Grid, Input, Typography } from 'antd';
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
import { ReasonItem } from '../shared/reason-item.tsx';
import { WholeNumberItem } from '../shared/whole-number-item.tsx';

type Values = Omit<UpdateRulesBody, 'tiers'> & { tiers: UpdateRulesBody['tiers'] };

/** The programme's two figures, each a whole number from 1 with its own texts (`admin.rules.<text>…`). */
const FIGURES = [
  { name: 'bahtPerPoint', text: 'bahtPerPoint', max: 100_000, prefix: '฿', suffix: undefined },
  {
    name: 'pointsLifetimeMonths',
    text: 'lifetime',
    max: 120,
    prefix: undefined,
    suffix: 'admin.rules.months',
  },
] as const;

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

  return (
    <FormDrawer
      open={props.open}
      onClose={close}
      title={t('admin.rules.editTitle')}
      width={880}
      destroyOnHidden={false}
      submit={{ label: t('admin.rules.review'), loading: update.isPending, onClick: () => void submit() }}
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
          {FIGURES.map(({ name, text, max, prefix, suffix }) => (
            <WholeNumberItem
              key={name}
              name={name}
              label={t(`admin.rules.${text}`)}
              extra={t(`admin.rules.${text}Hint`)}
              min={1}
              max={max}
              message={t(`admin.rules.${text}Invalid`)}
              input={{ prefix, suffix: suffix && t(suffix) }}
            />
          ))}
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
        <ReasonItem className="block-gap" placeholder={t('admin.rules.reasonPlaceholder')} />
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
      <WholeNumberItem
        name={['tiers', index, 'pointsRequired']}
        label={label('admin.rules.pointsRequired')}
        extra={index === 0 ? t('admin.rules.firstTierZero') : undefined}
        min={0}
        max={100_000_000}
        message={t('admin.rules.pointsInvalid')}
        input={{ disabled: index === 0, 'aria-label': `${tierName}: ${t('admin.rules.pointsRequired')}` }}
      />
      {text('en')}
      {text('th')}
    </>
  );
}
