import { DatePicker, Form, Input, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import 'dayjs/locale/th';
import dayjs from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../shared/i18n.ts';
import { WholeNumberItem } from '../shared/whole-number-item.tsx';
import { dateTimeFormat } from './datetime.ts';
import styles from './catalogue.module.css';

// Thai dates in pickers carry the Buddhist-era year, as everywhere in the app.
dayjs.extend(buddhistEra);

/**
 * A text in both languages, English and Thai side by side (stacked on a phone). Thai is required
 * where the member app shows the text (it falls back to Thai when English is empty).
 */
export function Bilingual(props: {
  name: string;
  label: string;
  thRequired?: boolean;
  max?: number;
  rows?: number;
  hint?: string;
}) {
  const { t } = useTranslation();
  const max = props.max ?? 200;
  const input = (lang: 'en' | 'th') =>
    props.rows ? (
      <Input.TextArea lang={lang} autoSize={{ minRows: props.rows, maxRows: 12 }} maxLength={max} />
    ) : (
      <Input lang={lang} maxLength={max} />
    );
  return (
    <div className={styles.pair}>
      <Form.Item
        name={`${props.name}En`}
        label={t('admin.catalogue.inEnglish', { field: props.label })}
        extra={props.hint}
        rules={[{ max, message: t('admin.catalogue.fieldErrors.maxChars', { n: max }) }]}
      >
        {input('en')}
      </Form.Item>
      <Form.Item
        name={`${props.name}Th`}
        label={t('admin.catalogue.inThai', { field: props.label })}
        extra={props.hint}
        rules={[
          ...(props.thRequired
            ? [
                {
                  required: true,
                  whitespace: true,
                  message: t('admin.catalogue.thaiRequired'),
                } satisfies Rule,
              ]
            : []),
          { max, message: t('admin.catalogue.fieldErrors.maxChars', { n: max }) },
        ]}
      >
        {input('th')}
      </Form.Item>
    </div>
  );
}

/** A heading between groups of fields. */
export const Section = ({ children }: { children: ReactNode }) => (
  <Typography.Title level={5} className={styles.section}>
    {children}
  </Typography.Title>
);

/** A whole number field; `optional`: empty means "no limit". */
export function NumberItem(props: {
  name: string | (string | number)[];
  label: string;
  min?: number;
  max?: number;
  optional?: boolean;
  hint?: string;
  prefix?: string;
  suffix?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const min = props.min ?? 0;
  const max = props.max ?? 100_000_000;
  return (
    <WholeNumberItem
      name={props.name}
      label={props.label}
      extra={props.hint}
      min={min}
      max={max}
      optional={props.optional}
      message={t('admin.catalogue.wholeBetween', { min, max: max.toLocaleString('en') })}
      input={{
        prefix: props.prefix,
        suffix: props.suffix,
        placeholder: props.placeholder ?? (props.optional ? t('admin.catalogue.noLimit') : undefined),
      }}
    />
  );
}

/** A Bangkok date and time (datetime.ts converts to and from the API's instants). */
export function DateTimeItem(props: { name: string; label: string; required?: boolean; hint?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={props.name}
      label={props.label}
      extra={props.hint}
      rules={props.required ? [{ required: true, message: t('admin.catalogue.dateRequired') }] : []}
    >
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format={dateTimeFormat(currentLanguage())}
        style={{ width: '100%' }}
        placeholder={props.required ? undefined : t('admin.catalogue.noDate')}
      />
    </Form.Item>
  );
}

/** Lines of a textarea ↔ the API's list of texts (terms and conditions). */
export const linesOf = (text: string | undefined | null) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
export const textOf = (lines: string[] | undefined) => (lines ?? []).join('\n');

/** An optional number field's value for the API: empty → null. */
export const orNull = (v: number | null | undefined) => (v === undefined || v === null ? null : v);
export const textOrNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
