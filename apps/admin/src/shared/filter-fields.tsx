import { Button, DatePicker, Form, Select } from 'antd';
import dayjs from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import 'dayjs/locale/th';
import { useTranslation } from 'react-i18next';
import { BUDDHIST_DATE_FORMAT, DATE_FORMAT } from './format.ts';
import { currentLanguage } from './i18n.ts';

// The range picker prints the Buddhist-era year in Thai (as every date in the app).
dayjs.extend(buddhistEra);

/** What a filter offers: its own options, or codes each named by its text under `labelKey` (`<labelKey>.<code>`). */
type Choices =
  | { options: Array<{ value: string; label: string }>; values?: never; labelKey?: never }
  | { options?: never; values: readonly string[]; labelKey: string };

/**
 * One filter of a list's filter bar: pick one value or none. With `labelHidden` (a one-line bar) the
 * label is the control's accessible name only; else it stands above it.
 */
export function FilterSelect(
  props: {
    name: string;
    label: string;
    placeholder: string;
    searchable?: boolean;
    labelHidden?: boolean;
    className?: string;
  } & Choices,
) {
  const { t } = useTranslation();
  const options =
    props.options ?? props.values.map((v) => ({ value: v, label: t(`${props.labelKey}.${v}`) }));
  return (
    <Form.Item name={props.name} label={props.labelHidden ? undefined : props.label}>
      <Select
        allowClear
        showSearch={props.searchable}
        optionFilterProp={props.searchable ? 'label' : undefined}
        aria-label={props.labelHidden ? props.label : undefined}
        placeholder={props.placeholder}
        className={props.className}
        options={options}
      />
    </Form.Item>
  );
}

/** From which day to which day (the form value `range`), Buddhist-era years in Thai. */
export function DaysFilter() {
  const { t } = useTranslation();
  return (
    <Form.Item name="range" label={t('admin.audit.dates')}>
      <DatePicker.RangePicker
        format={currentLanguage() === 'th' ? BUDDHIST_DATE_FORMAT : DATE_FORMAT}
        inputReadOnly
        style={{ width: '100%' }}
        placeholder={[t('admin.audit.from'), t('admin.audit.to')]}
      />
    </Form.Item>
  );
}

/** The filter grid's search button, in the last cell (its empty label keeps it level with the fields). */
export function SearchItem({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label=" " className={className}>
      <Button type="primary" htmlType="submit" block>
        {t('admin.common.search')}
      </Button>
    </Form.Item>
  );
}
